svm-t     0.000 ms train start
svm-t     6.909 ms gather prepared
svm-t     6.999 ms data uploaded + gamma
svm-t     7.634 ms solve start
svm-t     7.679 ms upload start
svm-t     7.844 ms rows allocated
svm-t     8.785 ms gather: allocated, picks up
svm-t    11.532 ms prepared
svm-t    11.564 ms gather: done, status read
svm-t    11.673 ms x uploaded
svm-t    11.952 ms buffers ready
svm-t    20.569 ms state read
svm-t    29.967 ms state read
svm-t    38.361 ms state read
svm-t    41.501 ms state read
svm-t    43.235 ms state read
svm-t    43.534 ms alpha, g read
svm-t    43.936 ms solve returned
svm-t    43.998 ms pairs done
svm-t    48.682 ms upload: finite checked
svm-t    52.635 ms upload: backend done
svm-t    54.865 ms upload: finite checked
svm-t    89.426 ms upload: backend done
