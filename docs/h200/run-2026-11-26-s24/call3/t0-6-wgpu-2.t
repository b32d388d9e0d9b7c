svm-t     0.000 ms train start
svm-t     2.162 ms gamma + checks
svm-t     2.312 ms classes
svm-t     2.678 ms upload start
svm-t    14.743 ms rows allocated
svm-t    14.766 ms wgpu: buffer made
svm-t    18.064 ms prepared
svm-t    19.468 ms wgpu: piece filled
svm-t    19.479 ms wgpu: filled
svm-t    19.488 ms x uploaded
svm-t    20.014 ms buffers ready
svm-t    20.623 ms submitted
svm-t    20.913 ms submitted
svm-t    30.943 ms state read
svm-t    31.314 ms submitted
svm-t    31.511 ms submitted
svm-t    41.492 ms state read
svm-t    41.859 ms submitted
svm-t    42.046 ms submitted
svm-t    52.308 ms state read
svm-t    52.668 ms submitted
svm-t    52.846 ms submitted
svm-t    63.728 ms state read
svm-t    64.048 ms submitted
svm-t    64.252 ms submitted
svm-t    75.562 ms state read
svm-t    75.889 ms submitted
svm-t    76.095 ms submitted
svm-t    87.936 ms state read
svm-t    88.395 ms submitted
svm-t    88.662 ms submitted
svm-t    99.985 ms state read
svm-t   100.345 ms submitted
svm-t   100.536 ms submitted
svm-t   110.730 ms state read
svm-t   111.101 ms submitted
svm-t   111.330 ms submitted
svm-t   120.877 ms state read
svm-t   121.190 ms submitted
svm-t   121.364 ms submitted
svm-t   130.140 ms state read
svm-t   130.460 ms submitted
svm-t   130.634 ms submitted
svm-t   140.102 ms state read
svm-t   140.421 ms submitted
svm-t   140.589 ms submitted
svm-t   149.491 ms state read
svm-t   149.849 ms submitted
svm-t   150.110 ms submitted
svm-t   156.685 ms state read
svm-t   156.988 ms submitted
svm-t   157.242 ms submitted
svm-t   162.498 ms state read
svm-t   162.903 ms submitted
svm-t   163.203 ms submitted
svm-t   166.845 ms state read
svm-t   167.186 ms submitted
svm-t   167.364 ms submitted
svm-t   170.543 ms state read
svm-t   170.926 ms submitted
svm-t   171.163 ms submitted
svm-t   172.824 ms state read
svm-t   173.118 ms alpha, g read
svm-t   173.202 ms rho
svm-t   173.208 ms run_to_the_end returned
svm-t   173.223 ms buffers dropped
svm-t   173.253 ms solve returned
svm-t   173.333 ms pairs done
svm-t   181.411 ms sv copied
svm-t   181.516 ms train returned
svm-t   181.572 ms solver dropped
svm-t   192.870 ms wgpu: buffer made
svm-t   194.769 ms wgpu: piece filled
svm-t   194.791 ms wgpu: filled
svm-t   201.536 ms wgpu: buffer made
svm-t   208.229 ms wgpu: piece filled
svm-t   208.247 ms wgpu: filled
