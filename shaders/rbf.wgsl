// RBF kernel rows for SMO (seeds 002 and 004): for every point i of a block of X,
//     k_hi[i] = exp(-gamma * sum_j (x[i,j] - x_hi[j])^2)      and likewise k_lo,
// with the direct difference. The twin of kernels/rbf.cl.
//
// The pivot rows may live in other blocks of X than the rows a dispatch covers. Every rung
// reads them through x_hi and x_lo, each at its row and pitch: the blocks holding them (no
// dispatch before it), or a copy, `pivots` = [x_hi | x_lo], that rbf_gather makes first in one
// dispatch, seen as two rows. The rungs that read every pivot value inside their loop over the
// columns (row_major, column_major, vectorized) read X's blocks up to rbf_loop_pivot_cols
// columns (0: never); local_memory stages the pivots tile by tile in workgroup memory, from X's
// blocks up to rbf_pivot_cols columns. The rungs of the case study's ladder:
//   rbf_row_major     listing 2: one work-item per point, row-major X (work-items d apart)
//   rbf_column_major  column-major X with a padded pitch: adjacent work-items, adjacent addresses
//                     (these two: RBF_LOOP_ROWS points a work-item a step, a grid stride apart)
//   rbf_vectorized    column-major, four points per work-item, vec4 loads
//   rbf_local_memory  vectorized, the pivots staged in workgroup memory RBF_TILE floats at a
//                     time (rows longer than a tile go tile by tile), both rows in one pass
// and what row_major runs over rows of at most rbf_quad_pitch floats:
//   rbf_row_quad      four consecutive rows a work-item, RBF_QUAD_PITCH vec4 loads
// Each dispatch covers rows [row_begin, row_end) of one block and writes them to the output
// chunk starting at out_begin (blocks of X and chunks of the outputs need not line up).
// Each value is rbf_value(gamma, s), appended with the argument structs (duet-core's
// kernel_args.rs: the exponent capped at RBF_EXPONENT_CAP, which only matters if the f32 sum
// overflowed, where WGSL leaves infinities indeterminate).

override RBF_WG: u32;
override RBF_TILE: u32;
// vec4 loads each work-item of rbf_local_memory issues before using them (at most 8).
override RBF_UNROLL: u32;
// Points each work-item of rbf_row_major and rbf_column_major covers a step (1, 2 or 4), a grid
// stride apart; their sums live in arrays of LOOP_ROWS_MAX (at least the most rbf_loop_rows
// allows: tests/constants.rs checks it).
override RBF_LOOP_ROWS: u32;
const LOOP_ROWS_MAX: u32 = 4u;
// The row-major pitch of rbf_row_quad (1 to QUAD_PITCH_MAX, duet-core's RBF_QUAD_MAX_PITCH:
// tests/constants.rs checks it), its arrays' length.
override RBF_QUAD_PITCH: u32;
const QUAD_PITCH_MAX: u32 = 8u;

// The arguments: RbfParams, declared once in duet-core's kernel_args.rs (appended to this
// source when it is built).

var<immediate> p: RbfParams;

@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read_write> pivots: array<f32>;
@group(0) @binding(2) var<storage, read_write> out_hi: array<f32>;
@group(0) @binding(3) var<storage, read_write> out_lo: array<f32>;
@group(0) @binding(4) var<storage, read> x4: array<vec4<f32>>;
// The block holding x_lo (the same buffer as `x` when the pivot is in the dispatch's block), or
// the gathered copy (the rungs).
@group(0) @binding(5) var<storage, read> x_lo: array<f32>;
// The rungs: the block holding x_hi (rbf_gather reads it as `x`), or the gathered copy.
@group(0) @binding(6) var<storage, read> x_hi: array<f32>;
// The vec4 rungs' views of the output chunks bound at 2 and 3, for whole vec4 stores.
@group(0) @binding(7) var<storage, read_write> out4_hi: array<vec4<f32>>;
@group(0) @binding(8) var<storage, read_write> out4_lo: array<vec4<f32>>;

var<workgroup> tile_hi: array<f32, RBF_TILE>;
var<workgroup> tile_lo: array<f32, RBF_TILE>;

fn write_row(row: u32, s_hi: f32, s_lo: f32) {
    let o = p.out_begin + (row - p.row_begin);
    out_hi[o] = rbf_value(p.gamma, s_hi);
    out_lo[o] = rbf_value(p.gamma, s_lo);
}

// Four points starting at row 4*item: only rows inside [row_begin, row_end) are written, with
// one vec4 store an output (out4_hi, out4_lo: the same chunks) where all four are and their
// output starts on 16 bytes; else a store a row.
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
            write_row(row, s_hi[c], s_lo[c]);
        }
    }
}

