svm-t     0.000 ms train start
svm-t     2.681 ms gamma + checks
svm-t     3.296 ms solve start
svm-t     3.335 ms upload start
svm-t     3.734 ms rows allocated
svm-t     5.251 ms upload: finite checked
svm-t    11.500 ms prepared
svm-t    11.835 ms cl: packed
svm-t    17.292 ms cl: written
svm-t    19.180 ms upload: backend done
svm-t    19.192 ms x uploaded
svm-t    19.666 ms buffers ready
svm-t    28.229 ms state read
svm-t    37.524 ms state read
svm-t    45.779 ms state read
svm-t    48.819 ms state read
svm-t    49.823 ms state read
svm-t    50.031 ms alpha, g read
svm-t    50.350 ms solve returned
svm-t    50.404 ms pairs done
svm-t    54.995 ms upload: finite checked
svm-t    58.096 ms cl: packed
svm-t    59.194 ms cl: written
svm-t    59.211 ms upload: backend done
svm-t    60.885 ms upload: finite checked
svm-t    87.963 ms cl: packed
svm-t    94.288 ms cl: written
svm-t    96.789 ms upload: backend done
