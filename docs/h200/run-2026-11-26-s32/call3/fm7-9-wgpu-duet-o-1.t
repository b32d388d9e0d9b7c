svm-t     0.000 ms train start
svm-t     2.957 ms gamma + checks
svm-t     3.444 ms solve start
svm-t     3.478 ms upload start
svm-t     5.631 ms upload: finite checked
svm-t    14.526 ms rows allocated
svm-t    14.590 ms wgpu: x buffer created
svm-t    19.338 ms upload: backend done
svm-t    19.358 ms x uploaded
svm-t    20.273 ms prepared
svm-t    20.536 ms buffers ready
svm-t    30.492 ms state read
svm-t    41.358 ms state read
svm-t    50.456 ms state read
svm-t    54.639 ms state read
svm-t    55.488 ms state read
svm-t    55.812 ms alpha, g read
svm-t    55.903 ms solve returned
svm-t    55.965 ms pairs done
svm-t    62.110 ms upload: finite checked
svm-t    72.967 ms wgpu: x buffer created
svm-t    73.746 ms upload: backend done
svm-t    75.538 ms upload: finite checked
svm-t    75.570 ms wgpu: x buffer created
svm-t    81.078 ms upload: backend done
