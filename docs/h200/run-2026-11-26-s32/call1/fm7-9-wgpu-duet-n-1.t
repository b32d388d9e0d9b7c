svm-t     0.000 ms train start
svm-t     2.373 ms gamma + checks
svm-t     2.955 ms solve start
svm-t     3.006 ms upload start
svm-t     4.979 ms upload: finite checked
svm-t    15.178 ms rows allocated
svm-t    15.246 ms wgpu: x buffer created
svm-t    18.546 ms prepared
svm-t    20.536 ms upload: backend done
svm-t    20.557 ms x uploaded
svm-t    20.787 ms buffers ready
svm-t    30.645 ms state read
svm-t    41.446 ms state read
svm-t    50.346 ms state read
svm-t    54.405 ms state read
svm-t    55.275 ms state read
svm-t    55.587 ms alpha, g read
svm-t    55.694 ms solve returned
svm-t    55.757 ms pairs done
svm-t    59.081 ms upload: finite checked
svm-t    70.415 ms wgpu: x buffer created
svm-t    71.082 ms upload: backend done
svm-t    72.411 ms upload: finite checked
svm-t    72.436 ms wgpu: x buffer created
svm-t    78.072 ms upload: backend done
