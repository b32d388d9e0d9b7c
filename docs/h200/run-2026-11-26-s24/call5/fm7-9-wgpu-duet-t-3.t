svm-t     0.000 ms train start
svm-t     3.934 ms gamma + checks
svm-t     4.106 ms classes
svm-t     4.441 ms upload start
svm-t    16.922 ms rows allocated
svm-t    16.954 ms wgpu: buffer made
svm-t    22.890 ms wgpu: piece filled
svm-t    22.903 ms wgpu: filled
svm-t    22.910 ms x uploaded
svm-t    23.598 ms prepared
svm-t    24.227 ms buffers ready
svm-t    24.819 ms submitted
svm-t    25.036 ms submitted
svm-t    35.634 ms state read
svm-t    35.974 ms submitted
svm-t    36.181 ms submitted
svm-t    48.827 ms state read
svm-t    49.163 ms submitted
svm-t    49.359 ms submitted
svm-t    60.079 ms state read
svm-t    60.349 ms submitted
svm-t    60.503 ms submitted
svm-t    65.584 ms state read
svm-t    65.837 ms submitted
svm-t    65.989 ms submitted
svm-t    66.405 ms state read
svm-t    66.627 ms alpha, g read
svm-t    66.672 ms rho
svm-t    66.676 ms run_to_the_end returned
svm-t    66.685 ms buffers dropped
svm-t    66.703 ms solve returned
svm-t    66.742 ms pairs done
svm-t    69.202 ms sv copied
svm-t    69.255 ms train returned
svm-t    69.302 ms solver dropped
svm-t    79.650 ms wgpu: buffer made
svm-t    80.248 ms wgpu: piece filled
svm-t    80.257 ms wgpu: filled
svm-t    81.733 ms wgpu: buffer made
svm-t    87.075 ms wgpu: piece filled
svm-t    87.091 ms wgpu: filled
