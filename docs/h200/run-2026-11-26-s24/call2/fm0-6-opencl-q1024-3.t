svm-t     0.000 ms train start
svm-t     2.903 ms gamma + checks
svm-t     6.552 ms upload start
svm-t     7.188 ms rows allocated
svm-t    15.180 ms prepared
svm-t    19.398 ms cl: packed
svm-t    28.557 ms cl: written
svm-t    32.477 ms x uploaded
svm-t    41.467 ms buffers ready
svm-t    42.250 ms submitted
svm-t    42.904 ms submitted
svm-t    93.384 ms state read
svm-t    94.385 ms submitted
svm-t    95.182 ms submitted
svm-t   156.323 ms state read
svm-t   157.189 ms submitted
svm-t   157.848 ms submitted
svm-t   190.369 ms state read
svm-t   190.634 ms alpha, g read
svm-t   197.941 ms train returned
svm-t   198.046 ms solver dropped
svm-t   211.771 ms cl: packed
svm-t   215.115 ms cl: written
svm-t   250.951 ms cl: packed
svm-t   262.251 ms cl: written
