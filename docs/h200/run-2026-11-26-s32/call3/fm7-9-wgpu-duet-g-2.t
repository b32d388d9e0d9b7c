svm-t     0.000 ms train start
svm-t     4.693 ms gather prepared
svm-t     9.920 ms data uploaded + gamma
svm-t    10.438 ms solve start
svm-t    10.475 ms upload start
svm-t    21.420 ms rows allocated
svm-t    21.508 ms gather: allocated, picks up
svm-t    22.994 ms prepared
svm-t    23.090 ms gather: done, status read
svm-t    23.117 ms x uploaded
svm-t    23.383 ms buffers ready
svm-t    32.604 ms state read
svm-t    43.463 ms state read
svm-t    52.414 ms state read
svm-t    56.595 ms state read
svm-t    57.424 ms state read
svm-t    57.716 ms alpha, g read
svm-t    57.802 ms solve returned
svm-t    57.858 ms pairs done
svm-t    62.279 ms upload: finite checked
svm-t    70.801 ms upload: backend done
svm-t    72.636 ms upload: finite checked
svm-t    78.667 ms upload: backend done
