svm-t     0.000 ms train start
svm-t     2.366 ms gamma + checks
svm-t     2.800 ms solve start
svm-t     2.827 ms upload start
svm-t     3.210 ms rows allocated
svm-t     5.484 ms upload: finite checked
svm-t     5.522 ms cl: x buffer created
svm-t     6.779 ms cl: pieces mapped
svm-t    11.765 ms prepared
svm-t    31.453 ms cl: staged, unmapped
svm-t    31.475 ms upload: backend done
svm-t    31.482 ms x uploaded
svm-t    31.998 ms buffers ready
svm-t    40.604 ms state read
svm-t    49.933 ms state read
svm-t    58.233 ms state read
svm-t    61.354 ms state read
svm-t    62.576 ms state read
svm-t    62.864 ms alpha, g read
svm-t    63.211 ms solve returned
svm-t    63.273 ms pairs done
svm-t    69.695 ms upload: finite checked
svm-t    69.720 ms cl: x buffer created
svm-t    72.634 ms upload: backend done
svm-t    74.310 ms upload: finite checked
svm-t    74.326 ms cl: x buffer created
svm-t    75.268 ms cl: pieces mapped
svm-t    80.007 ms cl: staged, unmapped
svm-t    80.025 ms upload: backend done
