// Logistic regression (seeds 000 and 001): for X (row-major, pitch = cols), labels y and
// weights w, one pass over X gives
//     g = X^T (y - sigma(X w))      and      L = -sum [ y softplus(-z) + (1 - y) softplus(z) ].
// The twin of kernels/logreg.cl.
//
// A workgroup walks tiles of X (duet_core::LogregTiling): it stages a tile in workgroup memory
// with coalesced loads, forms each row's score z with `lanes_z` work-items per row, turns the
// scores into residuals y - sigma(z) (and log-likelihood terms when asked), then accumulates
// the gradient with `lanes_g` work-items per column, in registers across tiles. Rows longer
// than a tile are read in column chunks (the gradient re-reads them, from cache); with more
// columns than work-items each column's sum goes straight to the workgroup's partial slot.
//
//   logreg_partial  multi_group: many workgroups, each writes a partial gradient and
//                   log-likelihood; logreg_reduce sums the partials and then writes the
//                   gradient (mode 0), takes a gradient-ascent step (mode 1) or only records
//                   the log-likelihood (mode 2).
//   logreg_single   single_group: one workgroup does everything, for every iteration: the whole
//                   training loop (or one gradient) in one dispatch.
//
// Numerics: with e = exp(-|z|), sigma and 1 - sigma are 1/(1+e) and e/(1+e) (no overflow, no
// cancellation), softplus(+-z) = max(+-z, 0) + log1p(e), and log1p is evaluated from + - * /
// only (WGSL has no log1p): log1p(e) = 2 atanh(s), s = e/(2+e) in [0, 1/3], by its series to
// s^13 (truncation below 2e-8 relative). See docs/conformance.md for the error bounds.

override LOGREG_WG: u32 = 256u;
override LOGREG_TILE: u32 = 2048u;

struct Params {
    cols: u32,
    // Rows [row_begin, row_end) of this X block; their labels start at y[y_begin].
    row_begin: u32,
    row_end: u32,
    y_begin: u32,
    // First partial slot of this dispatch (logreg_partial); partial slots in all (logreg_reduce).
    slot: u32,
    groups: u32,
    tile_rows: u32,
    lanes_z: u32,
    lanes_g: u32,
    // logreg_single: iterations (0: one gradient, written to `grad`); log-likelihood every
    // `every` iterations (0: only at the end).
    iters: u32,
    every: u32,
    lr: f32,
    // 1 - lr * l2.
    decay: f32,
    // logreg_reduce: 0 gradient, 1 training step, 2 log-likelihood only.
    mode: u32,
    // logreg_partial: compute the log-likelihood terms when record == 1; logreg_reduce: write
    // the log-likelihood to trace[trace_index] when record == 1.
    trace_index: u32,
    record: u32,
}

var<immediate> p: Params;

@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read> y: array<f32>;
@group(0) @binding(2) var<storage, read_write> w: array<f32>;
@group(0) @binding(3) var<storage, read_write> part: array<f32>;
@group(0) @binding(4) var<storage, read_write> part_ll: array<f32>;
@group(0) @binding(5) var<storage, read_write> grad: array<f32>;
@group(0) @binding(6) var<storage, read_write> trace: array<f32>;

var<workgroup> tile: array<f32, LOGREG_TILE>;
// Per tile row: the score z, then the residual y - sigma(z).
var<workgroup> zs: array<f32, LOGREG_TILE>;
var<workgroup> red: array<f32, LOGREG_WG>;

// log1p(e) for e in [0, 1], from + - * / only.
fn log1p_unit(e: f32) -> f32 {
    let s = e / (2.0 + e);
    let s2 = s * s;
    let q = 1.0 + s2 * (1.0 / 3.0 + s2 * (1.0 / 5.0 + s2 * (1.0 / 7.0 + s2 * (1.0 / 9.0
        + s2 * (1.0 / 11.0 + s2 * (1.0 / 13.0))))));
    return 2.0 * s * q;
}

// Sums red[0 .. LOGREG_WG) into red[0]. Call from uniform control flow.
fn tree_sum_all(lid: u32) -> f32 {
    workgroupBarrier();
    for (var off = LOGREG_WG / 2u; off > 0u; off = off >> 1u) {
        if (lid < off) {
            red[lid] = red[lid] + red[lid + off];
        }
        workgroupBarrier();
    }
    let total = red[0];
    workgroupBarrier();
    return total;
}

// Loads rows [r0, r0 + nr), columns [c0, c0 + cw) of the block into tile[r * cw + j].
fn load_tile(lid: u32, r0: u32, nr: u32, c0: u32, cw: u32) {
    workgroupBarrier();
    if (cw == p.cols) {
        let base = r0 * p.cols;
        for (var e = lid; e < nr * cw; e = e + LOGREG_WG) {
            tile[e] = x[base + e];
        }
    } else {
        for (var e = lid; e < cw; e = e + LOGREG_WG) {
            tile[e] = x[r0 * p.cols + c0 + e];
        }
    }
    workgroupBarrier();
}

