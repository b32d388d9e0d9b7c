svm-t     0.000 ms train start
svm-t     2.511 ms gamma + checks
svm-t     2.968 ms solve start
svm-t     2.993 ms upload start
svm-t     4.799 ms upload: finite checked
svm-t    13.469 ms rows allocated
svm-t    13.513 ms wgpu: x buffer created
svm-t    20.200 ms upload: backend done
svm-t    20.218 ms x uploaded
svm-t    23.704 ms prepared
svm-t    24.008 ms buffers ready
svm-t    33.310 ms state read
svm-t    42.191 ms state read
svm-t    51.024 ms state read
svm-t    60.374 ms state read
svm-t    70.352 ms state read
svm-t    80.624 ms state read
svm-t    90.548 ms state read
svm-t    99.140 ms state read
svm-t   107.052 ms state read
svm-t   114.345 ms state read
svm-t   121.951 ms state read
svm-t   129.300 ms state read
svm-t   134.663 ms state read
svm-t   138.651 ms state read
svm-t   141.790 ms state read
svm-t   144.153 ms state read
svm-t   145.619 ms state read
svm-t   145.832 ms alpha, g read
svm-t   145.925 ms solve returned
svm-t   146.009 ms pairs done
svm-t   149.796 ms upload: finite checked
svm-t   160.968 ms wgpu: x buffer created
svm-t   162.696 ms upload: backend done
svm-t   168.221 ms upload: finite checked
svm-t   168.250 ms wgpu: x buffer created
svm-t   174.737 ms upload: backend done
