// SMO on the device (seeds 002 and 004): C-SVC with an RBF kernel, LIBSVM's second-order
// working-set selection (WSS 3), one pair per step, no host round trip between steps.
// The twin of kernels/smo.cl; the step is described in duet-svm's `device` module.
//
// One step is four launches, recorded many times into one submission:
//   smo_pass_i      over every point t: k_i[t] = K(x_i, x_t) (x_i gathered into pivots[0..d]),
//                   read from the row cache when i's row is there, and, over I_low, the WSS 3
//                   score -(Gmax + y_t G_t)^2 / (2 - 2 k_i[t]) and
//                   Gmax2 = max y_t G_t: one partial (min score, index, max y G) per workgroup
//   smo_final_j     one workgroup: j = the best partial; stop when Gmax + Gmax2 < eps; else
//                   LIBSVM's two-variable update of alpha_i, alpha_j (clipped to [0, C]) and
//                   the coefficients c = y Δalpha of the two rows; gathers x_j into pivots[d..2d]
//   smo_pass_update over every point t: G_t += y_t (c_i k_i[t] + c_j k_j[t]) (k_j computed into
//                   the cache, or read from it), then, over
//                   I_up, -y_t G_t: one partial (max, index) per workgroup
//   smo_final_i     one workgroup: i = the best partial (Gmax); gathers x_i into pivots[0..d]
// When X is split over several bindings (p.gather is 1), each pass is one launch per block of
// points (p.block_start, p.block_rows; its partials from p.group_base), and the final launches
// leave the gather to smo_gather, one launch per block: the block that holds the pivot copies
// its features. p.partials counts every block's partials.
// (The OpenCL twin runs the two final launches' work in the last workgroup of each pass, two
// launches per step, when p.fused is 1. Here p.fused is 0 and the final kernels are always
// launched: storageBarrier is a device-scope fence on Vulkan, DX12 and GL (read.wgsl finishes
// that way), but the final work reads the row cache, the partials and the state words that
// other workgroups of the pass wrote, and WGSL reads past non-coherent caches only through
// atomics, which these buffers are not.)
// Ties go to the larger index, as LIBSVM's `>=` / `<=` scans do. A state word says the run
// is over (converged, no working set, step limit): every launch after it returns at once, so
// a batch may hold more steps than the run needs.
//
// X is column-major with a padded pitch (the article's layout): one binding, or one per block
// of points (above). The state is an array of words: see duet-svm's device.rs (`state`), which reads it back.
//
// The row cache: `rows` holds p.slots kernel rows of p.rows values; `work` holds, after the
// partials (4 words per workgroup, p.map_base words in all), slot_of[point] (p.rows words, NONE when
// the point's row is not cached), point_of[slot] (p.slots words), and the slots' LRU list,
// prev[slot] and next[slot] (p.slots words each; head and tail in the state). The final
// launches look the chosen pivot up and move its slot to the head; on a miss they take the
// tail, the least recently used slot (never the first pivot's while placing the second's), and
// the pass computes the row into it, as LIBSVM's cache does. SMO revisits its pivots (about
// 88 % of pivots were pivots before, on Fashion-MNIST pairs), so most steps read no X.

override REDUCE_WG: u32;
// Work-items that share one point's squared distance in the two passes, each summing every
// SMO_SLICES-th column (a specialisation per column count, so that a wide X with few points
// still fills the device): a workgroup covers REDUCE_WG / SMO_SLICES points at a time.
override SMO_SLICES: u32;
// The working_set strategy (its section below): points in a working set (the table's
// smo_ws_q: a power of two, 64 to 1024); duet-core's SHARED_CONSTANTS' workgroup of the
// select, candidates, rows and update kernels (256: the select's histogram has a bin per
// work-item; the rows kernel a 16 × 16 grid of work-items, 4 × 4 values each) and the update
// kernel's work-items per point (SMO_WS_LANES); and from
// duet-core's smo_ws_constants, the most pair updates per solve, the points of one
// smo_ws_candidates workgroup, the words of its output and the solve's work-items
// (min(SMO_WS_Q, SMO_WS_WG)). Declared before any array they size (naga processes overrides in
// declaration order).
override SMO_WS_Q: u32;
override SMO_WS_WG: u32;
override SMO_WS_LANES: u32;
override SMO_WS_INNER: u32;
override SMO_WS_CHUNK: u32;
override SMO_WS_CAND: u32;
override SMO_WS_SOLVE_WG: u32;
// 1: the working set's kernel rows are kept by point (row t of `rows` is K(x_t, ·), computed
// the first time t enters a set: the whole kernel matrix fits the row cache); 0: by place
// (row k is the row of the point in place k, recomputed whenever a point enters the set).
override SMO_WS_BY_POINT: u32;
// The solve's reductions and the selection's scans: adjacent work-items combined by subgroup
// shuffles (a power of two; 1: workgroup memory only). duet-core's smo_ws_span parameter,
// resolved per device.
override SMO_WS_SPAN: u32;
// Positions each invocation of the selection holds (see ws_take).
override SMO_WS_HELD: u32;

var<immediate> p: SmoParams;

@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read> y: array<f32>;
@group(0) @binding(2) var<storage, read_write> alpha: array<f32>;
@group(0) @binding(3) var<storage, read_write> g: array<f32>;
@group(0) @binding(4) var<storage, read_write> rows: array<f32>;
@group(0) @binding(5) var<storage, read_write> pivots: array<f32>;
@group(0) @binding(6) var<storage, read_write> work: array<u32>;
@group(0) @binding(7) var<storage, read_write> state: array<u32>;

const NONE: u32 = 0xffffffffu;
const S_I: u32 = 0u;
const S_J: u32 = 1u;
const S_GMAX: u32 = 2u;
const S_GMAX2: u32 = 3u;
const S_CI: u32 = 4u;
const S_CJ: u32 = 5u;
const S_DONE: u32 = 6u;
const S_STEPS: u32 = 7u;
const S_GAP: u32 = 8u;
const S_SLOT_I: u32 = 9u;
const S_SLOT_J: u32 = 10u;
const S_HIT_I: u32 = 11u;
const S_HIT_J: u32 = 12u;
const S_HEAD: u32 = 13u;
const S_TAIL: u32 = 16u;
const S_GATHER: u32 = 17u;
const S_GATHER_AT: u32 = 18u;
const DONE_CONVERGED: u32 = 1u;
const DONE_NO_PAIR: u32 = 2u;
const DONE_STEP_LIMIT: u32 = 3u;
// LIBSVM's TAU: the curvature used when 2 - 2k is not positive.
const TAU: f32 = 1e-12;
const NEG_INF: f32 = -3.4028235e38;

// The reductions' scratch (tree_n), for the pair kernels' REDUCE_WG work-items and the
// working-set kernels' SMO_WS_WG alike (a WGSL function cannot take workgroup arrays of two
// lengths, so both share these).
var<workgroup> t_val: array<f32, max(REDUCE_WG, SMO_WS_WG)>;
var<workgroup> t_idx: array<u32, max(REDUCE_WG, SMO_WS_WG)>;
var<workgroup> t_aux: array<f32, max(REDUCE_WG, SMO_WS_WG)>;
var<workgroup> t_part: array<f32, REDUCE_WG>;
var<workgroup> chosen: u32;
var<workgroup> flag: u32;

struct Best {
    v: f32,
    idx: u32,
}

// Whether b beats a for a maximum: a valid index first, then the larger value, then the larger
// index (LIBSVM's `>=` scan keeps the last of equal values).
fn max_better(a: Best, b: Best) -> bool {
    if (b.idx == NONE) {
        return false;
    }
    if (a.idx == NONE) {
        return true;
    }
    return b.v > a.v || (b.v == a.v && b.idx > a.idx);
}

// Squared distance of the block's point t (X's column-major index within the launch's block)
// to the pivot at pivots[off..off + cols], shared by the SMO_SLICES work-items of the point
// (slice `sl` sums columns sl, sl + SMO_SLICES, …): every work-item of the workgroup calls it
// (a barrier inside); the point's slice 0 gets the sum, the others 0. `t` may be past the
// block's end (then 0).
fn dist2(lid: u32, t: u32, off: u32) -> f32 {
    let pts = REDUCE_WG / SMO_SLICES;
    let sl = lid / pts;
    var s = 0.0;
    if (t < p.block_rows) {
        for (var c = sl; c < p.cols; c = c + SMO_SLICES) {
            let d = x[c * p.pitch + t] - pivots[off + c];
            s = s + d * d;
        }
    }
    t_part[lid] = s;
    workgroupBarrier();
    var total = 0.0;
    if (sl == 0u) {
        for (var q = 0u; q < SMO_SLICES; q = q + 1u) {
            total = total + t_part[q * pts + lid];
        }
    }
    workgroupBarrier();
    return total;
}

fn in_up(yt: f32, a: f32) -> bool {
    return select((a > 0.0), (a < p.c), (yt > 0.0));
}

fn in_low(yt: f32, a: f32) -> bool {
    return select((a < p.c), (a > 0.0), (yt > 0.0));
}

// The winner of a reduction and the maximum of its aux values.
struct Reduced {
    best: Best,
    aux: f32,
}

