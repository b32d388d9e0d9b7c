svm-t     0.000 ms train start
svm-t     2.558 ms gamma + checks
svm-t     2.720 ms classes
svm-t     3.103 ms upload start
svm-t    13.795 ms rows allocated
svm-t    13.843 ms wgpu: buffer made
svm-t    16.631 ms wgpu: piece filled
svm-t    16.657 ms wgpu: filled
svm-t    16.666 ms x uploaded
svm-t    19.165 ms prepared
svm-t    19.931 ms buffers ready
svm-t    20.774 ms submitted
svm-t    21.186 ms submitted
svm-t    31.053 ms state read
svm-t    31.530 ms submitted
svm-t    31.843 ms submitted
svm-t    41.671 ms state read
svm-t    42.085 ms submitted
svm-t    42.352 ms submitted
svm-t    52.581 ms state read
svm-t    52.968 ms submitted
svm-t    53.237 ms submitted
svm-t    63.782 ms state read
svm-t    64.164 ms submitted
svm-t    64.448 ms submitted
svm-t    75.588 ms state read
svm-t    75.996 ms submitted
svm-t    76.270 ms submitted
svm-t    87.911 ms state read
svm-t    88.283 ms submitted
svm-t    88.532 ms submitted
svm-t    99.851 ms state read
svm-t   100.229 ms submitted
svm-t   100.505 ms submitted
svm-t   110.659 ms state read
svm-t   111.048 ms submitted
svm-t   111.304 ms submitted
svm-t   120.792 ms state read
svm-t   121.152 ms submitted
svm-t   121.419 ms submitted
svm-t   130.061 ms state read
svm-t   130.426 ms submitted
svm-t   130.706 ms submitted
svm-t   140.052 ms state read
svm-t   140.410 ms submitted
svm-t   140.668 ms submitted
svm-t   149.396 ms state read
svm-t   149.756 ms submitted
svm-t   150.061 ms submitted
svm-t   156.673 ms state read
svm-t   157.062 ms submitted
svm-t   157.325 ms submitted
svm-t   162.408 ms state read
svm-t   162.757 ms submitted
svm-t   163.074 ms submitted
svm-t   166.611 ms state read
svm-t   166.961 ms submitted
svm-t   167.241 ms submitted
svm-t   170.193 ms state read
svm-t   170.521 ms submitted
svm-t   170.777 ms submitted
svm-t   172.407 ms state read
svm-t   172.723 ms alpha, g read
svm-t   172.836 ms rho
svm-t   172.843 ms run_to_the_end returned
svm-t   172.856 ms buffers dropped
svm-t   172.882 ms solve returned
svm-t   172.977 ms pairs done
svm-t   182.536 ms sv copied
svm-t   182.646 ms train returned
svm-t   182.709 ms solver dropped
svm-t   195.979 ms wgpu: buffer made
svm-t   197.723 ms wgpu: piece filled
svm-t   197.731 ms wgpu: filled
svm-t   203.527 ms wgpu: buffer made
svm-t   209.930 ms wgpu: piece filled
svm-t   209.941 ms wgpu: filled
