svm-t     0.000 ms train start
svm-t     2.936 ms gamma + checks
svm-t     3.113 ms classes
svm-t     3.476 ms upload start
svm-t     3.956 ms rows allocated
svm-t    10.726 ms prepared
svm-t    12.704 ms cl: packed
svm-t    18.170 ms cl: written
svm-t    21.435 ms x uploaded
svm-t    22.538 ms buffers ready
svm-t    23.271 ms submitted
svm-t    23.949 ms submitted
svm-t    32.686 ms state read
svm-t    33.376 ms submitted
svm-t    34.042 ms submitted
svm-t    42.590 ms state read
svm-t    43.336 ms submitted
svm-t    43.996 ms submitted
svm-t    51.643 ms state read
svm-t    52.306 ms submitted
svm-t    52.957 ms submitted
svm-t    60.907 ms state read
svm-t    61.648 ms submitted
svm-t    62.327 ms submitted
svm-t    70.845 ms state read
svm-t    71.347 ms submitted
svm-t    71.814 ms submitted
svm-t    80.839 ms state read
svm-t    81.308 ms submitted
svm-t    81.757 ms submitted
svm-t    90.697 ms state read
svm-t    91.200 ms submitted
svm-t    91.641 ms submitted
svm-t    99.980 ms state read
svm-t   100.460 ms submitted
svm-t   100.917 ms submitted
svm-t   108.611 ms state read
svm-t   109.099 ms submitted
svm-t   109.552 ms submitted
svm-t   116.974 ms state read
svm-t   117.448 ms submitted
svm-t   117.897 ms submitted
svm-t   125.245 ms state read
svm-t   125.705 ms submitted
svm-t   126.156 ms submitted
svm-t   133.184 ms state read
svm-t   133.664 ms submitted
svm-t   134.131 ms submitted
svm-t   139.066 ms state read
svm-t   139.541 ms submitted
svm-t   140.024 ms submitted
svm-t   143.576 ms state read
svm-t   144.026 ms submitted
svm-t   144.471 ms submitted
svm-t   147.075 ms state read
svm-t   147.504 ms submitted
svm-t   147.940 ms submitted
svm-t   149.921 ms state read
svm-t   150.397 ms submitted
svm-t   150.890 ms submitted
svm-t   151.798 ms state read
svm-t   152.025 ms alpha, g read
svm-t   152.110 ms rho
svm-t   152.115 ms run_to_the_end returned
svm-t   152.124 ms buffers dropped
svm-t   152.382 ms solve returned
svm-t   152.465 ms pairs done
svm-t   160.504 ms sv copied
svm-t   160.600 ms train returned
svm-t   160.663 ms solver dropped
svm-t   171.725 ms cl: packed
svm-t   173.984 ms cl: written
svm-t   200.779 ms cl: packed
svm-t   206.700 ms cl: written
