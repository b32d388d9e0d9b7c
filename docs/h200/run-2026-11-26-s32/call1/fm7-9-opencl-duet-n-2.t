svm-t     0.000 ms train start
svm-t     2.061 ms gamma + checks
svm-t     2.517 ms solve start
svm-t     2.546 ms upload start
svm-t     2.889 ms rows allocated
svm-t     4.220 ms upload: finite checked
svm-t     4.253 ms cl: x buffer created
svm-t     7.590 ms cl: pieces mapped
svm-t    12.083 ms prepared
svm-t    20.328 ms cl: staged, unmapped
svm-t    20.343 ms upload: backend done
svm-t    20.350 ms x uploaded
svm-t    20.720 ms buffers ready
svm-t    29.322 ms state read
svm-t    38.600 ms state read
svm-t    46.853 ms state read
svm-t    49.879 ms state read
svm-t    50.798 ms state read
svm-t    51.026 ms alpha, g read
svm-t    51.290 ms solve returned
svm-t    51.332 ms pairs done
svm-t    54.852 ms upload: finite checked
svm-t    54.888 ms cl: x buffer created
svm-t    58.717 ms upload: backend done
svm-t    60.389 ms upload: finite checked
svm-t    60.413 ms cl: x buffer created
svm-t    64.564 ms cl: pieces mapped
svm-t    70.721 ms cl: staged, unmapped
svm-t    70.736 ms upload: backend done
