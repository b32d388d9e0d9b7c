// SMO on the device (seeds 002 and 004): C-SVC with an RBF kernel, LIBSVM's second-order
// working-set selection (WSS 3), one pair per step. The twin of shaders/smo.wgsl, which
// describes the four launches of a step; duet-svm's device module plans them.
//
// X is column-major with a padded pitch, in one binding. The state is an array of words (see
// duet-svm's device.rs). REDUCE_WG comes from the build options (-D), SmoParams from
// duet-core's kernel_args.rs. exp() is the conforming one, never native_exp.

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

__kernel __attribute__((reqd_work_group_size(REDUCE_WG, 1, 1)))
void smo_pass_i(__global const float *restrict x, __global const float *restrict y,
                __global float *restrict alpha, __global float *restrict g,
                __global float *restrict k_i, __global float *restrict pivots,
                __global uint *restrict partials, __global uint *restrict state, PARAMS) {
    UNPACK_SmoParams(p)
    __local float t_val[REDUCE_WG];
    __local uint t_idx[REDUCE_WG];
    __local float t_aux[REDUCE_WG];
    __local float t_part[REDUCE_WG];
    if (state[S_DONE] != 0u) {
        return;
    }
    const uint lid = get_local_id(0);
    const uint wid = get_group_id(0);
    const float gmax = as_float(state[S_GMAX]);
    Best best = {0.0f, NONE};
    float gmax2 = NEG_INF;
    const uint pts = REDUCE_WG / SMO_SLICES;
    for (uint base = wid * pts; base < rows; base += groups * pts) {
        const uint t = base + lid % pts;
        const float sum = dist2(x, pivots, lid, t, 0u, rows, cols, pitch, t_part);
        if (lid >= pts || t >= rows) {
            continue;
        }
        const float k = kernel_value(gamma, sum);
        k_i[t] = k;
        const float yt = y[t];
        if (in_low(yt, alpha[t], c)) {
            const float yg = yt * g[t];
            gmax2 = fmax(gmax2, yg);
            const float gd = gmax + yg;
            if (gd > 0.0f) {
                float quad = 2.0f - 2.0f * k;
                if (quad <= 0.0f) {
                    quad = TAU;
                }
                // The WSS 3 score -gd²/quad is minimised: its negation maximised.
                const Best cand = {gd * gd / quad, t};
                if (max_better(best, cand)) {
                    best = cand;
                }
            }
        }
    }
    const Best w = tree(lid, best, gmax2, t_val, t_idx, t_aux);
    if (lid == 0u) {
        partials[4u * wid] = as_uint(w.v);
        partials[4u * wid + 1u] = w.idx;
        partials[4u * wid + 2u] = as_uint(t_aux[0]);
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

__kernel __attribute__((reqd_work_group_size(REDUCE_WG, 1, 1)))
void smo_final_j(__global const float *restrict x, __global const float *restrict y,
                 __global float *restrict alpha, __global float *restrict g,
                 __global float *restrict k_i, __global float *restrict pivots,
                 __global uint *restrict partials, __global uint *restrict state, PARAMS) {
    UNPACK_SmoParams(p)
    __local float t_val[REDUCE_WG];
    __local uint t_idx[REDUCE_WG];
    __local float t_aux[REDUCE_WG];
    __local uint chosen;
    if (state[S_DONE] != 0u) {
        return;
    }
    const uint lid = get_local_id(0);
    const Best w = reduce_partials(lid, groups, partials, t_val, t_idx, t_aux);
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
            float quad = 2.0f - 2.0f * k_i[j];
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
        }
        chosen = j;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint j = chosen;
    if (j != NONE) {
        for (uint col = lid; col < cols; col += REDUCE_WG) {
            pivots[cols + col] = x[col * pitch + j];
        }
    }
}

__kernel __attribute__((reqd_work_group_size(REDUCE_WG, 1, 1)))
void smo_pass_update(__global const float *restrict x, __global const float *restrict y,
                     __global float *restrict alpha, __global float *restrict g,
                     __global float *restrict k_i, __global float *restrict pivots,
                     __global uint *restrict partials, __global uint *restrict state, PARAMS) {
    UNPACK_SmoParams(p)
    __local float t_val[REDUCE_WG];
    __local uint t_idx[REDUCE_WG];
    __local float t_aux[REDUCE_WG];
    __local float t_part[REDUCE_WG];
    if (state[S_DONE] != 0u) {
        return;
    }
    const uint lid = get_local_id(0);
    const uint wid = get_group_id(0);
    const float ci = as_float(state[S_CI]);
    const float cj = as_float(state[S_CJ]);
    Best best = {0.0f, NONE};
    const uint pts = REDUCE_WG / SMO_SLICES;
    for (uint base = wid * pts; base < rows; base += groups * pts) {
        const uint t = base + lid % pts;
        const float sum = dist2(x, pivots, lid, t, cols, rows, cols, pitch, t_part);
        if (lid >= pts || t >= rows) {
            continue;
        }
        const float kj = kernel_value(gamma, sum);
        const float yt = y[t];
        const float gt = g[t] + yt * (ci * k_i[t] + cj * kj);
        g[t] = gt;
        if (in_up(yt, alpha[t], c)) {
            const Best cand = {-yt * gt, t};
            if (max_better(best, cand)) {
                best = cand;
            }
        }
    }
    const Best w = tree(lid, best, 0.0f, t_val, t_idx, t_aux);
    if (lid == 0u) {
        partials[4u * wid] = as_uint(w.v);
        partials[4u * wid + 1u] = w.idx;
        partials[4u * wid + 2u] = 0u;
    }
}

__kernel __attribute__((reqd_work_group_size(REDUCE_WG, 1, 1)))
void smo_final_i(__global const float *restrict x, __global float *restrict pivots,
                 __global uint *restrict partials, __global uint *restrict state, PARAMS) {
    UNPACK_SmoParams(p)
    __local float t_val[REDUCE_WG];
    __local uint t_idx[REDUCE_WG];
    __local float t_aux[REDUCE_WG];
    __local uint chosen;
    if (state[S_DONE] != 0u) {
        return;
    }
    const uint lid = get_local_id(0);
    const Best w = reduce_partials(lid, groups, partials, t_val, t_idx, t_aux);
    if (lid == 0u) {
        if (w.idx == NONE) {
            state[S_DONE] = DONE_NO_PAIR;
        }
        state[S_I] = w.idx;
        state[S_GMAX] = as_uint(w.v);
        chosen = w.idx;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint i = chosen;
    if (i != NONE) {
        for (uint col = lid; col < cols; col += REDUCE_WG) {
            pivots[col] = x[col * pitch + i];
        }
    }
}
