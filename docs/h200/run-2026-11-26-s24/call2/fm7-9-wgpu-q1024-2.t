svm-t     0.000 ms train start
svm-t     3.343 ms gamma + checks
svm-t     4.143 ms upload start
svm-t    15.507 ms rows allocated
svm-t    15.667 ms wgpu: buffer made
svm-t    20.334 ms prepared
svm-t    21.415 ms wgpu: piece filled
svm-t    21.426 ms wgpu: filled
svm-t    21.435 ms x uploaded
svm-t    23.164 ms buffers ready
svm-t    23.643 ms submitted
svm-t    23.895 ms submitted
svm-t    54.674 ms state read
svm-t    54.909 ms alpha, g read
svm-t    55.828 ms train returned
svm-t    55.890 ms solver dropped
svm-t    67.259 ms wgpu: buffer made
svm-t    67.963 ms wgpu: piece filled
svm-t    67.974 ms wgpu: filled
svm-t    69.355 ms wgpu: buffer made
svm-t    74.242 ms wgpu: piece filled
svm-t    74.257 ms wgpu: filled
