svm-t     0.000 ms train start
svm-t     2.403 ms gamma + checks
svm-t     2.607 ms classes
svm-t     3.116 ms upload start
svm-t     3.537 ms rows allocated
svm-t     9.703 ms prepared
svm-t    12.695 ms cl: packed
svm-t    19.026 ms cl: written
svm-t    21.965 ms x uploaded
svm-t    23.078 ms buffers ready
svm-t    23.779 ms submitted
svm-t    24.395 ms submitted
svm-t    32.858 ms state read
svm-t    33.546 ms submitted
svm-t    34.177 ms submitted
svm-t    43.550 ms state read
svm-t    44.215 ms submitted
svm-t    44.830 ms submitted
svm-t    53.241 ms state read
svm-t    53.886 ms submitted
svm-t    54.507 ms submitted
svm-t    57.409 ms state read
svm-t    58.062 ms submitted
svm-t    58.683 ms submitted
svm-t    58.721 ms state read
svm-t    59.004 ms alpha, g read
svm-t    59.085 ms rho
svm-t    59.092 ms run_to_the_end returned
svm-t    59.110 ms buffers dropped
svm-t    59.496 ms solve returned
svm-t    59.576 ms pairs done
svm-t    62.367 ms sv copied
svm-t    62.428 ms train returned
svm-t    62.494 ms solver dropped
svm-t    68.929 ms cl: packed
svm-t    69.986 ms cl: written
svm-t    96.675 ms cl: packed
svm-t   102.549 ms cl: written
