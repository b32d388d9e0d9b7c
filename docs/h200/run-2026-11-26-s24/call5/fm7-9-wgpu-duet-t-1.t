svm-t     0.000 ms train start
svm-t     3.369 ms gamma + checks
svm-t     3.576 ms classes
svm-t     4.018 ms upload start
svm-t    15.041 ms rows allocated
svm-t    15.053 ms wgpu: buffer made
svm-t    22.662 ms wgpu: piece filled
svm-t    22.676 ms wgpu: filled
svm-t    22.682 ms x uploaded
svm-t    24.491 ms prepared
svm-t    25.292 ms buffers ready
svm-t    25.918 ms submitted
svm-t    26.148 ms submitted
svm-t    36.525 ms state read
svm-t    36.853 ms submitted
svm-t    37.037 ms submitted
svm-t    49.628 ms state read
svm-t    49.953 ms submitted
svm-t    50.124 ms submitted
svm-t    60.788 ms state read
svm-t    61.091 ms submitted
svm-t    61.257 ms submitted
svm-t    66.037 ms state read
svm-t    66.217 ms submitted
svm-t    66.370 ms submitted
svm-t    66.789 ms state read
svm-t    67.005 ms alpha, g read
svm-t    67.048 ms rho
svm-t    67.053 ms run_to_the_end returned
svm-t    67.062 ms buffers dropped
svm-t    67.082 ms solve returned
svm-t    67.122 ms pairs done
svm-t    69.432 ms sv copied
svm-t    69.482 ms train returned
svm-t    69.532 ms solver dropped
svm-t    80.137 ms wgpu: buffer made
svm-t    80.774 ms wgpu: piece filled
svm-t    80.785 ms wgpu: filled
svm-t    82.201 ms wgpu: buffer made
svm-t    87.138 ms wgpu: piece filled
svm-t    87.150 ms wgpu: filled
