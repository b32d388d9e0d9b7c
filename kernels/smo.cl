// SMO on the device (seeds 002 and 004): C-SVC with an RBF kernel, LIBSVM's second-order
// working-set selection (WSS 3), one pair per step. The twin of shaders/smo.wgsl, which
// describes the four launches of a step; duet-svm's device module plans them.
//
// X is column-major with a padded pitch, in one binding. The state is an array of words (see
// duet-svm's device.rs). The row cache (`cache`: `slots` rows of `rows` values; its maps in
// `work` after the partials) is described in the twin. REDUCE_WG comes from the build options
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
#define S_NEXT 13u
#define S_COUNT_I 14u
#define S_COUNT_U 15u
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

static float kernel_value(float gamma, float s) {
    return exp(-fmin(gamma * s, 104.0f));
}

// Squared distance of point t to the pivot at pivots[off..off + cols], shared by the
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

// Tree reduction of (value, index) by max_better, plus a plain maximum of aux (left in
// t_aux[0]). Every work-item returns the winner.
static Best tree(uint lid, Best mine, float aux, __local float *t_val, __local uint *t_idx,
                 __local float *t_aux) {
    t_val[lid] = mine.v;
    t_idx[lid] = mine.idx;
    t_aux[lid] = aux;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint off = REDUCE_WG / 2u; off > 0u; off >>= 1u) {
        if (lid < off) {
            Best a = {t_val[lid], t_idx[lid]};
            Best b = {t_val[lid + off], t_idx[lid + off]};
            if (max_better(a, b)) {
                t_val[lid] = b.v;
                t_idx[lid] = b.idx;
            }
            t_aux[lid] = fmax(t_aux[lid], t_aux[lid + off]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    Best w = {t_val[0], t_idx[0]};
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

// Puts `point`'s row into the cache: its slot if it has one (returns 1, a hit), else the next
// slot round-robin, skipping `keep` (returns 0: the pass computes the row). Sets `*slot`.
static uint place(uint point, uint keep, uint *slot, __global uint *work,
                  __global uint *state, uint map_base, uint npoints, uint slots) {
    const uint have = work[map_base + point];
    if (have != NONE) {
        *slot = have;
        return 1u;
    }
    uint s = state[S_NEXT];
    if (s == keep) {
        s = (s + 1u) % slots;
    }
    const uint old = work[map_base + npoints + s];
    if (old != NONE) {
        work[map_base + old] = NONE;
    }
    work[map_base + point] = s;
    work[map_base + npoints + s] = point;
    state[S_NEXT] = (s + 1u) % slots;
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
    if (hit == 1u) {
        for (uint t = wid * REDUCE_WG + lid; t < rows; t += groups * REDUCE_WG) {
            visit_i(t, row[t], gmax, c, y, alpha, g, &best, &gmax2);
        }
    } else {
        const uint pts = REDUCE_WG / SMO_SLICES;
        for (uint base = wid * pts; base < rows; base += groups * pts) {
            const uint t = base + lid % pts;
            const float sum = dist2(x, pivots, lid, t, 0u, rows, cols, pitch, t_part);
            if (lid < pts && t < rows) {
                const float k = kernel_value(gamma, sum);
                row[t] = k;
                visit_i(t, k, gmax, c, y, alpha, g, &best, &gmax2);
            }
        }
    }
    const Best w = tree(lid, best, gmax2, t_val, t_idx, t_aux);
    if (lid == 0u) {
        work[4u * wid] = as_uint(w.v);
        work[4u * wid + 1u] = w.idx;
        work[4u * wid + 2u] = as_uint(t_aux[0]);
    }
    if (fused == 1u && last_workgroup(lid, &state[S_COUNT_I], groups, &chosen)) {
        final_j(x, y, alpha, g, cache, pivots, work, state, p, t_val, t_idx, t_aux, &chosen);
    }
}

// Reduces `groups` partials (value, index, aux) in one workgroup.
static Best reduce_partials(uint lid, uint groups, __global const uint *partials,
                            __local float *t_val, __local uint *t_idx, __local float *t_aux) {
    Best best = {0.0f, NONE};
    float aux = NEG_INF;
    for (uint s = lid; s < groups; s += REDUCE_WG) {
        const Best cand = {as_float(partials[4u * s]), partials[4u * s + 1u]};
        if (max_better(best, cand)) {
            best = cand;
        }
        aux = fmax(aux, as_float(partials[4u * s + 2u]));
    }
    return tree(lid, best, aux, t_val, t_idx, t_aux);
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
    const Best w = reduce_partials(lid, groups, work, t_val, t_idx, t_aux);
    const float gmax2 = t_aux[0];
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
            const float cc = c;
            // LIBSVM's Solver::Solve, C_i = C_j = C, QD = 1 (RBF), Q_ij = y_i y_j K_ij.
            float quad = 2.0f - 2.0f * cache[(size_t)state[S_SLOT_I] * rows + j];
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
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint j = *chosen_at;
    if (j != NONE) {
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
    if (hit == 1u) {
        for (uint t = wid * REDUCE_WG + lid; t < rows; t += groups * REDUCE_WG) {
            visit_update(t, row_i[t], row_j[t], ci, cj, c, y, alpha, g, &best);
        }
    } else {
        const uint pts = REDUCE_WG / SMO_SLICES;
        for (uint base = wid * pts; base < rows; base += groups * pts) {
            const uint t = base + lid % pts;
            const float sum = dist2(x, pivots, lid, t, cols, rows, cols, pitch, t_part);
            if (lid < pts && t < rows) {
                const float kj = kernel_value(gamma, sum);
                row_j[t] = kj;
                visit_update(t, row_i[t], kj, ci, cj, c, y, alpha, g, &best);
            }
        }
    }
    const Best w = tree(lid, best, 0.0f, t_val, t_idx, t_aux);
    if (lid == 0u) {
        work[4u * wid] = as_uint(w.v);
        work[4u * wid + 1u] = w.idx;
        work[4u * wid + 2u] = 0u;
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
    const Best w = reduce_partials(lid, groups, work, t_val, t_idx, t_aux);
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
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint i = *chosen_at;
    if (i != NONE) {
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
