svm-t     0.000 ms train start
svm-t     6.969 ms begin: x up
svm-t     7.353 ms begin: rows pooled
svm-t    10.726 ms begin: prepared
svm-t    11.019 ms data uploaded + gamma
svm-t    11.172 ms solve start
svm-t    11.210 ms upload start
svm-t    11.324 ms prepared
svm-t    11.332 ms rows allocated
svm-t    11.543 ms gather: allocated, picks up
svm-t    11.737 ms gather: done, status read
svm-t    11.824 ms x uploaded
svm-t    12.065 ms buffers ready
svm-t    20.671 ms state read
svm-t    29.999 ms state read
svm-t    38.361 ms state read
svm-t    41.406 ms state read
svm-t    42.325 ms state read
svm-t    42.536 ms alpha, g read
svm-t    42.849 ms solve returned
svm-t    42.895 ms pairs done
svm-t    46.708 ms upload: finite checked
svm-t    50.880 ms upload: backend done
svm-t    52.962 ms upload: finite checked
svm-t    89.643 ms upload: backend done
