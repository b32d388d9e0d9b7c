svm-t     0.000 ms train start
svm-t     3.255 ms gamma + checks
svm-t     4.109 ms upload start
svm-t     4.574 ms rows allocated
svm-t    11.507 ms prepared
svm-t    13.087 ms cl: packed
svm-t    18.765 ms cl: written
svm-t    21.377 ms x uploaded
svm-t    22.447 ms buffers ready
svm-t    23.155 ms submitted
svm-t    23.797 ms submitted
svm-t    32.263 ms state read
svm-t    32.946 ms submitted
svm-t    33.523 ms submitted
svm-t    43.030 ms state read
svm-t    43.682 ms submitted
svm-t    44.261 ms submitted
svm-t    52.758 ms state read
svm-t    53.430 ms submitted
svm-t    54.050 ms submitted
svm-t    56.957 ms state read
svm-t    57.571 ms submitted
svm-t    58.148 ms submitted
svm-t    58.189 ms state read
svm-t    58.329 ms alpha, g read
svm-t    61.271 ms train returned
svm-t    61.343 ms solver dropped
svm-t    67.536 ms cl: packed
svm-t    68.307 ms cl: written
svm-t    90.696 ms cl: packed
svm-t    95.394 ms cl: written