// Tree reduction over the first `size` work-items (a power of two: REDUCE_WG, SMO_WS_WG or
// less) by `max_better`, with a plain maximum of aux; every work-item returns both (read
// before the last barrier, so the next reduction may reuse the arrays at once). The OpenCL
// twin's `tree_n`.
fn tree_n(lid: u32, size: u32, mine: Best, aux: f32) -> Reduced {
    if (lid < size) {
        t_val[lid] = mine.v;
        t_idx[lid] = mine.idx;
        t_aux[lid] = aux;
    }
    workgroupBarrier();
    for (var off = size / 2u; off > 0u; off = off >> 1u) {
        if (lid < off) {
            let a = Best(t_val[lid], t_idx[lid]);
            let b = Best(t_val[lid + off], t_idx[lid + off]);
            if (max_better(a, b)) {
                t_val[lid] = b.v;
                t_idx[lid] = b.idx;
            }
            t_aux[lid] = max(t_aux[lid], t_aux[lid + off]);
        }
        workgroupBarrier();
    }
    let w = Reduced(Best(t_val[0], t_idx[0]), t_aux[0]);
    workgroupBarrier();
    return w;
}

// State word `w`, read once and shared: uniform, so a branch on it keeps the barriers after
// it uniform.
fn uniform_word(lid: u32, w: u32) -> u32 {
    if (lid == 0u) {
        flag = state[w];
    }
    return workgroupUniformLoad(&flag);
}

// Whether the run goes on.
fn running(lid: u32) -> bool {
    return uniform_word(lid, S_DONE) == 0u;
}

// Row `slot` of the cache at point t.
fn row_at(slot: u32, t: u32) -> u32 {
    return slot * p.rows + t;
}

// The LRU list's links: prev[slot] and next[slot] after point_of.
fn prev_at(slot: u32) -> u32 {
    return p.map_base + p.rows + p.slots + slot;
}

fn next_at(slot: u32) -> u32 {
    return p.map_base + p.rows + 2u * p.slots + slot;
}

// Moves `slot` to the head of the LRU list (most recently used).
fn touch(slot: u32) {
    let head = state[S_HEAD];
    if (slot == head) {
        return;
    }
    let pv = work[prev_at(slot)];
    let nx = work[next_at(slot)];
    work[next_at(pv)] = nx;
    if (nx != NONE) {
        work[prev_at(nx)] = pv;
    } else {
        state[S_TAIL] = pv;
    }
    work[prev_at(slot)] = NONE;
    work[next_at(slot)] = head;
    work[prev_at(head)] = slot;
    state[S_HEAD] = slot;
}

// Puts `point`'s row into the cache: its slot if it has one (returns 1, a hit), else the least
// recently used slot, skipping `keep` (returns 0: the pass computes the row); either way the
// slot becomes the most recently used (a hit only while the cache holds fewer rows than there
// are points: on an H100 the list's upkeep cost about 1 µs a step, 4 % of a ten-class run
// whose rows all fit). Sets `*slot`.
fn place(point: u32, keep: u32, slot: ptr<function, u32>) -> u32 {
    let have = work[p.map_base + point];
    if (have != NONE) {
        // With a slot for every point nothing is ever evicted: the order does not matter.
        if (p.slots < p.rows) {
            touch(have);
        }
        *slot = have;
        return 1u;
    }
    var s = state[S_TAIL];
    if (s == keep) {
        s = work[prev_at(s)];
    }
    let old = work[p.map_base + p.rows + s];
    if (old != NONE) {
        work[p.map_base + old] = NONE;
    }
    work[p.map_base + point] = s;
    work[p.map_base + p.rows + s] = point;
    touch(s);
    *slot = s;
    return 0u;
}

// smo_pass_i's work for point t at squared distance `sum` from x_i: its kernel value, and
// (over I_low) the WSS 3 candidate and Gmax2.
fn visit_i(t: u32, k: f32, gmax: f32, best: ptr<function, Best>, gmax2: ptr<function, f32>) {
    let yt = y[t];
    if (in_low(yt, alpha[t])) {
        let yg = yt * g[t];
        *gmax2 = max(*gmax2, yg);
        let gd = gmax + yg;
        if (gd > 0.0) {
            var quad = 2.0 - 2.0 * k;
            if (quad <= 0.0) {
                quad = TAU;
            }
            // The WSS 3 score -gd²/quad is minimised: its negation maximised.
            let cand = Best(gd * gd / quad, t);
            if (max_better(*best, cand)) {
                *best = cand;
            }
        }
    }
}

// smo_pass_update's work for point t at squared distance `sum` from x_j: the gradient's
// update, and (over I_up) the candidate for the next i.
fn visit_update(t: u32, ki: f32, kj: f32, ci: f32, cj: f32, best: ptr<function, Best>) {
    let yt = y[t];
    let gt = g[t] + yt * (ci * ki + cj * kj);
    g[t] = gt;
    if (in_up(yt, alpha[t])) {
        let cand = Best(-yt * gt, t);
        if (max_better(*best, cand)) {
            *best = cand;
        }
    }
}

@compute @workgroup_size(REDUCE_WG)
fn smo_pass_i(@builtin(local_invocation_id) lid3: vec3<u32>,
              @builtin(workgroup_id) wid3: vec3<u32>) {
    let lid = lid3.x;
    if (!running(lid)) {
        return;
    }
    let hit = uniform_word(lid, S_HIT_I) == 1u;
    let slot = state[S_SLOT_I];
    let gmax = bitcast<f32>(state[S_GMAX]);
    // Minimum score with the larger index on ties: kept as a maximum of -score.
    var best = Best(0.0, NONE);
    var gmax2 = NEG_INF;
    // Point t of the block is point p.block_start + t of the problem.
    let b0 = p.block_start;
    if (hit) {
        for (var t = wid3.x * REDUCE_WG + lid; t < p.block_rows; t = t + p.groups * REDUCE_WG) {
            visit_i(b0 + t, rows[row_at(slot, b0 + t)], gmax, &best, &gmax2);
        }
    } else {
        let pts = REDUCE_WG / SMO_SLICES;
        for (var first = wid3.x * pts; first < p.block_rows; first = first + p.groups * pts) {
            let t = first + lid % pts;
            let sum = dist2(lid, t, 0u);
            if (lid < pts && t < p.block_rows) {
                let k = rbf_value(p.gamma, sum);
                rows[row_at(slot, b0 + t)] = k;
                visit_i(b0 + t, k, gmax, &best, &gmax2);
            }
        }
    }
    // Stored as max of gd²/quad (= -score); the tree maximises it directly.
    let r = tree_n(lid, REDUCE_WG, best, gmax2);
    if (lid == 0u) {
        let at = 4u * (p.group_base + wid3.x);
        work[at] = bitcast<u32>(r.best.v);
        work[at + 1u] = r.best.idx;
        work[at + 2u] = bitcast<u32>(r.aux);
    }
}

// Reduces `p.partials` partials (value, index, aux) in one workgroup.
fn reduce_partials(lid: u32) -> Reduced {
    var best = Best(0.0, NONE);
    var aux = NEG_INF;
    for (var s = lid; s < p.partials; s = s + REDUCE_WG) {
        let cand = Best(bitcast<f32>(work[4u * s]), work[4u * s + 1u]);
        if (max_better(best, cand)) {
            best = cand;
        }
        aux = max(aux, bitcast<f32>(work[4u * s + 2u]));
    }
    return tree_n(lid, REDUCE_WG, best, aux);
}

// LIBSVM's two-variable update (Solver::Solve, C_i = C_j = C, QD = 1 for RBF,
// Q_ij = y_i y_j K_ij): the new (alpha_i, alpha_j), clipped to [0, C].
fn pair_update(yi: f32, yj: f32, ai: f32, aj: f32, gi: f32, gj: f32, kij: f32) -> vec2<f32> {
    let cc = p.c;
    var quad = 2.0 - 2.0 * kij;
    if (quad <= 0.0) {
        quad = TAU;
    }
    var ni = ai;
    var nj = aj;
    if (yi != yj) {
        let delta = (-gi - gj) / quad;
        let diff = ai - aj;
        ni = ai + delta;
        nj = aj + delta;
        if (diff > 0.0) {
            if (nj < 0.0) {
                nj = 0.0;
                ni = diff;
            }
        } else {
            if (ni < 0.0) {
                ni = 0.0;
                nj = -diff;
            }
        }
        if (diff > 0.0) {
            if (ni > cc) {
                ni = cc;
                nj = cc - diff;
            }
        } else {
            if (nj > cc) {
                nj = cc;
                ni = cc + diff;
            }
        }
    } else {
        let delta = (gi - gj) / quad;
        let sum = ai + aj;
        ni = ai - delta;
        nj = aj + delta;
        if (sum > cc) {
            if (ni > cc) {
                ni = cc;
                nj = sum - cc;
            }
        } else {
            if (nj < 0.0) {
                nj = 0.0;
                ni = sum;
            }
        }
        if (sum > cc) {
            if (nj > cc) {
                nj = cc;
                ni = sum - cc;
            }
        } else {
            if (ni < 0.0) {
                ni = 0.0;
                nj = sum;
            }
        }
    }
    return vec2<f32>(ni, nj);
}