struct Acc {
    // This work-item's gradient column partial (cols <= LOGREG_WG).
    g: f32,
    // This work-item's log-likelihood partial.
    ll: f32,
}

// Adds the tile's rows (nr rows of cw columns in `tile`, residuals in `zs`) to the gradient:
// into the work-item's register when cols <= LOGREG_WG, else into part[gslot * cols + c0 + j].
fn add_gradient(lid: u32, nr: u32, c0: u32, cw: u32, gslot: u32, g: f32) -> f32 {
    let k = p.cols;
    var acc = g;
    if (k <= LOGREG_WG) {
        let j = lid % k;
        let lane = lid / k;
        if (lane < p.lanes_g) {
            for (var r = lane; r < nr; r = r + p.lanes_g) {
                acc = acc + tile[r * k + j] * zs[r];
            }
        }
    } else {
        for (var j = lid; j < cw; j = j + LOGREG_WG) {
            var s = 0.0;
            for (var r = 0u; r < nr; r = r + 1u) {
                s = s + tile[r * cw + j] * zs[r];
            }
            part[gslot * k + c0 + j] = part[gslot * k + c0 + j] + s;
        }
    }
    return acc;
}

// One pass over the tiles first_tile, first_tile + tile_stride, … of rows
// [row_begin, row_end). With cols > LOGREG_WG the column sums are added to part[gslot * cols + j]
// (zeroed first by the same work-item that adds to it). Barriers appear only in straight-line
// code and in loops every work-item runs alike, never under a condition.
fn pass_tiles(lid: u32, first_tile: u32, tile_stride: u32, with_ll: bool, gslot: u32) -> Acc {
    let k = p.cols;
    let tr = p.tile_rows;
    let kc = min(k, LOGREG_TILE);
    let nchunks = (k + kc - 1u) / kc;
    let ntiles = (p.row_end - p.row_begin + tr - 1u) / tr;
    let lanes = p.lanes_z;
    // Column chunks the gradient must reload (a single chunk is still in the tile).
    let reloads = select(0u, nchunks, nchunks > 1u);
    var acc = Acc(0.0, 0.0);
    if (k > LOGREG_WG) {
        for (var j = lid; j < k; j = j + LOGREG_WG) {
            part[gslot * k + j] = 0.0;
        }
    }
    for (var t = first_tile; t < ntiles; t = t + tile_stride) {
        let r0 = p.row_begin + t * tr;
        let nr = min(tr, p.row_end - r0);
        // Scores: batches of LOGREG_WG / lanes rows, `lanes` work-items per row.
        for (var c = 0u; c < nchunks; c = c + 1u) {
            let c0 = c * kc;
            let cw = min(kc, k - c0);
            load_tile(lid, r0, nr, c0, cw);
            for (var rb = 0u; rb < nr; rb = rb + LOGREG_WG / lanes) {
                let r = rb + lid / lanes;
                var d = 0.0;
                if (r < nr) {
                    for (var j = lid % lanes; j < cw; j = j + lanes) {
                        d = d + tile[r * cw + j] * w[c0 + j];
                    }
                }
                red[lid] = d;
                workgroupBarrier();
                for (var off = lanes / 2u; off > 0u; off = off >> 1u) {
                    if (lid % lanes < off) {
                        red[lid] = red[lid] + red[lid + off];
                    }
                    workgroupBarrier();
                }
                if (r < nr && lid % lanes == 0u) {
                    zs[r] = select(zs[r] + red[lid], red[lid], c == 0u);
                }
                workgroupBarrier();
            }
        }
        // Residuals and log-likelihood terms.
        for (var r = lid; r < nr; r = r + LOGREG_WG) {
            let z = zs[r];
            let yv = y[p.y_begin + (r0 - p.row_begin) + r];
            let e = exp(-abs(z));
            let pos = 1.0 / (1.0 + e);
            let neg = e * pos;
            let sig = select(neg, pos, z >= 0.0);
            let one_minus = select(pos, neg, z >= 0.0);
            zs[r] = yv * one_minus - (1.0 - yv) * sig;
            if (with_ll) {
                let sp = log1p_unit(e);
                acc.ll = acc.ll - (yv * max(-z, 0.0) + (1.0 - yv) * max(z, 0.0) + sp);
            }
        }
        workgroupBarrier();
        // Gradient.
        if (nchunks == 1u) {
            acc.g = add_gradient(lid, nr, 0u, k, gslot, acc.g);
        }
        for (var c = 0u; c < reloads; c = c + 1u) {
            let c0 = c * kc;
            let cw = min(kc, k - c0);
            load_tile(lid, r0, nr, c0, cw);
            acc.g = add_gradient(lid, nr, c0, cw, gslot, acc.g);
        }
    }
    return acc;
}

// Combines the lanes of each gradient column: afterwards red[j] holds column j's sum for
// j < cols when cols <= LOGREG_WG (lanes_g is 1 otherwise, and this only costs two barriers).
fn tree_columns(lid: u32, g: f32) {
    let k = p.cols;
    workgroupBarrier();
    red[lid] = g;
    workgroupBarrier();
    for (var off = p.lanes_g / 2u; off > 0u; off = off >> 1u) {
        if (lid / k < off) {
            red[lid] = red[lid] + red[lid + off * k];
        }
        workgroupBarrier();
    }
}

