svm-t     0.000 ms train start
svm-t     2.469 ms gamma + checks
svm-t     3.401 ms upload start
svm-t    14.820 ms rows allocated
svm-t    14.850 ms wgpu: buffer made
svm-t    19.227 ms prepared
svm-t    20.803 ms wgpu: piece filled
svm-t    20.815 ms wgpu: filled
svm-t    20.823 ms x uploaded
svm-t    22.824 ms buffers ready
svm-t    23.421 ms submitted
svm-t    23.705 ms submitted
svm-t    54.404 ms state read
svm-t    54.653 ms alpha, g read
svm-t    55.668 ms train returned
svm-t    55.737 ms solver dropped
svm-t    67.795 ms wgpu: buffer made
svm-t    68.551 ms wgpu: piece filled
svm-t    68.563 ms wgpu: filled
svm-t    69.859 ms wgpu: buffer made
svm-t    74.717 ms wgpu: piece filled
svm-t    74.737 ms wgpu: filled
