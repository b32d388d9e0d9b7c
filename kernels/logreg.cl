// Logistic regression (seeds 000 and 001): for X (row-major, pitch = cols), labels y and
// weights w, one pass over X gives
//     g = X^T (y - sigma(X w))      and      L = -sum [ y softplus(-z) + (1 - y) softplus(z) ].
// The twin of shaders/logreg.wgsl: same entry points, same algorithm, same order of sums.
//
// A workgroup walks tiles of X (duet_core::LogregTiling): it stages a tile in local memory
// with coalesced loads, forms each row's score z with `lanes_z` work-items per row, turns the
// scores into residuals y - sigma(z) (and log-likelihood terms when asked), then accumulates
// the gradient with `lanes_g` work-items per column, in registers across tiles. Rows longer
// than a tile are read in column chunks; with more columns than work-items each column's sum
// goes straight to the workgroup's partial slot.
//
//   logreg_partial  multi_group: many workgroups, each writes a partial gradient and
//                   log-likelihood; logreg_reduce sums the partials and writes the gradient
//                   (mode 0), takes a gradient-ascent step (mode 1) or only records the
//                   log-likelihood (mode 2).
//   logreg_single   single_group: one workgroup, every iteration in one launch.
//
// Numerics: with e = exp(-|z|) (the conforming exp, never native_exp), sigma and 1 - sigma are
// 1/(1+e) and e/(1+e), softplus(+-z) = max(+-z, 0) + log1p(e), and log1p is the same series
// from + - * / as in the WGSL twin (OpenCL's log1p would differ from it; the twins must not).
// LOGREG_WG and LOGREG_TILE come from the build options (-D), defined once in duet-core.

typedef struct {
    uint cols, row_begin, row_end, y_begin, slot, groups, tile_rows, lanes_z, lanes_g,
         iters, every;
    float lr, decay;
    uint mode, trace_index, record;
} Params;

typedef struct {
    float g;
    float ll;
} Acc;

static float log1p_unit(float e) {
    const float s = e / (2.0f + e);
    const float s2 = s * s;
    const float q = 1.0f + s2 * (1.0f / 3.0f + s2 * (1.0f / 5.0f + s2 * (1.0f / 7.0f
        + s2 * (1.0f / 9.0f + s2 * (1.0f / 11.0f + s2 * (1.0f / 13.0f))))));
    return 2.0f * s * q;
}

