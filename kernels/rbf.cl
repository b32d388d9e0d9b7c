// RBF kernel rows for SMO (seeds 002 and 004): for every point i of a block of X,
//     k_hi[i] = exp(-gamma * sum_j (x[i,j] - x_hi[j])^2)      and likewise k_lo,
// with the direct difference. The twin of shaders/rbf.wgsl.
//
// The pivot rows may live in other blocks of X than the rows a launch covers. Every rung reads
// them through x_hi and x_lo, each at its row and pitch: the blocks holding them (no launch
// before it), or a copy, [x_hi | x_lo], that rbf_gather makes first in one launch, seen as two
// rows. The rungs that read every pivot value inside their loop over the columns (row_major,
// column_major, vectorized) read X's blocks up to rbf_loop_pivot_cols columns (0: never);
// local_memory stages the pivots tile by tile in local memory, from X's blocks up to
// rbf_pivot_cols columns. The rungs of the case study's ladder:
//   rbf_row_major     listing 2: one work-item per point, row-major X (work-items d apart)
//   rbf_column_major  column-major X with a padded pitch: adjacent work-items, adjacent addresses
//                     (these two: RBF_LOOP_ROWS points a work-item a step, a grid stride apart)
//   rbf_vectorized    column-major, four points per work-item, float4 loads
//   rbf_local_memory  vectorized, the pivots staged in local memory RBF_TILE floats at a time
//                     (rows longer than a tile go tile by tile), both rows in one pass
// and what row_major runs over rows of at most rbf_quad_pitch floats:
//   rbf_row_quad      four consecutive rows a work-item, RBF_QUAD_PITCH float4 loads
// Each launch covers rows [row_begin, row_end) of one block and writes them to the output
// chunk starting at out_begin. Each value is rbf_value(gamma, s) from the prelude (duet-core's
// kernel_args.rs: the conforming exp, never native_exp, the exponent capped at
// RBF_EXPONENT_CAP).
// RBF_WG, RBF_TILE, RBF_UNROLL and RBF_LOOP_ROWS come from the build options (-D), defined once
// in duet-core.

// The scalar arguments of every entry point: RbfParams, declared once in duet-core's
// kernel_args.rs (typedef and UNPACK_RbfParams prepended when the file is built).
#define PARAMS const RbfParams p

static void write_row(__global float *out_hi, __global float *out_lo, uint row, uint row_begin,
                      uint out_begin, float gamma, float s_hi, float s_lo) {
    const uint o = out_begin + (row - row_begin);
    out_hi[o] = rbf_value(gamma, s_hi);
    out_lo[o] = rbf_value(gamma, s_lo);
}

// Four points starting at row 4*item: only rows inside [row_begin, row_end) are written, with
// one float4 store an output where all four are and their output starts on 16 bytes (the
// chunks are whole buffers, whose start is aligned); else a store a row.
static void write_rows4(__global float *out_hi, __global float *out_lo, uint item,
                        uint row_begin, uint row_end, uint out_begin, float gamma,
                        float4 s_hi, float4 s_lo) {
    const uint first = 4u * item;
    if (first >= row_begin && first < row_end && row_end - first >= 4u
        && ((out_begin - row_begin) & 3u) == 0u) {
        const uint o4 = (out_begin + (first - row_begin)) / 4u;
        ((__global float4 *)out_hi)[o4] =
            (float4)(rbf_value(gamma, s_hi.x), rbf_value(gamma, s_hi.y),
                     rbf_value(gamma, s_hi.z), rbf_value(gamma, s_hi.w));
        ((__global float4 *)out_lo)[o4] =
            (float4)(rbf_value(gamma, s_lo.x), rbf_value(gamma, s_lo.y),
                     rbf_value(gamma, s_lo.z), rbf_value(gamma, s_lo.w));
        return;
    }
    const float h[4] = {s_hi.x, s_hi.y, s_hi.z, s_hi.w};
    const float l[4] = {s_lo.x, s_lo.y, s_lo.z, s_lo.w};
    for (uint c = 0u; c < 4u; c++) {
        const uint row = 4u * item + c;
        if (row >= row_begin && row < row_end) {
            write_row(out_hi, out_lo, row, row_begin, out_begin, gamma, h[c], l[c]);
        }
    }
}

