svm-t     0.000 ms train start
svm-t     2.805 ms gamma + checks
svm-t     3.021 ms classes
svm-t     3.468 ms upload start
svm-t    17.149 ms rows allocated
svm-t    17.305 ms wgpu: buffer made
svm-t    20.677 ms prepared
svm-t    21.789 ms wgpu: piece filled
svm-t    21.803 ms wgpu: filled
svm-t    21.814 ms x uploaded
svm-t    22.079 ms buffers ready
svm-t    22.816 ms submitted
svm-t    23.181 ms submitted
svm-t    33.446 ms state read
svm-t    33.805 ms submitted
svm-t    34.028 ms submitted
svm-t    46.442 ms state read
svm-t    46.774 ms submitted
svm-t    46.948 ms submitted
svm-t    57.636 ms state read
svm-t    57.965 ms submitted
svm-t    58.134 ms submitted
svm-t    62.953 ms state read
svm-t    63.319 ms submitted
svm-t    63.572 ms submitted
svm-t    63.882 ms state read
svm-t    64.181 ms alpha, g read
svm-t    64.265 ms rho
svm-t    64.273 ms run_to_the_end returned
svm-t    64.285 ms buffers dropped
svm-t    64.309 ms solve returned
svm-t    64.372 ms pairs done
svm-t    65.680 ms sv copied
svm-t    65.737 ms train returned
svm-t    65.764 ms solver dropped
svm-t    76.732 ms wgpu: buffer made
svm-t    77.370 ms wgpu: piece filled
svm-t    77.378 ms wgpu: filled
svm-t    78.783 ms wgpu: buffer made
svm-t    83.790 ms wgpu: piece filled
svm-t    83.804 ms wgpu: filled
