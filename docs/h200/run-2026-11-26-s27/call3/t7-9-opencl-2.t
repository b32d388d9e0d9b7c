svm-t     0.000 ms train start
svm-t     3.229 ms gamma + checks
svm-t     3.909 ms upload start
svm-t     4.162 ms cl build smo start
svm-t     4.449 ms rows allocated
svm-t    11.780 ms cl build smo from binary (530070 bytes)
svm-t    11.820 ms cl programs built (1 keys)
svm-t    11.856 ms cl kernels made (7)
svm-t    11.863 ms prepared
svm-t    23.902 ms x uploaded
svm-t    24.519 ms buffers ready
svm-t    57.115 ms pairs done
svm-t    58.514 ms sv copied
svm-t   106.920 ms cl build predict start
svm-t   107.821 ms cl build predict from binary (14407 bytes)
