svm-t     0.000 ms train start
svm-t     3.339 ms gamma + checks
svm-t     4.047 ms upload start
svm-t     4.611 ms rows allocated
svm-t    10.466 ms prepared
svm-t    14.213 ms cl: packed
svm-t    19.222 ms cl: written
svm-t    20.849 ms x uploaded
svm-t    21.677 ms buffers ready
svm-t    22.136 ms submitted
svm-t    22.593 ms submitted
svm-t    31.851 ms state read
svm-t    32.344 ms submitted
svm-t    32.816 ms submitted
svm-t    41.763 ms state read
svm-t    42.290 ms submitted
svm-t    42.919 ms submitted
svm-t    50.799 ms state read
svm-t    51.571 ms submitted
svm-t    52.233 ms submitted
svm-t    60.239 ms state read
svm-t    60.936 ms submitted
svm-t    61.534 ms submitted
svm-t    70.217 ms state read
svm-t    70.762 ms submitted
svm-t    71.241 ms submitted
svm-t    80.213 ms state read
svm-t    80.726 ms submitted
svm-t    81.200 ms submitted
svm-t    90.087 ms state read
svm-t    90.596 ms submitted
svm-t    91.085 ms submitted
svm-t    99.394 ms state read
svm-t    99.854 ms submitted
svm-t   100.282 ms submitted
svm-t   108.006 ms state read
svm-t   108.471 ms submitted
svm-t   108.929 ms submitted
svm-t   116.353 ms state read
svm-t   116.817 ms submitted
svm-t   117.247 ms submitted
svm-t   124.598 ms state read
svm-t   125.076 ms submitted
svm-t   125.544 ms submitted
svm-t   132.527 ms state read
svm-t   133.039 ms submitted
svm-t   133.596 ms submitted
svm-t   138.420 ms state read
svm-t   139.156 ms submitted
svm-t   139.842 ms submitted
svm-t   143.003 ms state read
svm-t   143.678 ms submitted
svm-t   144.327 ms submitted
svm-t   146.553 ms state read
svm-t   147.266 ms submitted
svm-t   147.917 ms submitted
svm-t   149.462 ms state read
svm-t   150.135 ms submitted
svm-t   150.810 ms submitted
svm-t   151.377 ms state read
svm-t   151.532 ms alpha, g read
svm-t   161.368 ms train returned
svm-t   161.465 ms solver dropped
svm-t   174.183 ms cl: packed
svm-t   176.397 ms cl: written
svm-t   200.885 ms cl: packed
svm-t   206.302 ms cl: written
