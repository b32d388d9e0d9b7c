svm-t     0.000 ms train start
svm-t     2.856 ms gamma + checks
svm-t     3.420 ms solve start
svm-t     3.456 ms upload start
svm-t     4.420 ms rows allocated
svm-t     5.163 ms upload: finite checked
svm-t    11.568 ms prepared
svm-t    11.608 ms cl: packed
svm-t    18.115 ms cl: written
svm-t    21.304 ms upload: backend done
svm-t    21.324 ms x uploaded
svm-t    21.955 ms buffers ready
svm-t    30.593 ms state read
svm-t    40.015 ms state read
svm-t    48.371 ms state read
svm-t    51.521 ms state read
svm-t    52.789 ms state read
svm-t    53.076 ms alpha, g read
svm-t    53.487 ms solve returned
svm-t    53.545 ms pairs done
svm-t    57.819 ms upload: finite checked
svm-t    60.811 ms cl: packed
svm-t    61.899 ms cl: written
svm-t    61.917 ms upload: backend done
svm-t    63.913 ms upload: finite checked
svm-t    90.999 ms cl: packed
svm-t    97.318 ms cl: written
svm-t    99.496 ms upload: backend done
