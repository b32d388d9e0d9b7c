svm-t     0.000 ms train start
svm-t     3.271 ms gamma + checks
svm-t     3.720 ms solve start
svm-t     3.755 ms upload start
svm-t     6.140 ms upload: finite checked
svm-t    17.226 ms rows allocated
svm-t    17.390 ms wgpu: x buffer created
svm-t    21.536 ms prepared
svm-t    21.768 ms upload: backend done
svm-t    21.780 ms x uploaded
svm-t    21.933 ms buffers ready
svm-t    31.252 ms state read
svm-t    40.158 ms state read
svm-t    49.198 ms state read
svm-t    58.602 ms state read
svm-t    68.588 ms state read
svm-t    78.868 ms state read
svm-t    89.042 ms state read
svm-t    97.761 ms state read
svm-t   105.902 ms state read
svm-t   113.323 ms state read
svm-t   120.978 ms state read
svm-t   128.428 ms state read
svm-t   134.039 ms state read
svm-t   138.341 ms state read
svm-t   141.474 ms state read
svm-t   143.964 ms state read
svm-t   145.631 ms state read
svm-t   145.957 ms alpha, g read
svm-t   146.107 ms solve returned
svm-t   146.200 ms pairs done
svm-t   150.574 ms upload: finite checked
svm-t   160.873 ms wgpu: x buffer created
svm-t   162.989 ms upload: backend done
svm-t   170.879 ms upload: finite checked
svm-t   170.914 ms wgpu: x buffer created
svm-t   178.306 ms upload: backend done
