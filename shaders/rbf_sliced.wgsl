// RBF kernel rows on a column-major X with each point's columns cut into slices: the `sliced`
// rung. For every point i of a block of X,
//     k_hi[i] = exp(-gamma * sum_j (x[i,j] - x_hi[j])^2)      and likewise k_lo,
// with the direct difference. The twin of kernels/rbf_sliced.cl.
//
// `local_memory` (shaders/rbf.wgsl) gives each work-item four points (vec4 loads) and all their
// columns, so a matrix of few points and many columns has few work-items: 16 384 points of 4 096
// columns (256 MiB) are 4 096 work-items, 16 workgroups for a GPU of 132 multiprocessors (20 %
// of the read bound on an H200). Here the columns of a tile are cut into `p.slices` contiguous
// slices (a power of two, chosen per shape by KernelParams::rbf_slices_for) held by that many
// work-items of the workgroup: work-item `lid` takes item `lid % per` of the workgroup's `per =
// RBF_WG / slices` items and slice `lid / per`, so adjacent work-items still read adjacent
// vec4s. After the last tile the slices' partial sums meet in workgroup memory (the tile
// arrays, which hold them when RBF_TILE >= 4 * RBF_WG: KernelParams::validate) and the first
// slice's work-item adds them in slice order and writes the four points. With one slice this is
// `local_memory`'s pass. The pivots are staged from x_hi and x_lo as `local_memory` stages
// them: the blocks of X holding them (no gather dispatch before this one), or above
// rbf_pivot_cols columns rbf.wgsl's gathered copy.
// Each value is rbf_value() from the prelude, as in rbf.wgsl.

override RBF_WG: u32;
override RBF_TILE: u32;
// vec4 loads each work-item issues before using them (at most 8).
override RBF_UNROLL: u32;

// The arguments: RbfParams, declared once in duet-core's kernel_args.rs (appended to this
// source when it is built).

var<immediate> p: RbfParams;

@group(0) @binding(2) var<storage, read_write> out_hi: array<f32>;
@group(0) @binding(3) var<storage, read_write> out_lo: array<f32>;
@group(0) @binding(4) var<storage, read> x4: array<vec4<f32>>;
// The blocks holding the pivots (rbf.wgsl's bindings).
@group(0) @binding(5) var<storage, read> x_lo: array<f32>;
@group(0) @binding(6) var<storage, read> x_hi: array<f32>;
// Views of the output chunks bound at 2 and 3, for whole vec4 stores (rbf.wgsl's).
@group(0) @binding(7) var<storage, read_write> out4_hi: array<vec4<f32>>;
@group(0) @binding(8) var<storage, read_write> out4_lo: array<vec4<f32>>;

var<workgroup> tile_hi: array<f32, RBF_TILE>;
var<workgroup> tile_lo: array<f32, RBF_TILE>;

// Element j of the pivot in row `row` of a block with pitch `pitch` (rbf.wgsl's).
fn pivot_at(row: u32, pitch: u32, j: u32) -> u32 {
    if (p.layout_cm == 1u) {
        return j * pitch + row;
    }
    return row * pitch + j;
}

// Four points starting at row 4*item: only rows inside [row_begin, row_end) are written, with
// one vec4 store an output where all four are and their output starts on 16 bytes (rbf.wgsl's).
fn write_rows4(item: u32, s_hi: vec4<f32>, s_lo: vec4<f32>) {
    let first = 4u * item;
    if (first >= p.row_begin && first < p.row_end && p.row_end - first >= 4u
        && ((p.out_begin - p.row_begin) & 3u) == 0u) {
        let o4 = (p.out_begin + (first - p.row_begin)) / 4u;
        out4_hi[o4] = vec4<f32>(rbf_value(p.gamma, s_hi.x), rbf_value(p.gamma, s_hi.y),
                                rbf_value(p.gamma, s_hi.z), rbf_value(p.gamma, s_hi.w));
        out4_lo[o4] = vec4<f32>(rbf_value(p.gamma, s_lo.x), rbf_value(p.gamma, s_lo.y),
                                rbf_value(p.gamma, s_lo.z), rbf_value(p.gamma, s_lo.w));
        return;
    }
    for (var c = 0u; c < 4u; c = c + 1u) {
        let row = 4u * item + c;
        if (row >= p.row_begin && row < p.row_end) {
            let o = p.out_begin + (row - p.row_begin);
            out_hi[o] = rbf_value(p.gamma, s_hi[c]);
            out_lo[o] = rbf_value(p.gamma, s_lo[c]);
        }
    }
}

