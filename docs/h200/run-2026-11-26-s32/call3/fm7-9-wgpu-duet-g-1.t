svm-t     0.000 ms train start
svm-t     4.997 ms gather prepared
svm-t     9.564 ms data uploaded + gamma
svm-t    10.092 ms solve start
svm-t    10.131 ms upload start
svm-t    10.285 ms gather: allocated, picks up
svm-t    24.253 ms rows allocated
svm-t    25.100 ms gather: done, status read
svm-t    25.126 ms x uploaded
svm-t    28.485 ms prepared
svm-t    28.956 ms buffers ready
svm-t    38.344 ms state read
svm-t    49.330 ms state read
svm-t    58.384 ms state read
svm-t    62.560 ms state read
svm-t    63.464 ms state read
svm-t    63.750 ms alpha, g read
svm-t    63.851 ms solve returned
svm-t    63.918 ms pairs done
svm-t    67.944 ms upload: finite checked
svm-t    79.823 ms upload: backend done
svm-t    81.196 ms upload: finite checked
svm-t    86.870 ms upload: backend done
