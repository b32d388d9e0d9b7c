svm-t     0.000 ms train start
svm-t     3.509 ms gamma + checks
svm-t     4.137 ms upload start
svm-t    14.325 ms wgpu module smo
svm-t    19.256 ms rows allocated
svm-t    23.675 ms wgpu pipeline smo_ws_update
svm-t    23.696 ms wgpu pipeline smo_ws_block
svm-t    23.729 ms wgpu pipeline smo_ws_rows
svm-t    23.748 ms wgpu pipeline smo_ws_gather
svm-t    23.767 ms wgpu pipeline smo_ws_solve
svm-t    23.796 ms wgpu pipeline smo_ws_candidates
svm-t    23.810 ms wgpu pipeline smo_ws_select
svm-t    24.088 ms prepared
svm-t    24.977 ms x uploaded
svm-t    25.160 ms buffers ready
svm-t    66.249 ms pairs done
svm-t    67.893 ms sv copied
