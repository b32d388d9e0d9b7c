svm-t     0.000 ms train start
svm-t     3.897 ms gamma + checks
svm-t     4.059 ms classes
svm-t     4.403 ms upload start
svm-t    18.288 ms rows allocated
svm-t    18.305 ms wgpu: buffer made
svm-t    22.265 ms wgpu: piece filled
svm-t    22.282 ms wgpu: filled
svm-t    22.290 ms x uploaded
svm-t    25.631 ms prepared
svm-t    26.260 ms buffers ready
svm-t    26.981 ms submitted
svm-t    27.246 ms submitted
svm-t    37.751 ms state read
svm-t    38.188 ms submitted
svm-t    38.488 ms submitted
svm-t    50.671 ms state read
svm-t    51.051 ms submitted
svm-t    51.337 ms submitted
svm-t    61.921 ms state read
svm-t    62.227 ms submitted
svm-t    62.512 ms submitted
svm-t    67.244 ms state read
svm-t    67.608 ms submitted
svm-t    67.874 ms submitted
svm-t    68.173 ms state read
svm-t    68.470 ms alpha, g read
svm-t    68.538 ms rho
svm-t    68.545 ms run_to_the_end returned
svm-t    68.557 ms buffers dropped
svm-t    68.584 ms solve returned
svm-t    68.642 ms pairs done
svm-t    71.648 ms sv copied
svm-t    71.717 ms train returned
svm-t    71.774 ms solver dropped
svm-t    84.060 ms wgpu: buffer made
svm-t    84.747 ms wgpu: piece filled
svm-t    84.765 ms wgpu: filled
svm-t    86.561 ms wgpu: buffer made
svm-t    91.789 ms wgpu: piece filled
svm-t    91.801 ms wgpu: filled
