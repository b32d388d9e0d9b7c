svm-t     0.000 ms train start
svm-t     2.299 ms gamma + checks
svm-t     2.457 ms classes
svm-t     2.895 ms upload start
svm-t    14.597 ms rows allocated
svm-t    14.627 ms wgpu: buffer made
svm-t    18.076 ms prepared
svm-t    19.080 ms wgpu: piece filled
svm-t    19.099 ms wgpu: filled
svm-t    19.108 ms x uploaded
svm-t    19.767 ms buffers ready
svm-t    20.564 ms submitted
svm-t    20.967 ms submitted
svm-t    30.881 ms state read
svm-t    31.395 ms submitted
svm-t    31.708 ms submitted
svm-t    41.582 ms state read
svm-t    41.978 ms submitted
svm-t    42.167 ms submitted
svm-t    52.435 ms state read
svm-t    52.886 ms submitted
svm-t    53.207 ms submitted
svm-t    63.811 ms state read
svm-t    64.196 ms submitted
svm-t    64.393 ms submitted
svm-t    75.697 ms state read
svm-t    76.042 ms submitted
svm-t    76.219 ms submitted
svm-t    88.041 ms state read
svm-t    88.450 ms submitted
svm-t    88.741 ms submitted
svm-t   100.053 ms state read
svm-t   100.565 ms submitted
svm-t   100.845 ms submitted
svm-t   110.899 ms state read
svm-t   111.352 ms submitted
svm-t   111.562 ms submitted
svm-t   121.135 ms state read
svm-t   121.553 ms submitted
svm-t   121.840 ms submitted
svm-t   130.505 ms state read
svm-t   130.844 ms submitted
svm-t   131.050 ms submitted
svm-t   140.300 ms state read
svm-t   140.667 ms submitted
svm-t   140.871 ms submitted
svm-t   149.706 ms state read
svm-t   150.069 ms submitted
svm-t   150.333 ms submitted
svm-t   156.863 ms state read
svm-t   157.222 ms submitted
svm-t   157.465 ms submitted
svm-t   162.431 ms state read
svm-t   162.834 ms submitted
svm-t   163.115 ms submitted
svm-t   166.744 ms state read
svm-t   167.034 ms submitted
svm-t   167.239 ms submitted
svm-t   170.099 ms state read
svm-t   170.337 ms submitted
svm-t   170.532 ms submitted
svm-t   172.230 ms state read
svm-t   172.478 ms alpha, g read
svm-t   172.563 ms rho
svm-t   172.569 ms run_to_the_end returned
svm-t   172.577 ms buffers dropped
svm-t   172.598 ms solve returned
svm-t   172.676 ms pairs done
svm-t   181.221 ms sv copied
svm-t   181.353 ms train returned
svm-t   181.427 ms solver dropped
svm-t   192.624 ms wgpu: buffer made
svm-t   194.579 ms wgpu: piece filled
svm-t   194.595 ms wgpu: filled
svm-t   201.067 ms wgpu: buffer made
svm-t   208.134 ms wgpu: piece filled
svm-t   208.155 ms wgpu: filled
