svm-t     0.000 ms train start
svm-t     2.705 ms gamma + checks
svm-t     3.165 ms solve start
svm-t     3.198 ms upload start
svm-t     4.409 ms rows allocated
svm-t     4.783 ms upload: finite checked
svm-t    10.179 ms prepared
svm-t    11.219 ms cl: packed
svm-t    15.520 ms cl: written
svm-t    17.220 ms upload: backend done
svm-t    17.229 ms x uploaded
svm-t    17.622 ms buffers ready
svm-t    26.186 ms state read
svm-t    35.431 ms state read
svm-t    43.694 ms state read
svm-t    46.738 ms state read
svm-t    47.647 ms state read
svm-t    47.847 ms alpha, g read
svm-t    48.106 ms solve returned
svm-t    48.149 ms pairs done
svm-t    52.171 ms upload: finite checked
svm-t    54.342 ms cl: packed
svm-t    55.073 ms cl: written
svm-t    55.084 ms upload: backend done
svm-t    56.697 ms upload: finite checked
svm-t    79.723 ms cl: packed
svm-t    84.103 ms cl: written
svm-t    85.373 ms upload: backend done
