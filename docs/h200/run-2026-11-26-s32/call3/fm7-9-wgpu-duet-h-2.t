svm-t     0.000 ms train start
svm-t    10.260 ms begin: x up
svm-t    23.754 ms begin: rows pooled
svm-t    27.150 ms begin: prepared
svm-t    27.294 ms data uploaded + gamma
svm-t    27.472 ms solve start
svm-t    27.514 ms upload start
svm-t    27.681 ms prepared
svm-t    27.686 ms rows allocated
svm-t    27.906 ms gather: allocated, picks up
svm-t    28.696 ms gather: done, status read
svm-t    28.716 ms x uploaded
svm-t    28.986 ms buffers ready
svm-t    38.295 ms state read
svm-t    49.191 ms state read
svm-t    58.233 ms state read
svm-t    62.431 ms state read
svm-t    63.268 ms state read
svm-t    63.592 ms alpha, g read
svm-t    63.689 ms solve returned
svm-t    63.749 ms pairs done
svm-t    67.424 ms upload: finite checked
svm-t    76.054 ms upload: backend done
svm-t    77.257 ms upload: finite checked
svm-t    83.560 ms upload: backend done