// Where element j of the pivot in row `row` of a block with pitch `pitch` lies: base + j * step.
fn pivot_base(row: u32, pitch: u32) -> u32 {
    if (p.layout_cm == 1u) {
        return row;
    }
    return row * pitch;
}

fn pivot_step(pitch: u32) -> u32 {
    if (p.layout_cm == 1u) {
        return pitch;
    }
    return 1u;
}

// Element j of the pivot in row `row` of a block with pitch `pitch`.
fn pivot_at(row: u32, pitch: u32, j: u32) -> u32 {
    return pivot_base(row, pitch) + j * pivot_step(pitch);
}

// Both pivots in one dispatch (every launch costs a gap before the next): pivots[j] = x_hi[j]
// and pivots[cols + j] = x_lo[j].
@compute @workgroup_size(RBF_WG)
fn rbf_gather(@builtin(global_invocation_id) gid: vec3<u32>) {
    for (var j = gid.x; j < 2u * p.cols; j = j + p.groups * RBF_WG) {
        if (j < p.cols) {
            pivots[j] = x[pivot_at(p.pivot_row, p.pitch, j)];
        } else {
            pivots[j] = x_lo[pivot_at(p.pivot_lo_row, p.pitch_lo, j - p.cols)];
        }
    }
}

// The loop rungs (rbf_row_major, rbf_column_major): RBF_LOOP_ROWS points a work-item a step, a
// grid stride apart, every pivot value loaded once a step; element j of row r of X lies at
// r * row_step + j * col_step (row-major: pitch, 1; column-major: 1, pitch). The entry points
// pass constant steps, so each compiles to its own index expression.
fn loop_rows(gx: u32, row_step: u32, col_step: u32) {
    let hb = pivot_base(p.pivot_row, p.pitch_hi);
    let hs = pivot_step(p.pitch_hi);
    let lb = pivot_base(p.pivot_lo_row, p.pitch_lo);
    let ls = pivot_step(p.pitch_lo);
    let stride = p.groups * RBF_WG;
    for (var row = p.row_begin + gx; row < p.row_end; row = row + RBF_LOOP_ROWS * stride) {
        var s_hi: array<f32, LOOP_ROWS_MAX>;
        var s_lo: array<f32, LOOP_ROWS_MAX>;
        // The rows of this step (no overflow past 2^32); one past the end reads the last row
        // again and is not written.
        var at: array<u32, LOOP_ROWS_MAX>;
        for (var u = 0u; u < RBF_LOOP_ROWS; u = u + 1u) {
            s_hi[u] = 0.0;
            s_lo[u] = 0.0;
            at[u] = select(p.row_end - 1u, row + u * stride, u * stride < p.row_end - row);
        }
        for (var j = 0u; j < p.cols; j = j + 1u) {
            let ph = x_hi[hb + j * hs];
            let pl = x_lo[lb + j * ls];
            for (var u = 0u; u < RBF_LOOP_ROWS; u = u + 1u) {
                let v = x[at[u] * row_step + j * col_step];
                let dh = v - ph;
                s_hi[u] = s_hi[u] + dh * dh;
                let dl = v - pl;
                s_lo[u] = s_lo[u] + dl * dl;
            }
        }
        for (var u = 0u; u < RBF_LOOP_ROWS; u = u + 1u) {
            if (u * stride < p.row_end - row) {
                write_row(at[u], s_hi[u], s_lo[u]);
            }
        }
    }
}

@compute @workgroup_size(RBF_WG)
fn rbf_row_major(@builtin(global_invocation_id) gid: vec3<u32>) {
    loop_rows(gid.x, p.pitch, 1u);
}

@compute @workgroup_size(RBF_WG)
fn rbf_column_major(@builtin(global_invocation_id) gid: vec3<u32>) {
    loop_rows(gid.x, 1u, p.pitch);
}

@compute @workgroup_size(RBF_WG)
fn rbf_vectorized(@builtin(global_invocation_id) gid: vec3<u32>) {
    let hb = pivot_base(p.pivot_row, p.pitch_hi);
    let hs = pivot_step(p.pitch_hi);
    let lb = pivot_base(p.pivot_lo_row, p.pitch_lo);
    let ls = pivot_step(p.pitch_lo);
    let first = p.row_begin / 4u;
    let end = (p.row_end + 3u) / 4u;
    let pitch4 = p.pitch / 4u;
    for (var item = first + gid.x; item < end; item = item + p.groups * RBF_WG) {
        var s_hi = vec4<f32>(0.0);
        var s_lo = vec4<f32>(0.0);
        for (var j = 0u; j < p.cols; j = j + 1u) {
            let v = x4[j * pitch4 + item];
            let dh = v - vec4<f32>(x_hi[hb + j * hs]);
            s_hi = s_hi + dh * dh;
            let dl = v - vec4<f32>(x_lo[lb + j * ls]);
            s_lo = s_lo + dl * dl;
        }
        write_rows4(item, s_hi, s_lo);
    }
}

