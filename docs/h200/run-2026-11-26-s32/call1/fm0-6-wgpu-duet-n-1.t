svm-t     0.000 ms train start
svm-t     2.700 ms gamma + checks
svm-t     3.130 ms solve start
svm-t     3.158 ms upload start
svm-t     5.018 ms upload: finite checked
svm-t    13.587 ms rows allocated
svm-t    13.609 ms wgpu: x buffer created
svm-t    16.557 ms prepared
svm-t    17.745 ms upload: backend done
svm-t    17.756 ms x uploaded
svm-t    17.909 ms buffers ready
svm-t    27.192 ms state read
svm-t    35.886 ms state read
svm-t    44.937 ms state read
svm-t    54.085 ms state read
svm-t    63.953 ms state read
svm-t    74.430 ms state read
svm-t    84.256 ms state read
svm-t    93.240 ms state read
svm-t   101.474 ms state read
svm-t   109.064 ms state read
svm-t   116.868 ms state read
svm-t   124.044 ms state read
svm-t   129.727 ms state read
svm-t   134.003 ms state read
svm-t   137.293 ms state read
svm-t   139.626 ms state read
svm-t   141.097 ms state read
svm-t   141.309 ms alpha, g read
svm-t   141.407 ms solve returned
svm-t   141.483 ms pairs done
svm-t   146.085 ms upload: finite checked
svm-t   155.520 ms wgpu: x buffer created
svm-t   157.199 ms upload: backend done
svm-t   164.040 ms upload: finite checked
svm-t   164.072 ms wgpu: x buffer created
svm-t   170.122 ms upload: backend done