@compute @workgroup_size(REDUCE_WG)
fn smo_final_j(@builtin(local_invocation_id) lid3: vec3<u32>) {
    let lid = lid3.x;
    if (!running(lid)) {
        return;
    }
    let r = reduce_partials(lid);
    let w = r.best;
    let gmax2 = r.aux;
    if (lid == 0u) {
        let gmax = bitcast<f32>(state[S_GMAX]);
        let gap = gmax + gmax2;
        state[S_GMAX2] = bitcast<u32>(gmax2);
        state[S_GAP] = bitcast<u32>(gap);
        var j = w.idx;
        if (gap < p.eps) {
            state[S_DONE] = DONE_CONVERGED;
            j = NONE;
        } else if (j == NONE) {
            state[S_DONE] = DONE_NO_PAIR;
        } else if (state[S_STEPS] >= p.max_steps) {
            state[S_DONE] = DONE_STEP_LIMIT;
            j = NONE;
        } else {
            let i = state[S_I];
            let yi = y[i];
            let yj = y[j];
            let ai = alpha[i];
            let aj = alpha[j];
            let gi = g[i];
            let gj = g[j];
            let kij = rows[row_at(state[S_SLOT_I], j)];
            let na = pair_update(yi, yj, ai, aj, gi, gj, kij);
            let ni = na.x;
            let nj = na.y;
            alpha[i] = ni;
            alpha[j] = nj;
            state[S_CI] = bitcast<u32>(yi * (ni - ai));
            state[S_CJ] = bitcast<u32>(yj * (nj - aj));
            state[S_J] = j;
            state[S_STEPS] = state[S_STEPS] + 1u;
            var slot = 0u;
            let hit = place(j, state[S_SLOT_I], &slot);
            state[S_SLOT_J] = slot;
            state[S_HIT_J] = hit;
            if (hit == 1u) {
                // Cached: nothing to gather.
                j = NONE;
            }
        }
        chosen = j;
        state[S_GATHER] = j;
        state[S_GATHER_AT] = p.cols;
    }
    let j = workgroupUniformLoad(&chosen);
    if (j != NONE && p.gather == 0u) {
        for (var c = lid; c < p.cols; c = c + REDUCE_WG) {
            pivots[p.cols + c] = x[c * p.pitch + j];
        }
    }
}

@compute @workgroup_size(REDUCE_WG)
fn smo_pass_update(@builtin(local_invocation_id) lid3: vec3<u32>,
                   @builtin(workgroup_id) wid3: vec3<u32>) {
    let lid = lid3.x;
    if (!running(lid)) {
        return;
    }
    let hit = uniform_word(lid, S_HIT_J) == 1u;
    let si = state[S_SLOT_I];
    let sj = state[S_SLOT_J];
    let ci = bitcast<f32>(state[S_CI]);
    let cj = bitcast<f32>(state[S_CJ]);
    var best = Best(0.0, NONE);
    let b0 = p.block_start;
    if (hit) {
        for (var t = wid3.x * REDUCE_WG + lid; t < p.block_rows; t = t + p.groups * REDUCE_WG) {
            let pt = b0 + t;
            visit_update(pt, rows[row_at(si, pt)], rows[row_at(sj, pt)], ci, cj, &best);
        }
    } else {
        let pts = REDUCE_WG / SMO_SLICES;
        for (var first = wid3.x * pts; first < p.block_rows; first = first + p.groups * pts) {
            let t = first + lid % pts;
            let sum = dist2(lid, t, p.cols);
            if (lid < pts && t < p.block_rows) {
                let kj = rbf_value(p.gamma, sum);
                rows[row_at(sj, b0 + t)] = kj;
                visit_update(b0 + t, rows[row_at(si, b0 + t)], kj, ci, cj, &best);
            }
        }
    }
    let w = tree_n(lid, REDUCE_WG, best, 0.0).best;
    if (lid == 0u) {
        let at = 4u * (p.group_base + wid3.x);
        work[at] = bitcast<u32>(w.v);
        work[at + 1u] = w.idx;
        work[at + 2u] = 0u;
    }
}

@compute @workgroup_size(REDUCE_WG)
fn smo_final_i(@builtin(local_invocation_id) lid3: vec3<u32>) {
    let lid = lid3.x;
    if (!running(lid)) {
        return;
    }
    let w = reduce_partials(lid).best;
    if (lid == 0u) {
        if (w.idx == NONE) {
            state[S_DONE] = DONE_NO_PAIR;
        }
        state[S_I] = w.idx;
        state[S_GMAX] = bitcast<u32>(w.v);
        var i = w.idx;
        if (i != NONE) {
            var slot = 0u;
            let hit = place(i, NONE, &slot);
            state[S_SLOT_I] = slot;
            state[S_HIT_I] = hit;
            if (hit == 1u) {
                // Cached: nothing to gather.
                i = NONE;
            }
        }
        chosen = i;
        state[S_GATHER] = i;
        state[S_GATHER_AT] = 0u;
    }
    let i = workgroupUniformLoad(&chosen);
    if (i != NONE && p.gather == 0u) {
        for (var c = lid; c < p.cols; c = c + REDUCE_WG) {
            pivots[c] = x[c * p.pitch + i];
        }
    }
}

// X split over several bindings (p.gather is 1): after each final launch, one launch per
// block; the block that holds the pivot the final launch chose (and did not find cached)
// copies its features to pivots[S_GATHER_AT..].
@compute @workgroup_size(REDUCE_WG)
fn smo_gather(@builtin(local_invocation_id) lid3: vec3<u32>) {
    let lid = lid3.x;
    if (!running(lid)) {
        return;
    }
    let pt = uniform_word(lid, S_GATHER);
    if (pt == NONE || pt < p.block_start || pt - p.block_start >= p.block_rows) {
        return;
    }
    let at = state[S_GATHER_AT];
    for (var c = lid; c < p.cols; c = c + REDUCE_WG) {
        pivots[at + c] = x[c * p.pitch + pt - p.block_start];
    }
}

// ---------------------------------------------------------------------------------------------
// The `working_set` strategy (the ThunderSVM / cuML design), a set of SMO_WS_Q points (64 to
// 1024): one iteration is seven launches,
//   smo_ws_candidates  two workgroups per chunk of SMO_WS_CHUNK points, one per side: the
//                  chunk's part of the stopping test and its candidates for the set (below)
//   smo_ws_select  one workgroup: the stopping test (Gmax + Gmax2 < eps over every point, from
//                  the chunks' parts), then the working set from the chunks' candidates. The
//                  first iteration fills all SMO_WS_Q places: the SMO_WS_Q / 2 points of I_up
//                  with the largest -y G, then the points of I_low with the largest y G (the
//                  most violating; as many as fill the places) that are not already in the
//                  set. Later iterations keep the half of the places filled the iteration
//                  before (their points and their places) and fill the other half the same
//                  way, with points not in the kept half: the halves alternate, as in
//                  ThunderSVM's solver (the kept points are still near the boundary; without
//                  them the sets repeat and an iteration advances little:
//                  scripts/svm_ws_study.py counts 8-12 times fewer iterations on
//                  Fashion-MNIST pairs, docs/svm-working-set.md). Each side is an exact top-k
//                  by a radix select on the value's ordered bits (four 8-bit digits); ties at
//                  the k-th value go to the lower indices; a side's points fill their places
//                  in the points' order. A place with no point holds NONE. The candidates
//                  workgroups select the same way within their chunk, so the select walks
//                  SMO_WS_Q * 3 / 2 candidates a chunk instead of every point (one workgroup
//                  walking every point: 43 % of an iteration by H100 kernel times,
//                  docs/svm-working-set.md).
//   smo_ws_gather  the set's features into pivots (column c of point k at
//                  pivots[c * SMO_WS_Q + k]), one launch per block of X
//   smo_ws_rows    over every point t: rows[k * p.rows + t] = K(x_k, x_t) for the set's points
//                  k the iteration filled (every place first, then the fresh half: the kept
//                  half's rows are still there), 16 columns at a time through workgroup
//                  memory (a tile of 64 points × 64 places per workgroup, then 128 × 32;
//                  SMO_WS_Q / 64 tiles side by side; a work-item sums 4 points × 4 places).
//                  With SMO_WS_BY_POINT, row t of `rows` is point t's, computed only the
//                  first time t enters a set (the select lists those places)
//   smo_ws_block   the set's SMO_WS_Q × SMO_WS_Q kernel block, copied from the rows into
//                  the work buffer (below), contiguous for the solve
//   smo_ws_solve   one workgroup, min(SMO_WS_Q, SMO_WS_WG) work-items, each holding one set
//                  point or SMO_WS_Q / SMO_WS_WG of them: LIBSVM's SMO (WSS 3 and the
//                  two-variable update) on the set alone, the rest of alpha fixed, until the
//                  set's own gap is below max(eps, 0.1 × its first gap) or SMO_WS_INNER steps;
//                  writes the set's alpha and the coefficients y Δalpha
//   smo_ws_update  over every point t: G_t += y_t Σ_k coef_k rows[k * p.rows + t]
//                  (SMO_WS_LANES work-items a point, each summing every SMO_WS_LANES-th k)
// smo_ws_gather follows the select, one launch per block of X (the select gathers nothing), and
// smo_ws_rows is one launch per block.
// The work buffer holds the set (SMO_WS_Q words), the coefficients (SMO_WS_Q, f32 bits), per
// point the stamp of the last iteration that put it in the set or keeps it there (p.rows
// words; a selection skips points of its own stamp), and from p.map_base SMO_WS_CAND words per
// candidates workgroup (p.partials of them): its SMO_WS_Q / 2 candidates of I_up and SMO_WS_Q
// of I_low (in the points' order, NONE after the last), then its best of I_up (-y G as f32
// bits, the point) and its largest y G over I_low (f32 bits); after them the set's kernel
// block (SMO_WS_Q × SMO_WS_Q, f32 bits, smo_ws_block), then, used when SMO_WS_BY_POINT is 1,
// a word per point (1 once its row is in `rows`) and the miss list (SMO_WS_Q words: the places
// whose rows this iteration's rows pass computes).
// State words: S_GMAX, S_GMAX2, S_GAP, S_DONE, S_STEPS (pair updates, as the pair strategy
// counts them), S_WS_M (points this iteration selected), S_WS_ITER (iterations), S_WS_MISS
// (the miss list's length).

