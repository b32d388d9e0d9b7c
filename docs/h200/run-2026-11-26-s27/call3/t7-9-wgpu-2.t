svm-t     0.000 ms train start
svm-t     2.627 ms gamma + checks
svm-t     3.245 ms upload start
svm-t    13.384 ms wgpu module smo
svm-t    17.931 ms rows allocated
svm-t    22.191 ms wgpu pipeline smo_ws_gather
svm-t    22.207 ms wgpu pipeline smo_ws_update
svm-t    22.209 ms x uploaded
svm-t    22.247 ms wgpu pipeline smo_ws_block
svm-t    22.276 ms wgpu pipeline smo_ws_rows
svm-t    22.294 ms wgpu pipeline smo_ws_solve
svm-t    22.300 ms wgpu pipeline smo_ws_candidates
svm-t    22.309 ms wgpu pipeline smo_ws_select
svm-t    22.537 ms prepared
svm-t    22.785 ms buffers ready
svm-t    63.861 ms pairs done
svm-t    65.474 ms sv copied
