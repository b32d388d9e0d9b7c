svm-t     0.000 ms train start
svm-t     3.077 ms gamma + checks
svm-t     3.451 ms upload start
svm-t    17.403 ms rows allocated
svm-t    17.595 ms wgpu: buffer made
svm-t    20.522 ms wgpu: piece filled
svm-t    20.536 ms wgpu: filled
svm-t    20.544 ms x uploaded
svm-t    23.582 ms prepared
svm-t    23.974 ms buffers ready
svm-t    24.409 ms submitted
svm-t    24.628 ms submitted
svm-t    35.379 ms state read
svm-t    35.725 ms submitted
svm-t    35.960 ms submitted
svm-t    48.430 ms state read
svm-t    48.763 ms submitted
svm-t    48.966 ms submitted
svm-t    59.485 ms state read
svm-t    59.818 ms submitted
svm-t    60.025 ms submitted
svm-t    64.773 ms state read
svm-t    65.048 ms submitted
svm-t    65.231 ms submitted
svm-t    65.619 ms state read
svm-t    65.732 ms alpha, g read
svm-t    66.641 ms train returned
svm-t    66.694 ms solver dropped
svm-t    79.553 ms wgpu: buffer made
svm-t    80.209 ms wgpu: piece filled
svm-t    80.220 ms wgpu: filled
svm-t    81.668 ms wgpu: buffer made
svm-t    86.330 ms wgpu: piece filled
svm-t    86.345 ms wgpu: filled
