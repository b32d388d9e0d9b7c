svm-t     0.000 ms train start
svm-t     3.182 ms gamma + checks
svm-t     3.346 ms classes
svm-t     3.720 ms upload start
svm-t     4.115 ms rows allocated
svm-t     9.187 ms prepared
svm-t    19.772 ms cl: written
svm-t    19.796 ms x uploaded
svm-t    20.214 ms buffers ready
svm-t    20.654 ms submitted
svm-t    21.053 ms submitted
svm-t    29.938 ms state read
svm-t    30.410 ms submitted
svm-t    30.873 ms submitted
svm-t    40.583 ms state read
svm-t    41.013 ms submitted
svm-t    41.425 ms submitted
svm-t    50.218 ms state read
svm-t    50.695 ms submitted
svm-t    51.158 ms submitted
svm-t    54.336 ms state read
svm-t    54.751 ms submitted
svm-t    55.177 ms submitted
svm-t    55.201 ms state read
svm-t    55.399 ms alpha, g read
svm-t    55.442 ms rho
svm-t    55.447 ms run_to_the_end returned
svm-t    55.455 ms buffers dropped
svm-t    55.688 ms solve returned
svm-t    55.735 ms pairs done
svm-t    57.525 ms sv copied
svm-t    57.587 ms train returned
svm-t    57.607 ms solver dropped
svm-t    62.751 ms cl: written
svm-t    78.371 ms cl: written
