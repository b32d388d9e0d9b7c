svm-t     0.000 ms train start
svm-t     2.518 ms gamma + checks
svm-t     5.946 ms upload start
svm-t     6.475 ms rows allocated
svm-t    14.605 ms prepared
svm-t    16.898 ms cl: packed
svm-t    21.502 ms cl: written
svm-t    23.283 ms x uploaded
svm-t    29.074 ms buffers ready
svm-t    29.605 ms submitted
svm-t    30.061 ms submitted
svm-t    60.403 ms state read
svm-t    60.576 ms alpha, g read
svm-t    61.901 ms train returned
svm-t    61.972 ms solver dropped
svm-t    65.865 ms cl: packed
svm-t    66.516 ms cl: written
svm-t    93.603 ms cl: packed
svm-t    98.986 ms cl: written
