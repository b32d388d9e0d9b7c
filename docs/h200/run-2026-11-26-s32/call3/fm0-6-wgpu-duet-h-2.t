svm-t     0.000 ms train start
svm-t    11.045 ms begin: x up
svm-t    25.133 ms begin: rows pooled
svm-t    29.314 ms begin: prepared
svm-t    29.462 ms data uploaded + gamma
svm-t    29.712 ms solve start
svm-t    29.764 ms upload start
svm-t    29.904 ms prepared
svm-t    30.017 ms gather: allocated, picks up
svm-t    30.191 ms rows allocated
svm-t    30.880 ms gather: done, status read
svm-t    30.903 ms x uploaded
svm-t    31.344 ms buffers ready
svm-t    40.468 ms state read
svm-t    49.519 ms state read
svm-t    58.598 ms state read
svm-t    68.125 ms state read
svm-t    78.045 ms state read
svm-t    88.378 ms state read
svm-t    98.316 ms state read
svm-t   107.057 ms state read
svm-t   115.122 ms state read
svm-t   122.436 ms state read
svm-t   130.307 ms state read
svm-t   137.709 ms state read
svm-t   143.435 ms state read
svm-t   147.878 ms state read
svm-t   151.081 ms state read
svm-t   153.551 ms state read
svm-t   155.206 ms state read
svm-t   155.575 ms alpha, g read
svm-t   155.710 ms solve returned
svm-t   155.829 ms pairs done
svm-t   160.029 ms upload: finite checked
svm-t   173.381 ms upload: backend done
svm-t   180.799 ms upload: finite checked
svm-t   188.335 ms upload: backend done
