svm-t     0.000 ms train start
svm-t     2.321 ms gamma + checks
svm-t     2.499 ms classes
svm-t     2.869 ms upload start
svm-t     3.413 ms rows allocated
svm-t    10.515 ms cl: packed
svm-t    10.870 ms prepared
svm-t    16.325 ms cl: written
svm-t    17.823 ms x uploaded
svm-t    18.727 ms buffers ready
svm-t    19.276 ms submitted
svm-t    19.736 ms submitted
svm-t    28.933 ms state read
svm-t    29.514 ms submitted
svm-t    30.001 ms submitted
svm-t    38.919 ms state read
svm-t    39.447 ms submitted
svm-t    39.905 ms submitted
svm-t    47.983 ms state read
svm-t    48.458 ms submitted
svm-t    48.945 ms submitted
svm-t    57.264 ms state read
svm-t    57.830 ms submitted
svm-t    58.318 ms submitted
svm-t    67.222 ms state read
svm-t    67.791 ms submitted
svm-t    68.249 ms submitted
svm-t    77.281 ms state read
svm-t    77.825 ms submitted
svm-t    78.289 ms submitted
svm-t    87.171 ms state read
svm-t    87.666 ms submitted
svm-t    88.113 ms submitted
svm-t    96.499 ms state read
svm-t    97.053 ms submitted
svm-t    97.486 ms submitted
svm-t   105.109 ms state read
svm-t   105.609 ms submitted
svm-t   106.085 ms submitted
svm-t   113.457 ms state read
svm-t   113.913 ms submitted
svm-t   114.349 ms submitted
svm-t   121.701 ms state read
svm-t   122.220 ms submitted
svm-t   122.671 ms submitted
svm-t   129.652 ms state read
svm-t   130.174 ms submitted
svm-t   130.635 ms submitted
svm-t   135.541 ms state read
svm-t   136.084 ms submitted
svm-t   136.567 ms submitted
svm-t   140.072 ms state read
svm-t   140.570 ms submitted
svm-t   141.007 ms submitted
svm-t   143.593 ms state read
svm-t   144.069 ms submitted
svm-t   144.562 ms submitted
svm-t   146.443 ms state read
svm-t   146.887 ms submitted
svm-t   147.326 ms submitted
svm-t   148.320 ms state read
svm-t   148.538 ms alpha, g read
svm-t   148.617 ms rho
svm-t   148.622 ms run_to_the_end returned
svm-t   148.630 ms buffers dropped
svm-t   148.934 ms solve returned
svm-t   149.018 ms pairs done
svm-t   156.924 ms sv copied
svm-t   157.023 ms train returned
svm-t   157.079 ms solver dropped
svm-t   167.803 ms cl: packed
svm-t   169.725 ms cl: written
svm-t   194.299 ms cl: packed
svm-t   199.043 ms cl: written
