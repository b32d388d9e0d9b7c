svm-t     0.000 ms train start
svm-t     4.107 ms gather prepared
svm-t     8.876 ms data uploaded + gamma
svm-t     9.372 ms solve start
svm-t     9.411 ms upload start
svm-t    20.226 ms rows allocated
svm-t    20.268 ms gather: allocated, picks up
svm-t    21.177 ms gather: done, status read
svm-t    21.195 ms x uploaded
svm-t    23.335 ms prepared
svm-t    23.720 ms buffers ready
svm-t    32.933 ms state read
svm-t    43.680 ms state read
svm-t    52.613 ms state read
svm-t    56.659 ms state read
svm-t    57.390 ms state read
svm-t    57.660 ms alpha, g read
svm-t    57.749 ms solve returned
svm-t    57.803 ms pairs done
svm-t    61.608 ms upload: finite checked
svm-t    73.260 ms upload: backend done
svm-t    74.709 ms upload: finite checked
svm-t    80.480 ms upload: backend done
