svm-t     0.000 ms train start
svm-t     2.483 ms gamma + checks
svm-t     2.688 ms classes
svm-t     3.158 ms upload start
svm-t     3.777 ms rows allocated
svm-t    12.658 ms prepared
svm-t    20.309 ms cl: written
svm-t    20.333 ms x uploaded
svm-t    21.839 ms buffers ready
svm-t    22.355 ms submitted
svm-t    22.793 ms submitted
svm-t    53.051 ms state read
svm-t    53.286 ms alpha, g read
svm-t    53.331 ms rho
svm-t    53.337 ms run_to_the_end returned
svm-t    53.345 ms buffers dropped
svm-t    53.625 ms solve returned
svm-t    53.671 ms pairs done
svm-t    57.084 ms sv copied
svm-t    57.154 ms train returned
svm-t    57.178 ms solver dropped
svm-t    62.127 ms cl: written
svm-t    76.047 ms cl: written