// Sums red[0 .. LOGREG_WG) and returns it to every work-item.
static float tree_sum_all(__local float *red, uint lid) {
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint off = LOGREG_WG / 2u; off > 0u; off >>= 1u) {
        if (lid < off) {
            red[lid] = red[lid] + red[lid + off];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const float total = red[0];
    barrier(CLK_LOCAL_MEM_FENCE);
    return total;
}

static void load_tile(const Params p, __global const float *x, __local float *tile, uint lid,
                      uint r0, uint nr, uint c0, uint cw) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (cw == p.cols) {
        const uint base = r0 * p.cols;
        for (uint e = lid; e < nr * cw; e += LOGREG_WG) {
            tile[e] = x[base + e];
        }
    } else {
        for (uint e = lid; e < cw; e += LOGREG_WG) {
            tile[e] = x[r0 * p.cols + c0 + e];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
}

// Adds the tile's rows (nr rows of cw columns in `tile`, residuals in `zs`) to the gradient:
// into the work-item's register when cols <= LOGREG_WG, else into part[gslot * cols + c0 + j].
static float add_gradient(const Params p, __global float *part, __local const float *tile,
                          __local const float *zs, uint lid, uint nr, uint c0, uint cw,
                          uint gslot, float g) {
    const uint k = p.cols;
    float acc = g;
    if (k <= LOGREG_WG) {
        const uint j = lid % k;
        const uint lane = lid / k;
        if (lane < p.lanes_g) {
            for (uint r = lane; r < nr; r += p.lanes_g) {
                acc = acc + tile[r * k + j] * zs[r];
            }
        }
    } else {
        for (uint j = lid; j < cw; j += LOGREG_WG) {
            float s = 0.0f;
            for (uint r = 0u; r < nr; r++) {
                s = s + tile[r * cw + j] * zs[r];
            }
            part[gslot * k + c0 + j] = part[gslot * k + c0 + j] + s;
        }
    }
    return acc;
}

// One pass over the tiles first_tile, first_tile + tile_stride, ... of rows
// [row_begin, row_end). With cols > LOGREG_WG the column sums are added to part[gslot * cols + j]
// (zeroed first by the same work-item that adds to it). Barriers appear only in straight-line
// code and in loops every work-item runs alike, never under a condition.
static Acc pass_tiles(const Params p, __global const float *x, __global const float *y,
                      __global const float *w, __global float *part,
                      __local float *tile, __local float *zs, __local float *red,
                      uint lid, uint first_tile, uint tile_stride, int with_ll, uint gslot) {
    const uint k = p.cols;
    const uint tr = p.tile_rows;
    const uint kc = min(k, (uint)LOGREG_TILE);
    const uint nchunks = (k + kc - 1u) / kc;
    const uint ntiles = (p.row_end - p.row_begin + tr - 1u) / tr;
    const uint lanes = p.lanes_z;
    // Column chunks the gradient must reload (a single chunk is still in the tile).
    const uint reloads = nchunks > 1u ? nchunks : 0u;
    Acc acc = {0.0f, 0.0f};
    if (k > LOGREG_WG) {
        for (uint j = lid; j < k; j += LOGREG_WG) {
            part[gslot * k + j] = 0.0f;
        }
    }
    for (uint t = first_tile; t < ntiles; t += tile_stride) {
        const uint r0 = p.row_begin + t * tr;
        const uint nr = min(tr, p.row_end - r0);
        // Scores: batches of LOGREG_WG / lanes rows, `lanes` work-items per row.
        for (uint c = 0u; c < nchunks; c++) {
            const uint c0 = c * kc;
            const uint cw = min(kc, k - c0);
            load_tile(p, x, tile, lid, r0, nr, c0, cw);
            for (uint rb = 0u; rb < nr; rb += LOGREG_WG / lanes) {
                const uint r = rb + lid / lanes;
                float d = 0.0f;
                if (r < nr) {
                    for (uint j = lid % lanes; j < cw; j += lanes) {
                        d = d + tile[r * cw + j] * w[c0 + j];
                    }
                }
                red[lid] = d;
                barrier(CLK_LOCAL_MEM_FENCE);
                for (uint off = lanes / 2u; off > 0u; off >>= 1u) {
                    if (lid % lanes < off) {
                        red[lid] = red[lid] + red[lid + off];
                    }
                    barrier(CLK_LOCAL_MEM_FENCE);
                }
                if (r < nr && lid % lanes == 0u) {
                    zs[r] = c == 0u ? red[lid] : zs[r] + red[lid];
                }
                barrier(CLK_LOCAL_MEM_FENCE);
            }
        }
        // Residuals and log-likelihood terms.
        for (uint r = lid; r < nr; r += LOGREG_WG) {
            const float z = zs[r];
            const float yv = y[p.y_begin + (r0 - p.row_begin) + r];
            const float e = exp(-fabs(z));
            const float pos = 1.0f / (1.0f + e);
            const float neg = e * pos;
            const float sig = z >= 0.0f ? pos : neg;
            const float one_minus = z >= 0.0f ? neg : pos;
            zs[r] = yv * one_minus - (1.0f - yv) * sig;
            if (with_ll) {
                const float sp = log1p_unit(e);
                acc.ll = acc.ll - (yv * fmax(-z, 0.0f) + (1.0f - yv) * fmax(z, 0.0f) + sp);
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        // Gradient.
        if (nchunks == 1u) {
            acc.g = add_gradient(p, part, tile, zs, lid, nr, 0u, k, gslot, acc.g);
        }
        for (uint c = 0u; c < reloads; c++) {
            const uint c0 = c * kc;
            const uint cw = min(kc, k - c0);
            load_tile(p, x, tile, lid, r0, nr, c0, cw);
            acc.g = add_gradient(p, part, tile, zs, lid, nr, c0, cw, gslot, acc.g);
        }
    }
    return acc;
}

// Combines the lanes of each gradient column: afterwards red[j] holds column j's sum for
// j < cols when cols <= LOGREG_WG (lanes_g is 1 otherwise, and this only costs two barriers).
static void tree_columns(const Params p, __local float *red, uint lid, float g) {
    const uint k = p.cols;
    barrier(CLK_LOCAL_MEM_FENCE);
    red[lid] = g;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint off = p.lanes_g / 2u; off > 0u; off >>= 1u) {
        if (lid / k < off) {
            red[lid] = red[lid] + red[lid + off * k];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}

// The scalar arguments arrive as one struct by value (duet_core::ops::logreg::KernelArgs, 16
// four-byte fields, no padding): the kernel argument is uniform, which OpenCL compilers that
// replicate private variables per work-item across barriers (PoCL) handle best.
#define KERNEL_ARGS __global const float *x, __global const float *y, __global float *w, \
    __global float *part, __global float *part_ll, __global float *grad, __global float *trace, \
    const Params p

__kernel __attribute__((reqd_work_group_size(LOGREG_WG, 1, 1)))
void logreg_partial(KERNEL_ARGS) {
    __local float tile[LOGREG_TILE];
    __local float zs[LOGREG_TILE];
    __local float red[LOGREG_WG];
    const uint lid = get_local_id(0);
    const uint wid = get_group_id(0);
    const uint s = p.slot + wid;
    const Acc acc = pass_tiles(p, x, y, w, part, tile, zs, red, lid, wid, p.groups,
                               p.record == 1u, s);
    tree_columns(p, red, lid, acc.g);
    if (p.cols <= LOGREG_WG && lid < p.cols) {
        part[s * p.cols + lid] = red[lid];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    red[lid] = acc.ll;
    const float ll = tree_sum_all(red, lid);
    if (lid == 0u) {
        part_ll[s] = ll;
    }
}

// Applies column j's sum: the gradient (mode 0) or a gradient-ascent step (mode 1).
static void apply(const Params p, __global float *w, __global float *grad, uint j, float g) {
    if (p.mode == 0u) {
        grad[j] = g;
    } else if (p.mode == 1u) {
        w[j] = w[j] * p.decay + p.lr * g;
    }
}

__kernel __attribute__((reqd_work_group_size(LOGREG_WG, 1, 1)))
void logreg_reduce(KERNEL_ARGS) {
    __local float red[LOGREG_WG];
    const uint lid = get_local_id(0);
    const uint wid = get_group_id(0);
    const uint k = p.cols;
    const uint slots = p.slot;
    // Column sums. cols <= LOGREG_WG: lanes_g work-items per column share the slots, then a
    // tree; wider: one work-item per column (workgroup wid covers columns wid * LOGREG_WG + lid).
    float s = 0.0f;
    if (k <= LOGREG_WG) {
        const uint lane = lid / k;
        if (lane < p.lanes_g) {
            for (uint q = lane; q < slots; q += p.lanes_g) {
                s = s + part[q * k + lid % k];
            }
        }
    }
    tree_columns(p, red, lid, s);
    if (k <= LOGREG_WG) {
        if (lid < k) {
            apply(p, w, grad, lid, red[lid]);
        }
    } else {
        const uint j = wid * LOGREG_WG + lid;
        if (j < k) {
            float g = 0.0f;
            for (uint q = 0u; q < slots; q++) {
                g = g + part[q * k + j];
            }
            apply(p, w, grad, j, g);
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    float l = 0.0f;
    for (uint q = lid; q < slots; q += LOGREG_WG) {
        l = l + part_ll[q];
    }
    red[lid] = l;
    const float ll = tree_sum_all(red, lid);
    if (wid == 0u && lid == 0u && p.record == 1u) {
        trace[p.trace_index] = ll;
    }
}

// One gradient at the current w by this single workgroup: returns the log-likelihood (0 unless
// with_ll) and leaves column j's sum in red[j] (cols <= LOGREG_WG) or part[j] (wider).
static float single_gradient(const Params p, __global const float *x, __global const float *y,
                             __global const float *w, __global float *part,
                             __local float *tile, __local float *zs, __local float *red,
                             uint lid, int with_ll) {
    const Acc acc = pass_tiles(p, x, y, w, part, tile, zs, red, lid, 0u, 1u, with_ll, 0u);
    barrier(CLK_LOCAL_MEM_FENCE);
    red[lid] = acc.ll;
    const float ll = tree_sum_all(red, lid);
    tree_columns(p, red, lid, acc.g);
    return ll;
}

// This launch runs global iterations [slot, slot + iters) of the loop; with mode == 1 it then
// measures the final weights' log-likelihood (the run's last launch), and when that is the only
// pass of the run (iters == 0, slot == 0) it writes the gradient to `grad`. The log-likelihood
// goes to trace[trace_index], trace[trace_index + 1], ... (trace_index: points recorded by
// earlier launches).
__kernel __attribute__((reqd_work_group_size(LOGREG_WG, 1, 1)))
void logreg_single(KERNEL_ARGS) {
    __local float tile[LOGREG_TILE];
    __local float zs[LOGREG_TILE];
    __local float red[LOGREG_WG];
    const uint lid = get_local_id(0);
    const uint k = p.cols;
    const int narrow = k <= LOGREG_WG;
    uint recorded = p.trace_index;
    const uint passes = p.iters + (p.mode == 1u ? 1u : 0u);
    for (uint i = 0u; i < passes; i++) {
        const uint t = p.slot + i;
        const int last = i == p.iters;
        const int record = last || (p.every != 0u && t != 0u && t % p.every == 0u);
        const float ll = single_gradient(p, x, y, w, part, tile, zs, red, lid, record);
        if (record && lid == 0u) {
            trace[recorded] = ll;
        }
        recorded += record ? 1u : 0u;
        // Every work-item has read w for this pass's scores; now each owner updates its
        // columns (or, for a lone gradient, writes it), and the barrier publishes them.
        for (uint j = lid; j < k; j += LOGREG_WG) {
            const float g = narrow ? red[j] : part[j];
            if (!last) {
                w[j] = w[j] * p.decay + p.lr * g;
            } else if (t == 0u) {
                grad[j] = g;
            }
        }
        barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
    }
}
