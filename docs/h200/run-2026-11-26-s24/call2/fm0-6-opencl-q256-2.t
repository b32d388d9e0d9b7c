svm-t     0.000 ms train start
svm-t     2.265 ms gamma + checks
svm-t     2.929 ms upload start
svm-t     3.411 ms rows allocated
svm-t     8.743 ms prepared
svm-t    11.273 ms cl: packed
svm-t    17.280 ms cl: written
svm-t    20.898 ms x uploaded
svm-t    22.020 ms buffers ready
svm-t    22.723 ms submitted
svm-t    23.330 ms submitted
svm-t    32.288 ms state read
svm-t    32.857 ms submitted
svm-t    33.369 ms submitted
svm-t    42.238 ms state read
svm-t    42.726 ms submitted
svm-t    43.185 ms submitted
svm-t    51.227 ms state read
svm-t    51.731 ms submitted
svm-t    52.218 ms submitted
svm-t    60.525 ms state read
svm-t    61.032 ms submitted
svm-t    61.483 ms submitted
svm-t    70.494 ms state read
svm-t    71.192 ms submitted
svm-t    71.781 ms submitted
svm-t    80.573 ms state read
svm-t    81.339 ms submitted
svm-t    82.011 ms submitted
svm-t    90.542 ms state read
svm-t    91.272 ms submitted
svm-t    91.934 ms submitted
svm-t    99.936 ms state read
svm-t   100.623 ms submitted
svm-t   101.203 ms submitted
svm-t   108.616 ms state read
svm-t   109.168 ms submitted
svm-t   109.619 ms submitted
svm-t   116.995 ms state read
svm-t   117.485 ms submitted
svm-t   117.925 ms submitted
svm-t   125.234 ms state read
svm-t   125.733 ms submitted
svm-t   126.245 ms submitted
svm-t   133.163 ms state read
svm-t   133.633 ms submitted
svm-t   134.062 ms submitted
svm-t   139.042 ms state read
svm-t   139.765 ms submitted
svm-t   140.375 ms submitted
svm-t   143.605 ms state read
svm-t   144.239 ms submitted
svm-t   144.849 ms submitted
svm-t   147.169 ms state read
svm-t   147.848 ms submitted
svm-t   148.503 ms submitted
svm-t   150.075 ms state read
svm-t   150.765 ms submitted
svm-t   151.361 ms submitted
svm-t   152.011 ms state read
svm-t   152.199 ms alpha, g read
svm-t   162.903 ms train returned
svm-t   162.999 ms solver dropped
svm-t   176.702 ms cl: packed
svm-t   179.182 ms cl: written
svm-t   203.291 ms cl: packed
svm-t   208.575 ms cl: written
