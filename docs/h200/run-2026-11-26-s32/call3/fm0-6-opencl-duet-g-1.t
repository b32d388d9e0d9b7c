svm-t     0.000 ms train start
svm-t     5.252 ms gather prepared
svm-t     5.616 ms data uploaded + gamma
svm-t     6.194 ms solve start
svm-t     6.231 ms upload start
svm-t     6.375 ms rows allocated
svm-t     7.260 ms gather: allocated, picks up
svm-t     7.512 ms gather: done, status read
svm-t     7.645 ms x uploaded
svm-t    10.177 ms prepared
svm-t    10.615 ms buffers ready
svm-t    19.694 ms state read
svm-t    28.426 ms state read
svm-t    36.185 ms state read
svm-t    44.129 ms state read
svm-t    52.688 ms state read
svm-t    61.317 ms state read
svm-t    69.785 ms state read
svm-t    77.704 ms state read
svm-t    84.967 ms state read
svm-t    92.065 ms state read
svm-t    99.056 ms state read
svm-t   105.736 ms state read
svm-t   110.483 ms state read
svm-t   113.950 ms state read
svm-t   116.449 ms state read
svm-t   118.295 ms state read
svm-t   119.460 ms state read
svm-t   119.747 ms alpha, g read
svm-t   120.155 ms solve returned
svm-t   120.243 ms pairs done
svm-t   125.316 ms upload: finite checked
svm-t   135.206 ms upload: backend done
svm-t   137.190 ms upload: finite checked
svm-t   162.456 ms upload: backend done
