svm-t     0.000 ms train start
svm-t     3.727 ms gamma + checks
svm-t     4.348 ms solve start
svm-t     4.396 ms upload start
svm-t     5.195 ms rows allocated
svm-t     6.121 ms upload: finite checked
svm-t    13.650 ms prepared
svm-t    14.065 ms cl: packed
svm-t    19.901 ms cl: written
svm-t    21.926 ms upload: backend done
svm-t    21.940 ms x uploaded
svm-t    22.479 ms buffers ready
svm-t    31.474 ms state read
svm-t    40.092 ms state read
svm-t    47.822 ms state read
svm-t    55.794 ms state read
svm-t    64.303 ms state read
svm-t    72.900 ms state read
svm-t    81.372 ms state read
svm-t    89.280 ms state read
svm-t    96.584 ms state read
svm-t   103.610 ms state read
svm-t   110.485 ms state read
svm-t   117.105 ms state read
svm-t   121.838 ms state read
svm-t   125.262 ms state read
svm-t   127.704 ms state read
svm-t   129.508 ms state read
svm-t   130.606 ms state read
svm-t   130.849 ms alpha, g read
svm-t   131.228 ms solve returned
svm-t   131.309 ms pairs done
svm-t   135.985 ms upload: finite checked
svm-t   144.115 ms cl: packed
svm-t   146.630 ms cl: written
svm-t   147.196 ms upload: backend done
svm-t   149.714 ms upload: finite checked
svm-t   171.699 ms cl: packed
svm-t   177.104 ms cl: written
svm-t   178.629 ms upload: backend done
