svm-t     0.000 ms train start
svm-t     2.245 ms gamma + checks
svm-t     2.683 ms solve start
svm-t     2.711 ms upload start
svm-t     3.124 ms rows allocated
svm-t     4.957 ms upload: finite checked
svm-t     4.993 ms cl: x buffer created
svm-t     8.623 ms cl: pieces mapped
svm-t    11.817 ms prepared
svm-t    21.212 ms cl: staged, unmapped
svm-t    21.227 ms upload: backend done
svm-t    21.235 ms x uploaded
svm-t    21.613 ms buffers ready
svm-t    30.625 ms state read
svm-t    39.309 ms state read
svm-t    47.059 ms state read
svm-t    54.999 ms state read
svm-t    63.588 ms state read
svm-t    72.244 ms state read
svm-t    80.788 ms state read
svm-t    88.755 ms state read
svm-t    96.027 ms state read
svm-t   103.061 ms state read
svm-t   110.001 ms state read
svm-t   116.653 ms state read
svm-t   121.359 ms state read
svm-t   124.769 ms state read
svm-t   127.247 ms state read
svm-t   129.095 ms state read
svm-t   130.311 ms state read
svm-t   130.600 ms alpha, g read
svm-t   131.075 ms solve returned
svm-t   131.174 ms pairs done
svm-t   135.444 ms upload: finite checked
svm-t   135.474 ms cl: x buffer created
svm-t   140.143 ms cl: pieces mapped
svm-t   144.342 ms cl: staged, unmapped
svm-t   144.358 ms upload: backend done
svm-t   146.198 ms upload: finite checked
svm-t   146.216 ms cl: x buffer created
svm-t   150.258 ms cl: pieces mapped
svm-t   157.126 ms cl: staged, unmapped
svm-t   157.141 ms upload: backend done
