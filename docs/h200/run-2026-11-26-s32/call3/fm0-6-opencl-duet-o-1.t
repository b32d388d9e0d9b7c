svm-t     0.000 ms train start
svm-t     2.546 ms gamma + checks
svm-t     3.107 ms solve start
svm-t     3.143 ms upload start
svm-t     3.539 ms rows allocated
svm-t     4.840 ms upload: finite checked
svm-t    10.258 ms prepared
svm-t    11.549 ms cl: packed
svm-t    17.529 ms cl: written
svm-t    20.484 ms upload: backend done
svm-t    20.502 ms x uploaded
svm-t    21.140 ms buffers ready
svm-t    30.249 ms state read
svm-t    38.997 ms state read
svm-t    46.791 ms state read
svm-t    54.797 ms state read
svm-t    63.414 ms state read
svm-t    72.137 ms state read
svm-t    80.723 ms state read
svm-t    88.741 ms state read
svm-t    96.089 ms state read
svm-t   103.181 ms state read
svm-t   110.153 ms state read
svm-t   116.838 ms state read
svm-t   121.586 ms state read
svm-t   125.018 ms state read
svm-t   127.507 ms state read
svm-t   129.363 ms state read
svm-t   130.609 ms state read
svm-t   130.871 ms alpha, g read
svm-t   131.292 ms solve returned
svm-t   131.389 ms pairs done
svm-t   136.261 ms upload: finite checked
svm-t   143.880 ms cl: packed
svm-t   146.403 ms cl: written
svm-t   147.325 ms upload: backend done
svm-t   149.632 ms upload: finite checked
svm-t   170.436 ms cl: packed
svm-t   175.507 ms cl: written
svm-t   176.846 ms upload: backend done
