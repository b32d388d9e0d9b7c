svm-t     0.000 ms train start
svm-t     5.442 ms gather prepared
svm-t     9.644 ms data uploaded + gamma
svm-t    10.165 ms solve start
svm-t    10.200 ms upload start
svm-t    21.613 ms rows allocated
svm-t    21.718 ms gather: allocated, picks up
svm-t    23.126 ms gather: done, status read
svm-t    23.150 ms x uploaded
svm-t    24.548 ms prepared
svm-t    25.040 ms buffers ready
svm-t    34.399 ms state read
svm-t    45.216 ms state read
svm-t    54.142 ms state read
svm-t    58.379 ms state read
svm-t    59.264 ms state read
svm-t    59.548 ms alpha, g read
svm-t    59.638 ms solve returned
svm-t    59.700 ms pairs done
svm-t    63.908 ms upload: finite checked
svm-t    75.464 ms upload: backend done
svm-t    77.018 ms upload: finite checked
svm-t    82.295 ms upload: backend done
