svm-t     0.000 ms train start
svm-t     2.355 ms gamma + checks
svm-t     5.452 ms upload start
svm-t     6.042 ms rows allocated
svm-t    13.182 ms prepared
svm-t    14.024 ms cl: packed
svm-t    19.666 ms cl: written
svm-t    21.651 ms x uploaded
svm-t    27.739 ms buffers ready
svm-t    28.302 ms submitted
svm-t    28.751 ms submitted
svm-t    59.094 ms state read
svm-t    59.282 ms alpha, g read
svm-t    60.581 ms train returned
svm-t    60.651 ms solver dropped
svm-t    64.423 ms cl: packed
svm-t    65.255 ms cl: written
svm-t    95.291 ms cl: packed
svm-t   102.374 ms cl: written
