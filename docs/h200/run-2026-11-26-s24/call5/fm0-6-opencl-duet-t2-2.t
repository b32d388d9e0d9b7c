svm-t     0.000 ms train start
svm-t     2.479 ms gamma + checks
svm-t     2.653 ms classes
svm-t     3.052 ms upload start
svm-t     3.573 ms rows allocated
svm-t     9.363 ms prepared
svm-t    19.882 ms cl: written
svm-t    19.903 ms x uploaded
svm-t    20.306 ms buffers ready
svm-t    20.797 ms submitted
svm-t    21.226 ms submitted
svm-t    30.436 ms state read
svm-t    30.986 ms submitted
svm-t    31.441 ms submitted
svm-t    40.299 ms state read
svm-t    40.796 ms submitted
svm-t    41.266 ms submitted
svm-t    49.301 ms state read
svm-t    49.825 ms submitted
svm-t    50.261 ms submitted
svm-t    58.536 ms state read
svm-t    59.054 ms submitted
svm-t    59.522 ms submitted
svm-t    68.404 ms state read
svm-t    68.890 ms submitted
svm-t    69.356 ms submitted
svm-t    78.356 ms state read
svm-t    78.868 ms submitted
svm-t    79.295 ms submitted
svm-t    88.232 ms state read
svm-t    88.769 ms submitted
svm-t    89.210 ms submitted
svm-t    97.555 ms state read
svm-t    98.001 ms submitted
svm-t    98.440 ms submitted
svm-t   106.133 ms state read
svm-t   106.622 ms submitted
svm-t   107.111 ms submitted
svm-t   114.472 ms state read
svm-t   114.983 ms submitted
svm-t   115.456 ms submitted
svm-t   122.739 ms state read
svm-t   123.210 ms submitted
svm-t   123.675 ms submitted
svm-t   130.658 ms state read
svm-t   131.158 ms submitted
svm-t   131.637 ms submitted
svm-t   136.533 ms state read
svm-t   137.011 ms submitted
svm-t   137.506 ms submitted
svm-t   141.040 ms state read
svm-t   141.528 ms submitted
svm-t   141.955 ms submitted
svm-t   144.553 ms state read
svm-t   145.058 ms submitted
svm-t   145.575 ms submitted
svm-t   147.390 ms state read
svm-t   147.820 ms submitted
svm-t   148.241 ms submitted
svm-t   149.257 ms state read
svm-t   149.479 ms alpha, g read
svm-t   149.570 ms rho
svm-t   149.575 ms run_to_the_end returned
svm-t   149.583 ms buffers dropped
svm-t   149.840 ms solve returned
svm-t   149.920 ms pairs done
svm-t   151.640 ms sv copied
svm-t   151.753 ms train returned
svm-t   151.794 ms solver dropped
svm-t   162.158 ms cl: written
svm-t   171.439 ms cl: written
