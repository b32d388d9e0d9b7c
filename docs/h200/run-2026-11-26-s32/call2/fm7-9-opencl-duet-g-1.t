svm-t     0.000 ms train start
svm-t     6.963 ms gather prepared
svm-t     7.063 ms data uploaded + gamma
svm-t     7.687 ms solve start
svm-t     7.726 ms upload start
svm-t     7.911 ms rows allocated
svm-t     8.871 ms gather: allocated, picks up
svm-t    11.754 ms prepared
svm-t    11.794 ms gather: done, status read
svm-t    11.939 ms x uploaded
svm-t    12.287 ms buffers ready
svm-t    20.906 ms state read
svm-t    30.302 ms state read
svm-t    38.655 ms state read
svm-t    41.826 ms state read
svm-t    43.520 ms state read
svm-t    43.818 ms alpha, g read
svm-t    44.242 ms solve returned
svm-t    44.308 ms pairs done
svm-t    48.713 ms upload: finite checked
svm-t    52.978 ms upload: backend done
svm-t    55.270 ms upload: finite checked
svm-t    91.726 ms upload: backend done
