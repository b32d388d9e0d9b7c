svm-t     0.000 ms train start
svm-t     2.062 ms gamma + checks
svm-t     2.545 ms solve start
svm-t     2.575 ms upload start
svm-t     3.217 ms rows allocated
svm-t     4.396 ms upload: finite checked
svm-t     4.411 ms cl: x buffer created
svm-t     7.702 ms cl: pieces mapped
svm-t    11.544 ms prepared
svm-t    20.715 ms cl: staged, unmapped
svm-t    20.731 ms upload: backend done
svm-t    20.736 ms x uploaded
svm-t    21.105 ms buffers ready
svm-t    29.677 ms state read
svm-t    38.952 ms state read
svm-t    47.237 ms state read
svm-t    50.264 ms state read
svm-t    51.136 ms state read
svm-t    51.340 ms alpha, g read
svm-t    51.610 ms solve returned
svm-t    51.653 ms pairs done
svm-t    55.723 ms upload: finite checked
svm-t    55.754 ms cl: x buffer created
svm-t    59.400 ms upload: backend done
svm-t    60.756 ms upload: finite checked
svm-t    60.779 ms cl: x buffer created
svm-t    65.407 ms cl: pieces mapped
svm-t    72.006 ms cl: staged, unmapped
svm-t    72.023 ms upload: backend done
