svm-t     0.000 ms train start
svm-t     3.100 ms gamma + checks
svm-t     3.279 ms classes
svm-t     3.620 ms upload start
svm-t    14.350 ms rows allocated
svm-t    14.398 ms wgpu: buffer made
svm-t    17.011 ms prepared
svm-t    18.740 ms wgpu: piece filled
svm-t    18.760 ms wgpu: filled
svm-t    18.773 ms x uploaded
svm-t    20.601 ms buffers ready
svm-t    21.506 ms submitted
svm-t    22.062 ms submitted
svm-t    52.479 ms state read
svm-t    52.848 ms alpha, g read
svm-t    52.897 ms rho
svm-t    52.902 ms run_to_the_end returned
svm-t    52.912 ms buffers dropped
svm-t    52.930 ms solve returned
svm-t    52.973 ms pairs done
svm-t    54.425 ms sv copied
svm-t    54.510 ms train returned
svm-t    54.559 ms solver dropped
svm-t    65.812 ms wgpu: buffer made
svm-t    66.552 ms wgpu: piece filled
svm-t    66.565 ms wgpu: filled
svm-t    67.963 ms wgpu: buffer made
svm-t    73.688 ms wgpu: piece filled
svm-t    73.707 ms wgpu: filled
