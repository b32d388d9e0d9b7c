svm-t     0.000 ms train start
svm-t    10.353 ms begin: x up
svm-t    24.077 ms begin: rows pooled
svm-t    28.423 ms begin: prepared
svm-t    28.546 ms data uploaded + gamma
svm-t    28.717 ms solve start
svm-t    28.762 ms upload start
svm-t    28.930 ms prepared
svm-t    28.951 ms gather: allocated, picks up
svm-t    28.946 ms rows allocated
svm-t    29.772 ms gather: done, status read
svm-t    29.789 ms x uploaded
svm-t    30.127 ms buffers ready
svm-t    39.118 ms state read
svm-t    48.127 ms state read
svm-t    57.220 ms state read
svm-t    66.642 ms state read
svm-t    76.678 ms state read
svm-t    87.224 ms state read
svm-t    97.225 ms state read
svm-t   106.080 ms state read
svm-t   114.177 ms state read
svm-t   121.529 ms state read
svm-t   129.525 ms state read
svm-t   137.001 ms state read
svm-t   142.613 ms state read
svm-t   147.018 ms state read
svm-t   150.235 ms state read
svm-t   152.737 ms state read
svm-t   154.393 ms state read
svm-t   154.715 ms alpha, g read
svm-t   154.861 ms solve returned
svm-t   154.972 ms pairs done
svm-t   159.414 ms upload: finite checked
svm-t   171.447 ms upload: backend done
svm-t   178.725 ms upload: finite checked
svm-t   185.148 ms upload: backend done
