svm-t     0.000 ms train start
svm-t     5.308 ms gather prepared
svm-t     8.829 ms data uploaded + gamma
svm-t     9.251 ms solve start
svm-t     9.277 ms upload start
svm-t    20.203 ms rows allocated
svm-t    20.392 ms gather: allocated, picks up
svm-t    21.097 ms gather: done, status read
svm-t    21.111 ms x uploaded
svm-t    23.072 ms prepared
svm-t    23.591 ms buffers ready
svm-t    32.619 ms state read
svm-t    41.592 ms state read
svm-t    50.642 ms state read
svm-t    60.260 ms state read
svm-t    70.204 ms state read
svm-t    80.803 ms state read
svm-t    90.983 ms state read
svm-t    99.880 ms state read
svm-t   108.153 ms state read
svm-t   115.625 ms state read
svm-t   123.665 ms state read
svm-t   131.394 ms state read
svm-t   137.269 ms state read
svm-t   141.735 ms state read
svm-t   144.988 ms state read
svm-t   147.275 ms state read
svm-t   148.743 ms state read
svm-t   149.110 ms alpha, g read
svm-t   149.204 ms solve returned
svm-t   149.278 ms pairs done
svm-t   154.217 ms upload: finite checked
svm-t   164.479 ms upload: backend done
svm-t   172.128 ms upload: finite checked
svm-t   178.462 ms upload: backend done
