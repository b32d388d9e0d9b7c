svm-t     0.000 ms train start
svm-t     6.275 ms gather prepared
svm-t    10.483 ms data uploaded + gamma
svm-t    11.046 ms solve start
svm-t    11.086 ms upload start
svm-t    11.259 ms gather: allocated, picks up
svm-t    22.094 ms rows allocated
svm-t    23.020 ms gather: done, status read
svm-t    23.042 ms x uploaded
svm-t    26.412 ms prepared
svm-t    26.861 ms buffers ready
svm-t    36.160 ms state read
svm-t    47.044 ms state read
svm-t    55.992 ms state read
svm-t    60.180 ms state read
svm-t    61.014 ms state read
svm-t    61.382 ms alpha, g read
svm-t    61.479 ms solve returned
svm-t    61.541 ms pairs done
svm-t    66.065 ms upload: finite checked
svm-t    76.547 ms upload: backend done
svm-t    78.710 ms upload: finite checked
svm-t    84.223 ms upload: backend done