const WS_TILE_C: u32 = 16u;
const S_WS_M: u32 = 9u;
const S_WS_ITER: u32 = 10u;
// Places the rows pass computes this iteration (SMO_WS_BY_POINT: the length of the miss list).
const S_WS_MISS: u32 = 11u;

var<workgroup> w_cnt: array<u32, SMO_WS_WG>;
var<workgroup> w_cnt2: array<u32, SMO_WS_WG>;
var<workgroup> hist: array<atomic<u32>, 256>;
var<workgroup> ws_list: array<u32, SMO_WS_Q>;
var<workgroup> w_word: array<u32, 4>;
var<workgroup> xs: array<vec4<f32>, 512>;
var<workgroup> ps: array<vec4<f32>, 256>;
// The solve's α and gradients: two copies (by the step's parity) of the set's.
var<workgroup> s_a: array<f32, 2 * SMO_WS_Q>;
var<workgroup> s_g: array<f32, 2 * SMO_WS_Q>;
var<workgroup> s_y: array<f32, SMO_WS_Q>;
var<workgroup> coefs: array<f32, SMO_WS_Q>;
var<workgroup> s_row: array<u32, SMO_WS_Q>;

// SMO_WS_SPAN as a divisor: an unresolved table's 0 (automatic) is taken as 1, as OpenCL's
// `#if SMO_WS_SPAN > 1` takes it (a function, so that naga's override processing does not
// divide by it in the branches that never run).
fn ws_span() -> u32 {
    return max(SMO_WS_SPAN, 1u);
}

// ws_scan within aligned groups of SMO_WS_SPAN adjacent work-items (devices with subgroups:
// SMO_WS_SPAN > 1; the subgroup's invocations taken in order of local id, as ws_shuffled
// takes them), by shuffles (Hillis-Steele in registers).
#if subgroups
fn ws_scan_group(v: vec2<u32>, lane: u32, down: bool) -> vec2<u32> {
    var a = v;
    for (var off = 1u; off < SMO_WS_SPAN; off = off << 1u) {
        let dn = subgroupShuffleDown(a, off);
        let up = subgroupShuffleUp(a, off);
        if (down && lane + off < SMO_WS_SPAN) {
            a = a + dn;
        }
        if (!down && lane >= off) {
            a = a + up;
        }
    }
    return a;
}
#else
// Never called: without subgroups SMO_WS_SPAN is 1.
fn ws_scan_group(v: vec2<u32>, lane: u32, down: bool) -> vec2<u32> {
    return v;
}
#endif

// Inclusive scan of w_cnt and w_cnt2 over SMO_WS_WG work-items: `down` sums the entries at and
// after each one (a suffix sum), else those at and before it. Each work-item's own entries are
// read without a barrier (it wrote them; every read of another's entry by a caller comes
// before a barrier that precedes the next write). With SMO_WS_SPAN > 1, the groups
// (ws_scan_group) put their totals in t_idx (the reductions' scratch, free while a selection
// scans), one barrier, each work-item adds the totals of the groups after (before) its own,
// and a barrier publishes the results: two barriers, where the tree takes two per level.
fn ws_scan(lid: u32, down: bool) {
    if (SMO_WS_SPAN > 1u) {
        let lane = lid % ws_span();
        let grp = lid / ws_span();
        let groups = SMO_WS_WG / ws_span();
        var a = ws_scan_group(vec2<u32>(w_cnt[lid], w_cnt2[lid]), lane, down);
        if (lane == select(SMO_WS_SPAN - 1u, 0u, down)) {
            t_idx[grp] = a.x;
            t_idx[groups + grp] = a.y;
        }
        workgroupBarrier();
        for (var e = 0u; e < groups; e = e + 1u) {
            if ((down && e > grp) || (!down && e < grp)) {
                a = a + vec2<u32>(t_idx[e], t_idx[groups + e]);
            }
        }
        w_cnt[lid] = a.x;
        w_cnt2[lid] = a.y;
        workgroupBarrier();
        return;
    }
    workgroupBarrier();
    for (var off = 1u; off < SMO_WS_WG; off = off << 1u) {
        var a = w_cnt[lid];
        var b = w_cnt2[lid];
        if (down && lid + off < SMO_WS_WG) {
            a = a + w_cnt[lid + off];
            b = b + w_cnt2[lid + off];
        }
        if (!down && lid >= off) {
            a = a + w_cnt[lid - off];
            b = b + w_cnt2[lid - off];
        }
        workgroupBarrier();
        w_cnt[lid] = a;
        w_cnt2[lid] = b;
        workgroupBarrier();
    }
}

// The value's bits, ordered as the values are (never 0 for a number: 0 means "not a
// candidate").
fn ordered(v: f32) -> u32 {
    let b = bitcast<u32>(v);
    return max(select(b | 0x80000000u, ~b, (b & 0x80000000u) != 0u), 1u);
}

// Point t's key on `side` (0: I_up by -y G; 1: I_low by y G), when it is not already in this
// iteration's set: 0 when it is not a candidate.
fn ws_key(t: u32, side: u32, stamp: u32) -> u32 {
    if (work[2u * SMO_WS_Q + t] == stamp) {
        return 0u;
    }
    let yt = y[t];
    let a = alpha[t];
    if (side == 0u) {
        if (in_up(yt, a)) {
            return ordered(-yt * g[t]);
        }
    } else if (in_low(yt, a)) {
        return ordered(yt * g[t]);
    }
    return 0u;
}

// Candidates a smo_ws_candidates workgroup keeps on `side`: I_up's side fills at most half
// the places, I_low's at most all of them.
fn ws_kept(side: u32) -> u32 {
    return select(SMO_WS_Q, SMO_WS_Q / 2u, side == 0u);
}

// The point at position c of what a ws_take walks: point lo + c of X (a candidates workgroup's
// chunk), or (`list`) entry c of `side`'s candidates, every candidates workgroup's in turn
// (NONE where one kept fewer). Positions follow the points' order either way.
fn ws_point(side: u32, c: u32, lo: u32, list: bool) -> u32 {
    if (!list) {
        return lo + c;
    }
    let per = ws_kept(side);
    return work[p.map_base + (c / per) * SMO_WS_CAND + select(SMO_WS_Q / 2u, 0u, side == 0u)
                + c % per];
}

// The key at position c (0 past `len` and where no point is).
fn ws_key_at(side: u32, c: u32, len: u32, lo: u32, list: bool, stamp: u32) -> u32 {
    if (c >= len) {
        return 0u;
    }
    let t = ws_point(side, c, lo, list);
    if (t == NONE) {
        return 0u;
    }
    return ws_key(t, side, stamp);
}

// Positions of a ws_take that each invocation holds: the first SMO_WS_HELD of its run
// (KernelParams::smo_ws_held, fitted to the device's workgroup memory), so the whole run
// wherever len <= SMO_WS_HELD × SMO_WS_WG (a candidates chunk of a set of up to 256 places,
// the select of a few chunks). Their points and keys are read from storage once, where the
// radix's four rounds and the compaction's two passes read them six times, each a chain of
// dependent loads (the candidates and select kernels took 68 and 34 µs of a 12 000-point
// iteration on the H100, BENCHMARKS.md session 20). They sit in workgroup memory, each
// invocation's at a stride of SMO_WS_WG words (no bank conflicts): held in function arrays,
// which OpenCL's twin keeps in registers, NVIDIA's Vulkan compiler put them in local memory
// (the loops are not unrolled), and the select took 41 µs an iteration of Fashion-MNIST 0/6
// on an H200 against 32 from workgroup memory (BENCHMARKS.md, session 29).
var<workgroup> held_key: array<u32, max(SMO_WS_HELD, 1u) * SMO_WS_WG>;
var<workgroup> held_pt: array<u32, max(SMO_WS_HELD, 1u) * SMO_WS_WG>;

// A radix round's count of key k: in the histogram when it is a candidate under the prefix.
fn ws_count(k: u32, mask: u32, prefix: u32, shift: u32) {
    if (k != 0u && (k & mask) == prefix) {
        atomicAdd(&hist[(k >> shift) & 255u], 1u);
    }
}

// The compaction's tally of key k: above the last key taken (*cg) or at it (*ce), the key's
// bits under `mask` compared.
fn ws_tally(k: u32, all: bool, prefix: u32, mask: u32, cg: ptr<function, u32>,
            ce: ptr<function, u32>) {
    if (k != 0u && (all || (k & mask) > prefix)) {
        *cg = *cg + 1u;
    } else if (!all && k != 0u && (k & mask) == prefix) {
        *ce = *ce + 1u;
    }
}

