// Logistic regression (seeds 000 and 001): for X (row-major; rows `pitch` apart, the
// library's row_pitch: cols, or rounded up to a multiple of 4 with zero padding), labels y and
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
//                   the log-likelihood (mode 2). Where p.total_slots > 0 the pass's last
//                   workgroup does the reduce's work instead (finish_pass), in the same launch.
//   logreg_single   single_group: one workgroup does everything, for every iteration: the whole
//                   training loop (or one gradient) in one dispatch.
//
// Numerics: with e = exp(-|z|), sigma and 1 - sigma are 1/(1+e) and e/(1+e) (no overflow, no
// cancellation), softplus(+-z) = max(+-z, 0) + log1p(e), and log1p is evaluated from + - * /
// only (WGSL has no log1p): log1p(e) = 2 atanh(s), s = e/(2+e) in [0, 1/3], by its series to
// s^13 (truncation below 2e-8 relative). See docs/conformance.md for the error bounds.

override LOGREG_WG: u32;
override LOGREG_TILE: u32;
override LOGREG_ROWS: u32;
// The register-resident kernels only, specialised per problem: columns (logreg_single_reg,
// logreg_partial_reg), and rows held by each work-item (logreg_single_reg).
override LOGREG_K: u32;
override LOGREG_RPT: u32;
// Their row pitch (row_pitch(LOGREG_K), p.pitch of the other kernels).
override LOGREG_PITCH: u32;
// logreg_partial_reg: work-items per row (a power of two), specialised per problem, and rows
// each work-item loads per step (1 or 2, KernelParams::logreg_rps).
override LOGREG_LANES: u32;
override LOGREG_RPS: u32;
// logreg_partial_reg: adjacent lanes whose partial scores are added by subgroup shuffles (a
// power of two; 1: none, all through workgroup memory). Every aligned run of this many
// work-items lies in one subgroup (the device's smallest subgroup size).
override LOGREG_SPAN: u32;
// logreg_partial_reg: 1 interleaves a row's vec4s over its lanes, 0 gives each lane a block
// (KernelParams::partial_reg_interleave).
override LOGREG_INTERLEAVE: u32;
// logreg_partial_reg: 1 issues the next step's loads before the current step's are used
// (software pipelining), 0 loads each step at its start (KernelParams::logreg_pipeline).
override LOGREG_PIPELINE: u32;

// The arguments: LogregParams, declared once in duet-core's kernel_args.rs (appended to this
// source when it is built).

var<immediate> p: LogregParams;

@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read> y: array<f32>;
@group(0) @binding(2) var<storage, read_write> w: array<f32>;
// The partial slots' bits (f32), atomic so that a pass's last workgroup reads what the other
// workgroups stored, past any non-coherent cache (see finish_pass); part_at / set_part.
@group(0) @binding(3) var<storage, read_write> part: array<atomic<u32>>;
@group(0) @binding(4) var<storage, read_write> part_ll: array<atomic<u32>>;
@group(0) @binding(5) var<storage, read_write> grad: array<f32>;
@group(0) @binding(6) var<storage, read_write> trace: array<f32>;
// The same X block as vec4s, for the loads when the pitch is a multiple of 4.
@group(0) @binding(7) var<storage, read> x4: array<vec4<f32>>;
// The pass finish's counter: zero between launches (the last workgroup resets it).
@group(0) @binding(8) var<storage, read_write> count: array<atomic<u32>>;

var<workgroup> tile: array<f32, LOGREG_TILE>;
// Per tile row: the score z, then the residual y - sigma(z).
var<workgroup> zs: array<f32, LOGREG_ROWS>;
var<workgroup> red: array<f32, LOGREG_WG>;
// The weights, copied once per pass when there are at most WEIGHT_CACHE of them (w is a
// read-write binding: reads from it would bypass the read-only caches).
override WEIGHT_CACHE: u32;
// Most columns one work-item holds in the register-resident kernels.
override LANE_COLS: u32;
var<workgroup> wc: array<f32, WEIGHT_CACHE>;
// logreg_single_reg: the weights, and each work-item's K gradient partials and log-likelihood.
var<workgroup> wv: array<f32, 16>;
var<workgroup> red_k: array<f32, LOGREG_WG * (LANE_COLS + 1u)>;
// finish_pass: 1 in the workgroup that counted itself last of its group (finisher), and last
// of the pass (finisher_last).
var<workgroup> finisher: u32;
var<workgroup> finisher_last: u32;

fn part_at(i: u32) -> f32 {
    return bitcast<f32>(atomicLoad(&part[i]));
}

fn set_part(i: u32, v: f32) {
    atomicStore(&part[i], bitcast<u32>(v));
}

fn part_ll_at(i: u32) -> f32 {
    return bitcast<f32>(atomicLoad(&part_ll[i]));
}

fn set_part_ll(i: u32, v: f32) {
    atomicStore(&part_ll[i], bitcast<u32>(v));
}

// log1p(e) for e in [0, 1], from + - * / only.
fn log1p_unit(e: f32) -> f32 {
    let s = e / (2.0 + e);
    let s2 = s * s;
    let q = 1.0 + s2 * (1.0 / 3.0 + s2 * (1.0 / 5.0 + s2 * (1.0 / 7.0 + s2 * (1.0 / 9.0
        + s2 * (1.0 / 11.0 + s2 * (1.0 / 13.0))))));
    return 2.0 * s * q;
}

// y − σ(z), given e = exp(−|z|): σ and 1 − σ as 1/(1+e) and e/(1+e), so nothing cancels.
fn residual(z: f32, yv: f32, e: f32) -> f32 {
    let pos = 1.0 / (1.0 + e);
    let neg = e * pos;
    let sig = select(neg, pos, z >= 0.0);
    let one_minus = select(pos, neg, z >= 0.0);
    return yv * one_minus - (1.0 - yv) * sig;
}

