svm-t     0.000 ms train start
svm-t     2.544 ms gamma + checks
svm-t     2.744 ms classes
svm-t     3.102 ms upload start
svm-t    14.519 ms rows allocated
svm-t    14.560 ms wgpu: buffer made
svm-t    16.658 ms prepared
svm-t    20.243 ms wgpu: piece filled
svm-t    20.256 ms wgpu: filled
svm-t    20.262 ms x uploaded
svm-t    20.517 ms buffers ready
svm-t    21.137 ms submitted
svm-t    21.470 ms submitted
svm-t    31.520 ms state read
svm-t    31.890 ms submitted
svm-t    32.067 ms submitted
svm-t    42.257 ms state read
svm-t    42.552 ms submitted
svm-t    42.781 ms submitted
svm-t    53.139 ms state read
svm-t    53.442 ms submitted
svm-t    53.638 ms submitted
svm-t    64.550 ms state read
svm-t    64.840 ms submitted
svm-t    65.001 ms submitted
svm-t    76.548 ms state read
svm-t    76.865 ms submitted
svm-t    77.035 ms submitted
svm-t    88.993 ms state read
svm-t    89.310 ms submitted
svm-t    89.514 ms submitted
svm-t   101.058 ms state read
svm-t   101.384 ms submitted
svm-t   101.553 ms submitted
svm-t   111.960 ms state read
svm-t   112.251 ms submitted
svm-t   112.431 ms submitted
svm-t   122.221 ms state read
svm-t   122.507 ms submitted
svm-t   122.697 ms submitted
svm-t   131.602 ms state read
svm-t   131.876 ms submitted
svm-t   132.049 ms submitted
svm-t   141.340 ms state read
svm-t   141.899 ms submitted
svm-t   142.095 ms submitted
svm-t   150.974 ms state read
svm-t   151.398 ms submitted
svm-t   151.808 ms submitted
svm-t   158.183 ms state read
svm-t   158.555 ms submitted
svm-t   158.871 ms submitted
svm-t   163.755 ms state read
svm-t   164.135 ms submitted
svm-t   164.412 ms submitted
svm-t   168.055 ms state read
svm-t   168.425 ms submitted
svm-t   168.732 ms submitted
svm-t   171.538 ms state read
svm-t   171.928 ms submitted
svm-t   172.198 ms submitted
svm-t   173.826 ms state read
svm-t   174.180 ms alpha, g read
svm-t   174.295 ms rho
svm-t   174.303 ms run_to_the_end returned
svm-t   174.316 ms buffers dropped
svm-t   174.346 ms solve returned
svm-t   174.453 ms pairs done
svm-t   175.966 ms sv copied
svm-t   176.083 ms train returned
svm-t   176.121 ms solver dropped
svm-t   189.286 ms wgpu: buffer made
svm-t   191.063 ms wgpu: piece filled
svm-t   191.077 ms wgpu: filled
svm-t   198.341 ms wgpu: buffer made
svm-t   205.007 ms wgpu: piece filled
svm-t   205.023 ms wgpu: filled
