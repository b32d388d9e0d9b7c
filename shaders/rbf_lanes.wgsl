// RBF kernel rows on a row-major X read coalesced: the `row_lanes` rung. For every point i of
// a block of X,
//     k_hi[i] = exp(-gamma * sum_j (x[i,j] - x_hi[j])^2)      and likewise k_lo,
// with the direct difference. The twin of kernels/rbf_lanes.cl.
//
// `row_major` (shaders/rbf.wgsl, the case study's listing 2) gives each work-item a row, so a
// warp's loads are a row pitch apart: every load touches as many cache lines as the warp has
// work-items (40 % of the read bound at 32–500 columns on an H100). Here each row is split over
// RBF_LANES adjacent work-items (a power of two, per shape): lane l reads the row's vec4s
// l, l + RBF_LANES, ... (a warp reads adjacent addresses) and subtracts the pivots' vec4s it
// holds in registers; the lanes' sums are then added pairwise (lane_sums) and the row's first
// lane writes its two values. A workgroup step covers RBF_ROWS times RBF_WG / RBF_LANES rows
// (a work-item loads its lanes of RBF_ROWS rows at once), in a grid stride. The pivots are
// read straight from the rows of X holding them (x_hi, x_lo: their blocks), with no gather
// dispatch before.
//
// Rows of whole vec4s (RBF_ROW_VEC4 = 1: the pitch a multiple of 4) are read as vec4s, others
// a float at a time. Columns past `cols` count as 0 in both the row (a padded row's padding is
// zero) and the pivots, so they add nothing. A lane holds at most LANE_COLS columns (4 vec4s)
// of the pivots; rows wider than LANE_COLS * RBF_WG (lanes capped at the workgroup) read the
// pivots from memory instead.

override RBF_WG: u32;
// Work-items per row (a power of two, at most RBF_WG): KernelParams::rbf_row_lanes.
override RBF_LANES: u32;
// Adjacent lanes whose sums are added by subgroup shuffles (a power of two; 0 or 1: none, all
// through workgroup memory). Every aligned run of this many work-items lies in one subgroup.
override RBF_SPAN: u32;
// 1: rows start on a 16-byte boundary (the pitch is a multiple of 4), read as vec4s.
override RBF_ROW_VEC4: u32;
// Most columns one work-item holds in registers (4 vec4s), shared with the logistic kernels.
override LANE_COLS: u32;
// Rows a work-item loads per step (1, 2 or 4, per shape: KernelParams::rbf_rows).
override RBF_ROWS: u32;
// The most RBF_ROWS allows (function-scope arrays are sized by constants, not overrides).
const MAX_ROWS: u32 = 4u;

// The arguments: RbfParams, declared once in duet-core's kernel_args.rs (appended to this
// source when it is built).

var<immediate> p: RbfParams;

@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(2) var<storage, read_write> out_hi: array<f32>;
@group(0) @binding(3) var<storage, read_write> out_lo: array<f32>;
// The same X block as vec4s (RBF_ROW_VEC4 = 1).
@group(0) @binding(4) var<storage, read> x4: array<vec4<f32>>;
// The blocks holding the pivot rows (rbf.wgsl's bindings).
@group(0) @binding(5) var<storage, read> x_lo: array<f32>;
@group(0) @binding(6) var<storage, read> x_hi: array<f32>;

// The lanes' (hi, lo) sums on their way to the row's first lane.
var<workgroup> red: array<vec2<f32>, RBF_WG>;

#if subgroups
fn shuffled(s: vec2<f32>, m: u32) -> vec2<f32> {
    return s + subgroupShuffleXor(s, m);
}
#else
// Never called: without subgroups RBF_SPAN is 1.
fn shuffled(s: vec2<f32>, m: u32) -> vec2<f32> {
    return s;
}
#endif

// The row's first lane gets the sum of the row's RBF_LANES (hi, lo) sums, added pairwise from
// adjacent lanes up: ((s0 + s1) + (s2 + s3)) + ... . Lanes closer than RBF_SPAN go by a
// butterfly of shuffles, the rest through workgroup memory, level by level (a barrier a
// level); both add the same pairs in the same order, so the span does not change a bit, and
// the OpenCL twin adds them alike. Call in uniform control flow.
fn lane_sums(lid: u32, lane: u32, v: vec2<f32>) -> vec2<f32> {
    let first = min(RBF_LANES, max(RBF_SPAN, 1u));
    var s = v;
    for (var m = 1u; m < first; m = m << 1u) {
        s = shuffled(s, m);
    }
    if (RBF_LANES > first) {
        // The barrier first: the last step's first lanes may still be reading.
        workgroupBarrier();
        red[lid] = s;
        for (var m = first; m < RBF_LANES; m = m << 1u) {
            workgroupBarrier();
            if (lane % (2u * m) == 0u) {
                red[lid] = red[lid] + red[lid + m];
            }
        }
        // The row's first lane wrote its own total last.
        s = red[lid];
    }
    return s;
}

