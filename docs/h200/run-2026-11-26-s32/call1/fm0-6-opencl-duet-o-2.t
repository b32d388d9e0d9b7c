svm-t     0.000 ms train start
svm-t     2.130 ms gamma + checks
svm-t     2.571 ms solve start
svm-t     2.593 ms upload start
svm-t     3.305 ms rows allocated
svm-t     4.815 ms upload: finite checked
svm-t    10.324 ms prepared
svm-t    11.224 ms cl: packed
svm-t    15.547 ms cl: written
svm-t    17.067 ms upload: backend done
svm-t    17.075 ms x uploaded
svm-t    17.452 ms buffers ready
svm-t    26.435 ms state read
svm-t    35.035 ms state read
svm-t    42.720 ms state read
svm-t    50.605 ms state read
svm-t    59.087 ms state read
svm-t    67.658 ms state read
svm-t    76.119 ms state read
svm-t    84.013 ms state read
svm-t    91.235 ms state read
svm-t    98.205 ms state read
svm-t   105.082 ms state read
svm-t   111.666 ms state read
svm-t   116.317 ms state read
svm-t   119.683 ms state read
svm-t   122.105 ms state read
svm-t   123.916 ms state read
svm-t   125.009 ms state read
svm-t   125.206 ms alpha, g read
svm-t   125.511 ms solve returned
svm-t   125.583 ms pairs done
svm-t   129.753 ms upload: finite checked
svm-t   136.526 ms cl: packed
svm-t   138.294 ms cl: written
svm-t   138.776 ms upload: backend done
svm-t   140.706 ms upload: finite checked
svm-t   164.732 ms cl: packed
svm-t   170.468 ms cl: written
svm-t   172.386 ms upload: backend done
