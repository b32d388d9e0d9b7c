svm-t     0.000 ms train start
svm-t     6.067 ms begin: x up
svm-t     8.452 ms begin: prepared
svm-t     8.607 ms begin: rows pooled
svm-t     8.643 ms data uploaded + gamma
svm-t     8.768 ms solve start
svm-t     8.816 ms upload start
svm-t     8.903 ms prepared
svm-t     8.917 ms rows allocated
svm-t     9.044 ms gather: allocated, picks up
svm-t     9.209 ms gather: done, status read
svm-t     9.289 ms x uploaded
svm-t     9.505 ms buffers ready
svm-t    18.158 ms state read
svm-t    27.470 ms state read
svm-t    35.726 ms state read
svm-t    38.783 ms state read
svm-t    39.734 ms state read
svm-t    39.997 ms alpha, g read
svm-t    40.314 ms solve returned
svm-t    40.368 ms pairs done
svm-t    44.814 ms upload: finite checked
svm-t    49.000 ms upload: backend done
svm-t    51.125 ms upload: finite checked
svm-t    86.990 ms upload: backend done
