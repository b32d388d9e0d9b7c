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
// (The OpenCL twin runs the two final launches' work in the last workgroup of each pass, two
// launches per step, when p.fused is 1; WGSL has no portable device-wide fence for that and
// always launches them: p.fused is 0 here.)
// Ties go to the larger index, as LIBSVM's `>=` / `<=` scans do. A state word says the run
// is over (converged, no working set, step limit): every launch after it returns at once, so
// a batch may hold more steps than the run needs.
//
// X is column-major with a padded pitch (the article's layout), in one binding. The state is
// an array of words: see duet-svm's device.rs (`state`), which reads it back.
//
// The row cache: `rows` holds p.slots kernel rows of p.rows values; `work` holds, after the
// partials (4 words per workgroup, p.map_base words in all), slot_of[point] (p.rows words, NONE when
// the point's row is not cached) and point_of[slot] (p.slots words). The final launches look
// the chosen pivot up; on a miss they take the next slot round-robin (never the first pivot's
// while placing the second's), and the pass computes the row into it. SMO revisits its pivots
// (about 88 % of pivots were pivots before, on Fashion-MNIST pairs), so most steps read no X.

override REDUCE_WG: u32;
// Work-items that share one point's squared distance in the two passes, each summing every
// SMO_SLICES-th column (a specialisation per column count, so that a wide X with few points
// still fills the device): a workgroup covers REDUCE_WG / SMO_SLICES points at a time.
override SMO_SLICES: u32;

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
const S_NEXT: u32 = 13u;
const DONE_CONVERGED: u32 = 1u;
const DONE_NO_PAIR: u32 = 2u;
const DONE_STEP_LIMIT: u32 = 3u;
// LIBSVM's TAU: the curvature used when 2 - 2k is not positive.
const TAU: f32 = 1e-12;
const NEG_INF: f32 = -3.4028235e38;

var<workgroup> t_val: array<f32, REDUCE_WG>;
var<workgroup> t_idx: array<u32, REDUCE_WG>;
var<workgroup> t_aux: array<f32, REDUCE_WG>;
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

fn kernel_value(s: f32) -> f32 {
    return exp(-min(p.gamma * s, 104.0));
}

