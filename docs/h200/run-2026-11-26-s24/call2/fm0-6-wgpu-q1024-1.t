svm-t     0.000 ms train start
svm-t     3.807 ms gamma + checks
svm-t     4.779 ms upload start
svm-t    18.232 ms rows allocated
svm-t    18.256 ms wgpu: buffer made
svm-t    21.793 ms wgpu: piece filled
svm-t    21.812 ms wgpu: filled
svm-t    21.819 ms x uploaded
svm-t    23.138 ms prepared
svm-t    25.061 ms buffers ready
svm-t    25.567 ms submitted
svm-t    25.851 ms submitted
svm-t    76.870 ms state read
svm-t    77.465 ms submitted
svm-t    77.773 ms submitted
svm-t   140.036 ms state read
svm-t   140.606 ms submitted
svm-t   140.899 ms submitted
svm-t   176.477 ms state read
svm-t   176.869 ms submitted
svm-t   177.045 ms submitted
svm-t   177.828 ms state read
svm-t   177.954 ms alpha, g read
svm-t   185.026 ms train returned
svm-t   185.107 ms solver dropped
svm-t   195.698 ms wgpu: buffer made
svm-t   197.491 ms wgpu: piece filled
svm-t   197.503 ms wgpu: filled
svm-t   203.105 ms wgpu: buffer made
svm-t   209.232 ms wgpu: piece filled
svm-t   209.248 ms wgpu: filled
