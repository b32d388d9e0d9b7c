svm-t     0.000 ms train start
svm-t     9.018 ms begin: x up
svm-t     9.097 ms begin: prepared
svm-t     9.388 ms begin: rows pooled
svm-t     9.422 ms data uploaded + gamma
svm-t     9.604 ms solve start
svm-t     9.663 ms upload start
svm-t     9.793 ms rows allocated
svm-t     9.812 ms prepared
svm-t     9.940 ms gather: allocated, picks up
svm-t    10.155 ms gather: done, status read
svm-t    10.266 ms x uploaded
svm-t    10.561 ms buffers ready
svm-t    19.711 ms state read
svm-t    28.509 ms state read
svm-t    36.415 ms state read
svm-t    44.459 ms state read
svm-t    53.127 ms state read
svm-t    61.855 ms state read
svm-t    70.477 ms state read
svm-t    78.530 ms state read
svm-t    85.900 ms state read
svm-t    92.984 ms state read
svm-t    99.965 ms state read
svm-t   106.658 ms state read
svm-t   111.420 ms state read
svm-t   114.899 ms state read
svm-t   117.412 ms state read
svm-t   119.299 ms state read
svm-t   120.563 ms state read
svm-t   120.887 ms alpha, g read
svm-t   121.333 ms solve returned
svm-t   121.476 ms pairs done
svm-t   126.959 ms upload: finite checked
svm-t   138.865 ms upload: backend done
svm-t   140.731 ms upload: finite checked
svm-t   168.859 ms upload: backend done
