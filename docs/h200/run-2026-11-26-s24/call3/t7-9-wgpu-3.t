svm-t     0.000 ms train start
svm-t     3.602 ms gamma + checks
svm-t     3.744 ms classes
svm-t     4.083 ms upload start
svm-t    16.090 ms rows allocated
svm-t    16.140 ms wgpu: buffer made
svm-t    20.309 ms wgpu: piece filled
svm-t    20.329 ms wgpu: filled
svm-t    20.340 ms x uploaded
svm-t    22.052 ms prepared
svm-t    22.856 ms buffers ready
svm-t    23.777 ms submitted
svm-t    24.183 ms submitted
svm-t    34.528 ms state read
svm-t    35.102 ms submitted
svm-t    35.474 ms submitted
svm-t    47.728 ms state read
svm-t    48.307 ms submitted
svm-t    48.710 ms submitted
svm-t    59.063 ms state read
svm-t    59.607 ms submitted
svm-t    59.958 ms submitted
svm-t    64.638 ms state read
svm-t    65.111 ms submitted
svm-t    65.454 ms submitted
svm-t    65.680 ms state read
svm-t    65.971 ms alpha, g read
svm-t    66.039 ms rho
svm-t    66.046 ms run_to_the_end returned
svm-t    66.079 ms buffers dropped
svm-t    66.111 ms solve returned
svm-t    66.175 ms pairs done
svm-t    69.210 ms sv copied
svm-t    69.278 ms train returned
svm-t    69.341 ms solver dropped
svm-t    82.863 ms wgpu: buffer made
svm-t    83.628 ms wgpu: piece filled
svm-t    83.640 ms wgpu: filled
svm-t    85.050 ms wgpu: buffer made
svm-t    90.777 ms wgpu: piece filled
svm-t    90.803 ms wgpu: filled
