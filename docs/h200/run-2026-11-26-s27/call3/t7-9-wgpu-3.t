svm-t     0.000 ms train start
svm-t     2.925 ms gamma + checks
svm-t     3.583 ms upload start
svm-t    13.883 ms wgpu module smo
svm-t    16.905 ms rows allocated
svm-t    23.141 ms x uploaded
svm-t    23.500 ms wgpu pipeline smo_ws_rows
svm-t    23.533 ms wgpu pipeline smo_ws_update
svm-t    23.566 ms wgpu pipeline smo_ws_solve
svm-t    23.618 ms wgpu pipeline smo_ws_block
svm-t    23.666 ms wgpu pipeline smo_ws_gather
svm-t    23.686 ms wgpu pipeline smo_ws_candidates
svm-t    23.719 ms wgpu pipeline smo_ws_select
svm-t    23.978 ms prepared
svm-t    24.377 ms buffers ready
svm-t    64.832 ms pairs done
svm-t    65.942 ms sv copied
