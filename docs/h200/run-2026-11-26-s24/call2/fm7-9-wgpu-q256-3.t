svm-t     0.000 ms train start
svm-t     2.341 ms gamma + checks
svm-t     2.694 ms upload start
svm-t    15.284 ms rows allocated
svm-t    15.341 ms wgpu: buffer made
svm-t    19.868 ms wgpu: piece filled
svm-t    19.893 ms wgpu: filled
svm-t    19.904 ms x uploaded
svm-t    21.455 ms prepared
svm-t    21.906 ms buffers ready
svm-t    22.556 ms submitted
svm-t    22.934 ms submitted
svm-t    33.404 ms state read
svm-t    33.863 ms submitted
svm-t    34.163 ms submitted
svm-t    46.527 ms state read
svm-t    46.929 ms submitted
svm-t    47.214 ms submitted
svm-t    57.804 ms state read
svm-t    58.201 ms submitted
svm-t    58.527 ms submitted
svm-t    63.345 ms state read
svm-t    63.707 ms submitted
svm-t    63.978 ms submitted
svm-t    64.288 ms state read
svm-t    64.462 ms alpha, g read
svm-t    65.603 ms train returned
svm-t    65.685 ms solver dropped
svm-t    77.900 ms wgpu: buffer made
svm-t    78.638 ms wgpu: piece filled
svm-t    78.649 ms wgpu: filled
svm-t    79.938 ms wgpu: buffer made
svm-t    85.496 ms wgpu: piece filled
svm-t    85.516 ms wgpu: filled
