svm-t     0.000 ms train start
svm-t     6.217 ms begin: x up
svm-t     9.728 ms begin: prepared
svm-t     9.890 ms begin: rows pooled
svm-t     9.921 ms data uploaded + gamma
svm-t    10.082 ms solve start
svm-t    10.121 ms upload start
svm-t    10.241 ms prepared
svm-t    10.349 ms rows allocated
svm-t    10.370 ms gather: allocated, picks up
svm-t    10.557 ms gather: done, status read
svm-t    10.658 ms x uploaded
svm-t    10.915 ms buffers ready
svm-t    19.555 ms state read
svm-t    28.894 ms state read
svm-t    37.158 ms state read
svm-t    40.203 ms state read
svm-t    41.344 ms state read
svm-t    41.586 ms alpha, g read
svm-t    41.864 ms solve returned
svm-t    41.924 ms pairs done
svm-t    46.495 ms upload: finite checked
svm-t    49.949 ms upload: backend done
svm-t    52.090 ms upload: finite checked
svm-t    86.218 ms upload: backend done
