svm-t     0.000 ms train start
svm-t    10.982 ms begin: x up
svm-t    24.050 ms begin: rows pooled
svm-t    27.007 ms begin: prepared
svm-t    27.152 ms data uploaded + gamma
svm-t    27.322 ms solve start
svm-t    27.360 ms upload start
svm-t    27.539 ms prepared
svm-t    27.540 ms rows allocated
svm-t    27.543 ms gather: allocated, picks up
svm-t    28.429 ms gather: done, status read
svm-t    28.452 ms x uploaded
svm-t    28.732 ms buffers ready
svm-t    37.940 ms state read
svm-t    49.052 ms state read
svm-t    58.017 ms state read
svm-t    62.372 ms state read
svm-t    63.195 ms state read
svm-t    63.493 ms alpha, g read
svm-t    63.585 ms solve returned
svm-t    63.654 ms pairs done
svm-t    70.297 ms upload: finite checked
svm-t    78.867 ms upload: backend done
svm-t    80.643 ms upload: finite checked
svm-t    86.419 ms upload: backend done
