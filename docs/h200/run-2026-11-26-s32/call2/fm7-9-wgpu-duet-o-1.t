svm-t     0.000 ms train start
svm-t     3.390 ms gamma + checks
svm-t     3.823 ms solve start
svm-t     3.850 ms upload start
svm-t     6.376 ms upload: finite checked
svm-t    15.638 ms rows allocated
svm-t    15.687 ms wgpu: x buffer created
svm-t    19.426 ms prepared
svm-t    19.682 ms upload: backend done
svm-t    19.707 ms x uploaded
svm-t    19.883 ms buffers ready
svm-t    29.674 ms state read
svm-t    40.446 ms state read
svm-t    49.552 ms state read
svm-t    53.827 ms state read
svm-t    54.545 ms state read
svm-t    54.779 ms alpha, g read
svm-t    54.848 ms solve returned
svm-t    54.890 ms pairs done
svm-t    58.738 ms upload: finite checked
svm-t    67.093 ms wgpu: x buffer created
svm-t    67.869 ms upload: backend done
svm-t    69.728 ms upload: finite checked
svm-t    69.779 ms wgpu: x buffer created
svm-t    75.213 ms upload: backend done
