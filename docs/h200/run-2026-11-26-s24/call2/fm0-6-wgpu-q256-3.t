svm-t     0.000 ms train start
svm-t     2.837 ms gamma + checks
svm-t     3.216 ms upload start
svm-t    14.082 ms rows allocated
svm-t    14.313 ms wgpu: buffer made
svm-t    19.813 ms wgpu: piece filled
svm-t    19.831 ms wgpu: filled
svm-t    19.843 ms x uploaded
svm-t    20.122 ms prepared
svm-t    20.544 ms buffers ready
svm-t    21.175 ms submitted
svm-t    21.602 ms submitted
svm-t    31.641 ms state read
svm-t    32.073 ms submitted
svm-t    32.362 ms submitted
svm-t    42.355 ms state read
svm-t    42.752 ms submitted
svm-t    43.074 ms submitted
svm-t    53.259 ms state read
svm-t    53.697 ms submitted
svm-t    54.030 ms submitted
svm-t    64.642 ms state read
svm-t    65.148 ms submitted
svm-t    65.465 ms submitted
svm-t    76.634 ms state read
svm-t    77.155 ms submitted
svm-t    77.459 ms submitted
svm-t    89.177 ms state read
svm-t    89.641 ms submitted
svm-t    89.921 ms submitted
svm-t   101.361 ms state read
svm-t   101.822 ms submitted
svm-t   102.132 ms submitted
svm-t   112.335 ms state read
svm-t   112.814 ms submitted
svm-t   113.168 ms submitted
svm-t   122.608 ms state read
svm-t   123.045 ms submitted
svm-t   123.305 ms submitted
svm-t   131.995 ms state read
svm-t   132.438 ms submitted
svm-t   132.737 ms submitted
svm-t   141.917 ms state read
svm-t   142.316 ms submitted
svm-t   142.640 ms submitted
svm-t   151.333 ms state read
svm-t   151.783 ms submitted
svm-t   152.139 ms submitted
svm-t   158.595 ms state read
svm-t   159.057 ms submitted
svm-t   159.390 ms submitted
svm-t   164.275 ms state read
svm-t   164.732 ms submitted
svm-t   165.057 ms submitted
svm-t   168.631 ms state read
svm-t   169.017 ms submitted
svm-t   169.300 ms submitted
svm-t   172.119 ms state read
svm-t   172.480 ms submitted
svm-t   172.756 ms submitted
svm-t   174.379 ms state read
svm-t   174.580 ms alpha, g read
svm-t   180.562 ms train returned
svm-t   180.645 ms solver dropped
svm-t   194.287 ms wgpu: buffer made
svm-t   196.168 ms wgpu: piece filled
svm-t   196.181 ms wgpu: filled
svm-t   203.502 ms wgpu: buffer made
svm-t   210.073 ms wgpu: piece filled
svm-t   210.087 ms wgpu: filled
