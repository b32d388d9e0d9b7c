svm-t     0.000 ms train start
svm-t     2.710 ms gamma + checks
svm-t     2.893 ms classes
svm-t     3.359 ms upload start
svm-t    15.285 ms rows allocated
svm-t    15.336 ms wgpu: buffer made
svm-t    19.335 ms wgpu: piece filled
svm-t    19.352 ms wgpu: filled
svm-t    19.359 ms x uploaded
svm-t    20.597 ms prepared
svm-t    21.260 ms buffers ready
svm-t    21.926 ms submitted
svm-t    22.197 ms submitted
svm-t    32.245 ms state read
svm-t    32.641 ms submitted
svm-t    32.907 ms submitted
svm-t    42.777 ms state read
svm-t    43.221 ms submitted
svm-t    43.564 ms submitted
svm-t    53.640 ms state read
svm-t    54.163 ms submitted
svm-t    54.477 ms submitted
svm-t    64.998 ms state read
svm-t    65.476 ms submitted
svm-t    65.838 ms submitted
svm-t    77.006 ms state read
svm-t    77.389 ms submitted
svm-t    77.616 ms submitted
svm-t    89.394 ms state read
svm-t    89.806 ms submitted
svm-t    90.070 ms submitted
svm-t   101.389 ms state read
svm-t   101.723 ms submitted
svm-t   101.926 ms submitted
svm-t   112.144 ms state read
svm-t   112.549 ms submitted
svm-t   112.747 ms submitted
svm-t   122.334 ms state read
svm-t   122.707 ms submitted
svm-t   122.917 ms submitted
svm-t   131.639 ms state read
svm-t   131.957 ms submitted
svm-t   132.141 ms submitted
svm-t   141.630 ms state read
svm-t   141.984 ms submitted
svm-t   142.163 ms submitted
svm-t   151.063 ms state read
svm-t   151.413 ms submitted
svm-t   151.659 ms submitted
svm-t   158.257 ms state read
svm-t   158.561 ms submitted
svm-t   158.734 ms submitted
svm-t   163.776 ms state read
svm-t   164.253 ms submitted
svm-t   164.551 ms submitted
svm-t   168.222 ms state read
svm-t   168.680 ms submitted
svm-t   168.998 ms submitted
svm-t   171.785 ms state read
svm-t   172.186 ms submitted
svm-t   172.484 ms submitted
svm-t   174.116 ms state read
svm-t   174.544 ms alpha, g read
svm-t   174.667 ms rho
svm-t   174.675 ms run_to_the_end returned
svm-t   174.689 ms buffers dropped
svm-t   174.716 ms solve returned
svm-t   174.825 ms pairs done
svm-t   185.187 ms sv copied
svm-t   185.327 ms train returned
svm-t   185.398 ms solver dropped
svm-t   197.103 ms wgpu: buffer made
svm-t   199.119 ms wgpu: piece filled
svm-t   199.136 ms wgpu: filled
svm-t   206.842 ms wgpu: buffer made
svm-t   214.124 ms wgpu: piece filled
svm-t   214.146 ms wgpu: filled
