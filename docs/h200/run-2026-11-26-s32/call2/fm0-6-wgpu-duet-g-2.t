svm-t     0.000 ms train start
svm-t     3.919 ms gather prepared
svm-t     9.385 ms data uploaded + gamma
svm-t     9.956 ms solve start
svm-t     9.992 ms upload start
svm-t    10.149 ms gather: allocated, picks up
svm-t    23.331 ms rows allocated
svm-t    24.108 ms gather: done, status read
svm-t    24.137 ms x uploaded
svm-t    28.583 ms prepared
svm-t    29.030 ms buffers ready
svm-t    38.043 ms state read
svm-t    47.004 ms state read
svm-t    56.082 ms state read
svm-t    65.601 ms state read
svm-t    75.376 ms state read
svm-t    85.597 ms state read
svm-t    95.412 ms state read
svm-t   103.945 ms state read
svm-t   111.907 ms state read
svm-t   118.982 ms state read
svm-t   126.693 ms state read
svm-t   134.226 ms state read
svm-t   139.711 ms state read
svm-t   143.817 ms state read
svm-t   147.014 ms state read
svm-t   149.386 ms state read
svm-t   150.897 ms state read
svm-t   151.131 ms alpha, g read
svm-t   151.256 ms solve returned
svm-t   151.347 ms pairs done
svm-t   156.461 ms upload: finite checked
svm-t   169.409 ms upload: backend done
svm-t   175.141 ms upload: finite checked
svm-t   181.846 ms upload: backend done
