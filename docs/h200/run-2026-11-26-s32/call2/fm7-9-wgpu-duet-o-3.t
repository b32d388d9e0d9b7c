svm-t     0.000 ms train start
svm-t     3.089 ms gamma + checks
svm-t     3.587 ms solve start
svm-t     3.622 ms upload start
svm-t     6.011 ms upload: finite checked
svm-t    14.744 ms rows allocated
svm-t    14.773 ms wgpu: x buffer created
svm-t    20.646 ms prepared
svm-t    21.245 ms upload: backend done
svm-t    21.263 ms x uploaded
svm-t    21.434 ms buffers ready
svm-t    31.003 ms state read
svm-t    41.902 ms state read
svm-t    50.988 ms state read
svm-t    55.259 ms state read
svm-t    56.060 ms state read
svm-t    56.346 ms alpha, g read
svm-t    56.432 ms solve returned
svm-t    56.488 ms pairs done
svm-t    60.465 ms upload: finite checked
svm-t    71.798 ms wgpu: x buffer created
svm-t    72.582 ms upload: backend done
svm-t    74.023 ms upload: finite checked
svm-t    74.052 ms wgpu: x buffer created
svm-t    79.412 ms upload: backend done
