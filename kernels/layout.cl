// The column-major upload's transposition: a block of X arrives row-major and unpadded
// (rows x cols, as the host copied its rows) and is written column by column, pitch floats
// apart, the rows from rows to pitch zero. A workgroup moves one 32 x 32 tile through local
// memory (row reads and column writes both consecutive), the tiles taken with a grid stride.
// The twin of shaders/layout.wgsl: same entry point, same tiles. LAYOUT_WG (256: eight rows
// of a tile at a time) comes from the build options (-D), LayoutParams (the scalar arguments)
// from duet-core's kernel_args.rs.

__kernel __attribute__((reqd_work_group_size(LAYOUT_WG, 1, 1)))
void layout_columns(__global const float *restrict src, __global float *restrict dst,
                    const LayoutParams p) {
    UNPACK_LayoutParams(p)
    // 32 x 33: the odd row length keeps a column's reads on distinct banks.
    __local float tile[1056];
    const uint lid = get_local_id(0);
    const uint lx = lid % 32u;
    const uint ly = lid / 32u;
    // Tiles: ceil(pitch / 32) along the rows (the padding included), ceil(cols / 32) along
    // the columns.
    const uint across = (pitch + 31u) / 32u;
    const uint tiles = across * ((cols + 31u) / 32u);
    for (uint t = get_group_id(0); t < tiles; t += groups) {
        const uint r0 = (t % across) * 32u;
        const uint c0 = (t / across) * 32u;
        for (uint k = 0u; k < 32u; k += LAYOUT_WG / 32u) {
            const uint r = r0 + ly + k;
            const uint c = c0 + lx;
            tile[(ly + k) * 33u + lx] = (r < rows && c < cols) ? src[r * cols + c] : 0.0f;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint k = 0u; k < 32u; k += LAYOUT_WG / 32u) {
            const uint c = c0 + ly + k;
            const uint r = r0 + lx;
            if (c < cols && r < pitch) {
                dst[c * pitch + r] = tile[lx * 33u + ly + k];
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}
