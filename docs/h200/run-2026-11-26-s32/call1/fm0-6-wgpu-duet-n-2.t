svm-t     0.000 ms train start
svm-t     2.371 ms gamma + checks
svm-t     2.827 ms solve start
svm-t     2.855 ms upload start
svm-t     4.803 ms upload: finite checked
svm-t    16.005 ms rows allocated
svm-t    16.029 ms wgpu: x buffer created
svm-t    19.704 ms upload: backend done
svm-t    19.723 ms x uploaded
svm-t    20.566 ms prepared
svm-t    20.933 ms buffers ready
svm-t    30.303 ms state read
svm-t    39.087 ms state read
svm-t    48.000 ms state read
svm-t    57.299 ms state read
svm-t    67.037 ms state read
svm-t    77.217 ms state read
svm-t    86.950 ms state read
svm-t    95.508 ms state read
svm-t   103.464 ms state read
svm-t   110.664 ms state read
svm-t   118.336 ms state read
svm-t   125.619 ms state read
svm-t   131.073 ms state read
svm-t   135.214 ms state read
svm-t   138.327 ms state read
svm-t   140.754 ms state read
svm-t   142.337 ms state read
svm-t   142.629 ms alpha, g read
svm-t   142.762 ms solve returned
svm-t   142.873 ms pairs done
svm-t   146.922 ms upload: finite checked
svm-t   154.980 ms wgpu: x buffer created
svm-t   156.575 ms upload: backend done
svm-t   164.950 ms upload: finite checked
svm-t   164.977 ms wgpu: x buffer created
svm-t   170.810 ms upload: backend done
