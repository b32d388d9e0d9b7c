svm-t     0.000 ms train start
svm-t     2.561 ms gamma + checks
svm-t     2.727 ms classes
svm-t     3.164 ms upload start
svm-t    17.052 ms rows allocated
svm-t    17.096 ms wgpu: buffer made
svm-t    20.888 ms prepared
svm-t    22.514 ms wgpu: piece filled
svm-t    22.526 ms wgpu: filled
svm-t    22.533 ms x uploaded
svm-t    23.081 ms buffers ready
svm-t    23.721 ms submitted
svm-t    23.991 ms submitted
svm-t    34.454 ms state read
svm-t    35.007 ms submitted
svm-t    35.391 ms submitted
svm-t    47.547 ms state read
svm-t    47.876 ms submitted
svm-t    48.073 ms submitted
svm-t    58.623 ms state read
svm-t    58.982 ms submitted
svm-t    59.173 ms submitted
svm-t    63.981 ms state read
svm-t    64.282 ms submitted
svm-t    64.487 ms submitted
svm-t    64.855 ms state read
svm-t    65.088 ms alpha, g read
svm-t    65.136 ms rho
svm-t    65.143 ms run_to_the_end returned
svm-t    65.151 ms buffers dropped
svm-t    65.171 ms solve returned
svm-t    65.224 ms pairs done
svm-t    67.703 ms sv copied
svm-t    67.758 ms train returned
svm-t    67.812 ms solver dropped
svm-t    81.610 ms wgpu: buffer made
svm-t    82.447 ms wgpu: piece filled
svm-t    82.464 ms wgpu: filled
svm-t    83.839 ms wgpu: buffer made
svm-t    89.076 ms wgpu: piece filled
svm-t    89.094 ms wgpu: filled
