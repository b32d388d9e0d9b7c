svm-t     0.000 ms train start
svm-t     2.493 ms gamma + checks
svm-t     2.964 ms solve start
svm-t     2.993 ms upload start
svm-t     3.571 ms rows allocated
svm-t     4.920 ms upload: finite checked
svm-t     9.875 ms prepared
svm-t    11.473 ms cl: packed
svm-t    16.294 ms cl: written
svm-t    17.981 ms upload: backend done
svm-t    17.988 ms x uploaded
svm-t    18.424 ms buffers ready
svm-t    27.026 ms state read
svm-t    36.319 ms state read
svm-t    44.572 ms state read
svm-t    47.595 ms state read
svm-t    48.464 ms state read
svm-t    48.660 ms alpha, g read
svm-t    48.932 ms solve returned
svm-t    48.980 ms pairs done
svm-t    52.501 ms upload: finite checked
svm-t    55.498 ms cl: packed
svm-t    56.496 ms cl: written
svm-t    56.510 ms upload: backend done
svm-t    58.492 ms upload: finite checked
svm-t    84.638 ms cl: packed
svm-t    91.022 ms cl: written
svm-t    93.357 ms upload: backend done