@compute @workgroup_size(LOGREG_WG)
fn logreg_partial(@builtin(local_invocation_id) lid3: vec3<u32>,
                  @builtin(workgroup_id) wid3: vec3<u32>) {
    let lid = lid3.x;
    let slot = p.slot + wid3.x;
    let acc = pass_tiles(lid, wid3.x, p.groups, p.record == 1u, slot);
    tree_columns(lid, acc.g);
    if (p.cols <= LOGREG_WG && lid < p.cols) {
        part[slot * p.cols + lid] = red[lid];
    }
    workgroupBarrier();
    red[lid] = acc.ll;
    let ll = tree_sum_all(lid);
    if (lid == 0u) {
        part_ll[slot] = ll;
    }
}

// Applies column j's sum: the gradient (mode 0) or a gradient-ascent step (mode 1).
fn apply(j: u32, g: f32) {
    if (p.mode == 0u) {
        grad[j] = g;
    } else if (p.mode == 1u) {
        w[j] = w[j] * p.decay + p.lr * g;
    }
}

@compute @workgroup_size(LOGREG_WG)
fn logreg_reduce(@builtin(local_invocation_id) lid3: vec3<u32>,
                 @builtin(workgroup_id) wid3: vec3<u32>) {
    let lid = lid3.x;
    let k = p.cols;
    let slots = p.slot;
    // Column sums. cols <= LOGREG_WG: lanes_g work-items per column share the slots, then a
    // tree; wider: one work-item per column (workgroup wid covers columns wid * LOGREG_WG + lid).
    var s = 0.0;
    if (k <= LOGREG_WG) {
        let lane = lid / k;
        if (lane < p.lanes_g) {
            for (var q = lane; q < slots; q = q + p.lanes_g) {
                s = s + part[q * k + lid % k];
            }
        }
    }
    tree_columns(lid, s);
    if (k <= LOGREG_WG) {
        if (lid < k) {
            apply(lid, red[lid]);
        }
    } else {
        let j = wid3.x * LOGREG_WG + lid;
        if (j < k) {
            var g = 0.0;
            for (var q = 0u; q < slots; q = q + 1u) {
                g = g + part[q * k + j];
            }
            apply(j, g);
        }
    }
    workgroupBarrier();
    var l = 0.0;
    for (var q = lid; q < slots; q = q + LOGREG_WG) {
        l = l + part_ll[q];
    }
    red[lid] = l;
    let ll = tree_sum_all(lid);
    if (wid3.x == 0u && lid == 0u && p.record == 1u) {
        trace[p.trace_index] = ll;
    }
}

// One gradient at the current w by this single workgroup: returns the log-likelihood (0 unless
// with_ll) and leaves column j's sum in red[j] (cols <= LOGREG_WG) or part[j] (wider).
fn single_gradient(lid: u32, with_ll: bool) -> f32 {
    let acc = pass_tiles(lid, 0u, 1u, with_ll, 0u);
    workgroupBarrier();
    red[lid] = acc.ll;
    let ll = tree_sum_all(lid);
    tree_columns(lid, acc.g);
    return ll;
}

fn column_sum(j: u32) -> f32 {
    if (p.cols <= LOGREG_WG) {
        return red[j];
    }
    return part[j];
}

// This dispatch runs global iterations [slot, slot + iters) of the loop; with mode == 1 it then
// measures the final weights' log-likelihood (the run's last dispatch), and when that is the
// only pass of the run (iters == 0, slot == 0) it writes the gradient to `grad`. The
// log-likelihood goes to trace[trace_index], trace[trace_index + 1], … (trace_index: points
// recorded by earlier dispatches). Hosts split a long loop over several dispatches only where a
// driver limits one invocation's loop iterations (llvmpipe stops at 65535).
@compute @workgroup_size(LOGREG_WG)
fn logreg_single(@builtin(local_invocation_id) lid3: vec3<u32>) {
    let lid = lid3.x;
    let k = p.cols;
    var recorded = p.trace_index;
    let passes = p.iters + select(0u, 1u, p.mode == 1u);
    for (var i = 0u; i < passes; i = i + 1u) {
        let t = p.slot + i;
        let last = i == p.iters;
        let record = last || (p.every != 0u && t != 0u && t % p.every == 0u);
        let ll = single_gradient(lid, record);
        if (record && lid == 0u) {
            trace[recorded] = ll;
        }
        recorded = recorded + select(0u, 1u, record);
        // Every work-item has read w for this pass's scores (single_gradient ends in a
        // barrier); now each owner updates its columns (or, for a lone gradient, writes it),
        // and the barrier publishes them.
        for (var j = lid; j < k; j = j + LOGREG_WG) {
            let g = column_sum(j);
            if (!last) {
                w[j] = w[j] * p.decay + p.lr * g;
            } else if (t == 0u) {
                grad[j] = g;
            }
        }
        storageBarrier();
        workgroupBarrier();
    }
}
