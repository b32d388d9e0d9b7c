svm-t     0.000 ms train start
svm-t     2.966 ms gamma + checks
svm-t     3.132 ms classes
svm-t     3.452 ms upload start
svm-t    13.929 ms rows allocated
svm-t    13.950 ms wgpu: buffer made
svm-t    18.228 ms wgpu: piece filled
svm-t    18.241 ms wgpu: filled
svm-t    18.247 ms x uploaded
svm-t    19.465 ms prepared
svm-t    19.779 ms buffers ready
svm-t    20.447 ms submitted
svm-t    20.789 ms submitted
svm-t    31.062 ms state read
svm-t    31.411 ms submitted
svm-t    31.587 ms submitted
svm-t    44.053 ms state read
svm-t    44.431 ms submitted
svm-t    44.610 ms submitted
svm-t    55.152 ms state read
svm-t    55.421 ms submitted
svm-t    55.591 ms submitted
svm-t    60.535 ms state read
svm-t    60.780 ms submitted
svm-t    60.932 ms submitted
svm-t    61.346 ms state read
svm-t    61.572 ms alpha, g read
svm-t    61.615 ms rho
svm-t    61.619 ms run_to_the_end returned
svm-t    61.628 ms buffers dropped
svm-t    61.648 ms solve returned
svm-t    61.690 ms pairs done
svm-t    63.414 ms sv copied
svm-t    63.465 ms train returned
svm-t    63.489 ms solver dropped
svm-t    73.824 ms wgpu: buffer made
svm-t    74.479 ms wgpu: piece filled
svm-t    74.487 ms wgpu: filled
svm-t    75.806 ms wgpu: buffer made
svm-t    81.522 ms wgpu: piece filled
svm-t    81.539 ms wgpu: filled
