// SMO on the device (seeds 002 and 004): C-SVC with an RBF kernel, LIBSVM's second-order
// working-set selection (WSS 3), one pair per step. The twin of shaders/smo.wgsl, which
// describes the four launches of a step; duet-svm's device module plans them.
//
// X is column-major with a padded pitch, in one binding or, split (gather is 1), one per block
// of points: each pass is then one launch per block and smo_gather launches copy the pivots'
// features, as the twin describes; the plan is then unfused. The state is an array of words (see
// duet-svm's device.rs). The row cache (`cache`: `slots` rows of `rows` values; its maps and
// LRU list in `work` after the partials) is described in the twin. REDUCE_WG comes from the build options
// (-D), SmoParams from duet-core's kernel_args.rs. exp() is the conforming one, never
// native_exp.

#define NONE 0xffffffffu
#define S_I 0u
#define S_J 1u
#define S_GMAX 2u
#define S_GMAX2 3u
#define S_CI 4u
#define S_CJ 5u
#define S_DONE 6u
#define S_STEPS 7u
#define S_GAP 8u
#define S_SLOT_I 9u
#define S_SLOT_J 10u
#define S_HIT_I 11u
#define S_HIT_J 12u
#define S_HEAD 13u
#define S_COUNT_I 14u
#define S_COUNT_U 15u
#define S_TAIL 16u
#define S_GATHER 17u
#define S_GATHER_AT 18u
#define DONE_CONVERGED 1u
#define DONE_NO_PAIR 2u
#define DONE_STEP_LIMIT 3u
// LIBSVM's TAU: the curvature used when 2 - 2k is not positive.
#define TAU 1e-12f
#define NEG_INF (-3.4028235e38f)

#define PARAMS const SmoParams p

typedef struct {
    float v;
    uint idx;
} Best;

// Whether b beats a for a maximum: a valid index first, then the larger value, then the larger
// index (LIBSVM's `>=` scan keeps the last of equal values).
static int max_better(Best a, Best b) {
    if (b.idx == NONE) {
        return 0;
    }
    if (a.idx == NONE) {
        return 1;
    }
    return b.v > a.v || (b.v == a.v && b.idx > a.idx);
}

