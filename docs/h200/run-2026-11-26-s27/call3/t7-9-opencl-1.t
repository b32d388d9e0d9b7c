svm-t     0.000 ms train start
svm-t     2.550 ms gamma + checks
svm-t     3.160 ms upload start
svm-t     3.421 ms cl build smo start
svm-t     3.722 ms rows allocated
svm-t    12.101 ms cl build smo from binary (530070 bytes)
svm-t    12.132 ms cl programs built (1 keys)
svm-t    12.170 ms cl kernels made (7)
svm-t    12.179 ms prepared
svm-t    24.058 ms x uploaded
svm-t    24.735 ms buffers ready
svm-t    57.562 ms pairs done
svm-t    58.761 ms sv copied
svm-t   104.350 ms cl build predict start
svm-t   104.735 ms cl build predict from binary (14407 bytes)
