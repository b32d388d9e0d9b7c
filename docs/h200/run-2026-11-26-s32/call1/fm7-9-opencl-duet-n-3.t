svm-t     0.000 ms train start
svm-t     2.548 ms gamma + checks
svm-t     3.170 ms solve start
svm-t     3.222 ms upload start
svm-t     3.623 ms rows allocated
svm-t     6.133 ms upload: finite checked
svm-t     6.181 ms cl: x buffer created
svm-t    10.698 ms cl: pieces mapped
svm-t    14.049 ms prepared
svm-t    23.563 ms cl: staged, unmapped
svm-t    23.580 ms upload: backend done
svm-t    23.588 ms x uploaded
svm-t    24.003 ms buffers ready
svm-t    32.576 ms state read
svm-t    41.850 ms state read
svm-t    50.110 ms state read
svm-t    53.167 ms state read
svm-t    54.393 ms state read
svm-t    54.652 ms alpha, g read
svm-t    55.019 ms solve returned
svm-t    55.085 ms pairs done
svm-t    59.537 ms upload: finite checked
svm-t    59.566 ms cl: x buffer created
svm-t    63.341 ms upload: backend done
svm-t    65.583 ms upload: finite checked
svm-t    65.601 ms cl: x buffer created
svm-t    69.912 ms cl: pieces mapped
svm-t    77.522 ms cl: staged, unmapped
svm-t    77.540 ms upload: backend done
