svm-t     0.000 ms train start
svm-t     3.056 ms gamma + checks
svm-t     3.396 ms upload start
svm-t    13.702 ms rows allocated
svm-t    13.742 ms wgpu: buffer made
svm-t    19.469 ms wgpu: piece filled
svm-t    19.488 ms wgpu: filled
svm-t    19.496 ms x uploaded
svm-t    21.831 ms prepared
svm-t    22.252 ms buffers ready
svm-t    22.823 ms submitted
svm-t    23.182 ms submitted
svm-t    33.315 ms state read
svm-t    33.695 ms submitted
svm-t    33.963 ms submitted
svm-t    44.004 ms state read
svm-t    44.417 ms submitted
svm-t    44.694 ms submitted
svm-t    54.879 ms state read
svm-t    55.237 ms submitted
svm-t    55.519 ms submitted
svm-t    66.149 ms state read
svm-t    66.556 ms submitted
svm-t    66.866 ms submitted
svm-t    78.203 ms state read
svm-t    78.637 ms submitted
svm-t    78.949 ms submitted
svm-t    90.796 ms state read
svm-t    91.266 ms submitted
svm-t    91.598 ms submitted
svm-t   102.947 ms state read
svm-t   103.408 ms submitted
svm-t   103.700 ms submitted
svm-t   113.891 ms state read
svm-t   114.293 ms submitted
svm-t   114.572 ms submitted
svm-t   124.189 ms state read
svm-t   124.463 ms submitted
svm-t   124.618 ms submitted
svm-t   133.532 ms state read
svm-t   133.783 ms submitted
svm-t   133.939 ms submitted
svm-t   143.221 ms state read
svm-t   143.500 ms submitted
svm-t   143.660 ms submitted
svm-t   152.537 ms state read
svm-t   153.028 ms submitted
svm-t   153.403 ms submitted
svm-t   159.783 ms state read
svm-t   160.021 ms submitted
svm-t   160.214 ms submitted
svm-t   165.227 ms state read
svm-t   165.467 ms submitted
svm-t   165.615 ms submitted
svm-t   169.403 ms state read
svm-t   169.657 ms submitted
svm-t   169.810 ms submitted
svm-t   173.017 ms state read
svm-t   173.355 ms submitted
svm-t   173.508 ms submitted
svm-t   175.248 ms state read
svm-t   175.365 ms alpha, g read
svm-t   180.169 ms train returned
svm-t   180.242 ms solver dropped
svm-t   190.764 ms wgpu: buffer made
svm-t   192.460 ms wgpu: piece filled
svm-t   192.471 ms wgpu: filled
svm-t   198.295 ms wgpu: buffer made
svm-t   204.459 ms wgpu: piece filled
svm-t   204.474 ms wgpu: filled
