svm-t     0.000 ms train start
svm-t     3.068 ms gamma + checks
svm-t     3.227 ms classes
svm-t     3.601 ms upload start
svm-t     4.103 ms rows allocated
svm-t     9.350 ms prepared
svm-t    18.896 ms cl: written
svm-t    18.925 ms x uploaded
svm-t    21.226 ms buffers ready
svm-t    21.992 ms submitted
svm-t    22.652 ms submitted
svm-t    52.489 ms state read
svm-t    52.824 ms alpha, g read
svm-t    52.891 ms rho
svm-t    52.899 ms run_to_the_end returned
svm-t    52.914 ms buffers dropped
svm-t    53.319 ms solve returned
svm-t    53.388 ms pairs done
svm-t    57.844 ms sv copied
svm-t    57.938 ms train returned
svm-t    57.975 ms solver dropped
svm-t    62.359 ms cl: written
svm-t    77.540 ms cl: written