// Squared distance of point t to the pivot at pivots[off..off + cols], shared by the
// SMO_SLICES work-items of the point (slice `sl` sums columns sl, sl + SMO_SLICES, …): every
// work-item of the workgroup calls it (a barrier inside); the point's slice 0 gets the sum,
// the others 0. `t` may be past the end (then 0).
fn dist2(lid: u32, t: u32, off: u32) -> f32 {
    let pts = REDUCE_WG / SMO_SLICES;
    let sl = lid / pts;
    var s = 0.0;
    if (t < p.rows) {
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

// Tree reduction of (value, index) by `max_better`, plus a plain maximum of aux (left in
// t_aux[0]). Every work-item returns the winner.
fn tree(lid: u32, mine: Best, aux: f32) -> Best {
    t_val[lid] = mine.v;
    t_idx[lid] = mine.idx;
    t_aux[lid] = aux;
    workgroupBarrier();
    for (var off = REDUCE_WG / 2u; off > 0u; off = off >> 1u) {
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
    let w = Best(t_val[0], t_idx[0]);
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

// Puts `point`'s row into the cache: its slot if it has one (returns 1, a hit), else the next
// slot round-robin, skipping `keep` (returns 0: the pass computes the row). Sets `*slot`.
fn place(point: u32, keep: u32, slot: ptr<function, u32>) -> u32 {
    let have = work[p.map_base + point];
    if (have != NONE) {
        *slot = have;
        return 1u;
    }
    var s = state[S_NEXT];
    if (s == keep) {
        s = (s + 1u) % p.slots;
    }
    let old = work[p.map_base + p.rows + s];
    if (old != NONE) {
        work[p.map_base + old] = NONE;
    }
    work[p.map_base + point] = s;
    work[p.map_base + p.rows + s] = point;
    state[S_NEXT] = (s + 1u) % p.slots;
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
    if (hit) {
        for (var t = wid3.x * REDUCE_WG + lid; t < p.rows; t = t + p.groups * REDUCE_WG) {
            visit_i(t, rows[row_at(slot, t)], gmax, &best, &gmax2);
        }
    } else {
        let pts = REDUCE_WG / SMO_SLICES;
        for (var base = wid3.x * pts; base < p.rows; base = base + p.groups * pts) {
            let t = base + lid % pts;
            let sum = dist2(lid, t, 0u);
            if (lid < pts && t < p.rows) {
                let k = kernel_value(sum);
                rows[row_at(slot, t)] = k;
                visit_i(t, k, gmax, &best, &gmax2);
            }
        }
    }
    // Stored as max of gd²/quad (= -score); the tree maximises it directly.
    let w = tree(lid, best, gmax2);
    if (lid == 0u) {
        work[4u * wid3.x] = bitcast<u32>(w.v);
        work[4u * wid3.x + 1u] = w.idx;
        work[4u * wid3.x + 2u] = bitcast<u32>(t_aux[0]);
    }
}

// Reduces `p.groups` partials (value, index, aux) in one workgroup.
fn reduce_partials(lid: u32) -> Best {
    var best = Best(0.0, NONE);
    var aux = NEG_INF;
    for (var s = lid; s < p.groups; s = s + REDUCE_WG) {
        let cand = Best(bitcast<f32>(work[4u * s]), work[4u * s + 1u]);
        if (max_better(best, cand)) {
            best = cand;
        }
        aux = max(aux, bitcast<f32>(work[4u * s + 2u]));
    }
    return tree(lid, best, aux);
}

@compute @workgroup_size(REDUCE_WG)
fn smo_final_j(@builtin(local_invocation_id) lid3: vec3<u32>) {
    let lid = lid3.x;
    if (!running(lid)) {
        return;
    }
    let w = reduce_partials(lid);
    let gmax2 = t_aux[0];
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
            let cc = p.c;
            // LIBSVM's Solver::Solve, C_i = C_j = C, QD = 1 (RBF), Q_ij = y_i y_j K_ij.
            var quad = 2.0 - 2.0 * rows[row_at(state[S_SLOT_I], j)];
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
    }
    let j = workgroupUniformLoad(&chosen);
    if (j != NONE) {
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
    if (hit) {
        for (var t = wid3.x * REDUCE_WG + lid; t < p.rows; t = t + p.groups * REDUCE_WG) {
            visit_update(t, rows[row_at(si, t)], rows[row_at(sj, t)], ci, cj, &best);
        }
    } else {
        let pts = REDUCE_WG / SMO_SLICES;
        for (var base = wid3.x * pts; base < p.rows; base = base + p.groups * pts) {
            let t = base + lid % pts;
            let sum = dist2(lid, t, p.cols);
            if (lid < pts && t < p.rows) {
                let kj = kernel_value(sum);
                rows[row_at(sj, t)] = kj;
                visit_update(t, rows[row_at(si, t)], kj, ci, cj, &best);
            }
        }
    }
    let w = tree(lid, best, 0.0);
    if (lid == 0u) {
        work[4u * wid3.x] = bitcast<u32>(w.v);
        work[4u * wid3.x + 1u] = w.idx;
        work[4u * wid3.x + 2u] = 0u;
    }
}

@compute @workgroup_size(REDUCE_WG)
fn smo_final_i(@builtin(local_invocation_id) lid3: vec3<u32>) {
    let lid = lid3.x;
    if (!running(lid)) {
        return;
    }
    let w = reduce_partials(lid);
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
    }
    let i = workgroupUniformLoad(&chosen);
    if (i != NONE) {
        for (var c = lid; c < p.cols; c = c + REDUCE_WG) {
            pivots[c] = x[c * p.pitch + i];
        }
    }
}