// The compaction's write of point t (key k) at its place in ws_list (m0 on), as ws_tally
// counted it.
fn ws_place(k: u32, t: u32, all: bool, prefix: u32, mask: u32, need: u32, taken: u32,
            og: ptr<function, u32>, oe: ptr<function, u32>, m0: u32) {
    if (k != 0u && (all || (k & mask) > prefix)) {
        let at = *og + min(*oe, need);
        if (at < taken) {
            ws_list[m0 + at] = t;
        }
        *og = *og + 1u;
    } else if (!all && k != 0u && (k & mask) == prefix) {
        if (*oe < need && *og + *oe < taken) {
            ws_list[m0 + *og + *oe] = t;
        }
        *oe = *oe + 1u;
    }
}

// Puts the (at most) `want` candidates of `side` with the largest keys among the `len`
// positions (ws_point) into ws_list from `m0`, in the points' order; returns how many. Ties at
// the last key taken go to the lower indices. With `mark`, stamps the points taken (the low
// side then skips them).
fn ws_take(lid: u32, side: u32, stamp: u32, m0: u32, want: u32, lo: u32, len: u32, list: bool,
           mark: bool) -> u32 {
    // Each invocation walks a run of consecutive positions (the compaction needs them in
    // order); loops past the held ones have the same trip count on every invocation, the
    // bound checked inside (the OpenCL twin's PoCL ran loops whose bounds differ between
    // work-items past their end).
    let run = (len + SMO_WS_WG - 1u) / SMO_WS_WG;
    let start = lid * run;
    for (var r = 0u; r < SMO_WS_HELD; r = r + 1u) {
        var t = NONE;
        if (r < run && start + r < len) {
            t = ws_point(side, start + r, lo, list);
        }
        held_pt[r * SMO_WS_WG + lid] = t;
        var k = 0u;
        if (t != NONE) {
            k = ws_key(t, side, stamp);
        }
        held_key[r * SMO_WS_WG + lid] = k;
    }
    var prefix = 0u;
    var mask = 0u;
    var need = want;
    var all = false;
    for (var round = 0u; round < 4u; round = round + 1u) {
        let shift = 24u - 8u * round;
        atomicStore(&hist[lid], 0u);
        // The round's outcome, one word (0: go on; 1: every candidate fits; 2: the bucket
        // holds exactly the keys still needed), read uniformly once below: reset here (every
        // read of the last round's came before that read's closing barrier), then written by
        // at most one invocation.
        if (lid == 0u) {
            w_word[0] = 0u;
        }
        workgroupBarrier();
        for (var r = 0u; r < SMO_WS_HELD; r = r + 1u) {
            ws_count(held_key[r * SMO_WS_WG + lid], mask, prefix, shift);
        }
        for (var r = SMO_WS_HELD; r < run; r = r + 1u) {
            ws_count(ws_key_at(side, start + r, len, lo, list, stamp), mask, prefix, shift);
        }
        workgroupBarrier();
        let h = atomicLoad(&hist[lid]);
        w_cnt[lid] = h;
        w_cnt2[lid] = 0u;
        ws_scan(lid, true);
        let incl = w_cnt[lid];
        let total = w_cnt[0];
        // Every candidate fits: take them all.
        let fits = round == 0u && total <= need;
        if (lid == 0u && fits) {
            w_word[0] = 1u;
        }
        // The digit whose bucket holds the need-th largest key (none when everything fits).
        if (!fits && incl >= need && incl - h < need) {
            w_word[1] = lid;
            w_word[2] = incl - h;
            // The bucket holds exactly the keys still needed: every one of them is taken, so
            // the next digits cannot change the set (the rounds stop; the compaction compares
            // the keys' bits under `mask`).
            if (h == need - (incl - h)) {
                w_word[0] = 2u;
            }
        }
        // One uniform load a round (naga's is a barrier, the load and a barrier).
        let stop = workgroupUniformLoad(&w_word[0]);
        if (stop == 1u) {
            all = true;
            need = total;
            break;
        }
        let b = w_word[1];
        need = need - w_word[2];
        prefix = prefix | (b << shift);
        mask = mask | (255u << shift);
        if (stop == 2u) {
            break;
        }
    }
    // The ordered compaction: a point taken goes after every point taken before it: those
    // above the last key, and the first `need` of those at it.
    var cg = 0u;
    var ce = 0u;
    for (var r = 0u; r < SMO_WS_HELD; r = r + 1u) {
        ws_tally(held_key[r * SMO_WS_WG + lid], all, prefix, mask, &cg, &ce);
    }
    for (var r = SMO_WS_HELD; r < run; r = r + 1u) {
        ws_tally(ws_key_at(side, start + r, len, lo, list, stamp), all, prefix, mask, &cg,
                 &ce);
    }
    w_cnt[lid] = cg;
    w_cnt2[lid] = ce;
    ws_scan(lid, false);
    var og = w_cnt[lid] - cg;
    var oe = w_cnt2[lid] - ce;
    let total_g = w_cnt[SMO_WS_WG - 1u];
    // At most `want` by construction; the bound keeps every write inside the set.
    var taken = total_g;
    if (!all) {
        taken = total_g + need;
    }
    taken = min(taken, want);
    for (var r = 0u; r < SMO_WS_HELD; r = r + 1u) {
        let at = r * SMO_WS_WG + lid;
        ws_place(held_key[at], held_pt[at], all, prefix, mask, need, taken, &og, &oe, m0);
    }
    for (var r = SMO_WS_HELD; r < run; r = r + 1u) {
        let c = start + r;
        let k = ws_key_at(side, c, len, lo, list, stamp);
        var t = NONE;
        if (k != 0u) {
            t = ws_point(side, c, lo, list);
        }
        ws_place(k, t, all, prefix, mask, need, taken, &og, &oe, m0);
    }
    workgroupBarrier();
    if (mark) {
        for (var k = lid; k < taken; k = k + SMO_WS_WG) {
            work[2u * SMO_WS_Q + ws_list[m0 + k]] = stamp;
        }
    }
    storageBarrier();
    workgroupBarrier();
    return taken;
}

// A point (label yt, α a, gradient gt) seen by the stopping test and the solve's WSS 3: over
// I_up, the best -y G (ties to the larger index `idx`); over I_low, the largest y G.
fn see_violation(yt: f32, a: f32, gt: f32, idx: u32, up: ptr<function, Best>,
                 low: ptr<function, f32>) {
    let yg = yt * gt;
    if (in_up(yt, a)) {
        let cand = Best(-yg, idx);
        if (max_better(*up, cand)) {
            *up = cand;
        }
    }
    if (in_low(yt, a)) {
        *low = max(*low, yg);
    }
}

// smo_ws_candidates' work on one chunk's side (0: I_up, which also writes the chunk's part of
// the stopping test; 1: I_low).
fn ws_chunk(lid: u32, chunk: u32, side: u32) {
    let lo = chunk * SMO_WS_CHUNK;
    let len = min(SMO_WS_CHUNK, p.rows - lo);
    let out = p.map_base + chunk * SMO_WS_CAND;
    let mid = SMO_WS_Q / 2u;
    if (side == 0u) {
        var up = Best(0.0, NONE);
        var gmax2 = NEG_INF;
        for (var c = lid; c < SMO_WS_CHUNK; c = c + SMO_WS_WG) {
            if (c < len) {
                let t = lo + c;
                see_violation(y[t], alpha[t], g[t], t, &up, &gmax2);
            }
        }
        let r = tree_n(lid, SMO_WS_WG, up, gmax2);
        if (lid == 0u) {
            work[out + mid + SMO_WS_Q] = bitcast<u32>(r.best.v);
            work[out + mid + SMO_WS_Q + 1u] = r.best.idx;
            work[out + mid + SMO_WS_Q + 2u] = bitcast<u32>(r.aux);
        }
    }
    let stamp = state[S_WS_ITER] + 1u;
    let kept = ws_kept(side);
    let m = ws_take(lid, side, stamp, 0u, kept, lo, len, false, false);
    let first = out + select(mid, 0u, side == 0u);
    for (var k = lid; k < kept; k = k + SMO_WS_WG) {
        work[first + k] = select(NONE, ws_list[k], k < m);
    }
}

// Two workgroups per chunk of SMO_WS_CHUNK points: the chunk's part of the stopping test (the
// best of I_up by -y G, the largest y G over I_low) and its candidates for the set: the
// SMO_WS_Q / 2 largest keys of I_up and the SMO_WS_Q largest of I_low (points this
// iteration keeps excluded). The set's points on either side are among them (a point the
// select takes has fewer points above it in its chunk than the select takes in all, the other
// side's included), so the select reads these instead of every point.
@compute @workgroup_size(SMO_WS_WG)
fn smo_ws_candidates(@builtin(local_invocation_id) lid3: vec3<u32>,
                     @builtin(workgroup_id) wid3: vec3<u32>) {
    let lid = lid3.x;
    if (!running(lid)) {
        return;
    }
    // A workgroup per chunk (p.partials of them) and side: the two sides' candidates do not
    // depend on each other, and with few chunks (three at 12 000 points) the kernel takes
    // about as long as one workgroup (splitting the sides took it from 33 to 23 µs on the
    // H200, BENCHMARKS.md session 27). p.groups workgroups in a grid stride.
    for (var unit = wid3.x; unit < 2u * p.partials; unit = unit + p.groups) {
        ws_chunk(lid, unit / 2u, unit % 2u);
    }
}

