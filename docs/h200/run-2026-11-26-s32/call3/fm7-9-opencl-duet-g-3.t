svm-t     0.000 ms train start
svm-t     6.376 ms gather prepared
svm-t     6.429 ms data uploaded + gamma
svm-t     7.044 ms solve start
svm-t     7.083 ms upload start
svm-t     7.417 ms rows allocated
svm-t    10.464 ms prepared
svm-t    10.468 ms gather: allocated, picks up
svm-t    10.772 ms gather: done, status read
svm-t    10.888 ms x uploaded
svm-t    11.230 ms buffers ready
svm-t    19.909 ms state read
svm-t    29.293 ms state read
svm-t    37.580 ms state read
svm-t    40.657 ms state read
svm-t    42.275 ms state read
svm-t    42.554 ms alpha, g read
svm-t    42.908 ms solve returned
svm-t    42.973 ms pairs done
svm-t    47.062 ms upload: finite checked
svm-t    50.447 ms upload: backend done
svm-t    52.455 ms upload: finite checked
svm-t    87.765 ms upload: backend done
