svm-t     0.000 ms train start
svm-t     3.379 ms gamma + checks
svm-t     3.868 ms solve start
svm-t     3.895 ms upload start
svm-t     4.525 ms rows allocated
svm-t     5.810 ms upload: finite checked
svm-t    10.678 ms prepared
svm-t    12.509 ms cl: packed
svm-t    19.303 ms cl: written
svm-t    23.182 ms upload: backend done
svm-t    23.204 ms x uploaded
svm-t    23.872 ms buffers ready
svm-t    32.881 ms state read
svm-t    41.605 ms state read
svm-t    49.385 ms state read
svm-t    57.351 ms state read
svm-t    65.926 ms state read
svm-t    74.623 ms state read
svm-t    83.162 ms state read
svm-t    91.165 ms state read
svm-t    98.458 ms state read
svm-t   105.520 ms state read
svm-t   112.479 ms state read
svm-t   119.115 ms state read
svm-t   123.823 ms state read
svm-t   127.249 ms state read
svm-t   129.721 ms state read
svm-t   131.579 ms state read
svm-t   132.955 ms state read
svm-t   133.303 ms alpha, g read
svm-t   133.759 ms solve returned
svm-t   133.861 ms pairs done
svm-t   138.635 ms upload: finite checked
svm-t   147.601 ms cl: packed
svm-t   149.960 ms cl: written
svm-t   150.866 ms upload: backend done
svm-t   152.728 ms upload: finite checked
svm-t   178.711 ms cl: packed
svm-t   185.138 ms cl: written
svm-t   187.765 ms upload: backend done
