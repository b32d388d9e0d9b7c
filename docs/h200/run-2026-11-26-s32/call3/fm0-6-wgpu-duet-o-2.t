svm-t     0.000 ms train start
svm-t     2.730 ms gamma + checks
svm-t     3.231 ms solve start
svm-t     3.258 ms upload start
svm-t     5.458 ms upload: finite checked
svm-t    15.315 ms rows allocated
svm-t    15.372 ms wgpu: x buffer created
svm-t    20.800 ms prepared
svm-t    21.994 ms upload: backend done
svm-t    22.013 ms x uploaded
svm-t    22.234 ms buffers ready
svm-t    32.150 ms state read
svm-t    41.152 ms state read
svm-t    50.221 ms state read
svm-t    59.839 ms state read
svm-t    69.863 ms state read
svm-t    80.402 ms state read
svm-t    90.471 ms state read
svm-t    99.180 ms state read
svm-t   107.431 ms state read
svm-t   114.762 ms state read
svm-t   122.573 ms state read
svm-t   130.017 ms state read
svm-t   135.663 ms state read
svm-t   139.881 ms state read
svm-t   143.085 ms state read
svm-t   145.606 ms state read
svm-t   147.256 ms state read
svm-t   147.610 ms alpha, g read
svm-t   147.735 ms solve returned
svm-t   147.841 ms pairs done
svm-t   152.616 ms upload: finite checked
svm-t   164.082 ms wgpu: x buffer created
svm-t   166.184 ms upload: backend done
svm-t   172.600 ms upload: finite checked
svm-t   172.634 ms wgpu: x buffer created
svm-t   180.041 ms upload: backend done
