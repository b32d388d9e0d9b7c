svm-t     0.000 ms train start
svm-t     2.216 ms gamma + checks
svm-t     2.579 ms upload start
svm-t    14.353 ms rows allocated
svm-t    14.381 ms wgpu: buffer made
svm-t    18.953 ms wgpu: piece filled
svm-t    18.972 ms wgpu: filled
svm-t    18.978 ms x uploaded
svm-t    19.953 ms prepared
svm-t    20.296 ms buffers ready
svm-t    20.798 ms submitted
svm-t    21.025 ms submitted
svm-t    31.092 ms state read
svm-t    31.412 ms submitted
svm-t    31.590 ms submitted
svm-t    41.564 ms state read
svm-t    41.877 ms submitted
svm-t    42.069 ms submitted
svm-t    52.326 ms state read
svm-t    52.730 ms submitted
svm-t    53.008 ms submitted
svm-t    63.756 ms state read
svm-t    64.119 ms submitted
svm-t    64.378 ms submitted
svm-t    75.620 ms state read
svm-t    76.022 ms submitted
svm-t    76.294 ms submitted
svm-t    88.003 ms state read
svm-t    88.367 ms submitted
svm-t    88.625 ms submitted
svm-t    99.935 ms state read
svm-t   100.310 ms submitted
svm-t   100.577 ms submitted
svm-t   110.655 ms state read
svm-t   111.110 ms submitted
svm-t   111.381 ms submitted
svm-t   120.925 ms state read
svm-t   121.308 ms submitted
svm-t   121.568 ms submitted
svm-t   130.273 ms state read
svm-t   130.657 ms submitted
svm-t   130.971 ms submitted
svm-t   140.145 ms state read
svm-t   140.511 ms submitted
svm-t   140.800 ms submitted
svm-t   149.693 ms state read
svm-t   150.099 ms submitted
svm-t   150.378 ms submitted
svm-t   156.909 ms state read
svm-t   157.266 ms submitted
svm-t   157.539 ms submitted
svm-t   162.486 ms state read
svm-t   162.882 ms submitted
svm-t   163.162 ms submitted
svm-t   166.831 ms state read
svm-t   167.183 ms submitted
svm-t   167.443 ms submitted
svm-t   170.287 ms state read
svm-t   170.624 ms submitted
svm-t   170.906 ms submitted
svm-t   172.524 ms state read
svm-t   172.694 ms alpha, g read
svm-t   178.688 ms train returned
svm-t   178.784 ms solver dropped
svm-t   191.999 ms wgpu: buffer made
svm-t   194.018 ms wgpu: piece filled
svm-t   194.029 ms wgpu: filled
svm-t   199.962 ms wgpu: buffer made
svm-t   207.049 ms wgpu: piece filled
svm-t   207.068 ms wgpu: filled
