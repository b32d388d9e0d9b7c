// RBF kernel rows on a row-major X read coalesced: the `row_lanes` rung. For every point i of
// a block of X,
//     k_hi[i] = exp(-gamma * sum_j (x[i,j] - x_hi[j])^2)      and likewise k_lo,
// with the direct difference. The twin of shaders/rbf_lanes.wgsl, which says why: each row is
// split over RBF_LANES adjacent work-items (a power of two, per shape); lane l reads the row's
// float4s l, l + RBF_LANES, ... against the pivots' float4s it holds in registers (at most
// LANE_COLS columns; wider rows read the pivots from memory), the lanes' sums are added
// pairwise (lane_sums) and the row's first lane writes its two values. A workgroup step covers
// RBF_ROWS times RBF_WG / RBF_LANES rows, in a grid stride. The pivots are read straight
// from the rows of X holding them (x_hi, x_lo: their blocks), with no gather launch before.
// RBF_WG, RBF_SPAN, LANE_COLS (the table) and RBF_LANES, RBF_ROWS, RBF_ROW_VEC4 (per shape)
// come from the build options (-D), defined once in duet-core. Each value is rbf_value() from
// the prelude, as in rbf.cl.

// The scalar arguments: RbfParams, declared once in duet-core's kernel_args.rs (typedef and
// UNPACK_RbfParams prepended when the file is built).

// Adjacent lanes added by shuffles (RBF_SPAN, resolved per device: 32 with NVIDIA's
// shfl.sync, else 1; an unresolved 0 counts as 1).
#define LANE_SPAN (RBF_SPAN > 1 ? RBF_SPAN : 1)
#define LANE_FIRST (RBF_LANES < LANE_SPAN ? RBF_LANES : LANE_SPAN)

#if RBF_SPAN > 1
// NVIDIA's shfl.sync (inline PTX) within its 32-wide warp: NVIDIA's OpenCL has no subgroup
// extension (see logreg.cl's shuffle_xor).
static float shuffle_xor(float v, uint m) {
    float out;
    asm volatile("shfl.sync.bfly.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=f"(out) : "f"(v), "r"(m));
    return out;
}
#endif

// The row's first lane gets the sum of the row's RBF_LANES (hi, lo) sums, added pairwise from
// adjacent lanes up: ((s0 + s1) + (s2 + s3)) + ... . Lanes closer than LANE_FIRST go by a
// butterfly of shuffles, the rest through local memory, level by level (a barrier a level);
// both add the same pairs in the same order, as the WGSL twin does. The levels alternate
// between the two halves of `red` and every lane stores (the first lanes of a pair their sum,
// the others a value nobody reads): straight code between barriers, which PoCL compiles in
// time exponential in work-item-dependent branches. Called in uniform control flow.
static float2 lane_sums(uint lid, uint lane, float2 s, __local float2 *red) {
#if RBF_SPAN > 1
    #pragma unroll
    for (uint m = 1u; m < LANE_FIRST; m <<= 1) {
        s.x = s.x + shuffle_xor(s.x, m);
        s.y = s.y + shuffle_xor(s.y, m);
    }
#endif
#if RBF_LANES > LANE_FIRST
    // The barrier first: the last step's first lanes may still be reading.
    barrier(CLK_LOCAL_MEM_FENCE);
    uint from = 0u;
    red[lid] = s;
    #pragma unroll
    for (uint m = LANE_FIRST; m < RBF_LANES; m <<= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        const uint partner = lane % (2u * m) == 0u ? lid + m : lid;
        red[(from ^ RBF_WG) + lid] = red[from + lid] + red[from + partner];
        from ^= RBF_WG;
    }
    // The row's first lane wrote its own total last.
    s = red[from + lid];
#endif
    return s;
}

