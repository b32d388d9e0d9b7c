svm-t     0.000 ms train start
svm-t     2.903 ms gamma + checks
svm-t     3.130 ms classes
svm-t     3.667 ms upload start
svm-t     4.308 ms rows allocated
svm-t    12.954 ms prepared
svm-t    22.054 ms cl: written
svm-t    22.076 ms x uploaded
svm-t    23.571 ms buffers ready
svm-t    24.040 ms submitted
svm-t    24.527 ms submitted
svm-t    54.792 ms state read
svm-t    55.022 ms alpha, g read
svm-t    55.069 ms rho
svm-t    55.076 ms run_to_the_end returned
svm-t    55.088 ms buffers dropped
svm-t    55.358 ms solve returned
svm-t    55.404 ms pairs done
svm-t    60.526 ms sv copied
svm-t    60.591 ms train returned
svm-t    60.623 ms solver dropped
svm-t    64.383 ms cl: written
svm-t    77.003 ms cl: written
