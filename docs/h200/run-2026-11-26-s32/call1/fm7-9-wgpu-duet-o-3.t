svm-t     0.000 ms train start
svm-t     2.551 ms gamma + checks
svm-t     3.051 ms solve start
svm-t     3.081 ms upload start
svm-t     4.798 ms upload: finite checked
svm-t    17.268 ms rows allocated
svm-t    17.301 ms wgpu: x buffer created
svm-t    21.585 ms upload: backend done
svm-t    21.609 ms x uploaded
svm-t    22.679 ms prepared
svm-t    22.929 ms buffers ready
svm-t    32.681 ms state read
svm-t    43.517 ms state read
svm-t    52.457 ms state read
svm-t    56.572 ms state read
svm-t    57.420 ms state read
svm-t    57.718 ms alpha, g read
svm-t    57.803 ms solve returned
svm-t    57.863 ms pairs done
svm-t    61.800 ms upload: finite checked
svm-t    70.840 ms wgpu: x buffer created
svm-t    71.499 ms upload: backend done
svm-t    72.857 ms upload: finite checked
svm-t    72.886 ms wgpu: x buffer created
svm-t    78.051 ms upload: backend done
