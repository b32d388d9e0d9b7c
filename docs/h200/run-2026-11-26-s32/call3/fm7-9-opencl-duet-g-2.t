svm-t     0.000 ms train start
svm-t     5.244 ms gather prepared
svm-t     5.313 ms data uploaded + gamma
svm-t     5.757 ms solve start
svm-t     5.781 ms upload start
svm-t     6.288 ms rows allocated
svm-t     6.650 ms gather: allocated, picks up
svm-t     9.175 ms prepared
svm-t     9.461 ms gather: done, status read
svm-t     9.578 ms x uploaded
svm-t     9.874 ms buffers ready
svm-t    18.508 ms state read
svm-t    27.819 ms state read
svm-t    36.075 ms state read
svm-t    39.112 ms state read
svm-t    39.980 ms state read
svm-t    40.172 ms alpha, g read
svm-t    40.425 ms solve returned
svm-t    40.467 ms pairs done
svm-t    44.437 ms upload: finite checked
svm-t    47.323 ms upload: backend done
svm-t    48.737 ms upload: finite checked
svm-t    74.065 ms upload: backend done
