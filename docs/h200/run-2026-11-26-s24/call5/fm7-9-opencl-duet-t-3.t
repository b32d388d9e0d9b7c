svm-t     0.000 ms train start
svm-t     3.933 ms gamma + checks
svm-t     4.113 ms classes
svm-t     4.474 ms upload start
svm-t     4.852 ms rows allocated
svm-t    11.626 ms prepared
svm-t    12.501 ms cl: packed
svm-t    16.703 ms cl: written
svm-t    18.337 ms x uploaded
svm-t    19.055 ms buffers ready
svm-t    19.497 ms submitted
svm-t    19.899 ms submitted
svm-t    28.792 ms state read
svm-t    29.263 ms submitted
svm-t    29.704 ms submitted
svm-t    39.432 ms state read
svm-t    39.893 ms submitted
svm-t    40.345 ms submitted
svm-t    49.055 ms state read
svm-t    49.520 ms submitted
svm-t    49.948 ms submitted
svm-t    53.172 ms state read
svm-t    53.588 ms submitted
svm-t    53.990 ms submitted
svm-t    54.013 ms state read
svm-t    54.224 ms alpha, g read
svm-t    54.270 ms rho
svm-t    54.275 ms run_to_the_end returned
svm-t    54.283 ms buffers dropped
svm-t    54.499 ms solve returned
svm-t    54.544 ms pairs done
svm-t    56.594 ms sv copied
svm-t    56.643 ms train returned
svm-t    56.689 ms solver dropped
svm-t    61.632 ms cl: packed
svm-t    62.378 ms cl: written
svm-t    83.247 ms cl: packed
svm-t    87.447 ms cl: written
