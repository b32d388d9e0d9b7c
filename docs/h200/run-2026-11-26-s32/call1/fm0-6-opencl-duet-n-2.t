svm-t     0.000 ms train start
svm-t     3.155 ms gamma + checks
svm-t     3.672 ms solve start
svm-t     3.711 ms upload start
svm-t     4.037 ms rows allocated
svm-t     6.623 ms upload: finite checked
svm-t     6.656 ms cl: x buffer created
svm-t    10.969 ms cl: pieces mapped
svm-t    16.196 ms prepared
svm-t    25.124 ms cl: staged, unmapped
svm-t    25.138 ms upload: backend done
svm-t    25.145 ms x uploaded
svm-t    25.481 ms buffers ready
svm-t    34.474 ms state read
svm-t    43.111 ms state read
svm-t    50.853 ms state read
svm-t    58.765 ms state read
svm-t    67.289 ms state read
svm-t    75.889 ms state read
svm-t    84.358 ms state read
svm-t    92.267 ms state read
svm-t    99.491 ms state read
svm-t   106.472 ms state read
svm-t   113.340 ms state read
svm-t   119.921 ms state read
svm-t   124.574 ms state read
svm-t   127.952 ms state read
svm-t   130.390 ms state read
svm-t   132.209 ms state read
svm-t   133.313 ms state read
svm-t   133.532 ms alpha, g read
svm-t   133.850 ms solve returned
svm-t   133.926 ms pairs done
svm-t   139.238 ms upload: finite checked
svm-t   139.269 ms cl: x buffer created
svm-t   143.403 ms cl: pieces mapped
svm-t   146.834 ms cl: staged, unmapped
svm-t   146.851 ms upload: backend done
svm-t   148.207 ms upload: finite checked
svm-t   148.225 ms cl: x buffer created
svm-t   150.834 ms cl: pieces mapped
svm-t   156.128 ms cl: staged, unmapped
svm-t   156.140 ms upload: backend done
