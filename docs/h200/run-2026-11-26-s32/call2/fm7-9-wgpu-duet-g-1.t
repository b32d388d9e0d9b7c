svm-t     0.000 ms train start
svm-t     4.305 ms gather prepared
svm-t     9.260 ms data uploaded + gamma
svm-t     9.817 ms solve start
svm-t     9.854 ms upload start
svm-t    10.014 ms gather: allocated, picks up
svm-t    24.125 ms rows allocated
svm-t    24.966 ms gather: done, status read
svm-t    24.990 ms x uploaded
svm-t    29.073 ms prepared
svm-t    29.516 ms buffers ready
svm-t    38.840 ms state read
svm-t    49.651 ms state read
svm-t    58.563 ms state read
svm-t    62.748 ms state read
svm-t    63.550 ms state read
svm-t    63.857 ms alpha, g read
svm-t    63.949 ms solve returned
svm-t    64.020 ms pairs done
svm-t    68.446 ms upload: finite checked
svm-t    77.661 ms upload: backend done
svm-t    79.235 ms upload: finite checked
svm-t    85.133 ms upload: backend done
