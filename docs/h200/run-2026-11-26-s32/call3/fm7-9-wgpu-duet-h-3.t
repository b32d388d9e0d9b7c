svm-t     0.000 ms train start
svm-t     8.915 ms begin: x up
svm-t    21.545 ms begin: rows pooled
svm-t    24.087 ms begin: prepared
svm-t    24.211 ms data uploaded + gamma
svm-t    24.367 ms solve start
svm-t    24.406 ms upload start
svm-t    24.536 ms rows allocated
svm-t    24.538 ms prepared
svm-t    24.572 ms gather: allocated, picks up
svm-t    25.389 ms gather: done, status read
svm-t    25.407 ms x uploaded
svm-t    25.699 ms buffers ready
svm-t    34.921 ms state read
svm-t    45.765 ms state read
svm-t    54.608 ms state read
svm-t    58.735 ms state read
svm-t    59.526 ms state read
svm-t    59.920 ms alpha, g read
svm-t    60.014 ms solve returned
svm-t    60.080 ms pairs done
svm-t    63.976 ms upload: finite checked
svm-t    73.299 ms upload: backend done
svm-t    74.684 ms upload: finite checked
svm-t    80.198 ms upload: backend done
