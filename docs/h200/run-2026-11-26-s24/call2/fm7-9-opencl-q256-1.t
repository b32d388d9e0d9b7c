svm-t     0.000 ms train start
svm-t     3.155 ms gamma + checks
svm-t     3.843 ms upload start
svm-t     4.297 ms rows allocated
svm-t    10.841 ms cl: packed
svm-t    10.989 ms prepared
svm-t    16.870 ms cl: written
svm-t    19.933 ms x uploaded
svm-t    21.020 ms buffers ready
svm-t    21.695 ms submitted
svm-t    22.341 ms submitted
svm-t    30.852 ms state read
svm-t    31.502 ms submitted
svm-t    32.122 ms submitted
svm-t    41.593 ms state read
svm-t    42.363 ms submitted
svm-t    42.974 ms submitted
svm-t    51.326 ms state read
svm-t    51.979 ms submitted
svm-t    52.569 ms submitted
svm-t    55.491 ms state read
svm-t    56.183 ms submitted
svm-t    56.796 ms submitted
svm-t    56.841 ms state read
svm-t    56.990 ms alpha, g read
svm-t    60.143 ms train returned
svm-t    60.217 ms solver dropped
svm-t    66.642 ms cl: packed
svm-t    67.445 ms cl: written
svm-t    89.799 ms cl: packed
svm-t    94.476 ms cl: written