@compute @workgroup_size(SMO_WS_WG)
fn smo_ws_select(@builtin(local_invocation_id) lid3: vec3<u32>) {
    let lid = lid3.x;
    if (!running(lid)) {
        return;
    }
    let mid = SMO_WS_Q / 2u;
    // The stopping test: the candidates workgroups' parts (p.partials of them).
    var up = Best(0.0, NONE);
    var gmax2 = NEG_INF;
    for (var base = 0u; base < p.partials; base = base + SMO_WS_WG) {
        let part = base + lid;
        if (part < p.partials) {
            let o = p.map_base + part * SMO_WS_CAND + mid + SMO_WS_Q;
            let cand = Best(bitcast<f32>(work[o]), work[o + 1u]);
            if (max_better(up, cand)) {
                up = cand;
            }
            gmax2 = max(gmax2, bitcast<f32>(work[o + 2u]));
        }
    }
    let r = tree_n(lid, SMO_WS_WG, up, gmax2);
    let w = r.best;
    if (lid == 0u) {
        let gap = w.v + r.aux;
        state[S_GMAX] = bitcast<u32>(w.v);
        state[S_GMAX2] = bitcast<u32>(r.aux);
        var done = 0u;
        if (w.idx == NONE || r.aux == NEG_INF) {
            done = DONE_NO_PAIR;
        } else {
            state[S_GAP] = bitcast<u32>(gap);
            if (gap < p.eps) {
                done = DONE_CONVERGED;
            } else if (state[S_STEPS] >= p.max_steps) {
                done = DONE_STEP_LIMIT;
            }
        }
        state[S_DONE] = done;
        w_word[3] = done;
    }
    if (workgroupUniformLoad(&w_word[3]) != 0u) {
        return;
    }
    let stamp = state[S_WS_ITER] + 1u;
    // The places this iteration fills: all of them first, then half, alternately the first
    // (even stamps) and the second (odd). The other half's points, kept, were stamped by the
    // select before (below), so neither they nor the up side's points are taken twice.
    var first = 0u;
    var places = SMO_WS_Q;
    if (stamp > 1u) {
        first = (stamp % 2u) * mid;
        places = mid;
    }
    let m_up = ws_take(lid, 0u, stamp, 0u, places / 2u, 0u, p.partials * mid, true, true);
    let m = m_up + ws_take(lid, 1u, stamp, m_up, places - m_up, 0u, p.partials * SMO_WS_Q,
                           true, true);
    for (var k = lid; k < places; k = k + SMO_WS_WG) {
        var pt = NONE;
        if (k < m) {
            pt = ws_list[k];
        }
        work[first + k] = pt;
    }
    // The half the next iteration keeps (the places just filled; after the first iteration,
    // the second half), stamped with its stamp for its candidates and select to skip.
    for (var k = lid; k < mid; k = k + SMO_WS_WG) {
        let at = mid - ((stamp + 1u) % 2u) * mid + k - first;
        if (at < m) {
            work[2u * SMO_WS_Q + ws_list[at]] = stamp + 1u;
        }
    }
    // Rows kept by point: the places just filled whose point has no row yet, listed (in any
    // order: a row's values do not depend on where it is computed) for the rows pass.
    if (SMO_WS_BY_POINT == 1u) {
        let have = ws_have_base();
        if (lid == 0u) {
            atomicStore(&hist[0], 0u);
        }
        workgroupBarrier();
        // (m ≤ places: the points just placed.)
        for (var k = lid; k < m; k = k + SMO_WS_WG) {
            let pt = ws_list[k];
            if (work[have + pt] == 0u) {
                work[have + pt] = 1u;
                work[ws_miss_base() + atomicAdd(&hist[0], 1u)] = first + k;
            }
        }
        workgroupBarrier();
        if (lid == 0u) {
            state[S_WS_MISS] = atomicLoad(&hist[0]);
        }
    }
    if (lid == 0u) {
        state[S_WS_M] = m;
        state[S_WS_ITER] = stamp;
    }
}

// After smo_ws_select, one launch per block of X (one in all when X is one binding): each
// copies the features of the set's points that lie in its block (layout as above).
@compute @workgroup_size(SMO_WS_WG)
fn smo_ws_gather(@builtin(local_invocation_id) lid3: vec3<u32>,
                 @builtin(workgroup_id) wid3: vec3<u32>) {
    let lid = lid3.x;
    if (!running(lid)) {
        return;
    }
    for (var e = wid3.x * SMO_WS_WG + lid; e < p.cols * SMO_WS_Q; e = e + p.groups * SMO_WS_WG) {
        let pt = work[e % SMO_WS_Q];
        if (pt != NONE && pt >= p.block_start && pt - p.block_start < p.block_rows) {
            pivots[e] = x[(e / SMO_WS_Q) * p.pitch + pt - p.block_start];
        }
    }
}

// The place that the rows pass's entry e (a tile's first entry plus its offset) computes, NONE
// where there is none: by place, the places filled this iteration from `first`; by point,
// entry e of the miss list while e < misses.
fn ws_tile_place(e: u32, first: u32, misses: u32) -> u32 {
    if (SMO_WS_BY_POINT == 1u) {
        if (e < misses) {
            return work[ws_miss_base() + e];
        }
        return NONE;
    }
    return first + e;
}

@compute @workgroup_size(SMO_WS_WG)
fn smo_ws_rows(@builtin(local_invocation_id) lid3: vec3<u32>,
               @builtin(workgroup_id) wid3: vec3<u32>) {
    let lid = lid3.x;
    if (!running(lid)) {
        return;
    }
    // From the second iteration on, the kept half's rows are the ones the iteration before
    // computed (same places, same points): only the half just filled is computed, in tiles of
    // 32 places against 128 points a workgroup; the first iteration computes every place, in
    // tiles of 64 places against 64 points. Rows kept by point (SMO_WS_BY_POINT) compute only
    // the places of the miss list, the same tiles over its entries, into their points' rows.
    // A set has SMO_WS_Q / 64 tiles either way:
    // workgroup w takes tile w % tiles (p.groups is a multiple of it). Work-item (tp, tk) sums
    // the 4 consecutive points from 4 tp against the 4 consecutive places from 4 tk: one
    // vec4 of each from workgroup memory per column, for 16 differences.
    let stamp = uniform_word(lid, S_WS_ITER);
    let fresh = stamp > 1u;
    var first = 0u;
    if (fresh) {
        first = (stamp % 2u) * (SMO_WS_Q / 2u);
    }
    let tiles = SMO_WS_Q / 64u;
    let span = select(64u, 128u, fresh);
    let pw = select(64u, 32u, fresh);
    let pq = span / 4u;
    let tp = lid % pq;
    let tk = lid / pq;
    let stride = (p.groups / tiles) * span;
    // The tile's entries: mt0 + v (ws_tile_place); by point, a tile past the miss list's end
    // has nothing to compute.
    let misses = uniform_word(lid, S_WS_MISS);
    let mt0 = (wid3.x % tiles) * pw;
    if (SMO_WS_BY_POINT == 1u && mt0 >= misses) {
        return;
    }
    // This work-item's entries of the tiles in workgroup memory (below).
    let xp = lid % span;
    let xc = lid / span;
    let pk = ws_tile_place(mt0 + lid % pw, first, misses);
    let pc = lid / pw;
    // Over the launch's block of X: its point t is point p.block_start + t.
    for (var base = (wid3.x / tiles) * span; base < p.block_rows; base = base + stride) {
        var acc: array<vec4<f32>, 4>;
        for (var b = 0u; b < 4u; b = b + 1u) {
            acc[b] = vec4<f32>(0.0);
        }
        for (var c0 = 0u; c0 < p.cols; c0 = c0 + WS_TILE_C) {
            // Entry e = lid + r SMO_WS_WG of the tiles: column e / span (e / pw), point
            // e % span (place e % pw); span and pw divide SMO_WS_WG, so the point or place is
            // the same for every r and the column moves by SMO_WS_WG / span (/ pw).
            let pt = base + xp;
            for (var r = 0u; r < WS_TILE_C * span / SMO_WS_WG; r = r + 1u) {
                let cc = c0 + xc + r * (SMO_WS_WG / span);
                var xv = 0.0;
                if (cc < p.cols && pt < p.block_rows) {
                    xv = x[cc * p.pitch + pt];
                }
                let e = lid + r * SMO_WS_WG;
                xs[e / 4u][e % 4u] = xv;
            }
            for (var r = 0u; r < WS_TILE_C * pw / SMO_WS_WG; r = r + 1u) {
                let cc = c0 + pc + r * (SMO_WS_WG / pw);
                var pv = 0.0;
                if (cc < p.cols && pk != NONE) {
                    pv = pivots[cc * SMO_WS_Q + pk];
                }
                let e = lid + r * SMO_WS_WG;
                ps[e / 4u][e % 4u] = pv;
            }
            workgroupBarrier();
            for (var cc = 0u; cc < WS_TILE_C; cc = cc + 1u) {
                let xv = xs[cc * pq + tp];
                let pv = ps[cc * (pw / 4u) + tk];
                for (var b = 0u; b < 4u; b = b + 1u) {
                    let d = xv - vec4<f32>(pv[b]);
                    acc[b] = acc[b] + d * d;
                }
            }
            workgroupBarrier();
        }
        for (var b = 0u; b < 4u; b = b + 1u) {
            let k = ws_tile_place(mt0 + 4u * tk + b, first, misses);
            if (k != NONE && work[k] != NONE) {
                let row = ws_row(k);
                for (var a = 0u; a < 4u; a = a + 1u) {
                    let t = base + 4u * tp + a;
                    if (t < p.block_rows) {
                        rows[row * p.rows + p.block_start + t] = rbf_value(p.gamma, acc[b][a]);
                    }
                }
            }
        }
    }
}

