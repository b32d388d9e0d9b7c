svm-t     0.000 ms train start
svm-t     3.080 ms gamma + checks
svm-t     3.596 ms upload start
svm-t     3.852 ms cl build smo start
svm-t     4.146 ms rows allocated
svm-t    12.857 ms cl build smo from binary (530070 bytes)
svm-t    12.906 ms cl programs built (1 keys)
svm-t    12.949 ms cl kernels made (7)
svm-t    12.957 ms prepared
svm-t    20.715 ms x uploaded
svm-t    21.239 ms buffers ready
svm-t    54.115 ms pairs done
svm-t    55.747 ms sv copied
svm-t    99.844 ms cl build predict start
svm-t   100.201 ms cl build predict from binary (14407 bytes)
