svm-t     0.000 ms train start
svm-t     2.777 ms gamma + checks
svm-t     3.314 ms solve start
svm-t     3.353 ms upload start
svm-t     5.540 ms upload: finite checked
svm-t    16.935 ms rows allocated
svm-t    16.962 ms wgpu: x buffer created
svm-t    21.935 ms upload: backend done
svm-t    21.952 ms x uploaded
svm-t    22.223 ms prepared
svm-t    22.504 ms buffers ready
svm-t    32.251 ms state read
svm-t    42.992 ms state read
svm-t    51.969 ms state read
svm-t    56.075 ms state read
svm-t    56.885 ms state read
svm-t    57.160 ms alpha, g read
svm-t    57.245 ms solve returned
svm-t    57.306 ms pairs done
svm-t    61.080 ms upload: finite checked
svm-t    70.428 ms wgpu: x buffer created
svm-t    71.214 ms upload: backend done
svm-t    72.637 ms upload: finite checked
svm-t    72.663 ms wgpu: x buffer created
svm-t    79.148 ms upload: backend done
