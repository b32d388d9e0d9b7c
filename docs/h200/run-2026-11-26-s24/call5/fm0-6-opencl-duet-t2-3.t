svm-t     0.000 ms train start
svm-t     2.471 ms gamma + checks
svm-t     2.633 ms classes
svm-t     3.001 ms upload start
svm-t     3.405 ms rows allocated
svm-t     8.441 ms prepared
svm-t    17.902 ms cl: written
svm-t    17.923 ms x uploaded
svm-t    18.300 ms buffers ready
svm-t    18.745 ms submitted
svm-t    19.169 ms submitted
svm-t    28.432 ms state read
svm-t    28.883 ms submitted
svm-t    29.305 ms submitted
svm-t    38.307 ms state read
svm-t    38.735 ms submitted
svm-t    39.171 ms submitted
svm-t    47.289 ms state read
svm-t    47.703 ms submitted
svm-t    48.117 ms submitted
svm-t    56.548 ms state read
svm-t    56.991 ms submitted
svm-t    57.399 ms submitted
svm-t    66.435 ms state read
svm-t    66.866 ms submitted
svm-t    67.274 ms submitted
svm-t    76.397 ms state read
svm-t    76.814 ms submitted
svm-t    77.239 ms submitted
svm-t    86.242 ms state read
svm-t    86.654 ms submitted
svm-t    87.069 ms submitted
svm-t    95.523 ms state read
svm-t    95.963 ms submitted
svm-t    96.373 ms submitted
svm-t   104.105 ms state read
svm-t   104.531 ms submitted
svm-t   104.958 ms submitted
svm-t   112.453 ms state read
svm-t   112.886 ms submitted
svm-t   113.300 ms submitted
svm-t   120.713 ms state read
svm-t   121.200 ms submitted
svm-t   121.666 ms submitted
svm-t   128.643 ms state read
svm-t   129.077 ms submitted
svm-t   129.543 ms submitted
svm-t   134.511 ms state read
svm-t   134.989 ms submitted
svm-t   135.447 ms submitted
svm-t   139.031 ms state read
svm-t   139.910 ms submitted
svm-t   140.702 ms submitted
svm-t   142.645 ms state read
svm-t   143.236 ms submitted
svm-t   143.653 ms submitted
svm-t   145.558 ms state read
svm-t   145.969 ms submitted
svm-t   146.387 ms submitted
svm-t   147.429 ms state read
svm-t   147.645 ms alpha, g read
svm-t   147.719 ms rho
svm-t   147.723 ms run_to_the_end returned
svm-t   147.730 ms buffers dropped
svm-t   147.999 ms solve returned
svm-t   148.077 ms pairs done
svm-t   149.591 ms sv copied
svm-t   149.732 ms train returned
svm-t   149.801 ms solver dropped
svm-t   160.578 ms cl: written
svm-t   169.785 ms cl: written
