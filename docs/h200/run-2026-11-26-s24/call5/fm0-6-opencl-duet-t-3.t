svm-t     0.000 ms train start
svm-t     3.223 ms gamma + checks
svm-t     3.377 ms classes
svm-t     3.774 ms upload start
svm-t     4.178 ms rows allocated
svm-t    11.388 ms prepared
svm-t    13.945 ms cl: packed
svm-t    19.291 ms cl: written
svm-t    22.280 ms x uploaded
svm-t    23.308 ms buffers ready
svm-t    24.024 ms submitted
svm-t    24.662 ms submitted
svm-t    33.460 ms state read
svm-t    34.145 ms submitted
svm-t    34.742 ms submitted
svm-t    43.356 ms state read
svm-t    44.021 ms submitted
svm-t    44.618 ms submitted
svm-t    52.399 ms state read
svm-t    53.053 ms submitted
svm-t    53.655 ms submitted
svm-t    61.692 ms state read
svm-t    62.355 ms submitted
svm-t    62.957 ms submitted
svm-t    71.606 ms state read
svm-t    72.275 ms submitted
svm-t    72.902 ms submitted
svm-t    81.622 ms state read
svm-t    82.266 ms submitted
svm-t    82.889 ms submitted
svm-t    91.523 ms state read
svm-t    92.200 ms submitted
svm-t    92.824 ms submitted
svm-t   100.859 ms state read
svm-t   101.516 ms submitted
svm-t   102.123 ms submitted
svm-t   109.496 ms state read
svm-t   110.156 ms submitted
svm-t   110.771 ms submitted
svm-t   117.898 ms state read
svm-t   118.529 ms submitted
svm-t   119.170 ms submitted
svm-t   126.194 ms state read
svm-t   126.831 ms submitted
svm-t   127.412 ms submitted
svm-t   134.161 ms state read
svm-t   134.793 ms submitted
svm-t   135.373 ms submitted
svm-t   140.074 ms state read
svm-t   140.738 ms submitted
svm-t   141.336 ms submitted
svm-t   144.617 ms state read
svm-t   145.306 ms submitted
svm-t   145.930 ms submitted
svm-t   148.185 ms state read
svm-t   148.812 ms submitted
svm-t   149.393 ms submitted
svm-t   151.065 ms state read
svm-t   151.809 ms submitted
svm-t   152.417 ms submitted
svm-t   152.963 ms state read
svm-t   153.252 ms alpha, g read
svm-t   153.353 ms rho
svm-t   153.360 ms run_to_the_end returned
svm-t   153.372 ms buffers dropped
svm-t   153.728 ms solve returned
svm-t   153.833 ms pairs done
svm-t   163.479 ms sv copied
svm-t   163.598 ms train returned
svm-t   163.672 ms solver dropped
svm-t   176.513 ms cl: packed
svm-t   178.847 ms cl: written
svm-t   202.924 ms cl: packed
svm-t   207.420 ms cl: written
