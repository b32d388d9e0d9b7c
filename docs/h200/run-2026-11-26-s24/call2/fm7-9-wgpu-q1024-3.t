svm-t     0.000 ms train start
svm-t     2.572 ms gamma + checks
svm-t     3.600 ms upload start
svm-t    17.317 ms rows allocated
svm-t    17.362 ms wgpu: buffer made
svm-t    20.692 ms wgpu: piece filled
svm-t    20.702 ms wgpu: filled
svm-t    20.709 ms x uploaded
svm-t    21.390 ms prepared
svm-t    23.197 ms buffers ready
svm-t    23.682 ms submitted
svm-t    23.943 ms submitted
svm-t    54.707 ms state read
svm-t    54.922 ms alpha, g read
svm-t    55.824 ms train returned
svm-t    55.881 ms solver dropped
svm-t    68.710 ms wgpu: buffer made
svm-t    69.436 ms wgpu: piece filled
svm-t    69.451 ms wgpu: filled
svm-t    71.532 ms wgpu: buffer made
svm-t    76.289 ms wgpu: piece filled
svm-t    76.305 ms wgpu: filled
