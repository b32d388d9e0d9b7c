svm-t     0.000 ms train start
svm-t     2.907 ms gamma + checks
svm-t     3.104 ms classes
svm-t     3.599 ms upload start
svm-t     3.993 ms rows allocated
svm-t     9.275 ms prepared
svm-t    22.379 ms cl: written
svm-t    22.405 ms x uploaded
svm-t    22.895 ms buffers ready
svm-t    23.529 ms submitted
svm-t    24.098 ms submitted
svm-t    32.634 ms state read
svm-t    33.255 ms submitted
svm-t    33.862 ms submitted
svm-t    43.333 ms state read
svm-t    43.987 ms submitted
svm-t    44.589 ms submitted
svm-t    53.033 ms state read
svm-t    53.662 ms submitted
svm-t    54.231 ms submitted
svm-t    57.169 ms state read
svm-t    57.774 ms submitted
svm-t    58.339 ms submitted
svm-t    58.377 ms state read
svm-t    58.618 ms alpha, g read
svm-t    58.678 ms rho
svm-t    58.687 ms run_to_the_end returned
svm-t    58.698 ms buffers dropped
svm-t    58.983 ms solve returned
svm-t    59.046 ms pairs done
svm-t    60.557 ms sv copied
svm-t    60.624 ms train returned
svm-t    60.652 ms solver dropped
svm-t    64.692 ms cl: written
svm-t    80.701 ms cl: written
