svm-t     0.000 ms train start
svm-t     8.266 ms begin: x up
svm-t     8.356 ms begin: prepared
svm-t     8.625 ms begin: rows pooled
svm-t     8.792 ms data uploaded + gamma
svm-t     8.982 ms solve start
svm-t     9.028 ms upload start
svm-t     9.137 ms prepared
svm-t     9.153 ms rows allocated
svm-t     9.359 ms gather: allocated, picks up
svm-t     9.579 ms gather: done, status read
svm-t     9.693 ms x uploaded
svm-t     9.997 ms buffers ready
svm-t    19.119 ms state read
svm-t    27.891 ms state read
svm-t    35.706 ms state read
svm-t    43.742 ms state read
svm-t    52.374 ms state read
svm-t    61.102 ms state read
svm-t    69.702 ms state read
svm-t    77.717 ms state read
svm-t    85.055 ms state read
svm-t    92.139 ms state read
svm-t    99.103 ms state read
svm-t   105.785 ms state read
svm-t   110.532 ms state read
svm-t   114.006 ms state read
svm-t   116.519 ms state read
svm-t   118.402 ms state read
svm-t   119.812 ms state read
svm-t   120.138 ms alpha, g read
svm-t   120.623 ms solve returned
svm-t   120.743 ms pairs done
svm-t   125.670 ms upload: finite checked
svm-t   138.500 ms upload: backend done
svm-t   140.817 ms upload: finite checked
svm-t   177.922 ms upload: backend done
