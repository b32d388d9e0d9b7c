svm-t     0.000 ms train start
svm-t     2.614 ms gamma + checks
svm-t     3.188 ms solve start
svm-t     3.229 ms upload start
svm-t     3.654 ms rows allocated
svm-t     4.716 ms upload: finite checked
svm-t     4.741 ms cl: x buffer created
svm-t    20.945 ms cl: pieces mapped
svm-t    24.483 ms prepared
svm-t    33.627 ms cl: staged, unmapped
svm-t    33.650 ms upload: backend done
svm-t    33.658 ms x uploaded
svm-t    34.126 ms buffers ready
svm-t    42.708 ms state read
svm-t    52.055 ms state read
svm-t    60.397 ms state read
svm-t    63.499 ms state read
svm-t    64.743 ms state read
svm-t    65.118 ms alpha, g read
svm-t    65.477 ms solve returned
svm-t    65.540 ms pairs done
svm-t    69.063 ms upload: finite checked
svm-t    69.106 ms cl: x buffer created
svm-t    72.608 ms upload: backend done
svm-t    74.417 ms upload: finite checked
svm-t    74.442 ms cl: x buffer created
svm-t    90.105 ms cl: pieces mapped
svm-t   102.707 ms cl: staged, unmapped
svm-t   102.728 ms upload: backend done
