svm-t     0.000 ms train start
svm-t     2.276 ms gamma + checks
svm-t     2.884 ms solve start
svm-t     2.928 ms upload start
svm-t     3.393 ms rows allocated
svm-t     4.633 ms upload: finite checked
svm-t     4.654 ms cl: x buffer created
svm-t     5.672 ms cl: pieces mapped
svm-t     9.359 ms prepared
svm-t    25.150 ms cl: staged, unmapped
svm-t    25.170 ms upload: backend done
svm-t    25.176 ms x uploaded
svm-t    25.570 ms buffers ready
svm-t    34.131 ms state read
svm-t    43.379 ms state read
svm-t    51.630 ms state read
svm-t    54.651 ms state read
svm-t    55.616 ms state read
svm-t    55.844 ms alpha, g read
svm-t    56.109 ms solve returned
svm-t    56.153 ms pairs done
svm-t    59.574 ms upload: finite checked
svm-t    59.602 ms cl: x buffer created
svm-t    63.131 ms upload: backend done
svm-t    64.790 ms upload: finite checked
svm-t    64.812 ms cl: x buffer created
svm-t    65.906 ms cl: pieces mapped
svm-t    71.888 ms cl: staged, unmapped
svm-t    71.902 ms upload: backend done
