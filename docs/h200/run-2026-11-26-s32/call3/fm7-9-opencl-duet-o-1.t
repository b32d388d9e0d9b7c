svm-t     0.000 ms train start
svm-t     2.352 ms gamma + checks
svm-t     2.911 ms solve start
svm-t     2.946 ms upload start
svm-t     3.270 ms rows allocated
svm-t     4.906 ms upload: finite checked
svm-t     9.410 ms prepared
svm-t    12.329 ms cl: packed
svm-t    16.850 ms cl: written
svm-t    18.792 ms upload: backend done
svm-t    18.800 ms x uploaded
svm-t    19.200 ms buffers ready
svm-t    27.770 ms state read
svm-t    37.057 ms state read
svm-t    45.328 ms state read
svm-t    48.380 ms state read
svm-t    49.214 ms state read
svm-t    49.420 ms alpha, g read
svm-t    49.688 ms solve returned
svm-t    49.729 ms pairs done
svm-t    54.575 ms upload: finite checked
svm-t    56.870 ms cl: packed
svm-t    57.666 ms cl: written
svm-t    57.678 ms upload: backend done
svm-t    59.095 ms upload: finite checked
svm-t    79.894 ms cl: packed
svm-t    84.942 ms cl: written
svm-t    86.428 ms upload: backend done
