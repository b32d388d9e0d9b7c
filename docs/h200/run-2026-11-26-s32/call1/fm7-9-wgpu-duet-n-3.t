svm-t     0.000 ms train start
svm-t     2.258 ms gamma + checks
svm-t     2.834 ms solve start
svm-t     2.873 ms upload start
svm-t     4.752 ms upload: finite checked
svm-t    14.765 ms rows allocated
svm-t    14.803 ms wgpu: x buffer created
svm-t    21.127 ms upload: backend done
svm-t    21.146 ms x uploaded
svm-t    21.269 ms prepared
svm-t    21.493 ms buffers ready
svm-t    31.211 ms state read
svm-t    42.049 ms state read
svm-t    51.009 ms state read
svm-t    55.200 ms state read
svm-t    56.044 ms state read
svm-t    56.345 ms alpha, g read
svm-t    56.433 ms solve returned
svm-t    56.496 ms pairs done
svm-t    60.644 ms upload: finite checked
svm-t    71.360 ms wgpu: x buffer created
svm-t    72.076 ms upload: backend done
svm-t    73.447 ms upload: finite checked
svm-t    73.479 ms wgpu: x buffer created
svm-t    78.932 ms upload: backend done