// Squared distance of the block's point t (its index in the launch's block of X, of `rows`
// points) to the pivot at pivots[off..off + cols], shared by the
// SMO_SLICES work-items of the point (slice `sl` sums columns sl, sl + SMO_SLICES, ...):
// every work-item of the workgroup calls it (barriers inside); the point's slice 0 gets the
// sum, the others 0. `t` may be past the end (then 0). SMO_SLICES is a specialisation per
// column count, so that a wide X with few points still fills the device.
static float dist2(__global const float *x, __global const float *pivots, uint lid, uint t,
                   uint off, uint rows, uint cols, uint pitch, __local float *t_part) {
    const uint pts = REDUCE_WG / SMO_SLICES;
    const uint sl = lid / pts;
    float s = 0.0f;
    if (t < rows) {
        for (uint c = sl; c < cols; c += SMO_SLICES) {
            const float d = x[c * pitch + t] - pivots[off + c];
            s = s + d * d;
        }
    }
    t_part[lid] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    float total = 0.0f;
    if (sl == 0u) {
        for (uint q = 0u; q < SMO_SLICES; q++) {
            total = total + t_part[q * pts + lid];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    return total;
}

static int in_up(float yt, float a, float c) {
    return yt > 0.0f ? a < c : a > 0.0f;
}

static int in_low(float yt, float a, float c) {
    return yt > 0.0f ? a > 0.0f : a < c;
}

// Tree reduction over the first `size` work-items (a power of two, at most the arrays' length)
// by max_better, with a plain maximum of aux into *aux_out; every work-item gets both (read
// before the last barrier, so the next reduction may reuse the arrays at once).
static Best tree_n(uint lid, uint size, Best mine, float aux, float *aux_out,
                   __local float *w_val, __local uint *w_idx, __local float *w_aux) {
    if (lid < size) {
        w_val[lid] = mine.v;
        w_idx[lid] = mine.idx;
        w_aux[lid] = aux;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint off = size / 2u; off > 0u; off >>= 1u) {
        if (lid < off) {
            Best a = {w_val[lid], w_idx[lid]};
            Best b = {w_val[lid + off], w_idx[lid + off]};
            if (max_better(a, b)) {
                w_val[lid] = b.v;
                w_idx[lid] = b.idx;
            }
            w_aux[lid] = fmax(w_aux[lid], w_aux[lid + off]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    Best w = {w_val[0], w_idx[0]};
    *aux_out = w_aux[0];
    barrier(CLK_LOCAL_MEM_FENCE);
    return w;
}

// The last-workgroup finish (`fused`: the OpenCL plan; the WGSL twin always launches the final
// kernels): every workgroup counts itself done after writing its partial; the one that counts
// last (and only it) returns 1, after resetting the counter for the next launch. The same
// pattern as kernels/read.cl.
static int last_workgroup(uint lid, __global uint *count, uint groups, __local uint *flag) {
    if (lid == 0u) {
        mem_fence(CLK_GLOBAL_MEM_FENCE);
        const uint is_last = atomic_inc(count) == groups - 1u ? 1u : 0u;
        if (is_last == 1u) {
            atomic_xchg(count, 0u);
        }
        *flag = is_last;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint last = *flag;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (last == 1u) {
        mem_fence(CLK_GLOBAL_MEM_FENCE);
    }
    return last == 1u;
}

// The final launches' work (defined below), also run by a pass's last workgroup.
static void final_j(__global const float *restrict x, __global const float *restrict y,
                    __global float *restrict alpha, __global float *restrict g,
                    __global float *restrict cache, __global float *restrict pivots,
                    __global uint *restrict work, __global uint *restrict state, PARAMS,
                    __local float *t_val, __local uint *t_idx, __local float *t_aux,
                    __local uint *chosen_at);
static void final_i(__global const float *restrict x, __global float *restrict pivots,
                    __global uint *restrict work, __global uint *restrict state, PARAMS,
                    __local float *t_val, __local uint *t_idx, __local float *t_aux,
                    __local uint *chosen_at);

// The LRU list's links: prev[slot] and next[slot] after point_of (the twin's layout).
#define PREV_AT(slot) (map_base + npoints + slots + (slot))
#define NEXT_AT(slot) (map_base + npoints + 2u * slots + (slot))

// Moves `slot` to the head of the LRU list (most recently used).
static void touch(uint slot, __global uint *work, __global uint *state, uint map_base,
                  uint npoints, uint slots) {
    const uint head = state[S_HEAD];
    if (slot == head) {
        return;
    }
    const uint pv = work[PREV_AT(slot)];
    const uint nx = work[NEXT_AT(slot)];
    work[NEXT_AT(pv)] = nx;
    if (nx != NONE) {
        work[PREV_AT(nx)] = pv;
    } else {
        state[S_TAIL] = pv;
    }
    work[PREV_AT(slot)] = NONE;
    work[NEXT_AT(slot)] = head;
    work[PREV_AT(head)] = slot;
    state[S_HEAD] = slot;
}

// Puts `point`'s row into the cache: its slot if it has one (returns 1, a hit), else the least
// recently used slot, skipping `keep` (returns 0: the pass computes the row); either way the
// slot becomes the most recently used (a hit only while the cache holds fewer rows than there
// are points, as in the twin). Sets `*slot`.
static uint place(uint point, uint keep, uint *slot, __global uint *work,
                  __global uint *state, uint map_base, uint npoints, uint slots) {
    const uint have = work[map_base + point];
    if (have != NONE) {
        // With a slot for every point nothing is ever evicted: the order does not matter.
        if (slots < npoints) {
            touch(have, work, state, map_base, npoints, slots);
        }
        *slot = have;
        return 1u;
    }
    uint s = state[S_TAIL];
    if (s == keep) {
        s = work[PREV_AT(s)];
    }
    const uint old = work[map_base + npoints + s];
    if (old != NONE) {
        work[map_base + old] = NONE;
    }
    work[map_base + point] = s;
    work[map_base + npoints + s] = point;
    touch(s, work, state, map_base, npoints, slots);
    *slot = s;
    return 0u;
}

// smo_pass_i's work for point t with k = K(x_i, x_t): over I_low, the WSS 3 candidate and Gmax2.
static void visit_i(uint t, float k, float gmax, float c, __global const float *y,
                    __global const float *alpha, __global const float *g, Best *best,
                    float *gmax2) {
    const float yt = y[t];
    if (in_low(yt, alpha[t], c)) {
        const float yg = yt * g[t];
        *gmax2 = fmax(*gmax2, yg);
        const float gd = gmax + yg;
        if (gd > 0.0f) {
            float quad = 2.0f - 2.0f * k;
            if (quad <= 0.0f) {
                quad = TAU;
            }
            // The WSS 3 score -gd²/quad is minimised: its negation maximised.
            const Best cand = {gd * gd / quad, t};
            if (max_better(*best, cand)) {
                *best = cand;
            }
        }
    }
}

// smo_pass_update's work for point t: the gradient's update, and (over I_up) the candidate
// for the next i.
static void visit_update(uint t, float ki, float kj, float ci, float cj, float c,
                         __global const float *y, __global const float *alpha,
                         __global float *g, Best *best) {
    const float yt = y[t];
    const float gt = g[t] + yt * (ci * ki + cj * kj);
    g[t] = gt;
    if (in_up(yt, alpha[t], c)) {
        const Best cand = {-yt * gt, t};
        if (max_better(*best, cand)) {
            *best = cand;
        }
    }
}

__kernel __attribute__((reqd_work_group_size(REDUCE_WG, 1, 1)))
void smo_pass_i(__global const float *restrict x, __global const float *restrict y,
                __global float *restrict alpha, __global float *restrict g,
                __global float *restrict cache, __global float *restrict pivots,
                __global uint *restrict work, __global uint *restrict state, PARAMS) {
    UNPACK_SmoParams(p)
    __local float t_val[REDUCE_WG];
    __local uint t_idx[REDUCE_WG];
    __local float t_aux[REDUCE_WG];
    __local float t_part[REDUCE_WG];
    __local uint chosen;
    if (state[S_DONE] != 0u) {
        return;
    }
    const uint lid = get_local_id(0);
    const uint wid = get_group_id(0);
    const uint hit = state[S_HIT_I];
    __global float *row = cache + (size_t)state[S_SLOT_I] * rows;
    const float gmax = as_float(state[S_GMAX]);
    Best best = {0.0f, NONE};
    float gmax2 = NEG_INF;
    // Point t of the block is point block_start + t of the problem.
    const uint b0 = block_start;
    if (hit == 1u) {
        for (uint t = wid * REDUCE_WG + lid; t < block_rows; t += groups * REDUCE_WG) {
            visit_i(b0 + t, row[b0 + t], gmax, c, y, alpha, g, &best, &gmax2);
        }
    } else {
        const uint pts = REDUCE_WG / SMO_SLICES;
        for (uint first = wid * pts; first < block_rows; first += groups * pts) {
            const uint t = first + lid % pts;
            const float sum = dist2(x, pivots, lid, t, 0u, block_rows, cols, pitch, t_part);
            if (lid < pts && t < block_rows) {
                const float k = rbf_value(gamma, sum);
                row[b0 + t] = k;
                visit_i(b0 + t, k, gmax, c, y, alpha, g, &best, &gmax2);
            }
        }
    }
    float all_gmax2;
    const Best w = tree_n(lid, REDUCE_WG, best, gmax2, &all_gmax2, t_val, t_idx, t_aux);
    if (lid == 0u) {
        const uint at = 4u * (group_base + wid);
        work[at] = as_uint(w.v);
        work[at + 1u] = w.idx;
        work[at + 2u] = as_uint(all_gmax2);
    }
    if (fused == 1u && last_workgroup(lid, &state[S_COUNT_I], groups, &chosen)) {
        final_j(x, y, alpha, g, cache, pivots, work, state, p, t_val, t_idx, t_aux, &chosen);
    }
}

// Reduces `groups` partials (value, index, aux) in one workgroup; the maximum of aux goes to
// *aux_out.
static Best reduce_partials(uint lid, uint groups, __global const uint *partials,
                            float *aux_out, __local float *t_val, __local uint *t_idx,
                            __local float *t_aux) {
    Best best = {0.0f, NONE};
    float aux = NEG_INF;
    for (uint s = lid; s < groups; s += REDUCE_WG) {
        const Best cand = {as_float(partials[4u * s]), partials[4u * s + 1u]};
        if (max_better(best, cand)) {
            best = cand;
        }
        aux = fmax(aux, as_float(partials[4u * s + 2u]));
    }
    return tree_n(lid, REDUCE_WG, best, aux, aux_out, t_val, t_idx, t_aux);
}

// LIBSVM's two-variable update (Solver::Solve, C_i = C_j = C, QD = 1 for RBF,
// Q_ij = y_i y_j K_ij): the new (alpha_i, alpha_j), clipped to [0, C].
static float2 pair_update(float yi, float yj, float ai, float aj, float gi, float gj, float kij,
                          float cc) {
    float quad = 2.0f - 2.0f * kij;
    if (quad <= 0.0f) {
        quad = TAU;
    }
    float ni;
    float nj;
    if (yi != yj) {
        const float delta = (-gi - gj) / quad;
        const float diff = ai - aj;
        ni = ai + delta;
        nj = aj + delta;
        if (diff > 0.0f) {
            if (nj < 0.0f) {
                nj = 0.0f;
                ni = diff;
            }
        } else {
            if (ni < 0.0f) {
                ni = 0.0f;
                nj = -diff;
            }
        }
        if (diff > 0.0f) {
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
        const float delta = (gi - gj) / quad;
        const float sum = ai + aj;
        ni = ai - delta;
        nj = aj + delta;
        if (sum > cc) {
            if (ni > cc) {
                ni = cc;
                nj = sum - cc;
            }
        } else {
            if (nj < 0.0f) {
                nj = 0.0f;
                ni = sum;
            }
        }
        if (sum > cc) {
            if (nj > cc) {
                nj = cc;
                ni = sum - cc;
            }
        } else {
            if (ni < 0.0f) {
                ni = 0.0f;
                nj = sum;
            }
        }
    }
    return (float2)(ni, nj);
}

// smo_final_j's work, in one workgroup (its own launch, or the last workgroup of smo_pass_i).
static void final_j(__global const float *restrict x, __global const float *restrict y,
                    __global float *restrict alpha, __global float *restrict g,
                    __global float *restrict cache, __global float *restrict pivots,
                    __global uint *restrict work, __global uint *restrict state, PARAMS,
                    __local float *t_val, __local uint *t_idx, __local float *t_aux,
                    __local uint *chosen_at) {
    UNPACK_SmoParams(p)
    if (state[S_DONE] != 0u) {
        return;
    }
    const uint lid = get_local_id(0);
    float gmax2;
    const Best w = reduce_partials(lid, partials, work, &gmax2, t_val, t_idx, t_aux);
    if (lid == 0u) {
        const float gmax = as_float(state[S_GMAX]);
        const float gap = gmax + gmax2;
        state[S_GMAX2] = as_uint(gmax2);
        state[S_GAP] = as_uint(gap);
        uint j = w.idx;
        if (gap < eps) {
            state[S_DONE] = DONE_CONVERGED;
            j = NONE;
        } else if (j == NONE) {
            state[S_DONE] = DONE_NO_PAIR;
        } else if (state[S_STEPS] >= max_steps) {
            state[S_DONE] = DONE_STEP_LIMIT;
            j = NONE;
        } else {
            const uint i = state[S_I];
            const float yi = y[i];
            const float yj = y[j];
            const float ai = alpha[i];
            const float aj = alpha[j];
            const float gi = g[i];
            const float gj = g[j];
            const float2 na =
                pair_update(yi, yj, ai, aj, gi, gj, cache[(size_t)state[S_SLOT_I] * rows + j], c);
            const float ni = na.x;
            const float nj = na.y;
            alpha[i] = ni;
            alpha[j] = nj;
            state[S_CI] = as_uint(yi * (ni - ai));
            state[S_CJ] = as_uint(yj * (nj - aj));
            state[S_J] = j;
            state[S_STEPS] = state[S_STEPS] + 1u;
            uint slot = 0u;
            const uint hit = place(j, state[S_SLOT_I], &slot, work, state, map_base, rows, slots);
            state[S_SLOT_J] = slot;
            state[S_HIT_J] = hit;
            if (hit == 1u) {
                // Cached: nothing to gather.
                j = NONE;
            }
        }
        *chosen_at = j;
        state[S_GATHER] = j;
        state[S_GATHER_AT] = cols;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint j = *chosen_at;
    if (j != NONE && gather == 0u) {
        for (uint col = lid; col < cols; col += REDUCE_WG) {
            pivots[cols + col] = x[col * pitch + j];
        }
    }
}


__kernel __attribute__((reqd_work_group_size(REDUCE_WG, 1, 1)))
void smo_final_j(__global const float *restrict x, __global const float *restrict y,
                 __global float *restrict alpha, __global float *restrict g,
                 __global float *restrict cache, __global float *restrict pivots,
                 __global uint *restrict work, __global uint *restrict state, PARAMS) {
    __local float t_val[REDUCE_WG];
    __local uint t_idx[REDUCE_WG];
    __local float t_aux[REDUCE_WG];
    __local uint chosen;
    final_j(x, y, alpha, g, cache, pivots, work, state, p, t_val, t_idx, t_aux, &chosen);
}

__kernel __attribute__((reqd_work_group_size(REDUCE_WG, 1, 1)))
void smo_pass_update(__global const float *restrict x, __global const float *restrict y,
                     __global float *restrict alpha, __global float *restrict g,
                     __global float *restrict cache, __global float *restrict pivots,
                     __global uint *restrict work, __global uint *restrict state, PARAMS) {
    UNPACK_SmoParams(p)
    __local float t_val[REDUCE_WG];
    __local uint t_idx[REDUCE_WG];
    __local float t_aux[REDUCE_WG];
    __local float t_part[REDUCE_WG];
    __local uint chosen;
    if (state[S_DONE] != 0u) {
        return;
    }
    const uint lid = get_local_id(0);
    const uint wid = get_group_id(0);
    const uint hit = state[S_HIT_J];
    __global const float *row_i = cache + (size_t)state[S_SLOT_I] * rows;
    __global float *row_j = cache + (size_t)state[S_SLOT_J] * rows;
    const float ci = as_float(state[S_CI]);
    const float cj = as_float(state[S_CJ]);
    Best best = {0.0f, NONE};
    const uint b0 = block_start;
    if (hit == 1u) {
        for (uint t = wid * REDUCE_WG + lid; t < block_rows; t += groups * REDUCE_WG) {
            const uint pt = b0 + t;
            visit_update(pt, row_i[pt], row_j[pt], ci, cj, c, y, alpha, g, &best);
        }
    } else {
        const uint pts = REDUCE_WG / SMO_SLICES;
        for (uint first = wid * pts; first < block_rows; first += groups * pts) {
            const uint t = first + lid % pts;
            const float sum = dist2(x, pivots, lid, t, cols, block_rows, cols, pitch, t_part);
            if (lid < pts && t < block_rows) {
                const float kj = rbf_value(gamma, sum);
                row_j[b0 + t] = kj;
                visit_update(b0 + t, row_i[b0 + t], kj, ci, cj, c, y, alpha, g, &best);
            }
        }
    }
    float unused;
    const Best w = tree_n(lid, REDUCE_WG, best, 0.0f, &unused, t_val, t_idx, t_aux);
    if (lid == 0u) {
        const uint at = 4u * (group_base + wid);
        work[at] = as_uint(w.v);
        work[at + 1u] = w.idx;
        work[at + 2u] = 0u;
    }
    if (fused == 1u && last_workgroup(lid, &state[S_COUNT_U], groups, &chosen)) {
        final_i(x, pivots, work, state, p, t_val, t_idx, t_aux, &chosen);
    }
}

// smo_final_i's work, in one workgroup (its own launch, or the last workgroup of
// smo_pass_update).
static void final_i(__global const float *restrict x, __global float *restrict pivots,
                    __global uint *restrict work, __global uint *restrict state, PARAMS,
                    __local float *t_val, __local uint *t_idx, __local float *t_aux,
                    __local uint *chosen_at) {
    UNPACK_SmoParams(p)
    if (state[S_DONE] != 0u) {
        return;
    }
    const uint lid = get_local_id(0);
    float unused;
    const Best w = reduce_partials(lid, partials, work, &unused, t_val, t_idx, t_aux);
    if (lid == 0u) {
        if (w.idx == NONE) {
            state[S_DONE] = DONE_NO_PAIR;
        }
        state[S_I] = w.idx;
        state[S_GMAX] = as_uint(w.v);
        uint i = w.idx;
        if (i != NONE) {
            uint slot = 0u;
            const uint hit = place(i, NONE, &slot, work, state, map_base, rows, slots);
            state[S_SLOT_I] = slot;
            state[S_HIT_I] = hit;
            if (hit == 1u) {
                // Cached: nothing to gather.
                i = NONE;
            }
        }
        *chosen_at = i;
        state[S_GATHER] = i;
        state[S_GATHER_AT] = 0u;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint i = *chosen_at;
    if (i != NONE && gather == 0u) {
        for (uint col = lid; col < cols; col += REDUCE_WG) {
            pivots[col] = x[col * pitch + i];
        }
    }
}

__kernel __attribute__((reqd_work_group_size(REDUCE_WG, 1, 1)))
void smo_final_i(__global const float *restrict x, __global float *restrict pivots,
                 __global uint *restrict work, __global uint *restrict state, PARAMS) {
    __local float t_val[REDUCE_WG];
    __local uint t_idx[REDUCE_WG];
    __local float t_aux[REDUCE_WG];
    __local uint chosen;
    final_i(x, pivots, work, state, p, t_val, t_idx, t_aux, &chosen);
}

// X split over several bindings (gather is 1): after each final launch, one launch per block;
// the block that holds the chosen, uncached pivot copies its features to
// pivots[S_GATHER_AT..].
__kernel __attribute__((reqd_work_group_size(REDUCE_WG, 1, 1)))
void smo_gather(__global const float *restrict x, __global float *restrict pivots,
                __global const uint *restrict state, PARAMS) {
    UNPACK_SmoParams(p)
    if (state[S_DONE] != 0u) {
        return;
    }
    const uint pt = state[S_GATHER];
    if (pt == NONE || pt < block_start || pt - block_start >= block_rows) {
        return;
    }
    const uint at = state[S_GATHER_AT];
    for (uint col = get_local_id(0); col < cols; col += REDUCE_WG) {
        pivots[at + col] = x[col * pitch + pt - block_start];
    }
}

// -----------------------------------------------------------------------------------------
// The `working_set` strategy: seven launches an iteration (smo_ws_candidates, smo_ws_select,
// smo_ws_gather, smo_ws_rows, smo_ws_block, smo_ws_solve, smo_ws_update; the gather and rows
// once per block of X),
// described in the twin (shaders/smo.wgsl), which this follows line for line.

#define WS_TILE_C 16u
// Rounds of SMO_WS_WG work-items that cover the set's places: loops over places run this many
// times on every work-item, the bound checked inside (PoCL ran loops whose bounds differ
// between work-items past their end).
#define WS_ROUNDS ((SMO_WS_Q + SMO_WS_WG - 1u) / SMO_WS_WG)
#define S_WS_M 9u
#define S_WS_ITER 10u
#define S_WS_MISS 11u
// The work buffer after the candidates' output: the set's kernel block (smo_ws_block), then
// (SMO_WS_BY_POINT) per point whether its row is in `cache`, and the miss list (the twin).
#define WS_BLOCK_BASE (map_base + partials * SMO_WS_CAND)
#define WS_HAVE_BASE (WS_BLOCK_BASE + SMO_WS_Q * SMO_WS_Q)
#define WS_MISS_BASE (WS_HAVE_BASE + rows)
// The row of `cache` that holds place k's kernel row (k holds a point): by point or by place.
#define WS_ROW(k) (SMO_WS_BY_POINT == 1 ? work[k] : (k))

// Shuffles for the working-set kernels (SMO_WS_SPAN > 1, -D, chosen by the host per device:
// the solve's reductions and the selection's scans): NVIDIA's shfl.sync (inline PTX) within
// its 32-wide warps, whose lanes are the work-items in order of local id, as in logreg.cl
// (NVIDIA's OpenCL has no subgroup extension; PoCL 6's compiler aborts on
// cl_khr_subgroup_shuffle in a kernel with barriers). The twin's ws_shuffled and
// ws_scan_group.
#if SMO_WS_SPAN > 1
static float ws_shfl_f(float v, uint m) {
    float out;
    asm volatile("shfl.sync.bfly.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=f"(out) : "f"(v), "r"(m));
    return out;
}

static uint ws_shfl_u(uint v, uint m) {
    uint out;
    asm volatile("shfl.sync.bfly.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=r"(out) : "r"(v), "r"(m));
    return out;
}

// Lane + d's value (lanes past the warp's end get their own).
static uint ws_shfl_down(uint v, uint d) {
    uint out;
    asm volatile("shfl.sync.down.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=r"(out) : "r"(v), "r"(d));
    return out;
}

// Lane - d's value (lanes before the warp's start get their own).
static uint ws_shfl_up(uint v, uint d) {
    uint out;
    asm volatile("shfl.sync.up.b32 %0, %1, %2, 0x0, 0xffffffff;" : "=r"(out) : "r"(v), "r"(d));
    return out;
}
#endif

// Inclusive scan of w_cnt and w_cnt2 over SMO_WS_WG work-items: `down` sums the entries at and
// after each one (a suffix sum), else those at and before it.
static void ws_scan(uint lid, int down, __local uint *w_cnt, __local uint *w_cnt2,
                    __local uint *w_tot) {
#if SMO_WS_SPAN > 1
    // Within groups of SMO_WS_SPAN adjacent work-items by shuffles, then the groups' totals
    // through w_tot (the twin says why two barriers suffice).
    const uint lane = lid % SMO_WS_SPAN;
    const uint grp = lid / SMO_WS_SPAN;
    const uint groups = SMO_WS_WG / SMO_WS_SPAN;
    uint a = w_cnt[lid];
    uint b = w_cnt2[lid];
    for (uint off = 1u; off < SMO_WS_SPAN; off <<= 1u) {
        const uint ad = ws_shfl_down(a, off);
        const uint bd = ws_shfl_down(b, off);
        const uint au = ws_shfl_up(a, off);
        const uint bu = ws_shfl_up(b, off);
        if (down && lane + off < SMO_WS_SPAN) {
            a += ad;
            b += bd;
        }
        if (!down && lane >= off) {
            a += au;
            b += bu;
        }
    }
    if (lane == (down ? 0u : SMO_WS_SPAN - 1u)) {
        w_tot[grp] = a;
        w_tot[groups + grp] = b;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint e = 0u; e < groups; e++) {
        if ((down && e > grp) || (!down && e < grp)) {
            a += w_tot[e];
            b += w_tot[groups + e];
        }
    }
    w_cnt[lid] = a;
    w_cnt2[lid] = b;
    barrier(CLK_LOCAL_MEM_FENCE);
#else
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint off = 1u; off < SMO_WS_WG; off <<= 1u) {
        uint a = w_cnt[lid];
        uint b = w_cnt2[lid];
        if (down && lid + off < SMO_WS_WG) {
            a += w_cnt[lid + off];
            b += w_cnt2[lid + off];
        }
        if (!down && lid >= off) {
            a += w_cnt[lid - off];
            b += w_cnt2[lid - off];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        w_cnt[lid] = a;
        w_cnt2[lid] = b;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
#endif
}

// The value's bits, ordered as the values are (never 0 for a number: 0 means "not a
// candidate").
static uint ordered(float v) {
    const uint b = as_uint(v);
    return max((b & 0x80000000u) != 0u ? ~b : (b | 0x80000000u), 1u);
}

// Point t's key on `side` (0: I_up by -y G; 1: I_low by y G), when it is not already in this
// iteration's set: 0 when it is not a candidate.
static uint ws_key(uint t, uint side, uint stamp, float c, __global const float *y,
                   __global const float *alpha, __global const float *g,
                   __global const uint *work) {
    if (work[2u * SMO_WS_Q + t] == stamp) {
        return 0u;
    }
    const float yt = y[t];
    const float a = alpha[t];
    if (side == 0u) {
        if (in_up(yt, a, c)) {
            return ordered(-yt * g[t]);
        }
    } else if (in_low(yt, a, c)) {
        return ordered(yt * g[t]);
    }
    return 0u;
}

typedef struct {
    __local float *w_val;
    __local uint *w_idx;
    __local float *w_aux;
    __local uint *w_cnt;
    __local uint *w_cnt2;
    __local uint *hist;
    __local uint *ws_list;
    __local uint *w_word;
} WsLocal;

// What a ws_take walks (the twin's ws_point): `len` positions, point lo + c of X (a candidates
// workgroup's chunk) or (`list`) entry c of `side`'s candidates from `map_base`, every
// candidates workgroup's in turn (NONE where one kept fewer); and the arrays a key reads.
typedef struct {
    uint side;
    uint stamp;
    uint lo;
    uint len;
    int list;
    uint map_base;
    float c;
    __global const float *y;
    __global const float *alpha;
    __global const float *g;
    __global uint *work;
} WsSource;

// Candidates a smo_ws_candidates workgroup keeps on `side`: I_up's side fills at most half
// the places, I_low's at most all of them.
static uint ws_kept(uint side) {
    return side == 0u ? SMO_WS_Q / 2u : SMO_WS_Q;
}

static uint ws_point(const WsSource *s, uint c) {
    if (!s->list) {
        return s->lo + c;
    }
    const uint per = ws_kept(s->side);
    return s->work[s->map_base + (c / per) * SMO_WS_CAND + (s->side == 0u ? 0u : SMO_WS_Q / 2u)
                   + c % per];
}

// The key at position c (0 past the end and where no point is).
static uint ws_key_at(const WsSource *s, uint c) {
    if (c >= s->len) {
        return 0u;
    }
    const uint t = ws_point(s, c);
    if (t == NONE) {
        return 0u;
    }
    return ws_key(t, s->side, s->stamp, s->c, s->y, s->alpha, s->g, s->work);
}

// Positions of a ws_take that each work-item holds in registers: the first SMO_WS_HELD (-D,
// KernelParams::smo_ws_held) of its run, so the whole run wherever len <= SMO_WS_HELD ×
// SMO_WS_WG (a candidates chunk of a set of up to 256 places, the select of a few chunks).
// Their points and keys are read from global memory once, where the radix's four rounds and
// the compaction's two passes read them six times, each a chain of dependent loads (the twin
// says what that cost, and why it holds them in workgroup memory instead).
// Function arrays need a length of at least 1.
#define WS_HELD_N (SMO_WS_HELD > 0u ? SMO_WS_HELD : 1u)

// A radix round's count of key k: in the histogram when it is a candidate under the prefix.
static void ws_count(uint k, uint mask, uint prefix, uint shift, __local uint *hist) {
    if (k != 0u && (k & mask) == prefix) {
        atomic_inc(&hist[(k >> shift) & 255u]);
    }
}

// The compaction's tally of key k: above the last key taken (*cg) or at it (*ce), the key's
// bits under `mask` compared.
static void ws_tally(uint k, int all, uint prefix, uint mask, uint *cg, uint *ce) {
    if (k != 0u && (all || (k & mask) > prefix)) {
        *cg += 1u;
    } else if (!all && k != 0u && (k & mask) == prefix) {
        *ce += 1u;
    }
}

// The compaction's write of point t (key k) at its place in ws_list (m0 on), as ws_tally
// counted it.
static void ws_place(uint k, uint t, int all, uint prefix, uint mask, uint need, uint taken,
                     uint *og, uint *oe, uint m0, __local uint *ws_list) {
    if (k != 0u && (all || (k & mask) > prefix)) {
        const uint at = *og + min(*oe, need);
        if (at < taken) {
            ws_list[m0 + at] = t;
        }
        *og += 1u;
    } else if (!all && k != 0u && (k & mask) == prefix) {
        if (*oe < need && *og + *oe < taken) {
            ws_list[m0 + *og + *oe] = t;
        }
        *oe += 1u;
    }
}

// Puts the (at most) `want` candidates of the source's side with the largest keys into
// ws_list from `m0`, in the points' order; returns how many. Ties at the last key taken go to
// the lower indices. With `mark`, stamps the points taken (the low side then skips them).
static uint ws_take(uint lid, const WsSource *s, uint m0, uint want, int mark, WsLocal l) {
    // Each work-item walks a run of consecutive positions (the compaction needs them in
    // order); loops past the held ones have the same trip count on every work-item, the
    // bound checked inside (PoCL ran loops whose bounds differ between work-items past their
    // end).
    const uint run = (s->len + SMO_WS_WG - 1u) / SMO_WS_WG;
    const uint start = lid * run;
    uint held_key[WS_HELD_N];
    uint held_pt[WS_HELD_N];
    #pragma unroll
    for (uint r = 0u; r < SMO_WS_HELD; r++) {
        uint t = NONE;
        if (r < run && start + r < s->len) {
            t = ws_point(s, start + r);
        }
        held_pt[r] = t;
        held_key[r] = t != NONE ? ws_key(t, s->side, s->stamp, s->c, s->y, s->alpha, s->g,
                                         s->work)
                                : 0u;
    }
    uint prefix = 0u;
    uint mask = 0u;
    uint need = want;
    int all = 0;
    for (uint round = 0u; round < 4u; round++) {
        const uint shift = 24u - 8u * round;
        l.hist[lid] = 0u;
        barrier(CLK_LOCAL_MEM_FENCE);
        #pragma unroll
        for (uint r = 0u; r < SMO_WS_HELD; r++) {
            ws_count(held_key[r], mask, prefix, shift, l.hist);
        }
        for (uint r = SMO_WS_HELD; r < run; r++) {
            ws_count(ws_key_at(s, start + r), mask, prefix, shift, l.hist);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        const uint h = l.hist[lid];
        l.w_cnt[lid] = h;
        l.w_cnt2[lid] = 0u;
        ws_scan(lid, 1, l.w_cnt, l.w_cnt2, l.w_idx);
        const uint incl = l.w_cnt[lid];
        const uint total = l.w_cnt[0];
        // Every candidate fits: take them all.
        const int fits = round == 0u && total <= need;
        if (!fits && incl >= need && incl - h < need) {
            l.w_word[1] = lid;
            l.w_word[2] = incl - h;
            // Whether the bucket holds exactly the keys still needed (the twin says why).
            l.w_word[3] = h == need - (incl - h) ? 1u : 0u;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (fits) {
            all = 1;
            need = total;
            break;
        }
        const uint b = l.w_word[1];
        need -= l.w_word[2];
        prefix |= b << shift;
        mask |= 255u << shift;
        // No barrier after these reads: the next round writes w_word after four more.
        if (l.w_word[3] != 0u) {
            break;
        }
    }
    // The ordered compaction: a point taken goes after every point taken before it: those
    // above the last key, and the first `need` of those at it.
    uint cg = 0u;
    uint ce = 0u;
    #pragma unroll
    for (uint r = 0u; r < SMO_WS_HELD; r++) {
        ws_tally(held_key[r], all, prefix, mask, &cg, &ce);
    }
    for (uint r = SMO_WS_HELD; r < run; r++) {
        ws_tally(ws_key_at(s, start + r), all, prefix, mask, &cg, &ce);
    }
    l.w_cnt[lid] = cg;
    l.w_cnt2[lid] = ce;
    ws_scan(lid, 0, l.w_cnt, l.w_cnt2, l.w_idx);
    uint og = l.w_cnt[lid] - cg;
    uint oe = l.w_cnt2[lid] - ce;
    const uint total_g = l.w_cnt[SMO_WS_WG - 1u];
    // At most `want` by construction; the bound keeps every write inside the set.
    const uint taken = min(all ? total_g : total_g + need, want);
    #pragma unroll
    for (uint r = 0u; r < SMO_WS_HELD; r++) {
        ws_place(held_key[r], held_pt[r], all, prefix, mask, need, taken, &og, &oe, m0,
                 l.ws_list);
    }
    for (uint r = SMO_WS_HELD; r < run; r++) {
        const uint c = start + r;
        const uint k = ws_key_at(s, c);
        ws_place(k, k != 0u ? ws_point(s, c) : NONE, all, prefix, mask, need, taken, &og, &oe,
                 m0, l.ws_list);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint r = 0u; r < WS_ROUNDS; r++) {
        const uint k = lid + r * SMO_WS_WG;
        if (mark && k < taken) {
            s->work[2u * SMO_WS_Q + l.ws_list[m0 + k]] = s->stamp;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    return taken;
}

// A point (label yt, α a, gradient gt) seen by the stopping test and the solve's WSS 3: over
// I_up, the best -y G (ties to the larger index `idx`); over I_low, the largest y G.
static void see_violation(float yt, float a, float gt, uint idx, float c, Best *up,
                          float *low) {
    const float yg = yt * gt;
    if (in_up(yt, a, c)) {
        const Best cand = {-yg, idx};
        if (max_better(*up, cand)) {
            *up = cand;
        }
    }
    if (in_low(yt, a, c)) {
        *low = fmax(*low, yg);
    }
}

// The workgroup memory of the candidates and select kernels (OpenCL declares it in the
// kernel), and the view ws_take gets of it.
#define WS_LOCALS                                                                            \
    __local float w_val[SMO_WS_WG];                                                          \
    __local uint w_idx[SMO_WS_WG];                                                           \
    __local float w_aux[SMO_WS_WG];                                                          \
    __local uint w_cnt[SMO_WS_WG];                                                           \
    __local uint w_cnt2[SMO_WS_WG];                                                          \
    __local uint hist[256];                                                                  \
    __local uint ws_list[SMO_WS_Q];                                                          \
    __local uint w_word[4];
#define WS_LOCAL_VIEW {w_val, w_idx, w_aux, w_cnt, w_cnt2, hist, ws_list, w_word}

// The twin's smo_ws_candidates: per chunk of SMO_WS_CHUNK points, its part of the stopping
// test and its candidates on each side, a workgroup per side.
__kernel __attribute__((reqd_work_group_size(SMO_WS_WG, 1, 1)))
void smo_ws_candidates(__global const float *restrict x, __global const float *restrict y,
                       __global float *restrict alpha, __global float *restrict g,
                       __global float *restrict cache, __global float *restrict pivots,
                       __global uint *restrict work, __global uint *restrict state, PARAMS) {
    UNPACK_SmoParams(p)
    WS_LOCALS
    if (state[S_DONE] != 0u) {
        return;
    }
    const uint lid = get_local_id(0);
    const WsLocal l = WS_LOCAL_VIEW;
    const uint stamp = state[S_WS_ITER] + 1u;
    const uint mid = SMO_WS_Q / 2u;
    // A workgroup per chunk (`partials` of them) and side (0: I_up, which also writes the
    // chunk's part of the stopping test; 1: I_low), `groups` workgroups in a grid stride (the
    // twin says why).
    for (uint unit = get_group_id(0); unit < 2u * partials; unit += groups) {
        const uint chunk = unit / 2u;
        const uint side = unit % 2u;
        const uint lo = chunk * SMO_WS_CHUNK;
        const uint len = min(SMO_WS_CHUNK, rows - lo);
        const uint out = map_base + chunk * SMO_WS_CAND;
        if (side == 0u) {
            Best up = {0.0f, NONE};
            float gmax2 = NEG_INF;
            for (uint cc = lid; cc < SMO_WS_CHUNK; cc += SMO_WS_WG) {
                if (cc < len) {
                    const uint t = lo + cc;
                    see_violation(y[t], alpha[t], g[t], t, c, &up, &gmax2);
                }
            }
            float low_max;
            const Best w = tree_n(lid, SMO_WS_WG, up, gmax2, &low_max, w_val, w_idx, w_aux);
            if (lid == 0u) {
                work[out + mid + SMO_WS_Q] = as_uint(w.v);
                work[out + mid + SMO_WS_Q + 1u] = w.idx;
                work[out + mid + SMO_WS_Q + 2u] = as_uint(low_max);
            }
        }
        const WsSource s = {side, stamp, lo, len, 0, map_base, c, y, alpha, g, work};
        const uint kept = ws_kept(side);
        const uint m = ws_take(lid, &s, 0u, kept, 0, l);
        const uint first = out + (side == 0u ? 0u : mid);
        for (uint r = 0u; r < WS_ROUNDS; r++) {
            const uint k = lid + r * SMO_WS_WG;
            if (k < kept) {
                work[first + k] = k < m ? ws_list[k] : NONE;
            }
        }
    }
}

__kernel __attribute__((reqd_work_group_size(SMO_WS_WG, 1, 1)))
void smo_ws_select(__global const float *restrict x, __global const float *restrict y,
                   __global float *restrict alpha, __global float *restrict g,
                   __global float *restrict cache, __global float *restrict pivots,
                   __global uint *restrict work, __global uint *restrict state, PARAMS) {
    UNPACK_SmoParams(p)
    WS_LOCALS
    if (state[S_DONE] != 0u) {
        return;
    }
    const uint lid = get_local_id(0);
    const uint mid = SMO_WS_Q / 2u;
    // The stopping test: the candidates workgroups' parts (`partials` of them).
    Best up = {0.0f, NONE};
    float gmax2 = NEG_INF;
    for (uint base = 0u; base < partials; base += SMO_WS_WG) {
        const uint part = base + lid;
        if (part < partials) {
            const uint o = map_base + part * SMO_WS_CAND + mid + SMO_WS_Q;
            const Best cand = {as_float(work[o]), work[o + 1u]};
            if (max_better(up, cand)) {
                up = cand;
            }
            gmax2 = fmax(gmax2, as_float(work[o + 2u]));
        }
    }
    float low_max;
    const Best w = tree_n(lid, SMO_WS_WG, up, gmax2, &low_max, w_val, w_idx, w_aux);
    if (lid == 0u) {
        const float gap = w.v + low_max;
        state[S_GMAX] = as_uint(w.v);
        state[S_GMAX2] = as_uint(low_max);
        uint done = 0u;
        if (w.idx == NONE || low_max == NEG_INF) {
            done = DONE_NO_PAIR;
        } else {
            state[S_GAP] = as_uint(gap);
            if (gap < eps) {
                done = DONE_CONVERGED;
            } else if (state[S_STEPS] >= max_steps) {
                done = DONE_STEP_LIMIT;
            }
        }
        state[S_DONE] = done;
        w_word[3] = done;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (w_word[3] != 0u) {
        return;
    }
    const uint stamp = state[S_WS_ITER] + 1u;
    // The places this iteration fills: all of them first, then half, alternately the first
    // (even stamps) and the second (odd). The other half's points, kept, were stamped by the
    // select before (below).
    uint first = 0u;
    uint places = SMO_WS_Q;
    if (stamp > 1u) {
        first = (stamp % 2u) * mid;
        places = mid;
    }
    const WsLocal l = WS_LOCAL_VIEW;
    WsSource s = {0u, stamp, 0u, partials * mid, 1, map_base, c, y, alpha, g, work};
    const uint m_up = ws_take(lid, &s, 0u, places / 2u, 1, l);
    s.side = 1u;
    s.len = partials * SMO_WS_Q;
    const uint m = m_up + ws_take(lid, &s, m_up, places - m_up, 1, l);
    for (uint r = 0u; r < WS_ROUNDS; r++) {
        const uint k = lid + r * SMO_WS_WG;
        if (k < places) {
            work[first + k] = k < m ? ws_list[k] : NONE;
        }
    }
    // The half the next iteration keeps, stamped with its stamp.
    for (uint r = 0u; r < WS_ROUNDS; r++) {
        const uint k = lid + r * SMO_WS_WG;
        if (k < mid) {
            const uint at = mid - ((stamp + 1u) % 2u) * mid + k - first;
            if (at < m) {
                work[2u * SMO_WS_Q + ws_list[at]] = stamp + 1u;
            }
        }
    }
    // Rows kept by point: the places just filled whose point has no row yet, listed (the twin).
#if SMO_WS_BY_POINT == 1
    if (lid == 0u) {
        hist[0] = 0u;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint r = 0u; r < WS_ROUNDS; r++) {
        const uint k = lid + r * SMO_WS_WG;
        if (k < m) {
            const uint pt = ws_list[k];
            if (work[WS_HAVE_BASE + pt] == 0u) {
                work[WS_HAVE_BASE + pt] = 1u;
                work[WS_MISS_BASE + atomic_inc(&hist[0])] = first + k;
            }
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0u) {
        state[S_WS_MISS] = hist[0];
    }
#endif
    if (lid == 0u) {
        state[S_WS_M] = m;
        state[S_WS_ITER] = stamp;
    }
}

// After smo_ws_select, one launch per block of X (one when X is one binding): each copies the
// features of the set's points that lie in its block.
__kernel __attribute__((reqd_work_group_size(SMO_WS_WG, 1, 1)))
void smo_ws_gather(__global const float *restrict x, __global const float *restrict y,
                   __global float *restrict alpha, __global float *restrict g,
                   __global float *restrict cache, __global float *restrict pivots,
                   __global uint *restrict work, __global uint *restrict state, PARAMS) {
    UNPACK_SmoParams(p)
    if (state[S_DONE] != 0u) {
        return;
    }
    for (uint e = get_group_id(0) * SMO_WS_WG + get_local_id(0); e < cols * SMO_WS_Q;
         e += groups * SMO_WS_WG) {
        const uint pt = work[e % SMO_WS_Q];
        if (pt != NONE && pt >= block_start && pt - block_start < block_rows) {
            pivots[e] = x[(e / SMO_WS_Q) * pitch + pt - block_start];
        }
    }
}

// The place that the rows pass's entry e computes, NONE where there is none (the twin).
static uint ws_tile_place(uint e, uint first, uint misses, __global const uint *work,
                          uint miss_base) {
#if SMO_WS_BY_POINT == 1
    return e < misses ? work[miss_base + e] : NONE;
#else
    return first + e;
#endif
}

__kernel __attribute__((reqd_work_group_size(SMO_WS_WG, 1, 1)))
void smo_ws_rows(__global const float *restrict x, __global const float *restrict y,
                 __global float *restrict alpha, __global float *restrict g,
                 __global float *restrict cache, __global float *restrict pivots,
                 __global uint *restrict work, __global uint *restrict state, PARAMS) {
    UNPACK_SmoParams(p)
    __local float4 xs[512];
    __local float4 ps[256];
    if (state[S_DONE] != 0u) {
        return;
    }
    const uint lid = get_local_id(0);
    // The first iteration computes every place, in tiles of 64 places against 64 points a
    // workgroup; later ones only the half just filled, in tiles of 32 places against 128
    // points; workgroup w takes tile w % tiles; work-item (tp, tk) sums 4 consecutive points
    // against 4 consecutive places (the twin says why).
    const uint stamp = state[S_WS_ITER];
    const int fresh = stamp > 1u;
    const uint first = fresh ? (stamp % 2u) * (SMO_WS_Q / 2u) : 0u;
    const uint tiles = SMO_WS_Q / 64u;
    const uint span = fresh ? 128u : 64u;
    const uint pw = fresh ? 32u : 64u;
    const uint pq = span / 4u;
    const uint tp = lid % pq;
    const uint tk = lid / pq;
    const uint stride = (groups / tiles) * span;
    // The tile's entries: mt0 + v (ws_tile_place; the twin).
    const uint misses = state[S_WS_MISS];
    const uint mt0 = (get_group_id(0) % tiles) * pw;
    if (SMO_WS_BY_POINT == 1 && mt0 >= misses) {
        return;
    }
    // This work-item's entries of the tiles in workgroup memory (below).
    const uint xp = lid % span;
    const uint xc = lid / span;
    const uint pk = ws_tile_place(mt0 + lid % pw, first, misses, work, WS_MISS_BASE);
    const uint pc = lid / pw;
    __local float *xs1 = (__local float *)xs;
    __local float *ps1 = (__local float *)ps;
    // Over the launch's block of X: its point t is point block_start + t.
    for (uint base = (get_group_id(0) / tiles) * span; base < block_rows; base += stride) {
        float4 acc[4];
        for (uint b = 0u; b < 4u; b++) {
            acc[b] = (float4)(0.0f);
        }
        for (uint c0 = 0u; c0 < cols; c0 += WS_TILE_C) {
            // Entry e = lid + r SMO_WS_WG: the same point (place) for every r (the twin).
            const uint pt = base + xp;
            for (uint r = 0u; r < WS_TILE_C * span / SMO_WS_WG; r++) {
                const uint cc = c0 + xc + r * (SMO_WS_WG / span);
                xs1[lid + r * SMO_WS_WG] =
                    cc < cols && pt < block_rows ? x[cc * pitch + pt] : 0.0f;
            }
            for (uint r = 0u; r < WS_TILE_C * pw / SMO_WS_WG; r++) {
                const uint cc = c0 + pc + r * (SMO_WS_WG / pw);
                ps1[lid + r * SMO_WS_WG] =
                    cc < cols && pk != NONE ? pivots[cc * SMO_WS_Q + pk] : 0.0f;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            for (uint cc = 0u; cc < WS_TILE_C; cc++) {
                const float4 xv = xs[cc * pq + tp];
                const float4 pv = ps[cc * (pw / 4u) + tk];
                float4 d = xv - (float4)(pv.x);
                acc[0] += d * d;
                d = xv - (float4)(pv.y);
                acc[1] += d * d;
                d = xv - (float4)(pv.z);
                acc[2] += d * d;
                d = xv - (float4)(pv.w);
                acc[3] += d * d;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
        }
        for (uint b = 0u; b < 4u; b++) {
            const uint k =
                ws_tile_place(mt0 + 4u * tk + b, first, misses, work, WS_MISS_BASE);
            if (k != NONE && work[k] != NONE) {
                const size_t row = WS_ROW(k);
                const float a4[4] = {acc[b].x, acc[b].y, acc[b].z, acc[b].w};
                for (uint a = 0u; a < 4u; a++) {
                    const uint t = base + 4u * tp + a;
                    if (t < block_rows) {
                        cache[row * rows + block_start + t] = rbf_value(gamma, a4[a]);
                    }
                }
            }
        }
    }
}

// After the rows: the set's kernel block, K(x_k, x_l) at work[WS_BLOCK_BASE + k SMO_WS_Q + l]
// (f32 bits; 0 where a place holds no point), copied from the rows for the solve (the twin
// says why).

__kernel __attribute__((reqd_work_group_size(SMO_WS_WG, 1, 1)))
void smo_ws_block(__global const float *restrict x, __global const float *restrict y,
                  __global float *restrict alpha, __global float *restrict g,
                  __global float *restrict cache, __global float *restrict pivots,
                  __global uint *restrict work, __global uint *restrict state, PARAMS) {
    UNPACK_SmoParams(p)
    if (state[S_DONE] != 0u) {
        return;
    }
    const uint bb = WS_BLOCK_BASE;
    for (uint e = get_group_id(0) * SMO_WS_WG + get_local_id(0); e < SMO_WS_Q * SMO_WS_Q;
         e += groups * SMO_WS_WG) {
        const uint k = e / SMO_WS_Q;
        const uint pt = work[e % SMO_WS_Q];
        const float v =
            pt != NONE && work[k] != NONE ? cache[(size_t)WS_ROW(k) * rows + pt] : 0.0f;
        work[bb + e] = as_uint(v);
    }
}

// tree_n with four entries a level, over the solve's SMO_WS_SOLVE_WG work-items (the twin says
// why).
static Best tree4(uint lid, Best mine, float aux, float *aux_out, __local float *w_val,
                  __local uint *w_idx, __local float *w_aux) {
    w_val[lid] = mine.v;
    w_idx[lid] = mine.idx;
    w_aux[lid] = aux;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint n = SMO_WS_SOLVE_WG; n > 1u;) {
        // 2 where the count is not a power of four.
        const uint next = n < 4u || (n & 0x55555555u) == 0u ? n / 2u : n / 4u;
        if (lid < next) {
            Best b = {w_val[lid], w_idx[lid]};
            float a = w_aux[lid];
            for (uint o = lid + next; o < n; o += next) {
                const Best c = {w_val[o], w_idx[o]};
                if (max_better(b, c)) {
                    b = c;
                }
                a = fmax(a, w_aux[o]);
            }
            w_val[lid] = b.v;
            w_idx[lid] = b.idx;
            w_aux[lid] = a;
        }
        n = next;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    Best w = {w_val[0], w_idx[0]};
    *aux_out = w_aux[0];
    barrier(CLK_LOCAL_MEM_FENCE);
    return w;
}


#if SMO_WS_SPAN > 1
// A butterfly over aligned groups of `width` adjacent work-items (a power of two, at most
// SMO_WS_SPAN): every work-item gets its group's winner and (`with_aux`) the maximum of its
// aux values in *aux_out (the twin's ws_shuffled).
// (The twin writes the steps out for NVIDIA's Vulkan compiler, which kept the loop; through
// NVIDIA's OpenCL the loop's solve was as fast as the twin's written out: BENCHMARKS.md
// session 28.)
static Best ws_shuffled(Best mine, float aux, float *aux_out, int with_aux, uint width) {
    Best b = mine;
    float a = aux;
    for (uint m = 1u; m < width; m <<= 1) {
        const Best o = {ws_shfl_f(b.v, m), ws_shfl_u(b.idx, m)};
        if (with_aux) {
            a = fmax(a, ws_shfl_f(a, m));
        }
        if (max_better(b, o)) {
            b = o;
        }
    }
    *aux_out = a;
    return b;
}
#endif

// One reduction of the solve, every work-item getting the winner and (`with_aux`) the maximum
// of aux: tree4 with SMO_WS_SPAN 1, else a butterfly within groups of SMO_WS_SPAN work-items
// and the groups' winners through part `part` of the scratch in one round (the twin's
// ws_reduce says why no second barrier is needed and why the winner is tree4's; its
// ws_reduce_gated is this with part 1: OpenCL needs no uniform load to leave the loop).
static Best ws_reduce(uint lid, Best mine, float aux, float *aux_out, uint part, int with_aux,
                      __local float *w_val, __local uint *w_idx, __local float *w_aux) {
#if SMO_WS_SPAN > 1
    float a;
    const Best b = ws_shuffled(mine, aux, &a, with_aux, SMO_WS_SPAN);
    const uint groups = SMO_WS_SOLVE_WG / SMO_WS_SPAN;
    const uint base = part * groups;
    if (lid % SMO_WS_SPAN == 0u) {
        w_val[base + lid / SMO_WS_SPAN] = b.v;
        w_idx[base + lid / SMO_WS_SPAN] = b.idx;
        w_aux[base + lid / SMO_WS_SPAN] = a;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    // The groups' winners: one each and a butterfly where they fit in a group (the twin's
    // ws_collect says why), else all of them in turn.
    if (groups <= SMO_WS_SPAN) {
        const uint e = base + lid % groups;
        const Best w = {w_val[e], w_idx[e]};
        return ws_shuffled(w, w_aux[e], aux_out, with_aux, groups);
    }
    Best w = {w_val[base], w_idx[base]};
    float wa = w_aux[base];
    for (uint e = 1u; e < groups; e++) {
        const Best c = {w_val[base + e], w_idx[base + e]};
        if (max_better(w, c)) {
            w = c;
        }
        wa = fmax(wa, w_aux[base + e]);
    }
    *aux_out = wa;
    return w;
#else
    return tree4(lid, mine, aux, aux_out, w_val, w_idx, w_aux);
#endif
}

// Places of the set per work-item of the solve (at most 4: q is at most 1024).
#define WS_PER (SMO_WS_Q / SMO_WS_SOLVE_WG)

__kernel __attribute__((reqd_work_group_size(SMO_WS_SOLVE_WG, 1, 1)))
void smo_ws_solve(__global const float *restrict x, __global const float *restrict y,
                  __global float *restrict alpha, __global float *restrict g,
                  __global float *restrict cache, __global float *restrict pivots,
                  __global uint *restrict work, __global uint *restrict state, PARAMS) {
    UNPACK_SmoParams(p)
    __local float w_val[SMO_WS_SOLVE_WG];
    __local uint w_idx[SMO_WS_SOLVE_WG];
    __local float w_aux[SMO_WS_SOLVE_WG];
    // α and gradients, two copies by the step's parity (the twin says why).
    __local float s_a[2 * SMO_WS_Q];
    __local float s_g[2 * SMO_WS_Q];
    __local float s_y[SMO_WS_Q];
    if (state[S_DONE] != 0u) {
        return;
    }
    const uint lid = get_local_id(0);
    // Work-item lid holds places lid + r SMO_WS_SOLVE_WG (r < WS_PER): their points, labels,
    // α, gradients and K(x_i, ·), K(x_j, ·) of the current step in registers; every work-item
    // makes the pair update itself (the twin says why).
    uint pts[WS_PER];
    float ys[WS_PER];
    float als[WS_PER];
    float gs[WS_PER];
    float ki[WS_PER];
    for (uint r = 0u; r < WS_PER; r++) {
        const uint k = lid + r * SMO_WS_SOLVE_WG;
        const uint pt = work[k];
        pts[r] = pt;
        ys[r] = pt != NONE ? y[pt] : 0.0f;
        als[r] = pt != NONE ? alpha[pt] : 0.0f;
        gs[r] = pt != NONE ? g[pt] : 0.0f;
        s_y[k] = ys[r];
        s_a[k] = als[r];
        s_g[k] = gs[r];
        ki[r] = 0.0f;
    }
    const uint steps0 = state[S_STEPS];
    uint steps = 0u;
    float local_eps = eps;
    const uint bb = WS_BLOCK_BASE;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (;;) {
        const uint cur = (steps & 1u) * SMO_WS_Q;
        const uint nxt = SMO_WS_Q - cur;
        Best up = {0.0f, NONE};
        float low = NEG_INF;
        for (uint r = 0u; r < WS_PER; r++) {
            if (pts[r] != NONE) {
                see_violation(ys[r], als[r], gs[r], lid + r * SMO_WS_SOLVE_WG, c, &up, &low);
            }
        }
        float low_max;
        const Best bi = ws_reduce(lid, up, low, &low_max, 0u, 1, w_val, w_idx, w_aux);
        const float gmax = bi.v;
        const float gap = gmax + low_max;
        if (steps == 0u) {
            local_eps = fmax(eps, 0.1f * gap);
        }
        const uint i = bi.idx;
        // Every work-item alike (the reduction's result).
        if (i == NONE || gap < local_eps || steps >= SMO_WS_INNER || steps0 + steps >= max_steps) {
            break;
        }
        const float ai = s_a[cur + i];
        const float gi = s_g[cur + i];
        Best cand = {0.0f, NONE};
        for (uint r = 0u; r < WS_PER; r++) {
            if (pts[r] != NONE) {
                const uint k = lid + r * SMO_WS_SOLVE_WG;
                const float kv = as_float(work[bb + i * SMO_WS_Q + k]);
                ki[r] = kv;
                const float yk = ys[r];
                if (in_low(yk, als[r], c)) {
                    const float gd = gmax + yk * gs[r];
                    if (gd > 0.0f) {
                        float quad = 2.0f - 2.0f * kv;
                        if (quad <= 0.0f) {
                            quad = TAU;
                        }
                        const Best cb = {gd * gd / quad, k};
                        if (max_better(cand, cb)) {
                            cand = cb;
                        }
                    }
                }
            }
        }
        float unused;
        const uint j = ws_reduce(lid, cand, 0.0f, &unused, 1u, 0, w_val, w_idx, w_aux).idx;
        // Every work-item alike; only where a NaN compares false (the twin's `dead`).
        if (j == NONE) {
            break;
        }
        float kj[WS_PER];
        for (uint r = 0u; r < WS_PER; r++) {
            kj[r] = pts[r] != NONE ? as_float(work[bb + j * SMO_WS_Q + lid + r * SMO_WS_SOLVE_WG])
                                   : 0.0f;
        }
        const float yi = s_y[i];
        const float yj = s_y[j];
        const float aj = s_a[cur + j];
        const float kij = as_float(work[bb + i * SMO_WS_Q + j]);
        const float2 na = pair_update(yi, yj, ai, aj, gi, s_g[cur + j], kij, c);
        const float ci = yi * (na.x - ai);
        const float cj = yj * (na.y - aj);
        for (uint r = 0u; r < WS_PER; r++) {
            if (pts[r] != NONE) {
                const uint k = lid + r * SMO_WS_SOLVE_WG;
                gs[r] += ys[r] * (ci * ki[r] + cj * kj[r]);
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
        steps++;
    }
    for (uint r = 0u; r < WS_PER; r++) {
        const uint pt = pts[r];
        const uint k = lid + r * SMO_WS_SOLVE_WG;
        float coef = 0.0f;
        if (pt != NONE) {
            coef = ys[r] * (als[r] - alpha[pt]);
            alpha[pt] = als[r];
        }
        work[SMO_WS_Q + k] = as_uint(coef);
    }
    if (lid == 0u) {
        state[S_STEPS] = steps0 + steps;
    }
}

__kernel __attribute__((reqd_work_group_size(SMO_WS_WG, 1, 1)))
void smo_ws_update(__global const float *restrict x, __global const float *restrict y,
                   __global float *restrict alpha, __global float *restrict g,
                   __global float *restrict cache, __global float *restrict pivots,
                   __global uint *restrict work, __global uint *restrict state, PARAMS) {
    UNPACK_SmoParams(p)
    __local float coef[SMO_WS_Q];
    __local uint row_of[SMO_WS_Q];
    __local float part[SMO_WS_WG];
    if (state[S_DONE] != 0u) {
        return;
    }
    const uint lid = get_local_id(0);
    // Every place's coefficient (0 where a place holds no point or its α did not move: its
    // row is skipped).
    for (uint r = 0u; r < WS_ROUNDS; r++) {
        const uint k = lid + r * SMO_WS_WG;
        if (k < SMO_WS_Q) {
            const float cf = as_float(work[SMO_WS_Q + k]);
            coef[k] = cf;
            row_of[k] = cf != 0.0f ? WS_ROW(k) : 0u;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    // SMO_WS_LANES work-items a point (the twin says how).
    const uint pts = SMO_WS_WG / SMO_WS_LANES;
    const uint lane = lid / pts;
    const uint at = lid % pts;
    // The loop's trip count is the workgroup's (PoCL ran a per-work-item bound past its end).
    for (uint base = get_group_id(0) * pts; base < rows; base += groups * pts) {
        const uint t = base + at;
        float s = 0.0f;
        if (t < rows) {
            // (The twin writes four places a turn out for NVIDIA's Vulkan compiler; this loop
            // took 10 µs an iteration through NVIDIA's OpenCL, the twin's 18 before: BENCHMARKS.md
            // session 28.)
            for (uint k = lane; k < SMO_WS_Q; k += SMO_WS_LANES) {
                const float cf = coef[k];
                if (cf != 0.0f) {
                    s += cf * cache[(size_t)row_of[k] * rows + t];
                }
            }
        }
        part[lid] = s;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lane == 0u && t < rows) {
            float sum = part[at];
            for (uint l = 1u; l < SMO_WS_LANES; l++) {
                sum += part[at + l * pts];
            }
            g[t] = g[t] + y[t] * sum;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}
