svm-t     0.000 ms train start
svm-t     3.486 ms gamma + checks
svm-t     3.642 ms classes
svm-t     3.962 ms upload start
svm-t    17.517 ms rows allocated
svm-t    17.546 ms wgpu: buffer made
svm-t    22.523 ms wgpu: piece filled
svm-t    22.538 ms wgpu: filled
svm-t    22.544 ms x uploaded
svm-t    23.028 ms prepared
svm-t    23.328 ms buffers ready
svm-t    23.955 ms submitted
svm-t    24.294 ms submitted
svm-t    34.320 ms state read
svm-t    34.639 ms submitted
svm-t    34.805 ms submitted
svm-t    45.059 ms state read
svm-t    45.665 ms submitted
svm-t    46.058 ms submitted
svm-t    56.256 ms state read
svm-t    56.599 ms submitted
svm-t    56.778 ms submitted
svm-t    67.643 ms state read
svm-t    67.975 ms submitted
svm-t    68.173 ms submitted
svm-t    79.462 ms state read
svm-t    79.750 ms submitted
svm-t    79.924 ms submitted
svm-t    91.847 ms state read
svm-t    92.130 ms submitted
svm-t    92.302 ms submitted
svm-t   103.965 ms state read
svm-t   104.258 ms submitted
svm-t   104.461 ms submitted
svm-t   114.862 ms state read
svm-t   115.125 ms submitted
svm-t   115.277 ms submitted
svm-t   125.010 ms state read
svm-t   125.268 ms submitted
svm-t   125.454 ms submitted
svm-t   134.394 ms state read
svm-t   134.672 ms submitted
svm-t   134.837 ms submitted
svm-t   144.092 ms state read
svm-t   144.366 ms submitted
svm-t   144.541 ms submitted
svm-t   153.452 ms state read
svm-t   153.708 ms submitted
svm-t   153.866 ms submitted
svm-t   160.646 ms state read
svm-t   160.889 ms submitted
svm-t   161.047 ms submitted
svm-t   166.249 ms state read
svm-t   166.499 ms submitted
svm-t   166.648 ms submitted
svm-t   170.563 ms state read
svm-t   170.793 ms submitted
svm-t   170.938 ms submitted
svm-t   174.187 ms state read
svm-t   174.433 ms submitted
svm-t   174.580 ms submitted
svm-t   176.316 ms state read
svm-t   176.560 ms alpha, g read
svm-t   176.639 ms rho
svm-t   176.644 ms run_to_the_end returned
svm-t   176.653 ms buffers dropped
svm-t   176.673 ms solve returned
svm-t   176.746 ms pairs done
svm-t   178.129 ms sv copied
svm-t   178.222 ms train returned
svm-t   178.262 ms solver dropped
svm-t   188.829 ms wgpu: buffer made
svm-t   190.490 ms wgpu: piece filled
svm-t   190.497 ms wgpu: filled
svm-t   197.169 ms wgpu: buffer made
svm-t   203.497 ms wgpu: piece filled
svm-t   203.509 ms wgpu: filled
