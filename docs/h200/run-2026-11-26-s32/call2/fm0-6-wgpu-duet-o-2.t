svm-t     0.000 ms train start
svm-t     2.779 ms gamma + checks
svm-t     3.417 ms solve start
svm-t     3.459 ms upload start
svm-t     5.928 ms upload: finite checked
svm-t    17.036 ms rows allocated
svm-t    17.101 ms wgpu: x buffer created
svm-t    22.231 ms upload: backend done
svm-t    22.259 ms x uploaded
svm-t    23.926 ms prepared
svm-t    24.200 ms buffers ready
svm-t    33.659 ms state read
svm-t    42.518 ms state read
svm-t    51.503 ms state read
svm-t    60.823 ms state read
svm-t    70.662 ms state read
svm-t    80.923 ms state read
svm-t    90.832 ms state read
svm-t    99.512 ms state read
svm-t   107.456 ms state read
svm-t   114.740 ms state read
svm-t   122.437 ms state read
svm-t   129.768 ms state read
svm-t   135.341 ms state read
svm-t   139.518 ms state read
svm-t   142.652 ms state read
svm-t   144.985 ms state read
svm-t   146.468 ms state read
svm-t   146.719 ms alpha, g read
svm-t   146.820 ms solve returned
svm-t   146.908 ms pairs done
svm-t   151.321 ms upload: finite checked
svm-t   161.800 ms wgpu: x buffer created
svm-t   163.711 ms upload: backend done
svm-t   171.906 ms upload: finite checked
svm-t   171.946 ms wgpu: x buffer created
svm-t   178.771 ms upload: backend done
