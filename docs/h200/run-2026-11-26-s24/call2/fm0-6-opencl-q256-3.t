svm-t     0.000 ms train start
svm-t     2.718 ms gamma + checks
svm-t     3.673 ms upload start
svm-t     4.156 ms rows allocated
svm-t    10.844 ms prepared
svm-t    14.078 ms cl: packed
svm-t    19.841 ms cl: written
svm-t    21.700 ms x uploaded
svm-t    22.651 ms buffers ready
svm-t    23.225 ms submitted
svm-t    23.676 ms submitted
svm-t    32.881 ms state read
svm-t    33.420 ms submitted
svm-t    33.891 ms submitted
svm-t    42.838 ms state read
svm-t    43.346 ms submitted
svm-t    43.852 ms submitted
svm-t    51.880 ms state read
svm-t    52.411 ms submitted
svm-t    52.888 ms submitted
svm-t    61.195 ms state read
svm-t    61.796 ms submitted
svm-t    62.294 ms submitted
svm-t    71.196 ms state read
svm-t    71.733 ms submitted
svm-t    72.237 ms submitted
svm-t    81.224 ms state read
svm-t    81.949 ms submitted
svm-t    82.572 ms submitted
svm-t    91.154 ms state read
svm-t    91.846 ms submitted
svm-t    92.516 ms submitted
svm-t   100.527 ms state read
svm-t   101.022 ms submitted
svm-t   101.477 ms submitted
svm-t   109.192 ms state read
svm-t   109.704 ms submitted
svm-t   110.203 ms submitted
svm-t   117.573 ms state read
svm-t   118.261 ms submitted
svm-t   118.836 ms submitted
svm-t   125.914 ms state read
svm-t   126.566 ms submitted
svm-t   127.184 ms submitted
svm-t   133.896 ms state read
svm-t   134.562 ms submitted
svm-t   135.175 ms submitted
svm-t   139.832 ms state read
svm-t   140.489 ms submitted
svm-t   141.112 ms submitted
svm-t   144.410 ms state read
svm-t   145.064 ms submitted
svm-t   145.716 ms submitted
svm-t   147.967 ms state read
svm-t   148.611 ms submitted
svm-t   149.264 ms submitted
svm-t   150.839 ms state read
svm-t   151.489 ms submitted
svm-t   152.118 ms submitted
svm-t   152.736 ms state read
svm-t   152.881 ms alpha, g read
svm-t   163.882 ms train returned
svm-t   163.972 ms solver dropped
svm-t   176.969 ms cl: packed
svm-t   179.568 ms cl: written
svm-t   211.570 ms cl: packed
svm-t   219.032 ms cl: written
