svm-t     0.000 ms train start
svm-t     3.262 ms gamma + checks
svm-t     3.923 ms solve start
svm-t     3.991 ms upload start
svm-t     4.543 ms rows allocated
svm-t     6.180 ms upload: finite checked
svm-t    12.228 ms prepared
svm-t    15.240 ms cl: packed
svm-t    21.770 ms cl: written
svm-t    25.304 ms upload: backend done
svm-t    25.329 ms x uploaded
svm-t    26.021 ms buffers ready
svm-t    34.611 ms state read
svm-t    43.976 ms state read
svm-t    52.305 ms state read
svm-t    55.471 ms state read
svm-t    56.834 ms state read
svm-t    57.140 ms alpha, g read
svm-t    57.685 ms solve returned
svm-t    57.763 ms pairs done
svm-t    62.699 ms upload: finite checked
svm-t    65.804 ms cl: packed
svm-t    66.836 ms cl: written
svm-t    66.852 ms upload: backend done
svm-t    69.063 ms upload: finite checked
svm-t    96.947 ms cl: packed
svm-t   103.542 ms cl: written
svm-t   106.241 ms upload: backend done
