svm-t     0.000 ms train start
svm-t     2.781 ms gamma + checks
svm-t     3.322 ms solve start
svm-t     3.363 ms upload start
svm-t     3.713 ms rows allocated
svm-t     5.620 ms upload: finite checked
svm-t     9.743 ms prepared
svm-t    11.345 ms cl: packed
svm-t    15.574 ms cl: written
svm-t    17.186 ms upload: backend done
svm-t    17.201 ms x uploaded
svm-t    17.599 ms buffers ready
svm-t    26.150 ms state read
svm-t    35.402 ms state read
svm-t    43.655 ms state read
svm-t    46.654 ms state read
svm-t    47.523 ms state read
svm-t    47.704 ms alpha, g read
svm-t    47.955 ms solve returned
svm-t    47.997 ms pairs done
svm-t    51.775 ms upload: finite checked
svm-t    53.947 ms cl: packed
svm-t    54.666 ms cl: written
svm-t    54.678 ms upload: backend done
svm-t    56.275 ms upload: finite checked
svm-t    75.743 ms cl: packed
svm-t    80.147 ms cl: written
svm-t    81.219 ms upload: backend done
