// RBF kernel rows on a column-major X with each point's columns cut into slices: the `sliced`
// rung. For every point i of a block of X,
//     k_hi[i] = exp(-gamma * sum_j (x[i,j] - x_hi[j])^2)      and likewise k_lo,
// with the direct difference. The twin of shaders/rbf_sliced.wgsl.
//
// `local_memory` (kernels/rbf.cl) gives each work-item four points (float4 loads) and all their
// columns, so a matrix of few points and many columns has few work-items: 16 384 points of 4 096
// columns (256 MiB) are 4 096 work-items, 16 workgroups for a GPU of 132 multiprocessors. Here
// the columns of a tile are cut into `slices` contiguous slices (a power of two, chosen per
// shape by KernelParams::rbf_slices_for) held by that many work-items of the workgroup:
// work-item `lid` takes item `lid % per` of the workgroup's `per = RBF_WG / slices` items and
// slice `lid / per`, so adjacent work-items still read adjacent float4s. After the last tile
// the slices' partial sums meet in local memory (the tile arrays, which hold them when
// RBF_TILE >= 4 * RBF_WG: KernelParams::validate) and the first slice's work-item adds them in
// slice order and writes the four points. With one slice this is `local_memory`'s pass. The
// pivots are staged from x_hi and x_lo as `local_memory` stages them: the blocks of X holding
// them (no gather launch before this one), or above rbf_pivot_cols columns rbf.cl's gathered
// copy. Each value is rbf_value() from the prelude, as in rbf.cl.
// RBF_WG, RBF_TILE and RBF_UNROLL come from the build options (-D), defined once in duet-core.

// The scalar arguments: RbfParams, declared once in duet-core's kernel_args.rs (typedef and
// UNPACK_RbfParams prepended when the file is built).
#define PARAMS const RbfParams p

// Element j of the pivot in row `row` of a block with pitch `pitch` (rbf.cl's).
static uint pivot_at(uint column_major, uint row, uint pitch, uint j) {
    return column_major == 1u ? j * pitch + row : row * pitch + j;
}

// Four points starting at row 4*item: only rows inside [row_begin, row_end) are written, with
// one float4 store an output where all four are and their output starts on 16 bytes (rbf.cl's).
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
            const uint o = out_begin + (row - row_begin);
            out_hi[o] = rbf_value(gamma, h[c]);
            out_lo[o] = rbf_value(gamma, l[c]);
        }
    }
}

__kernel __attribute__((reqd_work_group_size(RBF_WG, 1, 1)))
void rbf_sliced(__global const float4 *restrict x4, __global const float *restrict x_hi,
                __global const float *restrict x_lo, __global float *restrict out_hi,
                __global float *restrict out_lo, PARAMS) {
    UNPACK_RbfParams(p)
    __local float tile_hi[RBF_TILE];
    __local float tile_lo[RBF_TILE];
    const uint lid = get_local_id(0);
    const uint nslices = max(slices, 1u);
    const uint per = RBF_WG / nslices;
    const uint lane = lid % per;
    const uint slice = lid / per;
    const uint first = row_begin / 4u;
    const uint end = (row_end + 3u) / 4u;
    const uint pitch4 = pitch / 4u;
    // The loops are uniform across the workgroup (barriers inside); work-items past the end
    // take part in the loads and skip the arithmetic.
    for (uint base = first + get_group_id(0) * per; base < end; base += groups * per) {
        const uint item = base + lane;
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
            // This slice's columns of the tile: [j, stop).
            const uint width = (tlen + nslices - 1u) / nslices;
            uint j = min(slice * width, tlen);
            const uint stop = min(j + width, tlen);
            if (active) {
                uint at = (t0 + j) * pitch4 + item;
                // RBF_UNROLL loads in flight before the arithmetic that needs them.
                while (j + RBF_UNROLL <= stop) {
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
                while (j < stop) {
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
        if (nslices > 1u) {
            // Slices 1.. leave their partials in the tile arrays (slot (slice - 1) * per +
            // lane, four floats each); slice 0 adds them in slice order.
            barrier(CLK_LOCAL_MEM_FENCE);
            if (slice > 0u) {
                const uint at = 4u * ((slice - 1u) * per + lane);
                vstore4(s_hi, 0, tile_hi + at);
                vstore4(s_lo, 0, tile_lo + at);
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            if (slice == 0u) {
                for (uint k = 1u; k < nslices; k++) {
                    const uint at = 4u * ((k - 1u) * per + lane);
                    s_hi = s_hi + vload4(0, tile_hi + at);
                    s_lo = s_lo + vload4(0, tile_lo + at);
                }
            }
        }
        if (active && slice == 0u) {
            write_rows4(out_hi, out_lo, item, row_begin, row_end, out_begin, gamma, s_hi, s_lo);
        }
    }
}
