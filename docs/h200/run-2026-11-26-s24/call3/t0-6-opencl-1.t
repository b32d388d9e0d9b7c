svm-t     0.000 ms train start
svm-t     2.474 ms gamma + checks
svm-t     2.663 ms classes
svm-t     3.158 ms upload start
svm-t     3.630 ms rows allocated
svm-t    10.888 ms prepared
svm-t    13.358 ms cl: packed
svm-t    18.973 ms cl: written
svm-t    20.774 ms x uploaded
svm-t    21.723 ms buffers ready
svm-t    22.367 ms submitted
svm-t    22.822 ms submitted
svm-t    31.954 ms state read
svm-t    32.618 ms submitted
svm-t    33.264 ms submitted
svm-t    41.989 ms state read
svm-t    42.637 ms submitted
svm-t    43.340 ms submitted
svm-t    51.069 ms state read
svm-t    51.666 ms submitted
svm-t    52.332 ms submitted
svm-t    60.388 ms state read
svm-t    61.147 ms submitted
svm-t    61.692 ms submitted
svm-t    70.364 ms state read
svm-t    71.075 ms submitted
svm-t    71.553 ms submitted
svm-t    80.433 ms state read
svm-t    80.890 ms submitted
svm-t    81.372 ms submitted
svm-t    90.328 ms state read
svm-t    90.842 ms submitted
svm-t    91.301 ms submitted
svm-t    99.641 ms state read
svm-t   100.159 ms submitted
svm-t   100.628 ms submitted
svm-t   108.276 ms state read
svm-t   108.796 ms submitted
svm-t   109.241 ms submitted
svm-t   116.648 ms state read
svm-t   117.156 ms submitted
svm-t   117.610 ms submitted
svm-t   124.920 ms state read
svm-t   125.456 ms submitted
svm-t   125.926 ms submitted
svm-t   132.887 ms state read
svm-t   133.656 ms submitted
svm-t   134.261 ms submitted
svm-t   138.866 ms state read
svm-t   139.688 ms submitted
svm-t   140.344 ms submitted
svm-t   143.484 ms state read
svm-t   144.154 ms submitted
svm-t   144.760 ms submitted
svm-t   147.076 ms state read
svm-t   147.792 ms submitted
svm-t   148.468 ms submitted
svm-t   149.988 ms state read
svm-t   150.633 ms submitted
svm-t   151.260 ms submitted
svm-t   151.893 ms state read
svm-t   152.177 ms alpha, g read
svm-t   152.306 ms rho
svm-t   152.314 ms run_to_the_end returned
svm-t   152.328 ms buffers dropped
svm-t   152.662 ms solve returned
svm-t   152.766 ms pairs done
svm-t   162.712 ms sv copied
svm-t   162.835 ms train returned
svm-t   162.916 ms solver dropped
svm-t   175.530 ms cl: packed
svm-t   177.967 ms cl: written
svm-t   208.509 ms cl: packed
svm-t   214.661 ms cl: written
