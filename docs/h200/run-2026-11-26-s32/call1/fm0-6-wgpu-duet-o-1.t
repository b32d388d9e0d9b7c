svm-t     0.000 ms train start
svm-t     3.363 ms gamma + checks
svm-t     3.817 ms solve start
svm-t     3.844 ms upload start
svm-t     5.792 ms upload: finite checked
svm-t    15.048 ms rows allocated
svm-t    15.205 ms wgpu: x buffer created
svm-t    17.544 ms prepared
svm-t    18.835 ms upload: backend done
svm-t    18.853 ms x uploaded
svm-t    19.312 ms buffers ready
svm-t    28.759 ms state read
svm-t    37.541 ms state read
svm-t    46.479 ms state read
svm-t    55.770 ms state read
svm-t    65.591 ms state read
svm-t    75.811 ms state read
svm-t    85.584 ms state read
svm-t    94.375 ms state read
svm-t   102.388 ms state read
svm-t   109.613 ms state read
svm-t   117.429 ms state read
svm-t   124.876 ms state read
svm-t   130.499 ms state read
svm-t   134.648 ms state read
svm-t   137.799 ms state read
svm-t   140.226 ms state read
svm-t   141.853 ms state read
svm-t   142.152 ms alpha, g read
svm-t   142.296 ms solve returned
svm-t   142.405 ms pairs done
svm-t   146.514 ms upload: finite checked
svm-t   156.820 ms wgpu: x buffer created
svm-t   158.677 ms upload: backend done
svm-t   164.280 ms upload: finite checked
svm-t   164.303 ms wgpu: x buffer created
svm-t   171.026 ms upload: backend done
