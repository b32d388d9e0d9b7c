svm-t     0.000 ms train start
svm-t     2.240 ms gamma + checks
svm-t     3.104 ms upload start
svm-t     3.640 ms rows allocated
svm-t    10.722 ms prepared
svm-t    13.020 ms cl: packed
svm-t    18.822 ms cl: written
svm-t    22.061 ms x uploaded
svm-t    23.162 ms buffers ready
svm-t    23.942 ms submitted
svm-t    24.607 ms submitted
svm-t    32.994 ms state read
svm-t    33.850 ms submitted
svm-t    34.521 ms submitted
svm-t    43.765 ms state read
svm-t    44.485 ms submitted
svm-t    45.144 ms submitted
svm-t    53.460 ms state read
svm-t    54.239 ms submitted
svm-t    54.932 ms submitted
svm-t    57.626 ms state read
svm-t    58.263 ms submitted
svm-t    58.836 ms submitted
svm-t    58.871 ms state read
svm-t    59.026 ms alpha, g read
svm-t    62.436 ms train returned
svm-t    62.518 ms solver dropped
svm-t    68.760 ms cl: packed
svm-t    69.669 ms cl: written
svm-t    98.861 ms cl: packed
svm-t   104.942 ms cl: written
