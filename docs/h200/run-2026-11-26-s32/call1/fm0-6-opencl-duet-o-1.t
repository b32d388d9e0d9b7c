svm-t     0.000 ms train start
svm-t     2.364 ms gamma + checks
svm-t     2.940 ms solve start
svm-t     2.976 ms upload start
svm-t     3.450 ms rows allocated
svm-t     4.804 ms upload: finite checked
svm-t    11.973 ms cl: packed
svm-t    12.045 ms prepared
svm-t    18.070 ms cl: written
svm-t    20.964 ms upload: backend done
svm-t    20.977 ms x uploaded
svm-t    21.505 ms buffers ready
svm-t    30.513 ms state read
svm-t    39.226 ms state read
svm-t    46.960 ms state read
svm-t    54.915 ms state read
svm-t    63.486 ms state read
svm-t    72.137 ms state read
svm-t    80.648 ms state read
svm-t    88.584 ms state read
svm-t    95.870 ms state read
svm-t   102.890 ms state read
svm-t   109.800 ms state read
svm-t   116.398 ms state read
svm-t   121.101 ms state read
svm-t   124.521 ms state read
svm-t   126.958 ms state read
svm-t   128.783 ms state read
svm-t   130.000 ms state read
svm-t   130.266 ms alpha, g read
svm-t   130.689 ms solve returned
svm-t   130.784 ms pairs done
svm-t   135.340 ms upload: finite checked
svm-t   144.589 ms cl: packed
svm-t   146.934 ms cl: written
svm-t   147.815 ms upload: backend done
svm-t   150.244 ms upload: finite checked
svm-t   175.061 ms cl: packed
svm-t   180.917 ms cl: written
svm-t   182.913 ms upload: backend done
