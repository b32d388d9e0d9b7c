svm-t     0.000 ms train start
svm-t     6.300 ms gather prepared
svm-t     6.373 ms data uploaded + gamma
svm-t     6.865 ms solve start
svm-t     6.900 ms upload start
svm-t     7.200 ms rows allocated
svm-t    10.476 ms gather: allocated, picks up
svm-t    10.486 ms prepared
svm-t    10.778 ms gather: done, status read
svm-t    10.872 ms x uploaded
svm-t    11.151 ms buffers ready
svm-t    20.195 ms state read
svm-t    28.901 ms state read
svm-t    36.666 ms state read
svm-t    44.581 ms state read
svm-t    53.084 ms state read
svm-t    61.681 ms state read
svm-t    70.194 ms state read
svm-t    78.151 ms state read
svm-t    85.473 ms state read
svm-t    92.479 ms state read
svm-t    99.391 ms state read
svm-t   106.002 ms state read
svm-t   110.693 ms state read
svm-t   114.094 ms state read
svm-t   116.545 ms state read
svm-t   118.381 ms state read
svm-t   119.503 ms state read
svm-t   119.725 ms alpha, g read
svm-t   120.081 ms solve returned
svm-t   120.158 ms pairs done
svm-t   125.547 ms upload: finite checked
svm-t   135.853 ms upload: backend done
svm-t   138.637 ms upload: finite checked
svm-t   175.609 ms upload: backend done