// Columns 4g .. 4g + 3 of row `row` of the block (zero past `cols`).
fn row_vec4(row: u32, g: u32) -> vec4<f32> {
    if (RBF_ROW_VEC4 == 1u) {
        return x4[row * (p.pitch / 4u) + g];
    }
    var v = vec4<f32>(0.0);
    for (var c = 0u; c < 4u; c = c + 1u) {
        let j = 4u * g + c;
        if (j < p.cols) {
            v[c] = x[row * p.pitch + j];
        }
    }
    return v;
}

// Columns 4g .. 4g + 3 of the pivot x_lo (`lo`) or x_hi, read from its row of the row-major
// block holding it (zero past `cols`).
fn pivot_vec4(lo: bool, g: u32) -> vec4<f32> {
    var v = vec4<f32>(0.0);
    for (var c = 0u; c < 4u; c = c + 1u) {
        let j = 4u * g + c;
        if (j < p.cols) {
            if (lo) {
                v[c] = x_lo[p.pivot_lo_row * p.pitch_lo + j];
            } else {
                v[c] = x_hi[p.pivot_row * p.pitch_hi + j];
            }
        }
    }
    return v;
}

@compute @workgroup_size(RBF_WG)
fn rbf_row_lanes(@builtin(local_invocation_id) lid3: vec3<u32>,
                 @builtin(workgroup_id) wid3: vec3<u32>) {
    let lid = lid3.x;
    let lane = lid % RBF_LANES;
    let step_rows = RBF_WG / RBF_LANES;
    let k4 = (p.cols + 3u) / 4u;
    // vec4s per lane; in registers when at most LANE_COLS / 4.
    let kl = (k4 + RBF_LANES - 1u) / RBF_LANES;
    let in_registers = kl <= LANE_COLS / 4u;
    var ph: array<vec4<f32>, 4>;
    var pl: array<vec4<f32>, 4>;
    for (var q = 0u; q < 4u; q = q + 1u) {
        let g = lane + RBF_LANES * q;
        ph[q] = vec4<f32>(0.0);
        pl[q] = vec4<f32>(0.0);
        if (in_registers && q < kl && g < k4) {
            ph[q] = pivot_vec4(false, g);
            pl[q] = pivot_vec4(true, g);
        }
    }
    let rows = p.row_end - p.row_begin;
    // A step covers RBF_ROWS sub-steps of step_rows adjacent rows each; a work-item loads its
    // lanes of all RBF_ROWS rows before any arithmetic (bytes in flight). Each row's sum is
    // added in the same order whatever RBF_ROWS is, so it does not change a bit.
    let chunk = step_rows * RBF_ROWS;
    for (var base = wid3.x * chunk; base < rows; base = base + p.groups * chunk) {
        var s: array<vec2<f32>, MAX_ROWS>;
        if (in_registers) {
            var v: array<vec4<f32>, 4 * MAX_ROWS>;
            for (var j = 0u; j < RBF_ROWS; j = j + 1u) {
                let r = base + j * step_rows + lid / RBF_LANES;
                for (var q = 0u; q < 4u; q = q + 1u) {
                    let g = lane + RBF_LANES * q;
                    v[4u * j + q] = vec4<f32>(0.0);
                    if (r < rows && q < kl && g < k4) {
                        v[4u * j + q] = row_vec4(p.row_begin + r, g);
                    }
                }
            }
            for (var j = 0u; j < RBF_ROWS; j = j + 1u) {
                s[j] = vec2<f32>(0.0);
                for (var q = 0u; q < 4u; q = q + 1u) {
                    let dh = v[4u * j + q] - ph[q];
                    let dl = v[4u * j + q] - pl[q];
                    s[j] = s[j] + vec2<f32>(dot(dh, dh), dot(dl, dl));
                }
            }
        } else {
            for (var j = 0u; j < RBF_ROWS; j = j + 1u) {
                let r = base + j * step_rows + lid / RBF_LANES;
                s[j] = vec2<f32>(0.0);
                if (r < rows) {
                    for (var g = lane; g < k4; g = g + RBF_LANES) {
                        let v = row_vec4(p.row_begin + r, g);
                        let dh = v - pivot_vec4(false, g);
                        let dl = v - pivot_vec4(true, g);
                        s[j] = s[j] + vec2<f32>(dot(dh, dh), dot(dl, dl));
                    }
                }
            }
        }
        for (var j = 0u; j < RBF_ROWS; j = j + 1u) {
            let r = base + j * step_rows + lid / RBF_LANES;
            let t = lane_sums(lid, lane, s[j]);
            if (r < rows && lane == 0u) {
                let o = p.out_begin + r;
                out_hi[o] = rbf_value(p.gamma, t.x);
                out_lo[o] = rbf_value(p.gamma, t.y);
            }
        }
    }
}
