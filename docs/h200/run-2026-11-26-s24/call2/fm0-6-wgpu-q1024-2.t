svm-t     0.000 ms train start
svm-t     2.599 ms gamma + checks
svm-t     3.379 ms upload start
svm-t    15.975 ms rows allocated
svm-t    16.003 ms wgpu: buffer made
svm-t    19.737 ms prepared
svm-t    20.337 ms wgpu: piece filled
svm-t    20.350 ms wgpu: filled
svm-t    20.356 ms x uploaded
svm-t    22.216 ms buffers ready
svm-t    22.807 ms submitted
svm-t    23.086 ms submitted
svm-t    74.081 ms state read
svm-t    74.608 ms submitted
svm-t    74.915 ms submitted
svm-t   137.192 ms state read
svm-t   137.598 ms submitted
svm-t   137.807 ms submitted
svm-t   173.289 ms state read
svm-t   173.743 ms submitted
svm-t   173.940 ms submitted
svm-t   174.704 ms state read
svm-t   174.843 ms alpha, g read
svm-t   181.711 ms train returned
svm-t   181.790 ms solver dropped
svm-t   194.036 ms wgpu: buffer made
svm-t   195.967 ms wgpu: piece filled
svm-t   195.983 ms wgpu: filled
svm-t   203.218 ms wgpu: buffer made
svm-t   209.538 ms wgpu: piece filled
svm-t   209.553 ms wgpu: filled
