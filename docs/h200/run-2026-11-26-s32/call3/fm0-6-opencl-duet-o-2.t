svm-t     0.000 ms train start
svm-t     2.855 ms gamma + checks
svm-t     3.311 ms solve start
svm-t     3.379 ms upload start
svm-t     3.837 ms rows allocated
svm-t     5.158 ms upload: finite checked
svm-t    10.440 ms prepared
svm-t    10.781 ms cl: packed
svm-t    15.618 ms cl: written
svm-t    18.877 ms upload: backend done
svm-t    18.894 ms x uploaded
svm-t    19.447 ms buffers ready
svm-t    28.556 ms state read
svm-t    37.333 ms state read
svm-t    45.155 ms state read
svm-t    53.190 ms state read
svm-t    61.801 ms state read
svm-t    70.474 ms state read
svm-t    79.060 ms state read
svm-t    87.083 ms state read
svm-t    94.392 ms state read
svm-t   101.423 ms state read
svm-t   108.367 ms state read
svm-t   115.060 ms state read
svm-t   119.787 ms state read
svm-t   123.209 ms state read
svm-t   125.657 ms state read
svm-t   127.483 ms state read
svm-t   128.600 ms state read
svm-t   128.809 ms alpha, g read
svm-t   129.155 ms solve returned
svm-t   129.237 ms pairs done
svm-t   133.346 ms upload: finite checked
svm-t   143.389 ms cl: packed
svm-t   146.047 ms cl: written
svm-t   146.867 ms upload: backend done
svm-t   148.757 ms upload: finite checked
svm-t   176.721 ms cl: packed
svm-t   183.745 ms cl: written
svm-t   186.187 ms upload: backend done
