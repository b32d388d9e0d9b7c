svm-t     0.000 ms train start
svm-t     3.901 ms gamma + checks
svm-t     4.094 ms classes
svm-t     4.569 ms upload start
svm-t     4.965 ms rows allocated
svm-t    11.156 ms prepared
svm-t    12.834 ms cl: packed
svm-t    18.675 ms cl: written
svm-t    21.599 ms x uploaded
svm-t    22.671 ms buffers ready
svm-t    23.327 ms submitted
svm-t    23.965 ms submitted
svm-t    32.856 ms state read
svm-t    33.547 ms submitted
svm-t    34.155 ms submitted
svm-t    42.783 ms state read
svm-t    43.454 ms submitted
svm-t    44.101 ms submitted
svm-t    51.816 ms state read
svm-t    52.492 ms submitted
svm-t    53.107 ms submitted
svm-t    61.112 ms state read
svm-t    61.811 ms submitted
svm-t    62.445 ms submitted
svm-t    71.026 ms state read
svm-t    71.700 ms submitted
svm-t    72.309 ms submitted
svm-t    81.041 ms state read
svm-t    81.743 ms submitted
svm-t    82.381 ms submitted
svm-t    90.930 ms state read
svm-t    91.581 ms submitted
svm-t    92.173 ms submitted
svm-t   100.260 ms state read
svm-t   100.761 ms submitted
svm-t   101.175 ms submitted
svm-t   108.881 ms state read
svm-t   109.313 ms submitted
svm-t   109.745 ms submitted
svm-t   117.211 ms state read
svm-t   117.675 ms submitted
svm-t   118.135 ms submitted
svm-t   125.460 ms state read
svm-t   125.913 ms submitted
svm-t   126.368 ms submitted
svm-t   133.374 ms state read
svm-t   133.853 ms submitted
svm-t   134.288 ms submitted
svm-t   139.249 ms state read
svm-t   139.710 ms submitted
svm-t   140.173 ms submitted
svm-t   143.745 ms state read
svm-t   144.215 ms submitted
svm-t   144.685 ms submitted
svm-t   147.252 ms state read
svm-t   147.679 ms submitted
svm-t   148.095 ms submitted
svm-t   150.094 ms state read
svm-t   150.561 ms submitted
svm-t   151.013 ms submitted
svm-t   151.968 ms state read
svm-t   152.190 ms alpha, g read
svm-t   152.275 ms rho
svm-t   152.280 ms run_to_the_end returned
svm-t   152.288 ms buffers dropped
svm-t   152.545 ms solve returned
svm-t   152.623 ms pairs done
svm-t   160.350 ms sv copied
svm-t   160.444 ms train returned
svm-t   160.504 ms solver dropped
svm-t   171.086 ms cl: packed
svm-t   172.885 ms cl: written
svm-t   195.397 ms cl: packed
svm-t   199.986 ms cl: written