// y·softplus(−z) + (1 − y)·softplus(z), the negated log-likelihood term, given e = exp(−|z|).
fn loss_term(z: f32, yv: f32, e: f32) -> f32 {
    return yv * max(-z, 0.0) + (1.0 - yv) * max(z, 0.0) + log1p_unit(e);
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

// Loads rows [r0, r0 + nr), columns [c0, c0 + cw) of the block into tile[r * s + j], vec4
// loads when whole rows of a multiple of 4 columns are read (then the pitch is the columns).
fn load_tile(lid: u32, r0: u32, nr: u32, c0: u32, cw: u32, s: u32) {
    let k = p.cols;
    let pitch = p.pitch;
    workgroupBarrier();
    if (cw == k && k % 4u == 0u) {
        let k4 = k / 4u;
        let base4 = r0 * k4;
        for (var e = lid; e < nr * k4; e = e + LOGREG_WG) {
            let v = x4[base4 + e];
            let at = (e / k4) * s + (e % k4) * 4u;
            tile[at] = v.x;
            tile[at + 1u] = v.y;
            tile[at + 2u] = v.z;
            tile[at + 3u] = v.w;
        }
    } else if (cw == k) {
        for (var e = lid; e < nr * k; e = e + LOGREG_WG) {
            tile[(e / k) * s + e % k] = x[(r0 + e / k) * pitch + e % k];
        }
    } else {
        for (var e = lid; e < cw; e = e + LOGREG_WG) {
            tile[e] = x[r0 * pitch + c0 + e];
        }
    }
    workgroupBarrier();
}

fn weight(i: u32) -> f32 {
    if (p.cols <= WEIGHT_CACHE) {
        return wc[i];
    }
    return w[i];
}

struct Acc {
    // This work-item's gradient column partial (cols <= LOGREG_WG).
    g: f32,
    // This work-item's log-likelihood partial.
    ll: f32,
}

// Adds the tile's rows (nr rows of cw columns, stride s, residuals in zs) to the gradient: into
// the work-item's register when cols <= LOGREG_WG, else into part[gslot * cols + c0 + j].
fn add_gradient(lid: u32, nr: u32, c0: u32, cw: u32, s: u32, gslot: u32, g: f32) -> f32 {
    let k = p.cols;
    var acc = g;
    if (k <= LOGREG_WG) {
        let j = lid % k;
        let lane = lid / k;
        if (lane < p.lanes_g) {
            for (var r = lane; r < nr; r = r + p.lanes_g) {
                acc = acc + tile[r * s + j] * zs[r];
            }
        }
    } else {
        for (var j = lid; j < cw; j = j + LOGREG_WG) {
            var sum = 0.0;
            for (var r = 0u; r < nr; r = r + 1u) {
                sum = sum + tile[r * s + j] * zs[r];
            }
            set_part(gslot * k + c0 + j, part_at(gslot * k + c0 + j) + sum);
        }
    }
    return acc;
}

// One pass over the tiles first_tile, first_tile + tile_stride, … of rows
// [row_begin, row_end). With cols > LOGREG_WG the column sums are added to part[gslot * cols + j]
// (zeroed first by the same work-item that adds to it). Barriers appear only in straight-line
// code and in loops every work-item runs alike, never under a condition: four per tile.
fn pass_tiles(lid: u32, first_tile: u32, tile_stride: u32, with_ll: bool, gslot: u32) -> Acc {
    let k = p.cols;
    let tr = p.tile_rows;
    let kc = min(k, LOGREG_TILE);
    let nchunks = (k + kc - 1u) / kc;
    // Odd stride: a work-item per row reads distinct banks. One row per tile when chunked.
    let s = select(k | 1u, kc, nchunks > 1u);
    let ntiles = (p.row_end - p.row_begin + tr - 1u) / tr;
    let lanes = p.lanes_z;
    // Chunked rows: the lanes' partials are added per chunk, and the gradient reloads each
    // chunk; a single chunk stays in the tile.
    let chunked = nchunks > 1u;
    let reloads = select(0u, nchunks, nchunks > 1u);
    var acc = Acc(0.0, 0.0);
    if (k > LOGREG_WG) {
        for (var j = lid; j < k; j = j + LOGREG_WG) {
            set_part(gslot * k + j, 0.0);
        }
    }
    // The first tile load's barrier publishes the weight cache.
    for (var j = lid; j < min(k, WEIGHT_CACHE); j = j + LOGREG_WG) {
        wc[j] = w[j];
    }
    for (var t = first_tile; t < ntiles; t = t + tile_stride) {
        let r0 = p.row_begin + t * tr;
        let nr = min(tr, p.row_end - r0);
        // Scores: `lanes` work-items per row, or one work-item per row (lanes == 1).
        for (var c = 0u; c < nchunks; c = c + 1u) {
            let c0 = c * kc;
            let cw = min(kc, k - c0);
            load_tile(lid, r0, nr, c0, cw, s);
            if (lanes == 1u) {
                for (var r = lid; r < nr; r = r + LOGREG_WG) {
                    var d = 0.0;
                    for (var j = 0u; j < cw; j = j + 1u) {
                        d = d + tile[r * s + j] * weight(c0 + j);
                    }
                    zs[r] = select(zs[r] + d, d, c == 0u);
                }
            } else {
                let r = lid / lanes;
                var d = 0.0;
                if (r < nr) {
                    for (var j = lid % lanes; j < cw; j = j + lanes) {
                        d = d + tile[r * s + j] * weight(c0 + j);
                    }
                }
                red[lid] = d;
            }
            // Publishes the partials (unconditional, as in the OpenCL twin, where PoCL
            // miscompiled it inside a loop that ran 0 or 1 times).
            workgroupBarrier();
            if (chunked && lanes > 1u && lid == 0u) {
                var d = 0.0;
                for (var l = 0u; l < lanes; l = l + 1u) {
                    d = d + red[l];
                }
                zs[0] = select(zs[0] + d, d, c == 0u);
            }
        }
        // Residuals and log-likelihood terms, by each row's owner (which, for a single chunk,
        // first adds the row's lane partials; a chunked row's owner is work-item 0, which
        // wrote zs[0] itself, so the chunk loop's last barrier suffices).
        for (var r = lid; r < nr; r = r + LOGREG_WG) {
            var z = zs[r];
            if (lanes > 1u && nchunks == 1u) {
                z = 0.0;
                for (var l = 0u; l < lanes; l = l + 1u) {
                    z = z + red[r * lanes + l];
                }
            }
            let yv = y[p.y_begin + (r0 - p.row_begin) + r];
            let e = exp(-abs(z));
            zs[r] = residual(z, yv, e);
            if (with_ll) {
                acc.ll = acc.ll - loss_term(z, yv, e);
            }
        }
        workgroupBarrier();
        // Gradient.
        if (nchunks == 1u) {
            acc.g = add_gradient(lid, nr, 0u, k, s, gslot, acc.g);
        }
        for (var c = 0u; c < reloads; c = c + 1u) {
            let c0 = c * kc;
            let cw = min(kc, k - c0);
            load_tile(lid, r0, nr, c0, cw, s);
            acc.g = add_gradient(lid, nr, c0, cw, s, gslot, acc.g);
        }
    }
    return acc;
}

// Combines the `lanes` lanes of each of k columns (work-item lane * k + j holds lane `lane` of
// column j): afterwards red[j] holds column j's sum for j < k when k <= LOGREG_WG (lanes is 1
// otherwise, and this only costs two barriers).
fn tree_columns(lid: u32, g: f32, k: u32, lanes: u32) {
    workgroupBarrier();
    red[lid] = g;
    workgroupBarrier();
    for (var off = lanes / 2u; off > 0u; off = off >> 1u) {
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
    tree_columns(lid, acc.g, p.cols, p.lanes_g);
    if (p.cols <= LOGREG_WG && lid < p.cols) {
        set_part(slot * p.cols + lid, red[lid]);
    }
    workgroupBarrier();
    red[lid] = acc.ll;
    let ll = tree_sum_all(lid);
    if (lid == 0u) {
        set_part_ll(slot, ll);
    }
    finish_pass(lid, slot);
}

// Σ part[q * cols + j] over q = first, first + step, … < slots, eight independent sums in flight
// (the loads come from L2; one dependent chain would wait on each in turn).
fn sum_slots(first: u32, step: u32, slots: u32, j: u32) -> f32 {
    let k = p.cols;
    var s: array<f32, 8>;
    for (var c = 0u; c < 8u; c = c + 1u) {
        s[c] = 0.0;
    }
    var q = first;
    while (q + 7u * step < slots) {
        for (var c = 0u; c < 8u; c = c + 1u) {
            s[c] = s[c] + part_at((q + c * step) * k + j);
        }
        q = q + 8u * step;
    }
    // The last fewer than eight, one to a chain: loads in flight together, not one by one.
    for (var c = 0u; c < 7u; c = c + 1u) {
        if (q + c * step < slots) {
            s[c] = s[c] + part_at((q + c * step) * k + j);
        }
    }
    return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
}

// Four columns (at) of the partial slot starting at `row`.
fn slot4(row: u32, at: vec4<u32>) -> vec4<f32> {
    return vec4<f32>(part_at(row + at.x), part_at(row + at.y), part_at(row + at.z),
                     part_at(row + at.w));
}

// Columns j, j + cw, j + 2cw, j + 3cw (those below p.cols; 0 for the others) of partial slots
// first .. slots − 1: eight slots of the four columns loaded at once (32 loads in flight), added
// pairwise, then to one sum a column (a finish over more columns than its workgroup's
// invocations sums four of its column tiles at once). Eight running sums a column held 32 more
// registers: where the pass around it fits 64 (KL = 3), NVIDIA's OpenCL compiler kept it at 64
// and the loads in flight fell, 14–37 µs more a finish on the H100 (BENCHMARKS.md, session 36).
fn sum_slots4(first: u32, slots: u32, j: u32, cw: u32) -> vec4<f32> {
    let k = p.cols;
    let col = vec4<u32>(j, j + cw, j + 2u * cw, j + 3u * cw);
    let inside = col < vec4<u32>(k);
    // Columns past the last read the last (in bounds; one address for the whole subgroup) and
    // are dropped at the end: loads behind branches were 2–3× slower (BENCHMARKS.md, session 35).
    let at = select(vec4<u32>(k - 1u), col, inside);
    var s = vec4<f32>(0.0);
    var v: array<vec4<f32>, 8>;
    var q = first;
    while (q + 7u < slots) {
        for (var c = 0u; c < 8u; c = c + 1u) {
            v[c] = slot4((q + c) * k, at);
        }
        s = s + (((v[0] + v[1]) + (v[2] + v[3])) + ((v[4] + v[5]) + (v[6] + v[7])));
        q = q + 8u;
    }
    // The last fewer than eight, loaded together; zero for the slots past the end.
    for (var c = 0u; c < 8u; c = c + 1u) {
        v[c] = vec4<f32>(0.0);
        if (q + c < slots) {
            v[c] = slot4((q + c) * k, at);
        }
    }
    s = s + (((v[0] + v[1]) + (v[2] + v[3])) + ((v[4] + v[5]) + (v[6] + v[7])));
    return select(vec4<f32>(0.0), s, inside);
}

// Applies column j's sum: the gradient (mode 0) or a gradient-ascent step (mode 1).
fn apply(j: u32, g: f32) {
    if (p.mode == 0u) {
        grad[j] = g;
    } else if (p.mode == 1u) {
        w[j] = w[j] * p.decay + p.lr * g;
    }
}

// logreg_reduce: workgroup wid sums column tile wid over the p.slot partial slots.
@compute @workgroup_size(LOGREG_WG)
fn logreg_reduce(@builtin(local_invocation_id) lid3: vec3<u32>,
                 @builtin(workgroup_id) wid3: vec3<u32>) {
    reduce_tile(lid3.x, wid3.x, p.slot);
    // Workgroup 0 alone sums the log-likelihood, where the step records it (a reduce of many
    // narrow column tiles would otherwise sum it once a workgroup).
    if (wid3.x == 0u && p.record == 1u) {
        reduce_ll(lid3.x, p.slot);
    }
}

// One sum of the last-workgroup finish: partial slots first .. first + count − 1 (each
// p.cols columns, rows p.cols apart) column by column, min(cols, LOGREG_WG) columns at a time
// with p.finish_lanes work-items per column sharing the slots (then a tree over the lanes),
// and their log-likelihoods; the sums go to slot `dest` of part and part_ll, or, where dest is
// FINISH_APPLY, are applied (the gradient or a step) and recorded (the log-likelihood). Call
// from uniform control flow.
const FINISH_APPLY: u32 = 0xffffffffu;

fn finish_sums(lid: u32, first: u32, count: u32, dest: u32) {
    let k = p.cols;
    let cw = min(k, LOGREG_WG);
    let lanes = p.finish_lanes;
    let lane = lid / cw;
    let end = first + count;
    // Wider than the workgroup (one invocation a column, no tree): four column tiles at once.
    for (var c0 = 0u; k > LOGREG_WG && c0 < k; c0 = c0 + 4u * cw) {
        let j = c0 + lid;
        let sums = sum_slots4(first, end, j, cw);
        for (var t = 0u; t < 4u; t = t + 1u) {
            let jt = j + t * cw;
            if (jt < k) {
                if (dest == FINISH_APPLY) {
                    apply(jt, sums[t]);
                } else {
                    set_part(dest * k + jt, sums[t]);
                }
            }
        }
    }
    for (var c0 = 0u; k <= LOGREG_WG && c0 < k; c0 = c0 + cw) {
        let j = c0 + lid % cw;
        var s = 0.0;
        if (lane < lanes && j < k) {
            s = sum_slots(first + lane, lanes, end, j);
        }
        tree_columns(lid, s, cw, lanes);
        if (lid < cw && j < k) {
            if (dest == FINISH_APPLY) {
                apply(j, red[lid]);
            } else {
                set_part(dest * k + j, red[lid]);
            }
        }
        workgroupBarrier();
    }
    // The log-likelihood's slots are loaded only where the pass records it (otherwise the sum
    // is 0 and nothing reads it); the bound is arithmetic, as in the OpenCL twin.
    let ll_end = first + count * p.record;
    var l = 0.0;
    for (var q = first + lid; q < ll_end; q = q + LOGREG_WG) {
        l = l + part_ll_at(q);
    }
    red[lid] = l;
    let ll = tree_sum_all(lid);
    if (lid == 0u) {
        if (dest != FINISH_APPLY) {
            set_part_ll(dest, ll);
        } else if (p.record == 1u) {
            trace[p.trace_index] = ll;
        }
    }
}

// The last-workgroup finish of a multi_group pass (p.total_slots > 0: at most
// logreg_finish_cols columns, and an adapter whose storageBarrier is a device-scope fence; see
// shaders/read.wgsl, which finishes the same way), in one or two levels. Every workgroup
// fences the partial it stored and counts itself done. With groups (p.finish_group > 0), the
// workgroup that counts itself last of its group of p.finish_group slots (by slot: the same
// groups whatever the order of finishing) sums them into the group's slot p.total_slots +
// group (finish_sums), fences that, and counts itself done on count[0]; without groups every
// workgroup counts on count[0]. The one that counts itself last there has every group's (or
// every) slot visible and sums them in order, doing logreg_reduce's work (the pass may be
// several launches, one per block of X: their workgroups count together). Each counter is
// reset by the workgroup that counted last on it. Call from uniform control flow, after the
// partial is written.
fn finish_pass(lid: u32, slot: u32) {
    let total = p.total_slots;
    if (total == 0u) {
        return;
    }
    let fg = p.finish_group;
    var group = 0u;
    var groups = 0u;
    if (fg > 0u) {
        group = slot / fg;
        groups = (total + fg - 1u) / fg;
    }
    storageBarrier();
    if (lid == 0u) {
        var lead = 0u;
        if (fg > 0u) {
            let members = min(fg, total - group * fg);
            lead = select(0u, 1u, atomicAdd(&count[1u + group], 1u) == members - 1u);
        }
        finisher = lead;
    }
    let lead = workgroupUniformLoad(&finisher);
    if (lead == 1u) {
        storageBarrier();
        finish_sums(lid, group * fg, min(fg, total - group * fg), total + group);
        if (lid == 0u) {
            atomicStore(&count[1u + group], 0u);
        }
        storageBarrier();
    }
    if (lid == 0u) {
        var last = 0u;
        if (fg == 0u || lead == 1u) {
            let counted = select(total, groups, fg > 0u);
            last = select(0u, 1u, atomicAdd(&count[0], 1u) == counted - 1u);
        }
        finisher_last = last;
    }
    if (workgroupUniformLoad(&finisher_last) == 1u) {
        storageBarrier();
        finish_sums(lid, select(0u, total, fg > 0u), select(total, groups, fg > 0u), FINISH_APPLY);
        if (lid == 0u) {
            atomicStore(&count[0], 0u);
        }
    }
}

// Columns one column tile of the reduce sums: min(cols, LOGREG_WG / reduce_lanes), the lanes
// chosen by the host (duet_core's reduce_lanes: about eight slots a lane, a sector of columns).
fn reduce_cols() -> u32 {
    return min(p.cols, LOGREG_WG / max(p.reduce_lanes, 1u));
}

// The reduce's column tile t over `slots` partial slots: columns t · cw .. + cw − 1 (cw =
// reduce_cols), p.reduce_lanes work-items per column (adjacent work-items, adjacent columns:
// coalesced) share the slots, then a tree over the lanes; each column's sum is applied. Call
// from uniform control flow.
fn reduce_tile(lid: u32, t: u32, slots: u32) {
    let k = p.cols;
    let cw = reduce_cols();
    let lane = lid / cw;
    let j = t * cw + lid % cw;
    var s = 0.0;
    if (lane < p.reduce_lanes && j < k) {
        s = sum_slots(lane, p.reduce_lanes, slots, j);
    }
    tree_columns(lid, s, cw, p.reduce_lanes);
    if (lid < cw && j < k) {
        apply(j, red[lid]);
    }
    workgroupBarrier();
}

// The log-likelihood's sum over `slots` partial slots, recorded. Call from control flow
// uniform in the workgroup.
fn reduce_ll(lid: u32, slots: u32) {
    var l = 0.0;
    for (var q = lid; q < slots; q = q + LOGREG_WG) {
        l = l + part_ll_at(q);
    }
    red[lid] = l;
    let ll = tree_sum_all(lid);
    if (lid == 0u) {
        trace[p.trace_index] = ll;
    }
}

// The single-group launch protocol, shared by logreg_single and logreg_single_reg: the passes
// a dispatch runs (iters, plus one when it ends a run: the final log-likelihood, or the lone
// gradient) and whether iteration t records a trace entry (every `every`-th one; the last
// pass always does).
fn single_passes() -> u32 {
    return p.iters + select(0u, 1u, p.mode == 1u);
}

fn records(t: u32) -> bool {
    return p.every != 0u && t != 0u && t % p.every == 0u;
}

// One gradient at the current w by this single workgroup: returns the log-likelihood (0 unless
// with_ll) and leaves column j's sum in red[j] (cols <= LOGREG_WG) or part[j] (wider).
fn single_gradient(lid: u32, with_ll: bool) -> f32 {
    let acc = pass_tiles(lid, 0u, 1u, with_ll, 0u);
    workgroupBarrier();
    red[lid] = acc.ll;
    let ll = tree_sum_all(lid);
    tree_columns(lid, acc.g, p.cols, p.lanes_g);
    return ll;
}

fn column_sum(j: u32) -> f32 {
    if (p.cols <= LOGREG_WG) {
        return red[j];
    }
    return part_at(j);
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
    let passes = single_passes();
    for (var i = 0u; i < passes; i = i + 1u) {
        let t = p.slot + i;
        let last = i == p.iters;
        let record = last || records(t);
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

// single_group with X in registers (seed 001: "X rows held in registers where they fit"):
// LOGREG_K columns, each work-item holding rows lid, lid + WG, … (LOGREG_RPT of them) for the
// whole run. An iteration is one pass over the registers (scores, residuals, the work-item's
// gradient partials and log-likelihood) and one tree over the work-items in workgroup memory.
// The dispatch protocol (slot, iters, mode, trace_index) is logreg_single's.
@compute @workgroup_size(LOGREG_WG)
fn logreg_single_reg(@builtin(local_invocation_id) lid3: vec3<u32>) {
    let lid = lid3.x;
    let n = p.row_end;
    let k1 = LOGREG_K + 1u;
    var xr: array<f32, 128>;
    var yr: array<f32, 128>;
    var valid: array<f32, 128>;
    for (var m = 0u; m < LOGREG_RPT; m = m + 1u) {
        let r = lid + m * LOGREG_WG;
        valid[m] = 0.0;
        yr[m] = 0.0;
        for (var j = 0u; j < LOGREG_K; j = j + 1u) {
            xr[m * LOGREG_K + j] = 0.0;
        }
        if (r < n) {
            valid[m] = 1.0;
            yr[m] = y[p.y_begin + r];
            for (var j = 0u; j < LOGREG_K; j = j + 1u) {
                xr[m * LOGREG_K + j] = x[r * LOGREG_PITCH + j];
            }
        }
    }
    if (lid < LOGREG_K) {
        wv[lid] = w[lid];
    }
    workgroupBarrier();
    var recorded = p.trace_index;
    let passes = single_passes();
    for (var i = 0u; i < passes; i = i + 1u) {
        let t = p.slot + i;
        let last = i == p.iters;
        let record = last || records(t);
        var wr: array<f32, 16>;
        var gp: array<f32, 16>;
        for (var j = 0u; j < LOGREG_K; j = j + 1u) {
            wr[j] = wv[j];
            gp[j] = 0.0;
        }
        var ll = 0.0;
        for (var m = 0u; m < LOGREG_RPT; m = m + 1u) {
            var z = 0.0;
            for (var j = 0u; j < LOGREG_K; j = j + 1u) {
                z = z + xr[m * LOGREG_K + j] * wr[j];
            }
            let yv = yr[m];
            let e = exp(-abs(z));
            let res = residual(z, yv, e);
            if (record) {
                ll = ll - valid[m] * loss_term(z, yv, e);
            }
            for (var j = 0u; j < LOGREG_K; j = j + 1u) {
                gp[j] = gp[j] + res * xr[m * LOGREG_K + j];
            }
        }
        for (var j = 0u; j < LOGREG_K; j = j + 1u) {
            red_k[lid * k1 + j] = gp[j];
        }
        red_k[lid * k1 + LOGREG_K] = ll;
        workgroupBarrier();
        for (var width = LOGREG_WG / 2u; width > 0u; width = width >> 1u) {
            for (var e = lid; e < width * k1; e = e + LOGREG_WG) {
                red_k[e] = red_k[e] + red_k[e + width * k1];
            }
            workgroupBarrier();
        }
        if (record && lid == 0u) {
            trace[recorded] = red_k[LOGREG_K];
        }
        recorded = recorded + select(0u, 1u, record);
        if (lid < LOGREG_K) {
            let g = red_k[lid];
            if (!last) {
                wv[lid] = wv[lid] * p.decay + p.lr * g;
            } else if (t == 0u) {
                grad[lid] = g;
            }
        }
        workgroupBarrier();
    }
    if (lid < LOGREG_K) {
        w[lid] = wv[lid];
    }
}

// multi_group with rows in registers (specialised per column count; up to LANE_COLS × LOGREG_WG
// columns, KernelParams::partial_in_registers): each row is split across LOGREG_LANES adjacent
// work-items (a power of two), each holding at most 16 of its columns (4 vec4s, interleaved or
// in blocks: lane_vec4) with their weights, so registers stay few enough for several workgroups
// per compute unit (the bytes in flight a streaming pass needs) at every column count. A step
// covers RPS · WG / LANES rows: each lane loads its part of its RPS rows (WG / LANES rows
// apart), forms partial scores, the lanes add their partials (lane_sums), and each lane forms
// the residuals (the first lane the log-likelihood terms, when record == 1) and adds its
// columns to its gradient partials in registers, row after row; steps go in a grid stride, in
// loops every work-item runs alike (barriers or subgroup operations inside). The workgroup then
// adds its row slots' partials in a tree and writes one partial slot, like logreg_partial.
var<workgroup> zx: array<f32, LOGREG_WG>;
var<workgroup> zx2: array<f32, LOGREG_WG>;

#if subgroups
fn shuffled(s: vec2<f32>, m: u32) -> vec2<f32> {
    if (LOGREG_RPS > 1u) {
        return s + subgroupShuffleXor(s, m);
    }
    return vec2<f32>(s.x + subgroupShuffleXor(s.x, m), s.y);
}
#else
// Never called: without subgroups LOGREG_SPAN is 1.
fn shuffled(s: vec2<f32>, m: u32) -> vec2<f32> {
    return s;
}
#endif

// Every lane of a row gets the sum of the row's LOGREG_LANES partial scores, for each of the
// step's rows, added pairwise: ((z0 + z1) + (z2 + z3)) + … . Lanes closer than LOGREG_SPAN are
// combined by shuffles (a butterfly: no barrier); the remaining levels go through workgroup
// memory in rounds of up to 8: each lane reads its group's partial sums and adds them pairwise
// (two barriers a round). Every form adds the same pairs in the same order (and a pair
// commutes), so every lane of a row gets the same bits, on every device, and the OpenCL
// twin's. Only the step's LOGREG_RPS scores are exchanged (with one row a step, s.y is left as
// it is). Call in uniform control flow.
fn lane_sums(lid: u32, zs: vec2<f32>) -> vec2<f32> {
    let first = min(LOGREG_LANES, LOGREG_SPAN);
    var s = zs;
    for (var m = 1u; m < first; m = m << 1u) {
        s = shuffled(s, m);
    }
    var stride = first;
    var left = LOGREG_LANES / first;
    // At most four rounds (8⁴ lanes), each taken only while lanes are left (uniform: override
    // constants only); loops of constant trip counts, so the driver keeps v in registers.
    for (var round = 0u; round < 4u; round = round + 1u) {
        if (left > 1u) {
            let g = min(left, 8u);
            zx[lid] = s.x;
            if (LOGREG_RPS > 1u) {
                zx2[lid] = s.y;
            }
            workgroupBarrier();
            let base = lid - lid % (stride * g);
            var v: array<vec2<f32>, 8>;
            for (var i = 0u; i < 8u; i = i + 1u) {
                v[i] = vec2<f32>(0.0);
                if (i < g) {
                    v[i].x = zx[base + i * stride];
                    if (LOGREG_RPS > 1u) {
                        v[i].y = zx2[base + i * stride];
                    }
                }
            }
            for (var m = 1u; m < 8u; m = m << 1u) {
                for (var i = 0u; i < 8u; i = i + 2u * m) {
                    if (i + m < g) {
                        v[i] = v[i] + v[i + m];
                    }
                }
            }
            s = v[0];
            workgroupBarrier();
            stride = stride * g;
            left = left / g;
        }
    }
    return s;
}

// The row's vec4 a lane holds as its q-th (of kl): interleaved, lane + LOGREG_LANES · q (a
// warp's lanes read adjacent vec4s), when LOGREG_INTERLEAVE is 1; else blocked, lane · kl + q.
fn lane_vec4(lane: u32, q: u32, kl: u32) -> u32 {
    if (LOGREG_INTERLEAVE == 1u) {
        return lane + LOGREG_LANES * q;
    }
    return lane * kl + q;
}

// Columns 4q .. 4q + 3 of a row of X (zero past LOGREG_K: a padded row's padding is zero).
fn row_vec4(row: u32, q: u32) -> vec4<f32> {
    if (LOGREG_PITCH % 4u == 0u) {
        return x4[row * (LOGREG_PITCH / 4u) + q];
    }
    var v = vec4<f32>(0.0);
    for (var c = 0u; c < 4u; c = c + 1u) {
        if (4u * q + c < LOGREG_K) {
            v[c] = x[row * LOGREG_PITCH + 4u * q + c];
        }
    }
    return v;
}

// The lane's q-th vec4 of row `row` (lane_vec4), zero where the row is out of range or q is
// past the lane's kl vec4s or the row's k4.
fn lane_x(row: u32, in_range: bool, lane: u32, q: u32, kl: u32, k4: u32) -> vec4<f32> {
    let g = lane_vec4(lane, q, kl);
    if (in_range && q < kl && g < k4) {
        return row_vec4(row, g);
    }
    return vec4<f32>(0.0);
}

// The lane's q-th vec4 of weights, zero past LOGREG_K (and past its kl vec4s).
fn lane_w(lane: u32, q: u32, kl: u32) -> vec4<f32> {
    var v = vec4<f32>(0.0);
    if (q < kl) {
        for (var c = 0u; c < 4u; c = c + 1u) {
            let j = 4u * lane_vec4(lane, q, kl) + c;
            if (j < LOGREG_K) {
                v[c] = w[j];
            }
        }
    }
    return v;
}

// A row's partial score over the lane's vec4s, added in order q = 0, 1, … (a vec4 past the
// lane's kl, or past the row, is zero and adds +0: the same sum as skipping it).
fn lane_dot(x0: vec4<f32>, x1: vec4<f32>, x2: vec4<f32>, x3: vec4<f32>, w0: vec4<f32>,
            w1: vec4<f32>, w2: vec4<f32>, w3: vec4<f32>) -> f32 {
    var z = 0.0;
    z = z + dot(x0, w0);
    z = z + dot(x1, w1);
    z = z + dot(x2, w2);
    z = z + dot(x3, w3);
    return z;
}

// One step's loads in logreg_partial_reg: the lane's vec4s of its two rows (row r0 and, with
// two rows a step, r1 = r0 + step_rows; zero out of range) and their labels (a row out of range
// reads the first label, never used).
struct RegStep {
    x00: vec4<f32>,
    x01: vec4<f32>,
    x02: vec4<f32>,
    x03: vec4<f32>,
    x10: vec4<f32>,
    x11: vec4<f32>,
    x12: vec4<f32>,
    x13: vec4<f32>,
    y0: f32,
    y1: f32,
}

// The loads of the step whose rows start at `base` (relative to p.row_begin; `rows` rows).
fn reg_step(base: u32, rows: u32, lane: u32, row_in_step: u32, kl: u32, k4: u32) -> RegStep {
    let step_rows = LOGREG_WG / LOGREG_LANES;
    let r0 = base + row_in_step;
    let r1 = r0 + step_rows;
    let in0 = r0 < rows;
    let in1 = LOGREG_RPS == 2u && r1 < rows;
    return RegStep(
        lane_x(p.row_begin + r0, in0, lane, 0u, kl, k4),
        lane_x(p.row_begin + r0, in0, lane, 1u, kl, k4),
        lane_x(p.row_begin + r0, in0, lane, 2u, kl, k4),
        lane_x(p.row_begin + r0, in0, lane, 3u, kl, k4),
        lane_x(p.row_begin + r1, in1, lane, 0u, kl, k4),
        lane_x(p.row_begin + r1, in1, lane, 1u, kl, k4),
        lane_x(p.row_begin + r1, in1, lane, 2u, kl, k4),
        lane_x(p.row_begin + r1, in1, lane, 3u, kl, k4),
        y[p.y_begin + select(0u, r0, in0)],
        y[p.y_begin + select(0u, r1, in1)],
    );
}

// The rows' loads, weights and gradient partials are named vec4s and written-out steps, not
// arrays indexed in loops (OpenCL's twin keeps its loops, unrolled by pragma): on an H200,
// NVIDIA's Vulkan build of the loop form read 13-column rows (scalar loads) at 62 % of the
// read bound, this one at 79 %, and every other width measured the same (BENCHMARKS.md,
// session 29). The labels are loaded with the rows, before the scores are exchanged (loaded
// after it, their latency followed the exchange's: 67 % of the bound at 8 columns, 91 % with
// them loaded first; session 30). With LOGREG_PIPELINE each step first issues the next
// step's loads, then uses its own (loaded one step earlier). The sums are the same terms in
// the same order either way (a driver may still contract them into FMAs differently: on
// llvmpipe and GL some weights moved in their last bit at 777 columns, within the conformance
// bounds).
@compute @workgroup_size(LOGREG_WG)
fn logreg_partial_reg(@builtin(local_invocation_id) lid3: vec3<u32>,
                      @builtin(workgroup_id) wid3: vec3<u32>) {
    let lid = lid3.x;
    let slot = p.slot + wid3.x;
    let k4 = (LOGREG_K + 3u) / 4u;
    // vec4s per lane (at most 4), this work-item's lane and row within a step.
    let kl = (k4 + LOGREG_LANES - 1u) / LOGREG_LANES;
    let lane = lid % LOGREG_LANES;
    let row_in_step = lid / LOGREG_LANES;
    let step_rows = LOGREG_WG / LOGREG_LANES;
    let w0 = lane_w(lane, 0u, kl);
    let w1 = lane_w(lane, 1u, kl);
    let w2 = lane_w(lane, 2u, kl);
    let w3 = lane_w(lane, 3u, kl);
    var a0 = vec4<f32>(0.0);
    var a1 = vec4<f32>(0.0);
    var a2 = vec4<f32>(0.0);
    var a3 = vec4<f32>(0.0);
    var ll = 0.0;
    let rows = p.row_end - p.row_begin;
    let big_step = LOGREG_RPS * step_rows;
    let stride = p.groups * big_step;
    let ahead = LOGREG_PIPELINE == 1u;
    // Pipelined: the first step's loads before the loop.
    var cur: RegStep;
    if (ahead) {
        cur = reg_step(wid3.x * big_step, rows, lane, row_in_step, kl, k4);
    }
    for (var base = wid3.x * big_step; base < rows; base = base + stride) {
        // Every load of a step first (bytes in flight), then the scores' exchange: this
        // step's (not pipelined) or the next one's (rows `stride` further, zero past the end).
        let next = reg_step(select(base, base + stride, ahead), rows, lane, row_in_step, kl, k4);
        if (!ahead) {
            cur = next;
        }
        let in0 = base + row_in_step < rows;
        let in1 = LOGREG_RPS == 2u && base + row_in_step + step_rows < rows;
        var zs = vec2<f32>(lane_dot(cur.x00, cur.x01, cur.x02, cur.x03, w0, w1, w2, w3),
                           lane_dot(cur.x10, cur.x11, cur.x12, cur.x13, w0, w1, w2, w3));
        zs = lane_sums(lid, zs);
        if (in0 && in1) {
            // Both rows in range: their residuals in one block with no test a row, so the two
            // rows' exp and division chains overlap (as the four-rows pass's full quads do);
            // the same terms added in the same order as the two blocks below.
            let e0 = exp(-abs(zs.x));
            let e1 = exp(-abs(zs.y));
            let res0 = residual(zs.x, cur.y0, e0);
            let res1 = residual(zs.y, cur.y1, e1);
            if (p.record == 1u && lane == 0u) {
                ll = ll - loss_term(zs.x, cur.y0, e0);
                ll = ll - loss_term(zs.y, cur.y1, e1);
            }
            a0 = a0 + res0 * cur.x00;
            a1 = a1 + res0 * cur.x01;
            a2 = a2 + res0 * cur.x02;
            a3 = a3 + res0 * cur.x03;
            a0 = a0 + res1 * cur.x10;
            a1 = a1 + res1 * cur.x11;
            a2 = a2 + res1 * cur.x12;
            a3 = a3 + res1 * cur.x13;
        } else {
            if (in0) {
                let z = zs.x;
                let yv = cur.y0;
                let e = exp(-abs(z));
                let res = residual(z, yv, e);
                if (p.record == 1u && lane == 0u) {
                    ll = ll - loss_term(z, yv, e);
                }
                a0 = a0 + res * cur.x00;
                a1 = a1 + res * cur.x01;
                a2 = a2 + res * cur.x02;
                a3 = a3 + res * cur.x03;
            }
            if (in1) {
                let z = zs.y;
                let yv = cur.y1;
                let e = exp(-abs(z));
                let res = residual(z, yv, e);
                if (p.record == 1u && lane == 0u) {
                    ll = ll - loss_term(z, yv, e);
                }
                a0 = a0 + res * cur.x10;
                a1 = a1 + res * cur.x11;
                a2 = a2 + res * cur.x12;
                a3 = a3 + res * cur.x13;
            }
        }
        cur = next;
    }
    write_partial(lid, slot, array<vec4<f32>, 4>(a0, a1, a2, a3), kl, ll);
    finish_pass(lid, slot);
}

// The workgroup's partial of the register-resident passes (one row shared by LOGREG_LANES
// work-items; `acc` this work-item's first `kl` vec4s of column partials, by lane_vec4).
fn write_partial(lid: u32, slot: u32, acc: array<vec4<f32>, 4>, kl: u32, ll: f32) {
    // Each work-item's LANE_COLS column partials (its lane's columns, zero past kl vec4s) and
    // log-likelihood (non-zero in lane 0 only) go to red_k, and the step_rows row slots
    // (work-items LOGREG_LANES apart) are added in a tree, slot s and slot s + width; slot 0
    // then holds lane l's sums at red_k[l · (LANE_COLS + 1) ..].
    let step_rows = LOGREG_WG / LOGREG_LANES;
    let stride = LANE_COLS + 1u;
    workgroupBarrier();
    for (var q = 0u; q < 4u; q = q + 1u) {
        var v = vec4<f32>(0.0);
        if (q < kl) {
            v = acc[q];
        }
        red_k[lid * stride + 4u * q] = v.x;
        red_k[lid * stride + 4u * q + 1u] = v.y;
        red_k[lid * stride + 4u * q + 2u] = v.z;
        red_k[lid * stride + 4u * q + 3u] = v.w;
    }
    red_k[lid * stride + LANE_COLS] = ll;
    workgroupBarrier();
    for (var width = step_rows / 2u; width > 0u; width = width >> 1u) {
        let upper = width * LOGREG_LANES * stride;
        for (var e = lid; e < upper; e = e + LOGREG_WG) {
            red_k[e] = red_k[e] + red_k[e + upper];
        }
        workgroupBarrier();
    }
    for (var e = lid; e < LOGREG_LANES * LANE_COLS; e = e + LOGREG_WG) {
        let l = e / LANE_COLS;
        let q = e % LANE_COLS;
        let col = 4u * lane_vec4(l, q / 4u, kl) + q % 4u;
        if (q < 4u * kl && col < LOGREG_K) {
            set_part(slot * LOGREG_K + col, red_k[l * stride + q]);
        }
    }
    if (lid == 0u) {
        set_part_ll(slot, red_k[LANE_COLS]);
    }
}

// logreg_partial_quad: rows of at most 8 floats (LOGREG_PITCH <= 8, one lane per row). Each
// work-item takes 4 consecutive rows at a time: they are LOGREG_PITCH whole vec4s of X, aligned
// (4 rows start at a multiple of 4 * LOGREG_PITCH floats), read with their 4 labels before any
// is used, LOGREG_RPS such quads per step. Works in the quad's flat layout: element f of the
// quad is row f / LOGREG_PITCH, column f % LOGREG_PITCH.
@compute @workgroup_size(LOGREG_WG)
fn logreg_partial_quad(@builtin(local_invocation_id) lid3: vec3<u32>,
                       @builtin(workgroup_id) wid3: vec3<u32>) {
    let lid = lid3.x;
    let slot = p.slot + wid3.x;
    // The weights in the flat layout (zero at padding columns).
    var wf: array<vec4<f32>, 8>;
    var acc: array<vec4<f32>, 8>;
    for (var q = 0u; q < LOGREG_PITCH; q = q + 1u) {
        var v = vec4<f32>(0.0);
        for (var c = 0u; c < 4u; c = c + 1u) {
            let col = (4u * q + c) % LOGREG_PITCH;
            if (col < LOGREG_K) {
                v[c] = w[col];
            }
        }
        wf[q] = v;
        acc[q] = vec4<f32>(0.0);
    }
    var ll = 0.0;
    let first = p.row_begin / 4u;
    let quads = (p.row_end + 3u) / 4u - first;
    let big_step = LOGREG_RPS * LOGREG_WG;
    for (var base = wid3.x * big_step; base < quads; base = base + p.groups * big_step) {
        var xr: array<vec4<f32>, 16>;
        var yq: array<vec4<f32>, 2>;
        for (var h = 0u; h < LOGREG_RPS; h = h + 1u) {
            let qi = base + h * LOGREG_WG + lid;
            let r0 = 4u * (first + qi);
            // qi < quads exactly when r0 < row_end: the row tests below cover it.
            let full = r0 >= p.row_begin && r0 + 4u <= p.row_end;
            for (var q = 0u; q < LOGREG_PITCH; q = q + 1u) {
                var v = vec4<f32>(0.0);
                if (full) {
                    v = x4[(first + qi) * LOGREG_PITCH + q];
                } else {
                    for (var c = 0u; c < 4u; c = c + 1u) {
                        let row = r0 + (4u * q + c) / LOGREG_PITCH;
                        if (row >= p.row_begin && row < p.row_end) {
                            v[c] = x[r0 * LOGREG_PITCH + 4u * q + c];
                        }
                    }
                }
                xr[LOGREG_PITCH * h + q] = v;
            }
            var yv = vec4<f32>(0.0);
            for (var i = 0u; i < 4u; i = i + 1u) {
                let row = r0 + i;
                if (row >= p.row_begin && row < p.row_end) {
                    yv[i] = y[p.y_begin + row - p.row_begin];
                }
            }
            yq[h] = yv;
        }
        for (var h = 0u; h < LOGREG_RPS; h = h + 1u) {
            let qi = base + h * LOGREG_WG + lid;
            let r0 = 4u * (first + qi);
            var z = vec4<f32>(0.0);
            for (var q = 0u; q < LOGREG_PITCH; q = q + 1u) {
                let prod = xr[LOGREG_PITCH * h + q] * wf[q];
                for (var c = 0u; c < 4u; c = c + 1u) {
                    let i = (4u * q + c) / LOGREG_PITCH;
                    z[i] = z[i] + prod[c];
                }
            }
            var res = vec4<f32>(0.0);
            if (r0 >= p.row_begin && r0 + 4u <= p.row_end) {
                // A full quad: no test a row, so the four rows' exp and division chains are
                // one block the compiler interleaves. The same terms in the same order as below.
                let e = exp(-abs(z));
                for (var i = 0u; i < 4u; i = i + 1u) {
                    res[i] = residual(z[i], yq[h][i], e[i]);
                }
                if (p.record == 1u) {
                    for (var i = 0u; i < 4u; i = i + 1u) {
                        ll = ll - loss_term(z[i], yq[h][i], e[i]);
                    }
                }
            } else {
                for (var i = 0u; i < 4u; i = i + 1u) {
                    let row = r0 + i;
                    if (row >= p.row_begin && row < p.row_end) {
                        let e = exp(-abs(z[i]));
                        res[i] = residual(z[i], yq[h][i], e);
                        if (p.record == 1u) {
                            ll = ll - loss_term(z[i], yq[h][i], e);
                        }
                    }
                }
            }
            for (var q = 0u; q < LOGREG_PITCH; q = q + 1u) {
                let rv = vec4<f32>(res[(4u * q) / LOGREG_PITCH], res[(4u * q + 1u) / LOGREG_PITCH],
                                   res[(4u * q + 2u) / LOGREG_PITCH],
                                   res[(4u * q + 3u) / LOGREG_PITCH]);
                acc[q] = acc[q] + rv * xr[LOGREG_PITCH * h + q];
            }
        }
    }
    // The columns' partials: flat element f adds to column f % LOGREG_PITCH.
    var cols: array<vec4<f32>, 4>;
    for (var q = 0u; q < 4u; q = q + 1u) {
        cols[q] = vec4<f32>(0.0);
    }
    for (var q = 0u; q < LOGREG_PITCH; q = q + 1u) {
        for (var c = 0u; c < 4u; c = c + 1u) {
            let col = (4u * q + c) % LOGREG_PITCH;
            cols[col / 4u][col % 4u] = cols[col / 4u][col % 4u] + acc[q][c];
        }
    }
    write_partial(lid, slot, cols, (LOGREG_K + 3u) / 4u, ll);
    finish_pass(lid, slot);
}
