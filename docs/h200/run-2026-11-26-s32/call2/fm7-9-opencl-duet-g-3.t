svm-t     0.000 ms train start
svm-t     6.502 ms gather prepared
svm-t     6.559 ms data uploaded + gamma
svm-t     7.207 ms solve start
svm-t     7.248 ms upload start
svm-t     7.425 ms rows allocated
svm-t     8.359 ms gather: allocated, picks up
svm-t    11.229 ms prepared
svm-t    11.242 ms gather: done, status read
svm-t    11.402 ms x uploaded
svm-t    11.794 ms buffers ready
svm-t    20.381 ms state read
svm-t    29.781 ms state read
svm-t    38.127 ms state read
svm-t    41.311 ms state read
svm-t    42.973 ms state read
svm-t    43.293 ms alpha, g read
svm-t    43.758 ms solve returned
svm-t    43.831 ms pairs done
svm-t    48.206 ms upload: finite checked
svm-t    51.819 ms upload: backend done
svm-t    53.436 ms upload: finite checked
svm-t    81.619 ms upload: backend done
