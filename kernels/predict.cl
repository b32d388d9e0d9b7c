// SVM prediction (seeds 002-004): decision values of points against a model's support vectors.
// The twin of shaders/predict.wgsl, which describes the two kernels. PREDICT_TILE comes from
// the build options (-D), PredictParams from duet-core's kernel_args.rs. exp() is the
// conforming one, never native_exp. A model whose support vectors span several bindings runs
// predict_kernel once per block of them (sv_start, sv_rows).

#define PARAMS const PredictParams p
#define TILE_WG (PREDICT_TILE * PREDICT_TILE)

__kernel __attribute__((reqd_work_group_size(TILE_WG, 1, 1)))
void predict_kernel(__global const float *restrict x, __global const float *restrict sv,
                    __global float *restrict kmat, PARAMS) {
    UNPACK_PredictParams(p)
    // Point rows and support-vector rows of the tile; the second padded by one against bank
    // conflicts.
    __local float tile_x[PREDICT_TILE * PREDICT_TILE];
    __local float tile_sv[PREDICT_TILE * (PREDICT_TILE + 1)];
    const uint lid = get_local_id(0);
    const uint tx = lid % PREDICT_TILE;
    const uint ty = lid / PREDICT_TILE;
    for (uint tile = get_group_id(0); tile < tiles; tile += groups) {
        const uint t0 = (tile % tiles_rows) * PREDICT_TILE;
        const uint s0 = (tile / tiles_rows) * PREDICT_TILE;
        float acc = 0.0f;
        for (uint d0 = 0u; d0 < cols; d0 += PREDICT_TILE) {
            const uint d = d0 + tx;
            tile_x[ty * PREDICT_TILE + tx] =
                (t0 + ty < rows && d < cols) ? x[(t0 + ty) * pitch + d] : 0.0f;
            tile_sv[ty * (PREDICT_TILE + 1) + tx] =
                (s0 + ty < sv_rows && d < cols) ? sv[(s0 + ty) * pitch + d] : 0.0f;
            barrier(CLK_LOCAL_MEM_FENCE);
            // Padding columns are 0 in both tiles: they add 0.
            for (uint k = 0u; k < PREDICT_TILE; k++) {
                const float diff = tile_x[ty * PREDICT_TILE + k] - tile_sv[tx * (PREDICT_TILE + 1) + k];
                acc = acc + diff * diff;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
        }
        if (t0 + ty < rows && s0 + tx < sv_rows) {
            kmat[(t0 + ty) * svs + sv_start + s0 + tx] = rbf_value(gamma, acc);
        }
    }
}

__kernel __attribute__((reqd_work_group_size(TILE_WG, 1, 1)))
void predict_decision(__global const float *restrict kmat, __global const float *restrict coef,
                      __global const float *restrict rho, __global const uint *restrict pair_info,
                      __global float *restrict dec, PARAMS) {
    UNPACK_PredictParams(p)
    const uint total = rows * pairs;
    for (uint o = get_global_id(0); o < total; o += groups * TILE_WG) {
        const uint t = o / pairs;
        const uint q = o % pairs;
        const uint info = 6u * q;
        float sum = 0.0f;
        for (uint part = 0u; part < 2u; part++) {
            const uint first = pair_info[info + 3u * part];
            const uint count = pair_info[info + 3u * part + 1u];
            const uint row = pair_info[info + 3u * part + 2u] * svs;
            for (uint s = first; s < first + count; s++) {
                sum = sum + coef[row + s] * kmat[t * svs + s];
            }
        }
        dec[o] = sum - rho[q];
    }
}
