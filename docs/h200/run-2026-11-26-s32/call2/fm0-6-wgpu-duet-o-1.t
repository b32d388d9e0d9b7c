svm-t     0.000 ms train start
svm-t     3.070 ms gamma + checks
svm-t     3.612 ms solve start
svm-t     3.651 ms upload start
svm-t     6.357 ms upload: finite checked
svm-t    17.081 ms rows allocated
svm-t    17.145 ms wgpu: x buffer created
svm-t    21.340 ms prepared
svm-t    21.899 ms upload: backend done
svm-t    21.916 ms x uploaded
svm-t    22.092 ms buffers ready
svm-t    31.739 ms state read
svm-t    40.619 ms state read
svm-t    49.680 ms state read
svm-t    59.104 ms state read
svm-t    69.098 ms state read
svm-t    79.431 ms state read
svm-t    89.286 ms state read
svm-t    98.031 ms state read
svm-t   106.292 ms state read
svm-t   113.507 ms state read
svm-t   121.647 ms state read
svm-t   129.271 ms state read
svm-t   134.818 ms state read
svm-t   139.072 ms state read
svm-t   142.479 ms state read
svm-t   144.942 ms state read
svm-t   146.452 ms state read
svm-t   146.698 ms alpha, g read
svm-t   146.804 ms solve returned
svm-t   146.892 ms pairs done
svm-t   151.194 ms upload: finite checked
svm-t   162.207 ms wgpu: x buffer created
svm-t   164.056 ms upload: backend done
svm-t   171.182 ms upload: finite checked
svm-t   171.214 ms wgpu: x buffer created
svm-t   177.771 ms upload: backend done