// Where element j of the pivot in row `row` of a block with pitch `pitch` lies: base + j * step.
static uint pivot_base(uint column_major, uint row, uint pitch) {
    return column_major == 1u ? row : row * pitch;
}

static uint pivot_step(uint column_major, uint pitch) {
    return column_major == 1u ? pitch : 1u;
}

// Element j of the pivot in row `row` of a block with pitch `pitch`.
static uint pivot_at(uint column_major, uint row, uint pitch, uint j) {
    return pivot_base(column_major, row, pitch) + j * pivot_step(column_major, pitch);
}

// Both pivots in one launch (every launch costs a gap before the next): pivots[j] = x_hi[j]
// and pivots[cols + j] = x_lo[j]; x_hi and x_lo are the blocks holding them (maybe the same).
__kernel __attribute__((reqd_work_group_size(RBF_WG, 1, 1)))
void rbf_gather(__global const float *x_hi, __global const float *x_lo,
                __global float *restrict pivots, PARAMS) {
    UNPACK_RbfParams(p)
    for (uint j = get_global_id(0); j < 2u * cols; j += groups * RBF_WG) {
        if (j < cols) {
            pivots[j] = x_hi[pivot_at(layout_cm, pivot_row, pitch, j)];
        } else {
            pivots[j] = x_lo[pivot_at(layout_cm, pivot_lo_row, pitch_lo, j - cols)];
        }
    }
}

// The loop rungs (row_major, column_major): RBF_LOOP_ROWS points a work-item a step, a grid
// stride apart, every pivot value loaded once a step; element j of row r of X lies at
// r * row_step + j * col_step (row-major: pitch, 1; column-major: 1, pitch). The entry points
// pass constant steps, so each compiles to its own index expression.
static inline void loop_rows(__global const float *restrict x,
                             __global const float *restrict x_hi,
                             __global const float *restrict x_lo, __global float *restrict out_hi,
                             __global float *restrict out_lo, PARAMS, uint row_step,
                             uint col_step) {
    UNPACK_RbfParams(p)
    const uint hb = pivot_base(layout_cm, pivot_row, pitch_hi);
    const uint hs = pivot_step(layout_cm, pitch_hi);
    const uint lb = pivot_base(layout_cm, pivot_lo_row, pitch_lo);
    const uint ls = pivot_step(layout_cm, pitch_lo);
    const uint stride = groups * RBF_WG;
    for (uint row = row_begin + get_global_id(0); row < row_end;
         row += RBF_LOOP_ROWS * stride) {
        float s_hi[RBF_LOOP_ROWS];
        float s_lo[RBF_LOOP_ROWS];
        // The rows of this step (no overflow past 2^32); one past the end reads the last row
        // again and is not written.
        uint at[RBF_LOOP_ROWS];
        #pragma unroll
        for (uint u = 0u; u < RBF_LOOP_ROWS; u++) {
            s_hi[u] = 0.0f;
            s_lo[u] = 0.0f;
            at[u] = u * stride < row_end - row ? row + u * stride : row_end - 1u;
        }
        for (uint j = 0u; j < cols; j++) {
            const float ph = x_hi[hb + j * hs];
            const float pl = x_lo[lb + j * ls];
            #pragma unroll
            for (uint u = 0u; u < RBF_LOOP_ROWS; u++) {
                const float v = x[at[u] * row_step + j * col_step];
                const float dh = v - ph;
                s_hi[u] = s_hi[u] + dh * dh;
                const float dl = v - pl;
                s_lo[u] = s_lo[u] + dl * dl;
            }
        }
        #pragma unroll
        for (uint u = 0u; u < RBF_LOOP_ROWS; u++) {
            if (u * stride < row_end - row) {
                write_row(out_hi, out_lo, at[u], row_begin, out_begin, gamma, s_hi[u], s_lo[u]);
            }
        }
    }
}

__kernel __attribute__((reqd_work_group_size(RBF_WG, 1, 1)))
void rbf_row_major(__global const float *restrict x, __global const float *restrict x_hi,
                   __global const float *restrict x_lo, __global float *restrict out_hi,
                   __global float *restrict out_lo, PARAMS) {
    loop_rows(x, x_hi, x_lo, out_hi, out_lo, p, p.pitch, 1u);
}

