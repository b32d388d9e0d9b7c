svm-t     0.000 ms train start
svm-t     4.861 ms gather prepared
svm-t     9.517 ms data uploaded + gamma
svm-t     9.948 ms solve start
svm-t     9.973 ms upload start
svm-t    10.111 ms gather: allocated, picks up
svm-t    20.943 ms rows allocated
svm-t    21.886 ms gather: done, status read
svm-t    21.914 ms x uploaded
svm-t    22.637 ms prepared
svm-t    23.055 ms buffers ready
svm-t    32.029 ms state read
svm-t    40.939 ms state read
svm-t    49.980 ms state read
svm-t    59.396 ms state read
svm-t    69.334 ms state read
svm-t    79.647 ms state read
svm-t    89.586 ms state read
svm-t    98.309 ms state read
svm-t   106.423 ms state read
svm-t   113.785 ms state read
svm-t   121.578 ms state read
svm-t   128.986 ms state read
svm-t   134.579 ms state read
svm-t   138.892 ms state read
svm-t   142.063 ms state read
svm-t   144.507 ms state read
svm-t   146.149 ms state read
svm-t   146.444 ms alpha, g read
svm-t   146.560 ms solve returned
svm-t   146.663 ms pairs done
svm-t   151.294 ms upload: finite checked
svm-t   161.847 ms upload: backend done
svm-t   167.890 ms upload: finite checked
svm-t   175.235 ms upload: backend done