// After the rows: the set's kernel block, K(x_k, x_l) for places k and l at
// work[ws_block_base() + k SMO_WS_Q + l] (f32 bits; 0 where a place holds no point), copied
// from the rows. The solve reads rows i and j of it at each pair update: contiguous, so a few
// transactions a row that stay in the solve's L1, where reading the same values from the rows
// (one point of each, a row of p.rows values) scattered over its row.
fn ws_block_base() -> u32 {
    return p.map_base + p.partials * SMO_WS_CAND;
}

// After the block (SMO_WS_BY_POINT): per point, 1 once its row is in `rows` (p.rows words),
// then the miss list: the places whose rows the rows pass computes this iteration.
fn ws_have_base() -> u32 {
    return ws_block_base() + SMO_WS_Q * SMO_WS_Q;
}

fn ws_miss_base() -> u32 {
    return ws_have_base() + p.rows;
}

// The row of `rows` that holds place k's kernel row (k holds a point).
fn ws_row(k: u32) -> u32 {
    if (SMO_WS_BY_POINT == 1u) {
        return work[k];
    }
    return k;
}

@compute @workgroup_size(SMO_WS_WG)
fn smo_ws_block(@builtin(local_invocation_id) lid3: vec3<u32>,
                @builtin(workgroup_id) wid3: vec3<u32>) {
    let lid = lid3.x;
    if (!running(lid)) {
        return;
    }
    let bb = ws_block_base();
    for (var e = wid3.x * SMO_WS_WG + lid; e < SMO_WS_Q * SMO_WS_Q;
         e = e + p.groups * SMO_WS_WG) {
        let k = e / SMO_WS_Q;
        let pt = work[e % SMO_WS_Q];
        var v = 0.0;
        if (pt != NONE && work[k] != NONE) {
            v = rows[ws_row(k) * p.rows + pt];
        }
        work[bb + e] = bitcast<u32>(v);
    }
}

// tree_n with four entries a level (a level per two of tree_n's, so half the barriers: the
// solve makes two reductions per pair update), over the solve's SMO_WS_SOLVE_WG work-items (a
// power of two). max_better is a total order, so the tree's shape does not change the result.
fn tree4(lid: u32, mine: Best, aux: f32) -> Reduced {
    t_val[lid] = mine.v;
    t_idx[lid] = mine.idx;
    t_aux[lid] = aux;
    workgroupBarrier();
    var n = SMO_WS_SOLVE_WG;
    loop {
        if (n <= 1u) {
            break;
        }
        // 2 where the count is not a power of four.
        let next = select(n / 4u, n / 2u, n < 4u || (n & 0x55555555u) == 0u);
        if (lid < next) {
            var b = Best(t_val[lid], t_idx[lid]);
            var a = t_aux[lid];
            for (var o = lid + next; o < n; o = o + next) {
                let c = Best(t_val[o], t_idx[o]);
                if (max_better(b, c)) {
                    b = c;
                }
                a = max(a, t_aux[o]);
            }
            t_val[lid] = b.v;
            t_idx[lid] = b.idx;
            t_aux[lid] = a;
        }
        n = next;
        workgroupBarrier();
    }
    let w = Reduced(Best(t_val[0], t_idx[0]), t_aux[0]);
    workgroupBarrier();
    return w;
}

// The solve's reductions with shuffles (SMO_WS_SPAN > 1; devices with subgroups, see
// ws_reduce): a butterfly over aligned groups of SMO_WS_SPAN adjacent work-items (a power of
// two within the smallest subgroup; the subgroup's invocations are its work-items in order of
// local id, as logreg.wgsl's lane sums also take them): every work-item of a group gets the
// group's winner and (`with_aux`) the maximum of its aux values. `width` (a power of two, at
// most SMO_WS_SPAN) narrows the groups to that many work-items.
//
// The steps are written out (ws_bfly) for masks below 32, a loop taking any wider ones:
// NVIDIA's Vulkan compiler kept the loop, a compare and branch between dependent shuffles
// (written out: the solve 242 → 232 µs an iteration of 12 000 points on the H200,
// BENCHMARKS.md session 28). `width` is a constant where it is called, so the steps past it
// fold away.
#if subgroups
fn ws_bfly(r: Reduced, m: u32, with_aux: bool) -> Reduced {
    var b = r.best;
    var a = r.aux;
    let o = Best(subgroupShuffleXor(b.v, m), subgroupShuffleXor(b.idx, m));
    if (with_aux) {
        a = max(a, subgroupShuffleXor(a, m));
    }
    if (max_better(b, o)) {
        b = o;
    }
    return Reduced(b, a);
}

fn ws_shuffled(mine: Best, aux: f32, with_aux: bool, width: u32) -> Reduced {
    var r = Reduced(mine, aux);
    if (width > 1u) {
        r = ws_bfly(r, 1u, with_aux);
    }
    if (width > 2u) {
        r = ws_bfly(r, 2u, with_aux);
    }
    if (width > 4u) {
        r = ws_bfly(r, 4u, with_aux);
    }
    if (width > 8u) {
        r = ws_bfly(r, 8u, with_aux);
    }
    if (width > 16u) {
        r = ws_bfly(r, 16u, with_aux);
    }
    for (var m = 32u; m < width; m = m << 1u) {
        r = ws_bfly(r, m, with_aux);
    }
    return r;
}
#else
// Never called: without subgroups SMO_WS_SPAN is 1.
fn ws_shuffled(mine: Best, aux: f32, with_aux: bool, width: u32) -> Reduced {
    return Reduced(mine, aux);
}
#endif

// A group's first work-item writes the group's winner into part `part` of the scratch
// (SMO_WS_SOLVE_WG / SMO_WS_SPAN entries a part).
fn ws_post(lid: u32, w: Reduced, part: u32) {
    let at = part * (SMO_WS_SOLVE_WG / ws_span()) + lid / ws_span();
    if (lid % ws_span() == 0u) {
        t_val[at] = w.best.v;
        t_idx[at] = w.best.idx;
        t_aux[at] = w.aux;
    }
}

// After a barrier: the winner of part `part`'s entries and (`with_aux`) the maximum of their
// aux values, for every work-item. Where the entries are no more than a group's work-items
// (8 winners of 32-wide groups at 256 work-items), each work-item reads one and a butterfly
// of log2(entries) shuffles combines them: three dependent comparisons a reduction where
// reading every entry in turn took seven. Else every work-item reads them all in the same
// order. max_better is a total order: the same winner either way.
fn ws_collect(lid: u32, part: u32, with_aux: bool) -> Reduced {
    let groups = SMO_WS_SOLVE_WG / ws_span();
    let base = part * groups;
    if (groups <= ws_span()) {
        let e = base + lid % groups;
        return ws_shuffled(Best(t_val[e], t_idx[e]), t_aux[e], with_aux, groups);
    }
    var b = Best(t_val[base], t_idx[base]);
    var a = t_aux[base];
    for (var e = 1u; e < groups; e = e + 1u) {
        let c = Best(t_val[base + e], t_idx[base + e]);
        if (max_better(b, c)) {
            b = c;
        }
        a = max(a, t_aux[base + e]);
    }
    return Reduced(b, a);
}

// The step's first reduction over the solve's SMO_WS_SOLVE_WG work-items, every work-item
// getting the winner (by max_better) and the maximum of aux. With SMO_WS_SPAN 1, tree4. Else
// the groups' winners (ws_shuffled) go through part 0 of the scratch in one round: one
// barrier, and every work-item reads them all. The step's second reduction
// (ws_reduce_gated) takes part 1, so no barrier is needed after the reads: the other
// reduction's barrier, which every work-item reaches after its reads, comes before this part
// is written again. max_better is a total order, so the winner is tree4's (and aux is an
// exact maximum): the same steps either way.
fn ws_reduce(lid: u32, mine: Best, aux: f32) -> Reduced {
    if (SMO_WS_SPAN <= 1u) {
        return tree4(lid, mine, aux);
    }
    ws_post(lid, ws_shuffled(mine, aux, true, SMO_WS_SPAN), 0u);
    workgroupBarrier();
    return ws_collect(lid, 0u, true);
}

struct Gated {
    best: Best,
    flag: u32,
}

// The step's second reduction (no aux), through part 1, whose barrier is the uniform load of
// w_word[0] (work-item 0 writes it before the call): `flag` is that word, uniform, so the
// solve's loop leaves on it without a barrier of its own.
fn ws_reduce_gated(lid: u32, mine: Best) -> Gated {
    if (SMO_WS_SPAN <= 1u) {
        let w = tree4(lid, mine, 0.0);
        return Gated(w.best, workgroupUniformLoad(&w_word[0]));
    }
    ws_post(lid, ws_shuffled(mine, 0.0, false, SMO_WS_SPAN), 1u);
    let flag = workgroupUniformLoad(&w_word[0]);
    return Gated(ws_collect(lid, 1u, false).best, flag);
}

