svm-t     0.000 ms train start
svm-t     2.548 ms gamma + checks
svm-t     2.773 ms classes
svm-t     3.228 ms upload start
svm-t    16.098 ms rows allocated
svm-t    16.117 ms wgpu: buffer made
svm-t    19.651 ms wgpu: piece filled
svm-t    19.683 ms wgpu: filled
svm-t    19.694 ms x uploaded
svm-t    20.241 ms prepared
svm-t    22.284 ms buffers ready
svm-t    23.154 ms submitted
svm-t    23.775 ms submitted
svm-t    53.927 ms state read
svm-t    54.319 ms alpha, g read
svm-t    54.385 ms rho
svm-t    54.393 ms run_to_the_end returned
svm-t    54.406 ms buffers dropped
svm-t    54.428 ms solve returned
svm-t    54.487 ms pairs done
svm-t    55.723 ms sv copied
svm-t    55.794 ms train returned
svm-t    55.823 ms solver dropped
svm-t    69.146 ms wgpu: buffer made
svm-t    69.843 ms wgpu: piece filled
svm-t    69.857 ms wgpu: filled
svm-t    71.695 ms wgpu: buffer made
svm-t    76.764 ms wgpu: piece filled
svm-t    76.780 ms wgpu: filled
