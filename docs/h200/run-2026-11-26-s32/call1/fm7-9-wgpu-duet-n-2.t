svm-t     0.000 ms train start
svm-t     2.290 ms gamma + checks
svm-t     2.887 ms solve start
svm-t     2.939 ms upload start
svm-t     4.803 ms upload: finite checked
svm-t    16.484 ms rows allocated
svm-t    16.509 ms wgpu: x buffer created
svm-t    20.153 ms upload: backend done
svm-t    20.172 ms x uploaded
svm-t    20.507 ms prepared
svm-t    20.827 ms buffers ready
svm-t    30.636 ms state read
svm-t    41.479 ms state read
svm-t    50.477 ms state read
svm-t    54.792 ms state read
svm-t    55.508 ms state read
svm-t    55.811 ms alpha, g read
svm-t    55.903 ms solve returned
svm-t    55.965 ms pairs done
svm-t    60.461 ms upload: finite checked
svm-t    68.582 ms wgpu: x buffer created
svm-t    69.251 ms upload: backend done
svm-t    70.835 ms upload: finite checked
svm-t    70.857 ms wgpu: x buffer created
svm-t    76.190 ms upload: backend done
