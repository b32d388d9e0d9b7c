svm-t     0.000 ms train start
svm-t     2.944 ms gamma + checks
svm-t     3.126 ms classes
svm-t     3.551 ms upload start
svm-t    15.893 ms rows allocated
svm-t    15.939 ms wgpu: buffer made
svm-t    19.066 ms wgpu: piece filled
svm-t    19.082 ms wgpu: filled
svm-t    19.091 ms x uploaded
svm-t    37.082 ms prepared
svm-t    37.869 ms buffers ready
svm-t    38.471 ms submitted
svm-t    38.906 ms submitted
svm-t    49.205 ms state read
svm-t    49.732 ms submitted
svm-t    50.064 ms submitted
svm-t    62.364 ms state read
svm-t    62.878 ms submitted
svm-t    63.233 ms submitted
svm-t    73.715 ms state read
svm-t    74.196 ms submitted
svm-t    74.545 ms submitted
svm-t    79.261 ms state read
svm-t    79.721 ms submitted
svm-t    80.044 ms submitted
svm-t    80.288 ms state read
svm-t    80.651 ms alpha, g read
svm-t    80.725 ms rho
svm-t    80.733 ms run_to_the_end returned
svm-t    80.755 ms buffers dropped
svm-t    80.787 ms solve returned
svm-t    80.859 ms pairs done
svm-t    84.078 ms sv copied
svm-t    84.156 ms train returned
svm-t    84.224 ms solver dropped
svm-t    97.595 ms wgpu: buffer made
svm-t    98.354 ms wgpu: piece filled
svm-t    98.369 ms wgpu: filled
svm-t    99.886 ms wgpu: buffer made
svm-t   105.286 ms wgpu: piece filled
svm-t   105.307 ms wgpu: filled