__kernel __attribute__((reqd_work_group_size(RBF_WG, 1, 1)))
void rbf_column_major(__global const float *restrict x, __global const float *restrict x_hi,
                      __global const float *restrict x_lo, __global float *restrict out_hi,
                      __global float *restrict out_lo, PARAMS) {
    loop_rows(x, x_hi, x_lo, out_hi, out_lo, p, 1u, p.pitch);
}

__kernel __attribute__((reqd_work_group_size(RBF_WG, 1, 1)))
void rbf_vectorized(__global const float4 *restrict x4, __global const float *restrict x_hi,
                    __global const float *restrict x_lo, __global float *restrict out_hi,
                    __global float *restrict out_lo, PARAMS) {
    UNPACK_RbfParams(p)
    const uint hb = pivot_base(layout_cm, pivot_row, pitch_hi);
    const uint hs = pivot_step(layout_cm, pitch_hi);
    const uint lb = pivot_base(layout_cm, pivot_lo_row, pitch_lo);
    const uint ls = pivot_step(layout_cm, pitch_lo);
    const uint first = row_begin / 4u;
    const uint end = (row_end + 3u) / 4u;
    const uint pitch4 = pitch / 4u;
    for (uint item = first + get_global_id(0); item < end; item += groups * RBF_WG) {
        float4 s_hi = (float4)(0.0f);
        float4 s_lo = (float4)(0.0f);
        for (uint j = 0u; j < cols; j++) {
            const float4 v = x4[j * pitch4 + item];
            const float4 dh = v - (float4)(x_hi[hb + j * hs]);
            s_hi = s_hi + dh * dh;
            const float4 dl = v - (float4)(x_lo[lb + j * ls]);
            s_lo = s_lo + dl * dl;
        }
        write_rows4(out_hi, out_lo, item, row_begin, row_end, out_begin, gamma, s_hi, s_lo);
    }
}

