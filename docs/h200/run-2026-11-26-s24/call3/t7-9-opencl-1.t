svm-t     0.000 ms train start
svm-t     2.835 ms gamma + checks
svm-t     3.047 ms classes
svm-t     3.529 ms upload start
svm-t     4.045 ms rows allocated
svm-t     9.002 ms cl: packed
svm-t    14.444 ms cl: written
svm-t    16.100 ms x uploaded
svm-t    18.446 ms prepared
svm-t    19.603 ms buffers ready
svm-t    20.156 ms submitted
svm-t    20.642 ms submitted
svm-t    29.416 ms state read
svm-t    30.051 ms submitted
svm-t    30.631 ms submitted
svm-t    40.161 ms state read
svm-t    40.753 ms submitted
svm-t    41.231 ms submitted
svm-t    49.851 ms state read
svm-t    50.443 ms submitted
svm-t    50.977 ms submitted
svm-t    54.019 ms state read
svm-t    54.493 ms submitted
svm-t    54.992 ms submitted
svm-t    55.021 ms state read
svm-t    55.295 ms alpha, g read
svm-t    55.361 ms rho
svm-t    55.369 ms run_to_the_end returned
svm-t    55.379 ms buffers dropped
svm-t    55.670 ms solve returned
svm-t    55.724 ms pairs done
svm-t    57.985 ms sv copied
svm-t    58.039 ms train returned
svm-t    58.109 ms solver dropped
svm-t    63.881 ms cl: packed
svm-t    64.917 ms cl: written
svm-t    93.815 ms cl: packed
svm-t   100.013 ms cl: written
