svm-t     0.000 ms train start
svm-t     2.319 ms gamma + checks
svm-t     2.476 ms classes
svm-t     2.822 ms upload start
svm-t    14.062 ms rows allocated
svm-t    14.092 ms wgpu: buffer made
svm-t    17.879 ms prepared
svm-t    18.853 ms wgpu: piece filled
svm-t    18.868 ms wgpu: filled
svm-t    18.876 ms x uploaded
svm-t    19.753 ms buffers ready
svm-t    20.628 ms submitted
svm-t    21.064 ms submitted
svm-t    30.927 ms state read
svm-t    31.373 ms submitted
svm-t    31.686 ms submitted
svm-t    41.508 ms state read
svm-t    41.947 ms submitted
svm-t    42.238 ms submitted
svm-t    52.356 ms state read
svm-t    52.775 ms submitted
svm-t    53.089 ms submitted
svm-t    63.620 ms state read
svm-t    64.016 ms submitted
svm-t    64.305 ms submitted
svm-t    75.462 ms state read
svm-t    75.843 ms submitted
svm-t    76.130 ms submitted
svm-t    87.796 ms state read
svm-t    88.174 ms submitted
svm-t    88.460 ms submitted
svm-t    99.704 ms state read
svm-t   100.104 ms submitted
svm-t   100.401 ms submitted
svm-t   110.460 ms state read
svm-t   110.857 ms submitted
svm-t   111.154 ms submitted
svm-t   120.629 ms state read
svm-t   121.015 ms submitted
svm-t   121.300 ms submitted
svm-t   129.956 ms state read
svm-t   130.218 ms submitted
svm-t   130.387 ms submitted
svm-t   139.671 ms state read
svm-t   140.039 ms submitted
svm-t   140.306 ms submitted
svm-t   149.067 ms state read
svm-t   149.425 ms submitted
svm-t   149.692 ms submitted
svm-t   156.235 ms state read
svm-t   156.586 ms submitted
svm-t   156.904 ms submitted
svm-t   161.775 ms state read
svm-t   162.053 ms submitted
svm-t   162.221 ms submitted
svm-t   165.895 ms state read
svm-t   166.135 ms submitted
svm-t   166.313 ms submitted
svm-t   169.202 ms state read
svm-t   169.491 ms submitted
svm-t   169.791 ms submitted
svm-t   171.420 ms state read
svm-t   171.841 ms alpha, g read
svm-t   171.951 ms rho
svm-t   171.960 ms run_to_the_end returned
svm-t   171.972 ms buffers dropped
svm-t   172.001 ms solve returned
svm-t   172.102 ms pairs done
svm-t   181.765 ms sv copied
svm-t   181.892 ms train returned
svm-t   181.958 ms solver dropped
svm-t   192.717 ms wgpu: buffer made
svm-t   194.470 ms wgpu: piece filled
svm-t   194.486 ms wgpu: filled
svm-t   201.590 ms wgpu: buffer made
svm-t   207.699 ms wgpu: piece filled
svm-t   207.725 ms wgpu: filled
