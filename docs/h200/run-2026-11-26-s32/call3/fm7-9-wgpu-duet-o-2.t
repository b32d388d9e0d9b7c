svm-t     0.000 ms train start
svm-t     2.593 ms gamma + checks
svm-t     3.013 ms solve start
svm-t     3.038 ms upload start
svm-t     5.050 ms upload: finite checked
svm-t    14.720 ms rows allocated
svm-t    14.910 ms wgpu: x buffer created
svm-t    19.108 ms prepared
svm-t    20.025 ms upload: backend done
svm-t    20.042 ms x uploaded
svm-t    20.322 ms buffers ready
svm-t    30.214 ms state read
svm-t    41.008 ms state read
svm-t    50.083 ms state read
svm-t    54.352 ms state read
svm-t    55.258 ms state read
svm-t    55.593 ms alpha, g read
svm-t    55.714 ms solve returned
svm-t    55.781 ms pairs done
svm-t    59.945 ms upload: finite checked
svm-t    67.897 ms wgpu: x buffer created
svm-t    68.626 ms upload: backend done
svm-t    70.057 ms upload: finite checked
svm-t    70.080 ms wgpu: x buffer created
svm-t    76.223 ms upload: backend done