@compute @workgroup_size(RBF_WG)
fn rbf_local_memory(@builtin(local_invocation_id) lid: vec3<u32>,
                    @builtin(workgroup_id) wid: vec3<u32>) {
    let first = p.row_begin / 4u;
    let end = (p.row_end + 3u) / 4u;
    let pitch4 = p.pitch / 4u;
    // The loops are uniform across the workgroup (barriers inside); work-items past the end
    // take part in the loads and skip the arithmetic.
    for (var base = first + wid.x * RBF_WG; base < end; base = base + p.groups * RBF_WG) {
        let item = base + lid.x;
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
            if (in_range) {
                var at = t0 * pitch4 + item;
                var j = 0u;
                // RBF_UNROLL loads in flight before the arithmetic that needs them.
                while (j + RBF_UNROLL <= tlen) {
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
                while (j < tlen) {
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
        if (in_range) {
            write_rows4(item, s_hi, s_lo);
        }
    }
}

// rbf_row_quad: row-major X whose pitch, RBF_QUAD_PITCH, is at most QUAD_PITCH_MAX (the
// row_major rung over such a block, plan_rbf). Each work-item takes four consecutive rows at a
// time: they are RBF_QUAD_PITCH whole vec4s of X (aligned: four rows start at a multiple of
// 4 * RBF_QUAD_PITCH floats), read through x4 with one vec4 load each where all four rows are
// inside [row_begin, row_end), else through x a float a load for the rows that are. Element f of
// a quad is row f / RBF_QUAD_PITCH, column f % RBF_QUAD_PITCH; each row's terms are added in
// column order (padding columns are zero in X and in the flat pivots: they add zero).
@compute @workgroup_size(RBF_WG)
fn rbf_row_quad(@builtin(global_invocation_id) gid: vec3<u32>) {
    let hb = pivot_base(p.pivot_row, p.pitch_hi);
    let hs = pivot_step(p.pitch_hi);
    let lb = pivot_base(p.pivot_lo_row, p.pitch_lo);
    let ls = pivot_step(p.pitch_lo);
    // The pivots in the quad's flat layout, zero past `cols`.
    var ph: array<vec4<f32>, QUAD_PITCH_MAX>;
    var pl: array<vec4<f32>, QUAD_PITCH_MAX>;
    for (var q = 0u; q < RBF_QUAD_PITCH; q = q + 1u) {
        var h = vec4<f32>(0.0);
        var l = vec4<f32>(0.0);
        for (var c = 0u; c < 4u; c = c + 1u) {
            let j = (4u * q + c) % RBF_QUAD_PITCH;
            if (j < p.cols) {
                h[c] = x_hi[hb + j * hs];
                l[c] = x_lo[lb + j * ls];
            }
        }
        ph[q] = h;
        pl[q] = l;
    }
    let first = p.row_begin / 4u;
    let end = (p.row_end + 3u) / 4u;
    for (var item = first + gid.x; item < end; item = item + p.groups * RBF_WG) {
        let r0 = 4u * item;
        var v: array<vec4<f32>, QUAD_PITCH_MAX>;
        if (r0 >= p.row_begin && r0 + 4u <= p.row_end) {
            for (var q = 0u; q < RBF_QUAD_PITCH; q = q + 1u) {
                v[q] = x4[item * RBF_QUAD_PITCH + q];
            }
        } else {
            for (var q = 0u; q < RBF_QUAD_PITCH; q = q + 1u) {
                var t = vec4<f32>(0.0);
                for (var c = 0u; c < 4u; c = c + 1u) {
                    let row = r0 + (4u * q + c) / RBF_QUAD_PITCH;
                    if (row >= p.row_begin && row < p.row_end) {
                        t[c] = x[r0 * RBF_QUAD_PITCH + 4u * q + c];
                    }
                }
                v[q] = t;
            }
        }
        var s_hi = vec4<f32>(0.0);
        var s_lo = vec4<f32>(0.0);
        for (var q = 0u; q < RBF_QUAD_PITCH; q = q + 1u) {
            let dh = v[q] - ph[q];
            let dl = v[q] - pl[q];
            for (var c = 0u; c < 4u; c = c + 1u) {
                let i = (4u * q + c) / RBF_QUAD_PITCH;
                s_hi[i] = s_hi[i] + dh[c] * dh[c];
                s_lo[i] = s_lo[i] + dl[c] * dl[c];
            }
        }
        write_rows4(item, s_hi, s_lo);
    }
}
