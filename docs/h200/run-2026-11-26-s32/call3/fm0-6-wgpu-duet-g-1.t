svm-t     0.000 ms train start
svm-t     5.572 ms gather prepared
svm-t    10.367 ms data uploaded + gamma
svm-t    10.905 ms solve start
svm-t    10.942 ms upload start
svm-t    25.489 ms rows allocated
svm-t    25.568 ms gather: allocated, picks up
svm-t    27.082 ms prepared
svm-t    27.381 ms gather: done, status read
svm-t    27.413 ms x uploaded
svm-t    27.717 ms buffers ready
svm-t    36.766 ms state read
svm-t    45.877 ms state read
svm-t    55.012 ms state read
svm-t    64.521 ms state read
svm-t    74.508 ms state read
svm-t    84.866 ms state read
svm-t    94.847 ms state read
svm-t   103.829 ms state read
svm-t   111.953 ms state read
svm-t   119.333 ms state read
svm-t   127.191 ms state read
svm-t   134.643 ms state read
svm-t   140.216 ms state read
svm-t   144.426 ms state read
svm-t   147.613 ms state read
svm-t   150.137 ms state read
svm-t   151.731 ms state read
svm-t   152.084 ms alpha, g read
svm-t   152.214 ms solve returned
svm-t   152.302 ms pairs done
svm-t   156.646 ms upload: finite checked
svm-t   166.381 ms upload: backend done
svm-t   173.868 ms upload: finite checked
svm-t   180.834 ms upload: backend done
