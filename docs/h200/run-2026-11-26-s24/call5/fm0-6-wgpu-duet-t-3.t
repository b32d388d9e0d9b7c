svm-t     0.000 ms train start
svm-t     2.447 ms gamma + checks
svm-t     2.684 ms classes
svm-t     3.194 ms upload start
svm-t    16.392 ms rows allocated
svm-t    16.430 ms wgpu: buffer made
svm-t    20.013 ms wgpu: piece filled
svm-t    20.035 ms wgpu: filled
svm-t    20.044 ms x uploaded
svm-t    20.094 ms prepared
svm-t    20.929 ms buffers ready
svm-t    21.977 ms submitted
svm-t    22.491 ms submitted
svm-t    32.234 ms state read
svm-t    32.705 ms submitted
svm-t    33.021 ms submitted
svm-t    42.932 ms state read
svm-t    43.234 ms submitted
svm-t    43.448 ms submitted
svm-t    53.640 ms state read
svm-t    54.061 ms submitted
svm-t    54.378 ms submitted
svm-t    64.958 ms state read
svm-t    65.319 ms submitted
svm-t    65.670 ms submitted
svm-t    76.721 ms state read
svm-t    77.065 ms submitted
svm-t    77.370 ms submitted
svm-t    89.096 ms state read
svm-t    89.517 ms submitted
svm-t    89.824 ms submitted
svm-t   101.120 ms state read
svm-t   101.412 ms submitted
svm-t   101.613 ms submitted
svm-t   111.826 ms state read
svm-t   112.126 ms submitted
svm-t   112.312 ms submitted
svm-t   122.042 ms state read
svm-t   122.388 ms submitted
svm-t   122.575 ms submitted
svm-t   131.454 ms state read
svm-t   131.719 ms submitted
svm-t   131.880 ms submitted
svm-t   141.395 ms state read
svm-t   141.782 ms submitted
svm-t   141.960 ms submitted
svm-t   151.132 ms state read
svm-t   151.406 ms submitted
svm-t   151.574 ms submitted
svm-t   158.476 ms state read
svm-t   158.842 ms submitted
svm-t   159.118 ms submitted
svm-t   164.000 ms state read
svm-t   164.343 ms submitted
svm-t   164.624 ms submitted
svm-t   168.200 ms state read
svm-t   168.552 ms submitted
svm-t   168.821 ms submitted
svm-t   171.836 ms state read
svm-t   172.141 ms submitted
svm-t   172.426 ms submitted
svm-t   174.034 ms state read
svm-t   174.634 ms alpha, g read
svm-t   174.756 ms rho
svm-t   174.763 ms run_to_the_end returned
svm-t   174.774 ms buffers dropped
svm-t   174.801 ms solve returned
svm-t   174.905 ms pairs done
svm-t   185.233 ms sv copied
svm-t   185.355 ms train returned
svm-t   185.420 ms solver dropped
svm-t   196.507 ms wgpu: buffer made
svm-t   198.661 ms wgpu: piece filled
svm-t   198.678 ms wgpu: filled
svm-t   205.777 ms wgpu: buffer made
svm-t   212.461 ms wgpu: piece filled
svm-t   212.475 ms wgpu: filled
