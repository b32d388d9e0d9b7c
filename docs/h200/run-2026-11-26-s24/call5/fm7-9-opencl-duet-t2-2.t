svm-t     0.000 ms train start
svm-t     2.743 ms gamma + checks
svm-t     2.969 ms classes
svm-t     3.480 ms upload start
svm-t     3.874 ms rows allocated
svm-t    11.059 ms prepared
svm-t    21.586 ms cl: written
svm-t    21.614 ms x uploaded
svm-t    22.141 ms buffers ready
svm-t    22.779 ms submitted
svm-t    23.406 ms submitted
svm-t    31.904 ms state read
svm-t    32.524 ms submitted
svm-t    33.131 ms submitted
svm-t    42.534 ms state read
svm-t    43.174 ms submitted
svm-t    43.765 ms submitted
svm-t    52.181 ms state read
svm-t    52.803 ms submitted
svm-t    53.400 ms submitted
svm-t    56.311 ms state read
svm-t    56.929 ms submitted
svm-t    57.521 ms submitted
svm-t    57.549 ms state read
svm-t    57.796 ms alpha, g read
svm-t    57.866 ms rho
svm-t    57.873 ms run_to_the_end returned
svm-t    57.884 ms buffers dropped
svm-t    58.177 ms solve returned
svm-t    58.245 ms pairs done
svm-t    60.294 ms sv copied
svm-t    60.372 ms train returned
svm-t    60.397 ms solver dropped
svm-t    64.337 ms cl: written
svm-t    76.526 ms cl: written
