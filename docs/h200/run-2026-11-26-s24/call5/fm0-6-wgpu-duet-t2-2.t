svm-t     0.000 ms train start
svm-t     2.033 ms gamma + checks
svm-t     2.185 ms classes
svm-t     2.652 ms upload start
svm-t    13.160 ms rows allocated
svm-t    13.365 ms wgpu: buffer made
svm-t    17.911 ms wgpu: piece filled
svm-t    17.926 ms wgpu: filled
svm-t    17.932 ms x uploaded
svm-t    18.192 ms prepared
svm-t    18.472 ms buffers ready
svm-t    19.090 ms submitted
svm-t    19.547 ms submitted
svm-t    29.459 ms state read
svm-t    29.800 ms submitted
svm-t    29.988 ms submitted
svm-t    40.112 ms state read
svm-t    40.433 ms submitted
svm-t    40.607 ms submitted
svm-t    50.834 ms state read
svm-t    51.346 ms submitted
svm-t    51.534 ms submitted
svm-t    62.269 ms state read
svm-t    62.567 ms submitted
svm-t    62.839 ms submitted
svm-t    74.064 ms state read
svm-t    74.373 ms submitted
svm-t    74.594 ms submitted
svm-t    86.460 ms state read
svm-t    86.789 ms submitted
svm-t    86.978 ms submitted
svm-t    98.451 ms state read
svm-t    98.879 ms submitted
svm-t    99.152 ms submitted
svm-t   109.401 ms state read
svm-t   109.657 ms submitted
svm-t   109.843 ms submitted
svm-t   119.523 ms state read
svm-t   119.848 ms submitted
svm-t   120.017 ms submitted
svm-t   128.875 ms state read
svm-t   129.256 ms submitted
svm-t   129.429 ms submitted
svm-t   138.831 ms state read
svm-t   139.128 ms submitted
svm-t   139.297 ms submitted
svm-t   148.300 ms state read
svm-t   148.656 ms submitted
svm-t   148.846 ms submitted
svm-t   155.664 ms state read
svm-t   155.983 ms submitted
svm-t   156.162 ms submitted
svm-t   161.275 ms state read
svm-t   161.541 ms submitted
svm-t   161.732 ms submitted
svm-t   165.569 ms state read
svm-t   165.830 ms submitted
svm-t   165.989 ms submitted
svm-t   169.049 ms state read
svm-t   169.289 ms submitted
svm-t   169.454 ms submitted
svm-t   171.173 ms state read
svm-t   171.396 ms alpha, g read
svm-t   171.472 ms rho
svm-t   171.478 ms run_to_the_end returned
svm-t   171.486 ms buffers dropped
svm-t   171.505 ms solve returned
svm-t   171.636 ms pairs done
svm-t   173.049 ms sv copied
svm-t   173.175 ms train returned
svm-t   173.207 ms solver dropped
svm-t   183.785 ms wgpu: buffer made
svm-t   185.590 ms wgpu: piece filled
svm-t   185.599 ms wgpu: filled
svm-t   192.075 ms wgpu: buffer made
svm-t   198.933 ms wgpu: piece filled
svm-t   198.950 ms wgpu: filled