// Columns 4g .. 4g + 3 of row `row` (zero past `cols`).
static float4 row_vec4(__global const float *restrict x, uint pitch, uint cols, uint row,
                       uint g) {
#if RBF_ROW_VEC4 == 1
    return ((__global const float4 *)x)[row * (pitch / 4u) + g];
#else
    float v[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    #pragma unroll
    for (uint c = 0u; c < 4u; c++) {
        if (4u * g + c < cols) {
            v[c] = x[row * pitch + 4u * g + c];
        }
    }
    return (float4)(v[0], v[1], v[2], v[3]);
#endif
}

// Columns 4g .. 4g + 3 of the pivot in row `row` of the row-major block `xp` (rows `pitch`
// apart; zero past `cols`).
static float4 pivot_vec4(__global const float *restrict xp, uint row, uint pitch, uint cols,
                         uint g) {
    float v[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    #pragma unroll
    for (uint c = 0u; c < 4u; c++) {
        if (4u * g + c < cols) {
            v[c] = xp[row * pitch + 4u * g + c];
        }
    }
    return (float4)(v[0], v[1], v[2], v[3]);
}

__kernel __attribute__((reqd_work_group_size(RBF_WG, 1, 1)))
void rbf_row_lanes(__global const float *restrict x, __global const float *restrict x_hi,
                   __global const float *restrict x_lo, __global float *restrict out_hi,
                   __global float *restrict out_lo, const RbfParams p) {
    UNPACK_RbfParams(p)
    __local float2 red[2 * RBF_WG];
    const uint lid = get_local_id(0);
    const uint lane = lid % RBF_LANES;
    const uint step_rows = RBF_WG / RBF_LANES;
    const uint k4 = (cols + 3u) / 4u;
    // float4s per lane; in registers when at most LANE_COLS / 4.
    const uint kl = (k4 + RBF_LANES - 1u) / RBF_LANES;
    const bool in_registers = kl <= LANE_COLS / 4u;
    float4 ph[4];
    float4 pl[4];
    #pragma unroll
    for (uint q = 0u; q < 4u; q++) {
        const uint g = lane + RBF_LANES * q;
        const bool held = in_registers && q < kl && g < k4;
        ph[q] = held ? pivot_vec4(x_hi, pivot_row, pitch_hi, cols, g) : (float4)(0.0f);
        pl[q] = held ? pivot_vec4(x_lo, pivot_lo_row, pitch_lo, cols, g) : (float4)(0.0f);
    }
    const uint rows = row_end - row_begin;
    // A step covers RBF_ROWS sub-steps of step_rows adjacent rows each; a work-item loads its
    // lanes of all RBF_ROWS rows before any arithmetic (bytes in flight). Each row's sum is
    // added in the same order whatever RBF_ROWS is, so it does not change a bit.
    const uint chunk = step_rows * RBF_ROWS;
    for (uint base = get_group_id(0) * chunk; base < rows; base += groups * chunk) {
        float2 s[RBF_ROWS];
        if (in_registers) {
            float4 v[RBF_ROWS][4];
            #pragma unroll
            for (uint j = 0u; j < RBF_ROWS; j++) {
                const uint r = base + j * step_rows + lid / RBF_LANES;
                #pragma unroll
                for (uint q = 0u; q < 4u; q++) {
                    const uint g = lane + RBF_LANES * q;
                    v[j][q] = r < rows && q < kl && g < k4
                                  ? row_vec4(x, pitch, cols, row_begin + r, g)
                                  : (float4)(0.0f);
                }
            }
            #pragma unroll
            for (uint j = 0u; j < RBF_ROWS; j++) {
                s[j] = (float2)(0.0f);
                #pragma unroll
                for (uint q = 0u; q < 4u; q++) {
                    const float4 dh = v[j][q] - ph[q];
                    const float4 dl = v[j][q] - pl[q];
                    s[j] = s[j] + (float2)(dot(dh, dh), dot(dl, dl));
                }
            }
        } else {
            #pragma unroll
            for (uint j = 0u; j < RBF_ROWS; j++) {
                const uint r = base + j * step_rows + lid / RBF_LANES;
                s[j] = (float2)(0.0f);
                if (r < rows) {
                    for (uint g = lane; g < k4; g += RBF_LANES) {
                        const float4 v = row_vec4(x, pitch, cols, row_begin + r, g);
                        const float4 dh = v - pivot_vec4(x_hi, pivot_row, pitch_hi, cols, g);
                        const float4 dl = v - pivot_vec4(x_lo, pivot_lo_row, pitch_lo, cols, g);
                        s[j] = s[j] + (float2)(dot(dh, dh), dot(dl, dl));
                    }
                }
            }
        }
        #pragma unroll
        for (uint j = 0u; j < RBF_ROWS; j++) {
            const uint r = base + j * step_rows + lid / RBF_LANES;
            const float2 t = lane_sums(lid, lane, s[j], red);
            if (r < rows && lane == 0u) {
                const uint o = out_begin + r;
                out_hi[o] = rbf_value(gamma, t.x);
                out_lo[o] = rbf_value(gamma, t.y);
            }
        }
    }
}
