svm-t     0.000 ms train start
svm-t     2.722 ms gamma + checks
svm-t     3.114 ms upload start
svm-t    16.497 ms rows allocated
svm-t    16.526 ms wgpu: buffer made
svm-t    20.572 ms prepared
svm-t    21.426 ms wgpu: piece filled
svm-t    21.443 ms wgpu: filled
svm-t    21.452 ms x uploaded
svm-t    21.814 ms buffers ready
svm-t    22.520 ms submitted
svm-t    22.960 ms submitted
svm-t    33.257 ms state read
svm-t    33.907 ms submitted
svm-t    34.312 ms submitted
svm-t    46.492 ms state read
svm-t    47.085 ms submitted
svm-t    47.518 ms submitted
svm-t    57.971 ms state read
svm-t    58.297 ms submitted
svm-t    58.482 ms submitted
svm-t    63.291 ms state read
svm-t    63.554 ms submitted
svm-t    63.781 ms submitted
svm-t    64.129 ms state read
svm-t    64.258 ms alpha, g read
svm-t    65.251 ms train returned
svm-t    65.315 ms solver dropped
svm-t    78.764 ms wgpu: buffer made
svm-t    79.457 ms wgpu: piece filled
svm-t    79.467 ms wgpu: filled
svm-t    80.985 ms wgpu: buffer made
svm-t    86.402 ms wgpu: piece filled
svm-t    86.419 ms wgpu: filled
