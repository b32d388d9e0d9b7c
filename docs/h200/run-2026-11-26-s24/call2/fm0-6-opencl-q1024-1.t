svm-t     0.000 ms train start
svm-t     2.577 ms gamma + checks
svm-t     5.289 ms upload start
svm-t     5.858 ms rows allocated
svm-t    12.271 ms prepared
svm-t    15.576 ms cl: packed
svm-t    20.307 ms cl: written
svm-t    22.044 ms x uploaded
svm-t    27.791 ms buffers ready
svm-t    28.363 ms submitted
svm-t    28.844 ms submitted
svm-t    79.648 ms state read
svm-t    80.230 ms submitted
svm-t    80.691 ms submitted
svm-t   142.505 ms state read
svm-t   143.127 ms submitted
svm-t   143.597 ms submitted
svm-t   176.470 ms state read
svm-t   176.680 ms alpha, g read
svm-t   182.901 ms train returned
svm-t   183.007 ms solver dropped
svm-t   194.507 ms cl: packed
svm-t   196.972 ms cl: written
svm-t   225.024 ms cl: packed
svm-t   230.819 ms cl: written
