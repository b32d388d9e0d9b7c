svm-t     0.000 ms train start
svm-t     2.388 ms gamma + checks
svm-t     2.882 ms solve start
svm-t     2.912 ms upload start
svm-t     3.321 ms rows allocated
svm-t     4.845 ms upload: finite checked
svm-t    10.797 ms prepared
svm-t    10.861 ms cl: packed
svm-t    15.265 ms cl: written
svm-t    17.185 ms upload: backend done
svm-t    17.193 ms x uploaded
svm-t    17.583 ms buffers ready
svm-t    26.113 ms state read
svm-t    35.375 ms state read
svm-t    43.607 ms state read
svm-t    46.622 ms state read
svm-t    47.488 ms state read
svm-t    47.673 ms alpha, g read
svm-t    47.946 ms solve returned
svm-t    47.991 ms pairs done
svm-t    51.241 ms upload: finite checked
svm-t    53.348 ms cl: packed
svm-t    54.091 ms cl: written
svm-t    54.103 ms upload: backend done
svm-t    55.582 ms upload: finite checked
svm-t    76.363 ms cl: packed
svm-t    81.152 ms cl: written
svm-t    82.841 ms upload: backend done
