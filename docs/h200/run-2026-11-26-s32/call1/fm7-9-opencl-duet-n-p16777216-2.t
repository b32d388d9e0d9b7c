svm-t     0.000 ms train start
svm-t     2.740 ms gamma + checks
svm-t     3.198 ms solve start
svm-t     3.226 ms upload start
svm-t     3.645 ms rows allocated
svm-t     4.781 ms upload: finite checked
svm-t     4.816 ms cl: x buffer created
svm-t    22.065 ms cl: pieces mapped
svm-t    25.722 ms prepared
svm-t    34.952 ms cl: staged, unmapped
svm-t    34.974 ms upload: backend done
svm-t    34.982 ms x uploaded
svm-t    35.438 ms buffers ready
svm-t    44.033 ms state read
svm-t    53.381 ms state read
svm-t    61.720 ms state read
svm-t    64.831 ms state read
svm-t    66.012 ms state read
svm-t    66.284 ms alpha, g read
svm-t    66.680 ms solve returned
svm-t    66.765 ms pairs done
svm-t    70.596 ms upload: finite checked
svm-t    70.630 ms cl: x buffer created
svm-t    75.109 ms upload: backend done
svm-t    76.988 ms upload: finite checked
svm-t    77.016 ms cl: x buffer created
svm-t    91.064 ms cl: pieces mapped
svm-t   102.772 ms cl: staged, unmapped
svm-t   102.798 ms upload: backend done
