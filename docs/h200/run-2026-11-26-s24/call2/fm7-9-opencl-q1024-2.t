svm-t     0.000 ms train start
svm-t     2.415 ms gamma + checks
svm-t     5.761 ms upload start
svm-t     6.223 ms rows allocated
svm-t    12.372 ms prepared
svm-t    14.216 ms cl: packed
svm-t    20.163 ms cl: written
svm-t    22.757 ms x uploaded
svm-t    29.755 ms buffers ready
svm-t    30.524 ms submitted
svm-t    31.136 ms submitted
svm-t    61.158 ms state read
svm-t    61.355 ms alpha, g read
svm-t    62.774 ms train returned
svm-t    62.865 ms solver dropped
svm-t    66.242 ms cl: packed
svm-t    66.865 ms cl: written
svm-t    88.954 ms cl: packed
svm-t    93.805 ms cl: written