@compute @workgroup_size(RBF_WG)
fn rbf_sliced(@builtin(local_invocation_id) lid: vec3<u32>,
              @builtin(workgroup_id) wid: vec3<u32>) {
    let slices = max(p.slices, 1u);
    let per = RBF_WG / slices;
    let lane = lid.x % per;
    let slice = lid.x / per;
    let first = p.row_begin / 4u;
    let end = (p.row_end + 3u) / 4u;
    let pitch4 = p.pitch / 4u;
    // The loops are uniform across the workgroup (barriers inside); work-items past the end
    // take part in the loads and skip the arithmetic.
    for (var base = first + wid.x * per; base < end; base = base + p.groups * per) {
        let item = base + lane;
        let in_range = item < end;
        var s_hi = vec4<f32>(0.0);
        var s_lo = vec4<f32>(0.0);
        for (var t0 = 0u; t0 < p.cols; t0 = t0 + RBF_TILE) {
            let tlen = min(RBF_TILE, p.cols - t0);
            workgroupBarrier();
            for (var j = lid.x; j < tlen; j = j + RBF_WG) {
                tile_hi[j] = x_hi[pivot_at(p.pivot_row, p.pitch_hi, t0 + j)];
                tile_lo[j] = x_lo[pivot_at(p.pivot_lo_row, p.pitch_lo, t0 + j)];
            }
            workgroupBarrier();
            // This slice's columns of the tile: [j, stop).
            let width = (tlen + slices - 1u) / slices;
            var j = min(slice * width, tlen);
            let stop = min(j + width, tlen);
            if (in_range) {
                var at = (t0 + j) * pitch4 + item;
                // RBF_UNROLL loads in flight before the arithmetic that needs them.
                while (j + RBF_UNROLL <= stop) {
                    var v: array<vec4<f32>, 8>;
                    for (var u = 0u; u < RBF_UNROLL; u = u + 1u) {
                        v[u] = x4[at + u * pitch4];
                    }
                    for (var u = 0u; u < RBF_UNROLL; u = u + 1u) {
                        var d = v[u] - vec4<f32>(tile_hi[j + u]);
                        s_hi = s_hi + d * d;
                        d = v[u] - vec4<f32>(tile_lo[j + u]);
                        s_lo = s_lo + d * d;
                    }
                    j = j + RBF_UNROLL;
                    at = at + RBF_UNROLL * pitch4;
                }
                while (j < stop) {
                    let v = x4[at];
                    var d = v - vec4<f32>(tile_hi[j]);
                    s_hi = s_hi + d * d;
                    d = v - vec4<f32>(tile_lo[j]);
                    s_lo = s_lo + d * d;
                    j = j + 1u;
                    at = at + pitch4;
                }
            }
        }
        if (slices > 1u) {
            // Slices 1.. leave their partials in the tile arrays (slot (slice - 1) * per +
            // lane, four floats each); slice 0 adds them in slice order.
            workgroupBarrier();
            if (slice > 0u) {
                let at = 4u * ((slice - 1u) * per + lane);
                for (var c = 0u; c < 4u; c = c + 1u) {
                    tile_hi[at + c] = s_hi[c];
                    tile_lo[at + c] = s_lo[c];
                }
            }
            workgroupBarrier();
            if (slice == 0u) {
                for (var k = 1u; k < slices; k = k + 1u) {
                    let at = 4u * ((k - 1u) * per + lane);
                    s_hi = s_hi + vec4<f32>(tile_hi[at], tile_hi[at + 1u], tile_hi[at + 2u],
                                            tile_hi[at + 3u]);
                    s_lo = s_lo + vec4<f32>(tile_lo[at], tile_lo[at + 1u], tile_lo[at + 2u],
                                            tile_lo[at + 3u]);
                }
            }
        }
        if (in_range && slice == 0u) {
            write_rows4(item, s_hi, s_lo);
        }
    }
}
