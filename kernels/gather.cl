// Matrices gathered on the device. The twin of shaders/gather.wgsl.
//
// gather_rows: one block of a matrix filled from rows picked out of a row-major array already
// in device memory: element e of the block (row-major: row e / pitch, column e % pitch;
// column-major: column e / pitch, row e % pitch) is src[pick[row_start + row] * cols + column],
// or 0 in the padding (a column >= cols, or a row >= rows); a grid-stride loop over the block.
// A value that is not finite (exponent bits all ones) is not a matrix value: the smallest
// index into src of one is kept in status[0] (atomic minimum; the host reads it and names the
// value). REDUCE_WG comes from the build options (-D) and GatherParams from duet-core's
// kernel_args.rs.

__kernel __attribute__((reqd_work_group_size(REDUCE_WG, 1, 1)))
void gather_rows(__global const float *restrict src, __global const uint *restrict pick,
                 __global float *restrict out, __global uint *restrict status,
                 const GatherParams p) {
    UNPACK_GatherParams(p)
    for (uint e = get_global_id(0); e < total; e += groups * REDUCE_WG) {
        uint row = e / pitch;
        uint col = e % pitch;
        if (layout_cm == 1u) {
            row = e % pitch;
            col = e / pitch;
        }
        float v = 0.0f;
        if (row < rows && col < cols) {
            const uint at = pick[row_start + row] * cols + col;
            v = src[at];
            if ((as_uint(v) & 0x7f800000u) == 0x7f800000u) {
                atomic_min(&status[0], at);
            }
        }
        out[e] = v;
    }
}
