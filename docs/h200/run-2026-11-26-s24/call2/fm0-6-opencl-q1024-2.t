svm-t     0.000 ms train start
svm-t     3.617 ms gamma + checks
svm-t     6.215 ms upload start
svm-t     6.867 ms rows allocated
svm-t    12.940 ms prepared
svm-t    15.328 ms cl: packed
svm-t    21.980 ms cl: written
svm-t    25.296 ms x uploaded
svm-t    33.404 ms buffers ready
svm-t    34.130 ms submitted
svm-t    34.752 ms submitted
svm-t    85.300 ms state read
svm-t    86.170 ms submitted
svm-t    86.828 ms submitted
svm-t   148.337 ms state read
svm-t   149.205 ms submitted
svm-t   149.874 ms submitted
svm-t   182.410 ms state read
svm-t   182.676 ms alpha, g read
svm-t   189.622 ms train returned
svm-t   189.719 ms solver dropped
svm-t   201.960 ms cl: packed
svm-t   203.915 ms cl: written
svm-t   233.541 ms cl: packed
svm-t   239.811 ms cl: written
