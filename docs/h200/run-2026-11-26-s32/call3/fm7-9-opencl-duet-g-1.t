svm-t     0.000 ms train start
svm-t     7.158 ms gather prepared
svm-t     7.246 ms data uploaded + gamma
svm-t     7.866 ms solve start
svm-t     7.907 ms upload start
svm-t     8.279 ms rows allocated
svm-t    11.636 ms prepared
svm-t    11.647 ms gather: allocated, picks up
svm-t    12.027 ms gather: done, status read
svm-t    12.172 ms x uploaded
svm-t    12.563 ms buffers ready
svm-t    21.243 ms state read
svm-t    30.615 ms state read
svm-t    38.914 ms state read
svm-t    42.034 ms state read
svm-t    43.991 ms state read
svm-t    44.290 ms alpha, g read
svm-t    44.761 ms solve returned
svm-t    44.828 ms pairs done
svm-t    49.052 ms upload: finite checked
svm-t    53.339 ms upload: backend done
svm-t    55.561 ms upload: finite checked
svm-t    93.624 ms upload: backend done
