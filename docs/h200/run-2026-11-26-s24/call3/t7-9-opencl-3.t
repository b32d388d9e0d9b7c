svm-t     0.000 ms train start
svm-t     2.480 ms gamma + checks
svm-t     2.711 ms classes
svm-t     3.194 ms upload start
svm-t     3.615 ms rows allocated
svm-t    10.427 ms prepared
svm-t    15.260 ms cl: packed
svm-t    21.126 ms cl: written
svm-t    23.272 ms x uploaded
svm-t    24.352 ms buffers ready
svm-t    25.030 ms submitted
svm-t    25.673 ms submitted
svm-t    34.149 ms state read
svm-t    34.840 ms submitted
svm-t    35.477 ms submitted
svm-t    44.857 ms state read
svm-t    45.360 ms submitted
svm-t    45.855 ms submitted
svm-t    54.555 ms state read
svm-t    55.264 ms submitted
svm-t    55.865 ms submitted
svm-t    58.761 ms state read
svm-t    59.308 ms submitted
svm-t    59.809 ms submitted
svm-t    59.834 ms state read
svm-t    60.043 ms alpha, g read
svm-t    60.091 ms rho
svm-t    60.096 ms run_to_the_end returned
svm-t    60.104 ms buffers dropped
svm-t    60.428 ms solve returned
svm-t    60.480 ms pairs done
svm-t    62.748 ms sv copied
svm-t    62.803 ms train returned
svm-t    62.866 ms solver dropped
svm-t    67.889 ms cl: packed
svm-t    68.867 ms cl: written
svm-t    97.597 ms cl: packed
svm-t   103.548 ms cl: written
