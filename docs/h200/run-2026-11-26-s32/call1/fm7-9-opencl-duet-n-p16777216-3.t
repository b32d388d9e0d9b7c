svm-t     0.000 ms train start
svm-t     2.598 ms gamma + checks
svm-t     3.219 ms solve start
svm-t     3.261 ms upload start
svm-t     3.718 ms rows allocated
svm-t     5.163 ms upload: finite checked
svm-t     5.199 ms cl: x buffer created
svm-t    22.544 ms cl: pieces mapped
svm-t    26.526 ms prepared
svm-t    36.254 ms cl: staged, unmapped
svm-t    36.285 ms upload: backend done
svm-t    36.295 ms x uploaded
svm-t    36.824 ms buffers ready
svm-t    45.419 ms state read
svm-t    54.725 ms state read
svm-t    62.989 ms state read
svm-t    66.047 ms state read
svm-t    67.309 ms state read
svm-t    67.546 ms alpha, g read
svm-t    67.928 ms solve returned
svm-t    67.997 ms pairs done
svm-t    71.614 ms upload: finite checked
svm-t    71.643 ms cl: x buffer created
svm-t    74.702 ms upload: backend done
svm-t    76.561 ms upload: finite checked
svm-t    76.594 ms cl: x buffer created
svm-t    89.056 ms cl: pieces mapped
svm-t   100.217 ms cl: staged, unmapped
svm-t   100.234 ms upload: backend done
