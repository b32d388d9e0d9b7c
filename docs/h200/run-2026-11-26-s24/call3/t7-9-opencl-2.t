svm-t     0.000 ms train start
svm-t     2.621 ms gamma + checks
svm-t     2.809 ms classes
svm-t     3.202 ms upload start
svm-t     3.555 ms rows allocated
svm-t    10.201 ms prepared
svm-t    12.756 ms cl: packed
svm-t    18.891 ms cl: written
svm-t    20.577 ms x uploaded
svm-t    21.502 ms buffers ready
svm-t    22.014 ms submitted
svm-t    22.485 ms submitted
svm-t    31.282 ms state read
svm-t    31.927 ms submitted
svm-t    32.393 ms submitted
svm-t    42.056 ms state read
svm-t    42.757 ms submitted
svm-t    43.345 ms submitted
svm-t    51.798 ms state read
svm-t    52.345 ms submitted
svm-t    52.807 ms submitted
svm-t    55.952 ms state read
svm-t    56.549 ms submitted
svm-t    57.146 ms submitted
svm-t    57.188 ms state read
svm-t    57.446 ms alpha, g read
svm-t    57.506 ms rho
svm-t    57.513 ms run_to_the_end returned
svm-t    57.526 ms buffers dropped
svm-t    57.902 ms solve returned
svm-t    57.976 ms pairs done
svm-t    60.518 ms sv copied
svm-t    60.575 ms train returned
svm-t    60.642 ms solver dropped
svm-t    66.701 ms cl: packed
svm-t    67.711 ms cl: written
svm-t    92.498 ms cl: packed
svm-t    97.241 ms cl: written
