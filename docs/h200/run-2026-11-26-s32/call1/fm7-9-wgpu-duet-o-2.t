svm-t     0.000 ms train start
svm-t     2.230 ms gamma + checks
svm-t     2.673 ms solve start
svm-t     2.702 ms upload start
svm-t     5.003 ms upload: finite checked
svm-t    13.984 ms rows allocated
svm-t    14.012 ms wgpu: x buffer created
svm-t    17.606 ms upload: backend done
svm-t    17.623 ms x uploaded
svm-t    17.650 ms prepared
svm-t    17.840 ms buffers ready
svm-t    27.360 ms state read
svm-t    38.037 ms state read
svm-t    46.897 ms state read
svm-t    50.965 ms state read
svm-t    51.708 ms state read
svm-t    51.918 ms alpha, g read
svm-t    51.983 ms solve returned
svm-t    52.024 ms pairs done
svm-t    56.243 ms upload: finite checked
svm-t    65.718 ms wgpu: x buffer created
svm-t    66.389 ms upload: backend done
svm-t    67.539 ms upload: finite checked
svm-t    67.574 ms wgpu: x buffer created
svm-t    73.227 ms upload: backend done
