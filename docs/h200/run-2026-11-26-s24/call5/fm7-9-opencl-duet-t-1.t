svm-t     0.000 ms train start
svm-t     2.349 ms gamma + checks
svm-t     2.548 ms classes
svm-t     2.975 ms upload start
svm-t     3.422 ms rows allocated
svm-t     9.927 ms cl: packed
svm-t    15.617 ms cl: written
svm-t    18.264 ms x uploaded
svm-t    20.470 ms prepared
svm-t    21.490 ms buffers ready
svm-t    22.033 ms submitted
svm-t    22.579 ms submitted
svm-t    31.217 ms state read
svm-t    31.779 ms submitted
svm-t    32.310 ms submitted
svm-t    41.896 ms state read
svm-t    42.455 ms submitted
svm-t    42.988 ms submitted
svm-t    51.556 ms state read
svm-t    52.094 ms submitted
svm-t    52.638 ms submitted
svm-t    55.691 ms state read
svm-t    56.236 ms submitted
svm-t    56.745 ms submitted
svm-t    56.771 ms state read
svm-t    57.001 ms alpha, g read
svm-t    57.063 ms rho
svm-t    57.070 ms run_to_the_end returned
svm-t    57.081 ms buffers dropped
svm-t    57.377 ms solve returned
svm-t    57.439 ms pairs done
svm-t    59.886 ms sv copied
svm-t    59.947 ms train returned
svm-t    60.003 ms solver dropped
svm-t    66.384 ms cl: packed
svm-t    67.430 ms cl: written
svm-t    96.418 ms cl: packed
svm-t   102.447 ms cl: written