__kernel __attribute__((reqd_work_group_size(RBF_WG, 1, 1)))
void rbf_local_memory(__global const float4 *restrict x4, __global const float *restrict x_hi,
                      __global const float *restrict x_lo, __global float *restrict out_hi,
                      __global float *restrict out_lo, PARAMS) {
    UNPACK_RbfParams(p)
    __local float tile_hi[RBF_TILE];
    __local float tile_lo[RBF_TILE];
    const uint lid = get_local_id(0);
    const uint first = row_begin / 4u;
    const uint end = (row_end + 3u) / 4u;
    const uint pitch4 = pitch / 4u;
    // The loops are uniform across the workgroup (barriers inside); work-items past the end
    // take part in the loads and skip the arithmetic.
    for (uint base = first + get_group_id(0) * RBF_WG; base < end; base += groups * RBF_WG) {
        const uint item = base + lid;
        const int active = item < end;
        float4 s_hi = (float4)(0.0f);
        float4 s_lo = (float4)(0.0f);
        for (uint t0 = 0u; t0 < cols; t0 += RBF_TILE) {
            const uint tlen = min((uint)RBF_TILE, cols - t0);
            barrier(CLK_LOCAL_MEM_FENCE);
            for (uint j = lid; j < tlen; j += RBF_WG) {
                tile_hi[j] = x_hi[pivot_at(layout_cm, pivot_row, pitch_hi, t0 + j)];
                tile_lo[j] = x_lo[pivot_at(layout_cm, pivot_lo_row, pitch_lo, t0 + j)];
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            if (active) {
                uint at = t0 * pitch4 + item;
                uint j = 0u;
                // RBF_UNROLL loads in flight before the arithmetic that needs them.
                while (j + RBF_UNROLL <= tlen) {
                    float4 v[RBF_UNROLL];
                    #pragma unroll
                    for (uint u = 0u; u < RBF_UNROLL; u++) {
                        v[u] = x4[at + u * pitch4];
                    }
                    #pragma unroll
                    for (uint u = 0u; u < RBF_UNROLL; u++) {
                        float4 d = v[u] - (float4)(tile_hi[j + u]);
                        s_hi = s_hi + d * d;
                        d = v[u] - (float4)(tile_lo[j + u]);
                        s_lo = s_lo + d * d;
                    }
                    j += RBF_UNROLL;
                    at += RBF_UNROLL * pitch4;
                }
                while (j < tlen) {
                    const float4 v = x4[at];
                    float4 d = v - (float4)(tile_hi[j]);
                    s_hi = s_hi + d * d;
                    d = v - (float4)(tile_lo[j]);
                    s_lo = s_lo + d * d;
                    j += 1u;
                    at += pitch4;
                }
            }
        }
        if (active) {
            write_rows4(out_hi, out_lo, item, row_begin, row_end, out_begin, gamma, s_hi, s_lo);
        }
    }
}

// rbf_row_quad: row-major X whose pitch, RBF_QUAD_PITCH, is at most 8 (the row_major rung over
// such a block, plan_rbf). Each work-item takes four consecutive rows at a time: they are
// RBF_QUAD_PITCH whole float4s of X (aligned: four rows start at a multiple of
// 4 * RBF_QUAD_PITCH floats), read with one float4 load each where all four rows are inside
// [row_begin, row_end), else a float a load for the rows that are. Element f of a quad is row
// f / RBF_QUAD_PITCH, column f % RBF_QUAD_PITCH; each row's terms are added in column order
// (padding columns are zero in X and in the flat pivots: they add zero).
__kernel __attribute__((reqd_work_group_size(RBF_WG, 1, 1)))
void rbf_row_quad(__global const float4 *restrict x4, __global const float *restrict x_hi,
                  __global const float *restrict x_lo, __global float *restrict out_hi,
                  __global float *restrict out_lo, PARAMS) {
    UNPACK_RbfParams(p)
    __global const float *restrict x = (__global const float *)x4;
    const uint hb = pivot_base(layout_cm, pivot_row, pitch_hi);
    const uint hs = pivot_step(layout_cm, pitch_hi);
    const uint lb = pivot_base(layout_cm, pivot_lo_row, pitch_lo);
    const uint ls = pivot_step(layout_cm, pitch_lo);
    // The pivots' columns, zero past `cols`, then in the quad's flat layout.
    float col_hi[RBF_QUAD_PITCH];
    float col_lo[RBF_QUAD_PITCH];
    #pragma unroll
    for (uint j = 0u; j < RBF_QUAD_PITCH; j++) {
        col_hi[j] = j < cols ? x_hi[hb + j * hs] : 0.0f;
        col_lo[j] = j < cols ? x_lo[lb + j * ls] : 0.0f;
    }
    float ph[4 * RBF_QUAD_PITCH];
    float pl[4 * RBF_QUAD_PITCH];
    #pragma unroll
    for (uint f = 0u; f < 4u * RBF_QUAD_PITCH; f++) {
        ph[f] = col_hi[f % RBF_QUAD_PITCH];
        pl[f] = col_lo[f % RBF_QUAD_PITCH];
    }
    const uint first = row_begin / 4u;
    const uint end = (row_end + 3u) / 4u;
    for (uint item = first + get_global_id(0); item < end; item += groups * RBF_WG) {
        const uint r0 = 4u * item;
        float v[4 * RBF_QUAD_PITCH];
        if (r0 >= row_begin && r0 + 4u <= row_end) {
            #pragma unroll
            for (uint q = 0u; q < RBF_QUAD_PITCH; q++) {
                vstore4(x4[item * RBF_QUAD_PITCH + q], q, v);
            }
        } else {
            #pragma unroll
            for (uint f = 0u; f < 4u * RBF_QUAD_PITCH; f++) {
                const uint row = r0 + f / RBF_QUAD_PITCH;
                v[f] = row >= row_begin && row < row_end ? x[r0 * RBF_QUAD_PITCH + f] : 0.0f;
            }
        }
        float s_hi[4] = {0.0f, 0.0f, 0.0f, 0.0f};
        float s_lo[4] = {0.0f, 0.0f, 0.0f, 0.0f};
        #pragma unroll
        for (uint f = 0u; f < 4u * RBF_QUAD_PITCH; f++) {
            const float dh = v[f] - ph[f];
            s_hi[f / RBF_QUAD_PITCH] = s_hi[f / RBF_QUAD_PITCH] + dh * dh;
            const float dl = v[f] - pl[f];
            s_lo[f / RBF_QUAD_PITCH] = s_lo[f / RBF_QUAD_PITCH] + dl * dl;
        }
        write_rows4(out_hi, out_lo, item, row_begin, row_end, out_begin, gamma,
                    vload4(0, s_hi), vload4(0, s_lo));
    }
}
