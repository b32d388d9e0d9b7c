svm-t     0.000 ms train start
svm-t     2.564 ms gamma + checks
svm-t     2.773 ms classes
svm-t     3.212 ms upload start
svm-t    17.075 ms rows allocated
svm-t    17.230 ms wgpu: buffer made
svm-t    22.521 ms prepared
svm-t    22.845 ms wgpu: piece filled
svm-t    22.858 ms wgpu: filled
svm-t    22.865 ms x uploaded
svm-t    23.199 ms buffers ready
svm-t    23.963 ms submitted
svm-t    24.347 ms submitted
svm-t    34.790 ms state read
svm-t    35.148 ms submitted
svm-t    35.348 ms submitted
svm-t    47.850 ms state read
svm-t    48.205 ms submitted
svm-t    48.392 ms submitted
svm-t    59.084 ms state read
svm-t    59.394 ms submitted
svm-t    59.627 ms submitted
svm-t    64.535 ms state read
svm-t    64.822 ms submitted
svm-t    65.004 ms submitted
svm-t    65.408 ms state read
svm-t    65.707 ms alpha, g read
svm-t    65.753 ms rho
svm-t    65.759 ms run_to_the_end returned
svm-t    65.769 ms buffers dropped
svm-t    65.789 ms solve returned
svm-t    65.834 ms pairs done
svm-t    67.336 ms sv copied
svm-t    67.395 ms train returned
svm-t    67.421 ms solver dropped
svm-t    78.837 ms wgpu: buffer made
svm-t    79.443 ms wgpu: piece filled
svm-t    79.472 ms wgpu: filled
svm-t    81.051 ms wgpu: buffer made
svm-t    86.113 ms wgpu: piece filled
svm-t    86.123 ms wgpu: filled
