svm-t     0.000 ms train start
svm-t     2.588 ms gamma + checks
svm-t     3.253 ms solve start
svm-t     3.306 ms upload start
svm-t     3.811 ms rows allocated
svm-t     4.885 ms upload: finite checked
svm-t    11.555 ms cl: packed
svm-t    11.774 ms prepared
svm-t    18.195 ms cl: written
svm-t    20.625 ms upload: backend done
svm-t    20.640 ms x uploaded
svm-t    21.184 ms buffers ready
svm-t    29.740 ms state read
svm-t    39.100 ms state read
svm-t    47.368 ms state read
svm-t    50.393 ms state read
svm-t    51.293 ms state read
svm-t    51.512 ms alpha, g read
svm-t    51.820 ms solve returned
svm-t    51.869 ms pairs done
svm-t    56.319 ms upload: finite checked
svm-t    59.313 ms cl: packed
svm-t    60.466 ms cl: written
svm-t    60.482 ms upload: backend done
svm-t    62.591 ms upload: finite checked
svm-t    89.453 ms cl: packed
svm-t    95.703 ms cl: written
svm-t    97.884 ms upload: backend done
