svm-t     0.000 ms train start
svm-t     3.362 ms gamma + checks
svm-t     3.533 ms classes
svm-t     3.926 ms upload start
svm-t    17.384 ms rows allocated
svm-t    17.536 ms wgpu: buffer made
svm-t    22.164 ms wgpu: piece filled
svm-t    22.202 ms wgpu: filled
svm-t    22.213 ms x uploaded
svm-t    22.975 ms prepared
svm-t    24.413 ms buffers ready
svm-t    25.161 ms submitted
svm-t    25.640 ms submitted
svm-t    56.090 ms state read
svm-t    56.499 ms alpha, g read
svm-t    56.549 ms rho
svm-t    56.557 ms run_to_the_end returned
svm-t    56.606 ms buffers dropped
svm-t    56.626 ms solve returned
svm-t    56.692 ms pairs done
svm-t    58.270 ms sv copied
svm-t    58.335 ms train returned
svm-t    58.375 ms solver dropped
svm-t    71.866 ms wgpu: buffer made
svm-t    72.631 ms wgpu: piece filled
svm-t    72.655 ms wgpu: filled
svm-t    74.528 ms wgpu: buffer made
svm-t    79.893 ms wgpu: piece filled
svm-t    79.913 ms wgpu: filled
