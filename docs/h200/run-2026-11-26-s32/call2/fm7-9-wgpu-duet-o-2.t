svm-t     0.000 ms train start
svm-t     3.957 ms gamma + checks
svm-t     4.523 ms solve start
svm-t     4.563 ms upload start
svm-t     6.711 ms upload: finite checked
svm-t    18.044 ms rows allocated
svm-t    18.063 ms wgpu: x buffer created
svm-t    21.609 ms prepared
svm-t    22.775 ms upload: backend done
svm-t    22.790 ms x uploaded
svm-t    23.215 ms buffers ready
svm-t    32.797 ms state read
svm-t    43.560 ms state read
svm-t    52.501 ms state read
svm-t    56.640 ms state read
svm-t    57.400 ms state read
svm-t    57.648 ms alpha, g read
svm-t    57.716 ms solve returned
svm-t    57.761 ms pairs done
svm-t    62.171 ms upload: finite checked
svm-t    72.900 ms wgpu: x buffer created
svm-t    73.696 ms upload: backend done
svm-t    75.197 ms upload: finite checked
svm-t    75.233 ms wgpu: x buffer created
svm-t    80.562 ms upload: backend done
