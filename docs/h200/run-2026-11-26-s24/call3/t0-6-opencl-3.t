svm-t     0.000 ms train start
svm-t     2.314 ms gamma + checks
svm-t     2.484 ms classes
svm-t     2.896 ms upload start
svm-t     3.341 ms rows allocated
svm-t    10.681 ms prepared
svm-t    13.638 ms cl: packed
svm-t    18.779 ms cl: written
svm-t    20.289 ms x uploaded
svm-t    21.229 ms buffers ready
svm-t    21.839 ms submitted
svm-t    22.431 ms submitted
svm-t    31.465 ms state read
svm-t    32.009 ms submitted
svm-t    32.452 ms submitted
svm-t    41.463 ms state read
svm-t    41.935 ms submitted
svm-t    42.364 ms submitted
svm-t    50.499 ms state read
svm-t    50.969 ms submitted
svm-t    51.401 ms submitted
svm-t    59.794 ms state read
svm-t    60.312 ms submitted
svm-t    60.786 ms submitted
svm-t    69.742 ms state read
svm-t    70.214 ms submitted
svm-t    70.687 ms submitted
svm-t    79.766 ms state read
svm-t    80.225 ms submitted
svm-t    80.653 ms submitted
svm-t    89.664 ms state read
svm-t    90.201 ms submitted
svm-t    90.695 ms submitted
svm-t    99.020 ms state read
svm-t    99.554 ms submitted
svm-t   100.035 ms submitted
svm-t   107.681 ms state read
svm-t   108.223 ms submitted
svm-t   108.794 ms submitted
svm-t   116.111 ms state read
svm-t   116.780 ms submitted
svm-t   117.446 ms submitted
svm-t   124.471 ms state read
svm-t   125.199 ms submitted
svm-t   125.882 ms submitted
svm-t   132.481 ms state read
svm-t   133.217 ms submitted
svm-t   133.856 ms submitted
svm-t   138.482 ms state read
svm-t   139.213 ms submitted
svm-t   139.905 ms submitted
svm-t   143.118 ms state read
svm-t   143.861 ms submitted
svm-t   144.513 ms submitted
svm-t   146.723 ms state read
svm-t   147.420 ms submitted
svm-t   148.135 ms submitted
svm-t   149.624 ms state read
svm-t   150.327 ms submitted
svm-t   151.049 ms submitted
svm-t   151.551 ms state read
svm-t   151.871 ms alpha, g read
svm-t   151.989 ms rho
svm-t   151.997 ms run_to_the_end returned
svm-t   152.011 ms buffers dropped
svm-t   152.390 ms solve returned
svm-t   152.515 ms pairs done
svm-t   162.929 ms sv copied
svm-t   163.068 ms train returned
svm-t   163.147 ms solver dropped
svm-t   176.235 ms cl: packed
svm-t   178.774 ms cl: written
svm-t   209.559 ms cl: packed
svm-t   215.686 ms cl: written
