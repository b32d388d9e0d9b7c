svm-t     0.000 ms train start
svm-t     3.017 ms gamma + checks
svm-t     3.961 ms upload start
svm-t    15.246 ms rows allocated
svm-t    15.327 ms wgpu: buffer made
svm-t    20.890 ms prepared
svm-t    21.959 ms wgpu: piece filled
svm-t    21.976 ms wgpu: filled
svm-t    21.986 ms x uploaded
svm-t    24.379 ms buffers ready
svm-t    25.167 ms submitted
svm-t    25.613 ms submitted
svm-t    76.465 ms state read
svm-t    77.098 ms submitted
svm-t    77.414 ms submitted
svm-t   139.571 ms state read
svm-t   140.153 ms submitted
svm-t   140.497 ms submitted
svm-t   175.875 ms state read
svm-t   176.477 ms submitted
svm-t   176.814 ms submitted
svm-t   177.442 ms state read
svm-t   177.608 ms alpha, g read
svm-t   185.187 ms train returned
svm-t   185.271 ms solver dropped
svm-t   197.669 ms wgpu: buffer made
svm-t   199.840 ms wgpu: piece filled
svm-t   199.860 ms wgpu: filled
svm-t   207.654 ms wgpu: buffer made
svm-t   214.173 ms wgpu: piece filled
svm-t   214.196 ms wgpu: filled
