// SVM training ops (seeds 002 and 004). The twin of shaders/svm.wgsl.
//
// svm_update_f: f[i] += c_hi * k_hi[i] + c_lo * k_lo[i] over one chunk of each vector (the SMO
// step's update of the optimality indicators), a grid-stride loop. REDUCE_WG comes from the
// build options (-D) and SvmUpdateParams from duet-core's kernel_args.rs.

__kernel __attribute__((reqd_work_group_size(REDUCE_WG, 1, 1)))
void svm_update_f(__global float *restrict f, __global const float *restrict k_hi,
                  __global const float *restrict k_lo, const SvmUpdateParams p) {
    UNPACK_SvmUpdateParams(p)
    for (uint i = get_global_id(0); i < len; i += groups * REDUCE_WG) {
        const float t = c_hi * k_hi[i] + c_lo * k_lo[i];
        f[i] = f[i] + t;
    }
}