// Places of the set per work-item of the solve (SMO_WS_Q / SMO_WS_SOLVE_WG, at most 4: q is at
// most 1024).
const WS_PER_MAX: u32 = 4u;

@compute @workgroup_size(SMO_WS_SOLVE_WG)
fn smo_ws_solve(@builtin(local_invocation_id) lid3: vec3<u32>) {
    let lid = lid3.x;
    if (!running(lid)) {
        return;
    }
    // Work-item lid holds places lid + r SMO_WS_SOLVE_WG (r < per): their points, labels, α,
    // gradients and kernel values K(x_i, ·), K(x_j, ·) of the current step in registers. Every
    // work-item makes the pair update itself (the same inputs, the same bits), reading i's
    // and j's α and gradients from workgroup memory, which holds two copies by the step's
    // parity: a step reads copy `cur` and writes its new values into the other, so the reads
    // of j's values after the second reduction need no barrier before the writes.
    let per = SMO_WS_Q / SMO_WS_SOLVE_WG;
    var pts: array<u32, WS_PER_MAX>;
    var ys: array<f32, WS_PER_MAX>;
    var als: array<f32, WS_PER_MAX>;
    var gs: array<f32, WS_PER_MAX>;
    var ki: array<f32, WS_PER_MAX>;
    for (var r = 0u; r < per; r = r + 1u) {
        let k = lid + r * SMO_WS_SOLVE_WG;
        let pt = work[k];
        pts[r] = pt;
        var a0 = 0.0;
        var gk = 0.0;
        var yk = 0.0;
        if (pt != NONE) {
            a0 = alpha[pt];
            gk = g[pt];
            yk = y[pt];
        }
        ys[r] = yk;
        als[r] = a0;
        gs[r] = gk;
        s_y[k] = yk;
        s_a[k] = a0;
        s_g[k] = gk;
    }
    let steps0 = state[S_STEPS];
    var steps = 0u;
    var local_eps = p.eps;
    // j was NONE (only where a NaN compares false: a pair exists wherever the gap is at least
    // eps): the next step stops.
    var dead = false;
    let bb = ws_block_base();
    workgroupBarrier();
    loop {
        let cur = (steps & 1u) * SMO_WS_Q;
        let nxt = SMO_WS_Q - cur;
        // i: the set's most violating point of I_up; Gmax2 over its I_low.
        var up = Best(0.0, NONE);
        var low = NEG_INF;
        for (var r = 0u; r < per; r = r + 1u) {
            if (pts[r] != NONE) {
                see_violation(ys[r], als[r], gs[r], lid + r * SMO_WS_SOLVE_WG, &up, &low);
            }
        }
        let ri = ws_reduce(lid, up, low);
        let bi = ri.best;
        let gmax = bi.v;
        let gap = gmax + ri.aux;
        if (steps == 0u) {
            local_eps = max(p.eps, 0.1 * gap);
        }
        let i = bi.idx;
        let stop = dead || i == NONE || gap < local_eps || steps >= SMO_WS_INNER
            || steps0 + steps >= p.max_steps;
        // j: WSS 3 over the set's I_low, from row i (kept for the gradients' update).
        var cand = Best(0.0, NONE);
        var ai = 0.0;
        var gi = 0.0;
        if (!stop) {
            ai = s_a[cur + i];
            gi = s_g[cur + i];
            for (var r = 0u; r < per; r = r + 1u) {
                if (pts[r] != NONE) {
                    let k = lid + r * SMO_WS_SOLVE_WG;
                    let kv = bitcast<f32>(work[bb + i * SMO_WS_Q + k]);
                    ki[r] = kv;
                    let yk = ys[r];
                    if (in_low(yk, als[r])) {
                        let gd = gmax + yk * gs[r];
                        if (gd > 0.0) {
                            var quad = 2.0 - 2.0 * kv;
                            if (quad <= 0.0) {
                                quad = TAU;
                            }
                            let c = Best(gd * gd / quad, k);
                            if (max_better(cand, c)) {
                                cand = c;
                            }
                        }
                    }
                }
            }
        }
        // The second reduction's barrier is the uniform load of the stop word (written before
        // it), so the loop leaves uniformly without a barrier of its own.
        if (lid == 0u) {
            w_word[0] = select(0u, 1u, stop);
        }
        let rj = ws_reduce_gated(lid, cand);
        if (rj.flag == 1u) {
            break;
        }
        let j = rj.best.idx;
        if (j == NONE) {
            dead = true;
        } else {
            var kj: array<f32, WS_PER_MAX>;
            for (var r = 0u; r < per; r = r + 1u) {
                if (pts[r] != NONE) {
                    kj[r] = bitcast<f32>(work[bb + j * SMO_WS_Q + lid + r * SMO_WS_SOLVE_WG]);
                }
            }
            let yi = s_y[i];
            let yj = s_y[j];
            let aj = s_a[cur + j];
            let kij = bitcast<f32>(work[bb + i * SMO_WS_Q + j]);
            let na = pair_update(yi, yj, ai, aj, gi, s_g[cur + j], kij);
            let ci = yi * (na.x - ai);
            let cj = yj * (na.y - aj);
            for (var r = 0u; r < per; r = r + 1u) {
                if (pts[r] != NONE) {
                    let k = lid + r * SMO_WS_SOLVE_WG;
                    gs[r] = gs[r] + ys[r] * (ci * ki[r] + cj * kj[r]);
                    if (k == i) {
                        als[r] = na.x;
                    }
                    if (k == j) {
                        als[r] = na.y;
                    }
                    s_a[nxt + k] = als[r];
                    s_g[nxt + k] = gs[r];
                }
            }
            steps = steps + 1u;
        }
        // (The next step's first reduction's barrier orders these writes before its reads of
        // i's and j's values from this copy; the copy read this step is written next step,
        // after every work-item has passed that barrier.)
    }
    for (var r = 0u; r < per; r = r + 1u) {
        let pt = pts[r];
        let k = lid + r * SMO_WS_SOLVE_WG;
        var coef = 0.0;
        if (pt != NONE) {
            coef = ys[r] * (als[r] - alpha[pt]);
            alpha[pt] = als[r];
        }
        work[SMO_WS_Q + k] = bitcast<u32>(coef);
    }
    if (lid == 0u) {
        state[S_STEPS] = steps0 + steps;
    }
}

// Place k's kernel value at point t for smo_ws_update: 0 where the place's coefficient is 0
// (its row is not read).
fn ws_row_value(k: u32, t: u32) -> f32 {
    if (coefs[k] == 0.0) {
        return 0.0;
    }
    return rows[s_row[k] * p.rows + t];
}

@compute @workgroup_size(SMO_WS_WG)
fn smo_ws_update(@builtin(local_invocation_id) lid3: vec3<u32>,
                 @builtin(workgroup_id) wid3: vec3<u32>) {
    let lid = lid3.x;
    if (!running(lid)) {
        return;
    }
    // Every place's coefficient (0 where a place holds no point or its α did not move: its
    // row is skipped).
    for (var k = lid; k < SMO_WS_Q; k = k + SMO_WS_WG) {
        let cf = bitcast<f32>(work[SMO_WS_Q + k]);
        coefs[k] = cf;
        var r = 0u;
        if (cf != 0.0) {
            r = ws_row(k);
        }
        s_row[k] = r;
    }
    workgroupBarrier();
    // SMO_WS_LANES work-items a point (duet-core's SMO_WS_LANES): lane `lane` sums the places
    // lane, lane + SMO_WS_LANES, …; adjacent work-items take adjacent points (one row's
    // values are read together), and the point's lane 0 adds the lanes' sums in lane order.
    let pts = SMO_WS_WG / SMO_WS_LANES;
    let lane = lid / pts;
    let at = lid % pts;
    for (var base = wid3.x * pts; base < p.rows; base = base + p.groups * pts) {
        let t = base + at;
        var s = 0.0;
        if (t < p.rows) {
            // Four places a turn, their loads written out so that all four are in flight at
            // once: NVIDIA's Vulkan compiler issued the loop's loads one at a time (18.6 →
            // 12.9 µs an iteration of 12 000 points on the H200, BENCHMARKS.md session 28). A
            // skipped row's term adds 0 · 0, leaving the sum as it was.
            var k = lane;
            for (; k + 3u * SMO_WS_LANES < SMO_WS_Q; k = k + 4u * SMO_WS_LANES) {
                let v0 = ws_row_value(k, t);
                let v1 = ws_row_value(k + SMO_WS_LANES, t);
                let v2 = ws_row_value(k + 2u * SMO_WS_LANES, t);
                let v3 = ws_row_value(k + 3u * SMO_WS_LANES, t);
                s = s + coefs[k] * v0;
                s = s + coefs[k + SMO_WS_LANES] * v1;
                s = s + coefs[k + 2u * SMO_WS_LANES] * v2;
                s = s + coefs[k + 3u * SMO_WS_LANES] * v3;
            }
            for (; k < SMO_WS_Q; k = k + SMO_WS_LANES) {
                s = s + coefs[k] * ws_row_value(k, t);
            }
        }
        t_val[lid] = s;
        workgroupBarrier();
        if (lane == 0u && t < p.rows) {
            var sum = t_val[at];
            for (var l = 1u; l < SMO_WS_LANES; l = l + 1u) {
                sum = sum + t_val[at + l * pts];
            }
            g[t] = g[t] + y[t] * sum;
        }
        workgroupBarrier();
    }
}
