svm-t     0.000 ms train start
svm-t     3.532 ms gamma + checks
svm-t     4.156 ms solve start
svm-t     4.222 ms upload start
svm-t     4.899 ms rows allocated
svm-t     6.572 ms upload: finite checked
svm-t     6.602 ms cl: x buffer created
svm-t     8.052 ms cl: pieces mapped
svm-t    10.921 ms prepared
svm-t    28.795 ms cl: staged, unmapped
svm-t    28.819 ms upload: backend done
svm-t    28.827 ms x uploaded
svm-t    29.373 ms buffers ready
svm-t    37.978 ms state read
svm-t    47.325 ms state read
svm-t    55.642 ms state read
svm-t    58.751 ms state read
svm-t    60.063 ms state read
svm-t    60.341 ms alpha, g read
svm-t    60.740 ms solve returned
svm-t    60.808 ms pairs done
svm-t    66.810 ms upload: finite checked
svm-t    66.843 ms cl: x buffer created
svm-t    70.613 ms upload: backend done
svm-t    72.253 ms upload: finite checked
svm-t    72.272 ms cl: x buffer created
svm-t    73.323 ms cl: pieces mapped
svm-t    78.952 ms cl: staged, unmapped
svm-t    78.966 ms upload: backend done
