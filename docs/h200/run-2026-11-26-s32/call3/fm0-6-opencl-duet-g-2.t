svm-t     0.000 ms train start
svm-t     5.520 ms gather prepared
svm-t     5.902 ms data uploaded + gamma
svm-t     6.382 ms solve start
svm-t     6.408 ms upload start
svm-t     7.376 ms gather: allocated, picks up
svm-t     7.376 ms rows allocated
svm-t     9.886 ms prepared
svm-t     9.915 ms gather: done, status read
svm-t    10.010 ms x uploaded
svm-t    10.283 ms buffers ready
svm-t    19.377 ms state read
svm-t    28.119 ms state read
svm-t    35.946 ms state read
svm-t    43.888 ms state read
svm-t    52.442 ms state read
svm-t    61.102 ms state read
svm-t    69.613 ms state read
svm-t    77.533 ms state read
svm-t    84.778 ms state read
svm-t    91.761 ms state read
svm-t    98.650 ms state read
svm-t   105.252 ms state read
svm-t   109.942 ms state read
svm-t   113.325 ms state read
svm-t   115.771 ms state read
svm-t   117.605 ms state read
svm-t   118.766 ms state read
svm-t   118.991 ms alpha, g read
svm-t   119.336 ms solve returned
svm-t   119.406 ms pairs done
svm-t   124.748 ms upload: finite checked
svm-t   134.238 ms upload: backend done
svm-t   135.958 ms upload: finite checked
svm-t   162.378 ms upload: backend done
