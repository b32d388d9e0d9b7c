svm-t     0.000 ms train start
svm-t     2.316 ms gamma + checks
svm-t     2.777 ms solve start
svm-t     2.801 ms upload start
svm-t     4.599 ms upload: finite checked
svm-t    16.524 ms rows allocated
svm-t    16.560 ms wgpu: x buffer created
svm-t    20.409 ms prepared
svm-t    20.624 ms upload: backend done
svm-t    20.638 ms x uploaded
svm-t    20.797 ms buffers ready
svm-t    30.501 ms state read
svm-t    41.296 ms state read
svm-t    50.190 ms state read
svm-t    54.315 ms state read
svm-t    55.117 ms state read
svm-t    55.409 ms alpha, g read
svm-t    55.498 ms solve returned
svm-t    55.553 ms pairs done
svm-t    59.826 ms upload: finite checked
svm-t    69.998 ms wgpu: x buffer created
svm-t    70.625 ms upload: backend done
svm-t    71.935 ms upload: finite checked
svm-t    71.962 ms wgpu: x buffer created
svm-t    77.252 ms upload: backend done
