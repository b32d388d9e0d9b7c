svm-t     0.000 ms train start
svm-t     6.499 ms gather prepared
svm-t     6.588 ms data uploaded + gamma
svm-t     7.277 ms solve start
svm-t     7.320 ms upload start
svm-t     7.745 ms gather: allocated, picks up
svm-t     8.008 ms gather: done, status read
svm-t     8.118 ms x uploaded
svm-t     8.545 ms rows allocated
svm-t    11.257 ms prepared
svm-t    11.773 ms buffers ready
svm-t    20.857 ms state read
svm-t    29.596 ms state read
svm-t    37.369 ms state read
svm-t    45.331 ms state read
svm-t    53.912 ms state read
svm-t    62.542 ms state read
svm-t    71.077 ms state read
svm-t    79.091 ms state read
svm-t    86.437 ms state read
svm-t    93.515 ms state read
svm-t   100.527 ms state read
svm-t   107.216 ms state read
svm-t   111.962 ms state read
svm-t   115.446 ms state read
svm-t   117.924 ms state read
svm-t   119.800 ms state read
svm-t   121.070 ms state read
svm-t   121.372 ms alpha, g read
svm-t   121.827 ms solve returned
svm-t   121.928 ms pairs done
svm-t   126.259 ms upload: finite checked
svm-t   139.456 ms upload: backend done
svm-t   141.639 ms upload: finite checked
svm-t   177.267 ms upload: backend done
