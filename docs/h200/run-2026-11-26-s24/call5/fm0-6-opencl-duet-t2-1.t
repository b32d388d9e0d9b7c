svm-t     0.000 ms train start
svm-t     3.017 ms gamma + checks
svm-t     3.183 ms classes
svm-t     3.593 ms upload start
svm-t     4.022 ms rows allocated
svm-t     9.349 ms prepared
svm-t    22.574 ms cl: written
svm-t    22.601 ms x uploaded
svm-t    23.174 ms buffers ready
svm-t    23.902 ms submitted
svm-t    24.519 ms submitted
svm-t    33.368 ms state read
svm-t    34.104 ms submitted
svm-t    34.755 ms submitted
svm-t    43.309 ms state read
svm-t    44.000 ms submitted
svm-t    44.569 ms submitted
svm-t    52.365 ms state read
svm-t    53.136 ms submitted
svm-t    53.763 ms submitted
svm-t    61.660 ms state read
svm-t    62.389 ms submitted
svm-t    63.052 ms submitted
svm-t    71.601 ms state read
svm-t    72.320 ms submitted
svm-t    72.926 ms submitted
svm-t    81.685 ms state read
svm-t    82.325 ms submitted
svm-t    82.928 ms submitted
svm-t    91.586 ms state read
svm-t    92.330 ms submitted
svm-t    92.990 ms submitted
svm-t   100.936 ms state read
svm-t   101.601 ms submitted
svm-t   102.267 ms submitted
svm-t   109.590 ms state read
svm-t   110.294 ms submitted
svm-t   110.916 ms submitted
svm-t   117.996 ms state read
svm-t   118.704 ms submitted
svm-t   119.320 ms submitted
svm-t   126.299 ms state read
svm-t   126.951 ms submitted
svm-t   127.608 ms submitted
svm-t   134.277 ms state read
svm-t   134.984 ms submitted
svm-t   135.593 ms submitted
svm-t   140.216 ms state read
svm-t   140.925 ms submitted
svm-t   141.591 ms submitted
svm-t   144.773 ms state read
svm-t   145.479 ms submitted
svm-t   146.134 ms submitted
svm-t   148.331 ms state read
svm-t   149.001 ms submitted
svm-t   149.609 ms submitted
svm-t   151.213 ms state read
svm-t   151.845 ms submitted
svm-t   152.446 ms submitted
svm-t   153.116 ms state read
svm-t   153.378 ms alpha, g read
svm-t   153.485 ms rho
svm-t   153.492 ms run_to_the_end returned
svm-t   153.504 ms buffers dropped
svm-t   153.844 ms solve returned
svm-t   153.950 ms pairs done
svm-t   156.126 ms sv copied
svm-t   156.243 ms train returned
svm-t   156.280 ms solver dropped
svm-t   165.371 ms cl: written
svm-t   173.800 ms cl: written
