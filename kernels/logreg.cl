// Logistic regression (seeds 000 and 001): for X (row-major; rows `pitch` apart, the
// library's row_pitch: cols, or rounded up to a multiple of 4 with zero padding), labels y and
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
//                   log-likelihood (mode 2). Where p.total_slots > 0 the pass's last
//                   workgroup does the reduce's work instead (finish_pass), in the same launch.
//   logreg_single   single_group: one workgroup, every iteration in one launch.
//
// Numerics: with e = exp(-|z|) (the conforming exp, never native_exp), sigma and 1 - sigma are
// 1/(1+e) and e/(1+e), softplus(+-z) = max(+-z, 0) + log1p(e), and log1p is the same series
// from + - * / as in the WGSL twin (OpenCL's log1p would differ from it; the twins must not).
// Every upper-case constant (LOGREG_WG, LOGREG_TILE, LOGREG_ROWS, WEIGHT_CACHE) comes from the
// build options (-D), declared once in duet-core's params.rs; this file defines none. The
// register-resident kernels are specialised per problem: LOGREG_K columns, their row pitch
// LOGREG_PITCH, and LOGREG_RPT rows per work-item (logreg_single_reg, logreg_partial_reg),
// LOGREG_LANES work-items per row,
// LOGREG_RPS rows per step, LOGREG_SPAN lanes added by shuffles, LOGREG_INTERLEAVE and
// LOGREG_PIPELINE (logreg_partial_reg); other kernels do not use these.

// The scalar arguments: LogregParams, declared once in duet-core's kernel_args.rs (the typedef
// is prepended when the file is built).

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

// y - sigma(z), given e = exp(-|z|): sigma and 1 - sigma as 1/(1+e) and e/(1+e), so nothing
// cancels.
static float residual(float z, float yv, float e) {
    const float pos = 1.0f / (1.0f + e);
    const float neg = e * pos;
    const float sig = z >= 0.0f ? pos : neg;
    const float one_minus = z >= 0.0f ? neg : pos;
    return yv * one_minus - (1.0f - yv) * sig;
}

// y*softplus(-z) + (1 - y)*softplus(z), the negated log-likelihood term, given e = exp(-|z|).
static float loss_term(float z, float yv, float e) {
    return yv * fmax(-z, 0.0f) + (1.0f - yv) * fmax(z, 0.0f) + log1p_unit(e);
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

// Loads rows [r0, r0 + nr), columns [c0, c0 + cw) of the block into tile[r * s + j], float4
// loads when whole rows of a multiple of 4 columns are read (then the pitch is the columns).
static void load_tile(const LogregParams p, __global const float *restrict x, __local float *tile,
                      uint lid, uint r0, uint nr, uint c0, uint cw, uint s) {
    const uint k = p.cols;
    const uint pitch = p.pitch;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (cw == k && k % 4u == 0u) {
        const uint k4 = k / 4u;
        __global const float4 *restrict x4 = (__global const float4 *)x + r0 * k4;
        for (uint e = lid; e < nr * k4; e += LOGREG_WG) {
            const float4 v = x4[e];
            const uint at = (e / k4) * s + (e % k4) * 4u;
            tile[at] = v.x;
            tile[at + 1u] = v.y;
            tile[at + 2u] = v.z;
            tile[at + 3u] = v.w;
        }
    } else if (cw == k) {
        for (uint e = lid; e < nr * k; e += LOGREG_WG) {
            tile[(e / k) * s + e % k] = x[(r0 + e / k) * pitch + e % k];
        }
    } else {
        for (uint e = lid; e < cw; e += LOGREG_WG) {
            tile[e] = x[r0 * pitch + c0 + e];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
}

// Adds the tile's rows (nr rows of cw columns, stride s, residuals in zs) to the gradient: into
// the work-item's register when cols <= LOGREG_WG, else into part[gslot * cols + c0 + j].
static float add_gradient(const LogregParams p, __global float *part, __local const float *tile,
                          __local const float *zs, uint lid, uint nr, uint c0, uint cw, uint s,
                          uint gslot, float g) {
    const uint k = p.cols;
    float acc = g;
    if (k <= LOGREG_WG) {
        const uint j = lid % k;
        const uint lane = lid / k;
        if (lane < p.lanes_g) {
            for (uint r = lane; r < nr; r += p.lanes_g) {
                acc = acc + tile[r * s + j] * zs[r];
            }
        }
    } else {
        for (uint j = lid; j < cw; j += LOGREG_WG) {
            float sum = 0.0f;
            for (uint r = 0u; r < nr; r++) {
                sum = sum + tile[r * s + j] * zs[r];
            }
            part[gslot * k + c0 + j] = part[gslot * k + c0 + j] + sum;
        }
    }
    return acc;
}

// One pass over the tiles first_tile, first_tile + tile_stride, ... of rows
// [row_begin, row_end). With cols > LOGREG_WG the column sums are added to part[gslot * cols + j]
// (zeroed first by the same work-item that adds to it). Barriers appear only in straight-line
// code and in loops every work-item runs alike, never under a condition: four per tile.
// The weights are copied to local memory once per pass when there are at most WEIGHT_CACHE of
// them (as in the WGSL twin, where w is a read-write binding).

static Acc pass_tiles(const LogregParams p, __global const float *restrict x,
                      __global const float *restrict y, __global const float *restrict w,
                      __global float *part, __local float *tile, __local float *zs,
                      __local float *red, __local float *wc, uint lid, uint first_tile,
                      uint tile_stride, int with_ll, uint gslot) {
    const uint k = p.cols;
    const uint tr = p.tile_rows;
    const uint kc = min(k, (uint)LOGREG_TILE);
    const uint nchunks = (k + kc - 1u) / kc;
    // Odd stride: a work-item per row reads distinct banks. One row per tile when chunked.
    const uint s = nchunks > 1u ? kc : (k | 1u);
    const uint ntiles = (p.row_end - p.row_begin + tr - 1u) / tr;
    const uint lanes = p.lanes_z;
    // Chunked rows: the lanes' partials are added per chunk, and the gradient reloads each
    // chunk; a single chunk stays in the tile.
    const int chunked = nchunks > 1u;
    const uint reloads = nchunks > 1u ? nchunks : 0u;
    Acc acc = {0.0f, 0.0f};
    if (k > LOGREG_WG) {
        for (uint j = lid; j < k; j += LOGREG_WG) {
            part[gslot * k + j] = 0.0f;
        }
    }
    // The first tile load's barrier publishes the weight cache.
    const int cached = k <= WEIGHT_CACHE;
    for (uint j = lid; j < min(k, WEIGHT_CACHE); j += LOGREG_WG) {
        wc[j] = w[j];
    }
    for (uint t = first_tile; t < ntiles; t += tile_stride) {
        const uint r0 = p.row_begin + t * tr;
        const uint nr = min(tr, p.row_end - r0);
        // Scores: `lanes` work-items per row, or one work-item per row (lanes == 1).
        for (uint c = 0u; c < nchunks; c++) {
            const uint c0 = c * kc;
            const uint cw = min(kc, k - c0);
            load_tile(p, x, tile, lid, r0, nr, c0, cw, s);
            if (lanes == 1u) {
                for (uint r = lid; r < nr; r += LOGREG_WG) {
                    float d = 0.0f;
                    for (uint j = 0u; j < cw; j++) {
                        d = d + tile[r * s + j] * (cached ? wc[c0 + j] : w[c0 + j]);
                    }
                    zs[r] = c == 0u ? d : zs[r] + d;
                }
            } else {
                const uint r = lid / lanes;
                float d = 0.0f;
                if (r < nr) {
                    for (uint j = lid % lanes; j < cw; j += lanes) {
                        d = d + tile[r * s + j] * (cached ? wc[c0 + j] : w[c0 + j]);
                    }
                }
                red[lid] = d;
            }
            // Publishes the partials. Unconditional: PoCL 3 miscompiled this barrier inside a
            // loop that ran `chunked` (0 or 1) times, so chunked rows got wrong scores.
            barrier(CLK_LOCAL_MEM_FENCE);
            if (chunked && lanes > 1u && lid == 0u) {
                float d = 0.0f;
                for (uint l = 0u; l < lanes; l++) {
                    d = d + red[l];
                }
                zs[0] = c == 0u ? d : zs[0] + d;
            }
        }
        // Residuals and log-likelihood terms, by each row's owner (which, for a single chunk,
        // first adds the row's lane partials; a chunked row's owner is work-item 0, which
        // wrote zs[0] itself, so the chunk loop's last barrier suffices).
        for (uint r = lid; r < nr; r += LOGREG_WG) {
            float z = zs[r];
            if (lanes > 1u && nchunks == 1u) {
                z = 0.0f;
                for (uint l = 0u; l < lanes; l++) {
                    z = z + red[r * lanes + l];
                }
            }
            const float yv = y[p.y_begin + (r0 - p.row_begin) + r];
            const float e = exp(-fabs(z));
            zs[r] = residual(z, yv, e);
            if (with_ll) {
                acc.ll = acc.ll - loss_term(z, yv, e);
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        // Gradient.
        if (nchunks == 1u) {
            acc.g = add_gradient(p, part, tile, zs, lid, nr, 0u, k, s, gslot, acc.g);
        }
        for (uint c = 0u; c < reloads; c++) {
            const uint c0 = c * kc;
            const uint cw = min(kc, k - c0);
            load_tile(p, x, tile, lid, r0, nr, c0, cw, s);
            acc.g = add_gradient(p, part, tile, zs, lid, nr, c0, cw, s, gslot, acc.g);
        }
    }
    return acc;
}

// Combines the `lanes` lanes of each of k columns (work-item lane * k + j holds lane `lane` of
// column j): afterwards red[j] holds column j's sum for j < k when k <= LOGREG_WG (lanes is 1
// otherwise, and this only costs two barriers).
static void tree_columns(__local float *red, uint lid, float g, uint k, uint lanes) {
    barrier(CLK_LOCAL_MEM_FENCE);
    red[lid] = g;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint off = lanes / 2u; off > 0u; off >>= 1u) {
        if (lid / k < off) {
            red[lid] = red[lid] + red[lid + off * k];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}

// The scalar arguments arrive as one struct by value (duet_core's LogregParams, four-byte
// fields, no padding): the kernel argument is uniform, which OpenCL compilers that
// replicate private variables per work-item across barriers (PoCL) handle best.
#define KERNEL_ARGS __global const float *restrict x, __global const float *restrict y, __global float *w, \
    __global float *part, __global float *part_ll, __global float *grad, __global float *trace, \
    __global volatile uint *count, const LogregParams p

// Sum of part[q * cols + j] over q = first, first + step, ... < slots, eight independent sums in
// flight (the loads come from L2; one dependent chain would wait on each in turn).
static float sum_slots(const LogregParams p, __global volatile const float *part, uint first, uint step,
                       uint slots, uint j) {
    const uint k = p.cols;
    float s[8] = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
    uint q = first;
    while (q + 7u * step < slots) {
        #pragma unroll
        for (uint c = 0u; c < 8u; c++) {
            s[c] = s[c] + part[(q + c * step) * k + j];
        }
        q += 8u * step;
    }
    // The last fewer than eight, one to a chain: loads in flight together, not one by one.
    #pragma unroll
    for (uint c = 0u; c < 7u; c++) {
        if (q + c * step < slots) {
            s[c] = s[c] + part[(q + c * step) * k + j];
        }
    }
    return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
}

// Four columns (at) of the partial slot starting at `row`.
static float4 slot4(__global volatile const float *part, uint row, uint4 at) {
    return (float4)(part[row + at.x], part[row + at.y], part[row + at.z], part[row + at.w]);
}

// Columns j, j + cw, j + 2cw, j + 3cw (those below p.cols; 0 for the others) of partial slots
// first .. slots - 1: eight slots of the four columns loaded at once (32 loads in flight), added
// pairwise, then to one sum a column (a finish over more columns than its workgroup's work-items
// sums four of its column tiles at once). Eight running sums a column held 32 more registers:
// where the pass around it fits 64 (KL = 3), NVIDIA's compiler kept it at 64 and the loads in
// flight fell, 14-37 us more a finish on the H100 (BENCHMARKS.md, session 36).
static float4 sum_slots4(const LogregParams p, __global volatile const float *part, uint first,
                         uint slots, uint j, uint cw) {
    const uint k = p.cols;
    const uint4 col = (uint4)(j, j + cw, j + 2u * cw, j + 3u * cw);
    const int4 in = col < (uint4)(k);
    // Columns past the last read the last (in bounds; one address for the whole warp) and
    // are dropped at the end: predicated loads were slower at 64 MiB (BENCHMARKS.md, session 35).
    const uint4 at = select((uint4)(k - 1u), col, in);
    float4 s = (float4)(0.0f);
    float4 v[8];
    uint q = first;
    while (q + 7u < slots) {
        #pragma unroll
        for (uint c = 0u; c < 8u; c++) {
            v[c] = slot4(part, (q + c) * k, at);
        }
        s = s + (((v[0] + v[1]) + (v[2] + v[3])) + ((v[4] + v[5]) + (v[6] + v[7])));
        q += 8u;
    }
    // The last fewer than eight, loaded together; zero for the slots past the end.
    #pragma unroll
    for (uint c = 0u; c < 8u; c++) {
        v[c] = (float4)(0.0f);
        if (q + c < slots) {
            v[c] = slot4(part, (q + c) * k, at);
        }
    }
    s = s + (((v[0] + v[1]) + (v[2] + v[3])) + ((v[4] + v[5]) + (v[6] + v[7])));
    return select((float4)(0.0f), s, in);
}

// Applies column j's sum: the gradient (mode 0) or a gradient-ascent step (mode 1).
static void apply(const LogregParams p, __global float *w, __global float *grad, uint j, float g) {
    if (p.mode == 0u) {
        grad[j] = g;
    } else if (p.mode == 1u) {
        w[j] = w[j] * p.decay + p.lr * g;
    }
}

// Columns one column tile of the reduce sums: min(cols, LOGREG_WG / reduce_lanes), the lanes
// chosen by the host (duet_core's reduce_lanes: about eight slots a lane, a sector of columns).
static uint reduce_cols(const LogregParams p) {
    return min(p.cols, (uint)LOGREG_WG / max(p.reduce_lanes, 1u));
}

// The reduce's column tile t over `slots` partial slots, read through volatile pointers (a
// pass's last workgroup reads what other workgroups stored in the same launch): columns
// t * cw .. + cw - 1 (cw = reduce_cols), p.reduce_lanes work-items per column (adjacent
// work-items, adjacent columns: coalesced) share the slots, then a tree over the lanes; each
// column's sum is applied.
static void reduce_tile(const LogregParams p, __global volatile const float *part,
                        __global float *w, __global float *grad, __local float *red, uint lid,
                        uint t, uint slots) {
    const uint k = p.cols;
    const uint cw = reduce_cols(p);
    const uint lane = lid / cw;
    const uint j = t * cw + lid % cw;
    float s = 0.0f;
    if (lane < p.reduce_lanes && j < k) {
        s = sum_slots(p, part, lane, p.reduce_lanes, slots, j);
    }
    tree_columns(red, lid, s, cw, p.reduce_lanes);
    if (lid < cw && j < k) {
        apply(p, w, grad, j, red[lid]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
}

// The log-likelihood's sum over `slots` partial slots, recorded. Call from control flow
// uniform in the workgroup.
static void reduce_ll(const LogregParams p, __global volatile const float *part_ll,
                      __global float *trace, __local float *red, uint lid, uint slots) {
    float l = 0.0f;
    for (uint q = lid; q < slots; q += LOGREG_WG) {
        l = l + part_ll[q];
    }
    red[lid] = l;
    const float ll = tree_sum_all(red, lid);
    if (lid == 0u) {
        trace[p.trace_index] = ll;
    }
}

// logreg_reduce: workgroup wid sums column tile wid over the p.slot partial slots.
__kernel __attribute__((reqd_work_group_size(LOGREG_WG, 1, 1)))
void logreg_reduce(KERNEL_ARGS) {
    __local float red[LOGREG_WG];
    const uint lid = get_local_id(0);
    const uint wid = get_group_id(0);
    reduce_tile(p, part, w, grad, red, lid, wid, p.slot);
    // Workgroup 0 alone sums the log-likelihood, where the step records it (a reduce of many
    // narrow column tiles would otherwise sum it once a workgroup).
    if (wid == 0u && p.record == 1u) {
        reduce_ll(p, part_ll, trace, red, lid, p.slot);
    }
}

// One sum of the last-workgroup finish: partial slots first .. first + count - 1 (each
// p.cols columns, rows p.cols apart) column by column, min(cols, LOGREG_WG) columns at a time
// with p.finish_lanes work-items per column sharing the slots (then a tree over the lanes),
// and their log-likelihoods; the sums go to slot `dest` of part and part_ll, or, where dest is
// FINISH_APPLY, are applied (the gradient or a step) and recorded (the log-likelihood).
// Called in uniform control flow; reads through volatile pointers (other workgroups of the
// same launch stored what it reads).
#define FINISH_APPLY 0xffffffffu
static void finish_sums(const LogregParams p, __global volatile float *part,
                        __global volatile float *part_ll, __global float *w,
                        __global float *grad, __global float *trace, __local float *red,
                        uint lid, uint first, uint count, uint dest) {
    const uint k = p.cols;
    const uint cw = min(k, (uint)LOGREG_WG);
    const uint lanes = p.finish_lanes;
    const uint lane = lid / cw;
    const uint end = first + count;
    // Wider than the workgroup (one work-item a column, no tree): four column tiles at once.
    for (uint c0 = 0u; k > (uint)LOGREG_WG && c0 < k; c0 += 4u * cw) {
        const uint j = c0 + lid;
        const float4 s = sum_slots4(p, part, first, end, j, cw);
        const float sums[4] = {s.x, s.y, s.z, s.w};
        #pragma unroll
        for (uint t = 0u; t < 4u; t++) {
            const uint jt = j + t * cw;
            if (jt < k) {
                if (dest == FINISH_APPLY) {
                    apply(p, w, grad, jt, sums[t]);
                } else {
                    part[dest * k + jt] = sums[t];
                }
            }
        }
    }
    for (uint c0 = 0u; k <= (uint)LOGREG_WG && c0 < k; c0 += cw) {
        const uint j = c0 + lid % cw;
        float s = 0.0f;
        if (lane < lanes && j < k) {
            s = sum_slots(p, part, first + lane, lanes, end, j);
        }
        tree_columns(red, lid, s, cw, lanes);
        if (lid < cw && j < k) {
            if (dest == FINISH_APPLY) {
                apply(p, w, grad, j, red[lid]);
            } else {
                part[dest * k + j] = red[lid];
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    // The log-likelihood's slots are loaded only where the pass records it (otherwise the sum
    // is 0 and nothing reads it). The bound is arithmetic, not a condition: PoCL 3.1 builds a
    // branch near these barriers slowly (minutes) or, under both trees, wrongly.
    const uint ll_end = first + count * p.record;
    float l = 0.0f;
    for (uint q = first + lid; q < ll_end; q += LOGREG_WG) {
        l = l + part_ll[q];
    }
    red[lid] = l;
    const float ll = tree_sum_all(red, lid);
    if (lid == 0u) {
        if (dest != FINISH_APPLY) {
            part_ll[dest] = ll;
        } else if (p.record == 1u) {
            trace[p.trace_index] = ll;
        }
    }
}

// The last-workgroup finish of a multi_group pass (p.total_slots > 0: at most
// logreg_finish_cols columns; kernels/read.cl finishes the same way), in one or two levels.
// Every work-item fences the partial stores it made and the workgroup counts itself done. With
// groups (p.finish_group > 0), the workgroup that counts itself last of its group of
// p.finish_group slots (by slot: the same groups whatever the order of finishing) sums them into
// the group's slot p.total_slots + group (finish_sums), fences that, and counts itself done on
// count[0]; without groups every workgroup counts on count[0]. The one that counts itself last
// there has every group's (or every) slot visible and sums them in order, doing logreg_reduce's
// work (the pass may be several launches, one per block of X: their workgroups count together).
// Each counter is reset by the workgroup that counted last on it. `red` holds LOGREG_WG
// floats, `finisher` two words. Call from uniform control flow, after the partial is written.
static void finish_pass(const LogregParams p, __global float *part, __global float *part_ll,
                        __global float *w, __global float *grad, __global float *trace,
                        __global volatile uint *count, __local float *red,
                        __local uint *finisher, uint lid, uint slot) {
    const uint total = p.total_slots;
    const uint fg = p.finish_group;
    const uint group = fg > 0u ? slot / fg : 0u;
    const uint groups = fg > 0u ? (total + fg - 1u) / fg : 0u;
    // PoCL (which defines POCL_DEVICE_ADDRESS_BITS) runs both levels through one loop body,
    // so the finish's sums are compiled once: PoCL 3.1 took minutes for each copy
    // (logreg_partial 290 s with two, 41 s with one; logreg_partial_reg at 33 columns 15.6 s
    // and 3.6 s), which made CI's conformance tests run for over an hour. Other compilers get
    // a call per level, each with constant arguments: one body with the arguments chosen at
    // run time cost NVIDIA's build up to x0.83 on an H200 (docs/h200/run-2026-12-03-s62).
    // Both forms do the same work in the same order; every barrier is reached by the whole
    // workgroup in both.
#ifdef POCL_DEVICE_ADDRESS_BITS
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    for (uint stage = 0u; stage < 2u; stage++) {
        barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
        if (lid == 0u) {
            uint flag = 0u;
            if (stage == 0u) {
                if (total > 0u && fg > 0u) {
                    const uint members = min(fg, total - group * fg);
                    flag = atomic_inc(&count[1u + group]) == members - 1u ? 1u : 0u;
                }
            } else if (total > 0u && (fg == 0u || finisher[0] == 1u)) {
                const uint counted = fg > 0u ? groups : total;
                flag = atomic_inc(&count[0]) == counted - 1u ? 1u : 0u;
            }
            finisher[stage] = flag;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        const uint runs = finisher[stage];
        const uint first = stage == 0u ? group * fg : (fg > 0u ? total : 0u);
        const uint n = stage == 0u ? min(fg, total - group * fg) : (fg > 0u ? groups : total);
        const uint dest = stage == 0u ? total + group : FINISH_APPLY;
        const uint counter = stage == 0u ? 1u + group : 0u;
        for (uint q = 0u; q < runs; q++) {
            mem_fence(CLK_GLOBAL_MEM_FENCE);
            finish_sums(p, part, part_ll, w, grad, trace, red, lid, first, n, dest);
            if (lid == 0u) {
                atomic_xchg(&count[counter], 0u);
            }
            mem_fence(CLK_GLOBAL_MEM_FENCE);
            barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
        }
    }
#else
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
    if (lid == 0u) {
        uint lead = 0u;
        if (total > 0u && fg > 0u) {
            const uint members = min(fg, total - group * fg);
            lead = atomic_inc(&count[1u + group]) == members - 1u ? 1u : 0u;
        }
        finisher[0] = lead;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint lead = finisher[0];
    for (uint q = 0u; q < lead; q++) {
        mem_fence(CLK_GLOBAL_MEM_FENCE);
        finish_sums(p, part, part_ll, w, grad, trace, red, lid, group * fg,
                    min(fg, total - group * fg), total + group);
        if (lid == 0u) {
            atomic_xchg(&count[1u + group], 0u);
        }
        mem_fence(CLK_GLOBAL_MEM_FENCE);
        barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0u) {
        uint last = 0u;
        if (total > 0u && (fg == 0u || lead == 1u)) {
            const uint counted = fg > 0u ? groups : total;
            last = atomic_inc(&count[0]) == counted - 1u ? 1u : 0u;
        }
        finisher[1] = last;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint finish = finisher[1];
    for (uint q = 0u; q < finish; q++) {
        mem_fence(CLK_GLOBAL_MEM_FENCE);
        finish_sums(p, part, part_ll, w, grad, trace, red, lid, fg > 0u ? total : 0u,
                    fg > 0u ? groups : total, FINISH_APPLY);
        if (lid == 0u) {
            atomic_xchg(count, 0u);
        }
    }
#endif
}

__kernel __attribute__((reqd_work_group_size(LOGREG_WG, 1, 1)))
void logreg_partial(KERNEL_ARGS) {
    __local uint finisher[2];
    __local float tile[LOGREG_TILE];
    __local float zs[LOGREG_ROWS];
    __local float red[LOGREG_WG];
    __local float wc[WEIGHT_CACHE];
    const uint lid = get_local_id(0);
    const uint wid = get_group_id(0);
    const uint s = p.slot + wid;
    const Acc acc = pass_tiles(p, x, y, w, part, tile, zs, red, wc, lid, wid, p.groups,
                               p.record == 1u, s);
    tree_columns(red, lid, acc.g, p.cols, p.lanes_g);
    if (p.cols <= LOGREG_WG && lid < p.cols) {
        part[s * p.cols + lid] = red[lid];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    red[lid] = acc.ll;
    const float ll = tree_sum_all(red, lid);
    if (lid == 0u) {
        part_ll[s] = ll;
    }
    finish_pass(p, part, part_ll, w, grad, trace, count, red, finisher, lid, s);
}

// One gradient at the current w by this single workgroup: returns the log-likelihood (0 unless
// with_ll) and leaves column j's sum in red[j] (cols <= LOGREG_WG) or part[j] (wider).
// The single-group launch protocol, shared by logreg_single and logreg_single_reg: the passes
// a launch runs (iters, plus one when it ends a run: the final log-likelihood, or the lone
// gradient) and whether iteration t records a trace entry (every `every`-th one; the last
// pass always does).
static uint single_passes(const LogregParams p) {
    return p.iters + (p.mode == 1u ? 1u : 0u);
}

static int records(const LogregParams p, uint t) {
    return p.every != 0u && t != 0u && t % p.every == 0u;
}

static float single_gradient(const LogregParams p, __global const float *restrict x, __global const float *restrict y,
                             __global const float *w, __global float *part,
                             __local float *tile, __local float *zs, __local float *red,
                             __local float *wc, uint lid, int with_ll) {
    const Acc acc = pass_tiles(p, x, y, w, part, tile, zs, red, wc, lid, 0u, 1u, with_ll, 0u);
    barrier(CLK_LOCAL_MEM_FENCE);
    red[lid] = acc.ll;
    const float ll = tree_sum_all(red, lid);
    tree_columns(red, lid, acc.g, p.cols, p.lanes_g);
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
    __local float zs[LOGREG_ROWS];
    __local float red[LOGREG_WG];
    __local float wc[WEIGHT_CACHE];
    const uint lid = get_local_id(0);
    const uint k = p.cols;
    const int narrow = k <= LOGREG_WG;
    uint recorded = p.trace_index;
    const uint passes = single_passes(p);
    for (uint i = 0u; i < passes; i++) {
        const uint t = p.slot + i;
        const int last = i == p.iters;
        const int record = last || records(p, t);
        const float ll = single_gradient(p, x, y, w, part, tile, zs, red, wc, lid, record);
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

// single_group with X in registers (seed 001: "X rows held in registers where they fit"):
// LOGREG_K columns (-D, specialised per problem), each work-item holding rows lid, lid + WG,
// ... (LOGREG_RPT of them) for the whole run. An iteration is one pass over the registers
// (scores, residuals, the work-item's gradient partials and log-likelihood) and one tree over
// the work-items in local memory. The launch protocol (slot, iters, mode, trace_index) is
// logreg_single's. Compiled only where LOGREG_K fits it (SINGLE_REG_MAX_COLS = LANE_COLS): a
// build specialised for logreg_partial_reg's wider rows would otherwise unroll its loops over
// a thousand columns (PoCL took 96 s for one build at 1024).
#if LOGREG_K <= LANE_COLS
__kernel __attribute__((reqd_work_group_size(LOGREG_WG, 1, 1)))
void logreg_single_reg(KERNEL_ARGS) {
    __local float wv[16];
    __local float red_k[LOGREG_WG * (LANE_COLS + 1u)];
    const uint lid = get_local_id(0);
    const uint n = p.row_end;
    const uint k1 = LOGREG_K + 1u;
    float xr[LOGREG_RPT * LOGREG_K];
    float yr[LOGREG_RPT];
    float valid[LOGREG_RPT];
    #pragma unroll
    for (uint m = 0u; m < LOGREG_RPT; m++) {
        const uint r = lid + m * LOGREG_WG;
        const int in_range = r < n;
        valid[m] = in_range ? 1.0f : 0.0f;
        yr[m] = in_range ? y[p.y_begin + r] : 0.0f;
        #pragma unroll
        for (uint j = 0u; j < LOGREG_K; j++) {
            xr[m * LOGREG_K + j] = in_range ? x[r * LOGREG_PITCH + j] : 0.0f;
        }
    }
    if (lid < LOGREG_K) {
        wv[lid] = w[lid];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    uint recorded = p.trace_index;
    const uint passes = single_passes(p);
    for (uint i = 0u; i < passes; i++) {
        const uint t = p.slot + i;
        const int last = i == p.iters;
        const int record = last || records(p, t);
        float wr[LOGREG_K];
        float gp[LOGREG_K];
        #pragma unroll
        for (uint j = 0u; j < LOGREG_K; j++) {
            wr[j] = wv[j];
            gp[j] = 0.0f;
        }
        float ll = 0.0f;
        #pragma unroll
        for (uint m = 0u; m < LOGREG_RPT; m++) {
            float z = 0.0f;
            #pragma unroll
            for (uint j = 0u; j < LOGREG_K; j++) {
                z = z + xr[m * LOGREG_K + j] * wr[j];
            }
            const float yv = yr[m];
            const float e = exp(-fabs(z));
            const float res = residual(z, yv, e);
            if (record) {
                ll = ll - valid[m] * loss_term(z, yv, e);
            }
            #pragma unroll
            for (uint j = 0u; j < LOGREG_K; j++) {
                gp[j] = gp[j] + res * xr[m * LOGREG_K + j];
            }
        }
        #pragma unroll
        for (uint j = 0u; j < LOGREG_K; j++) {
            red_k[lid * k1 + j] = gp[j];
        }
        red_k[lid * k1 + LOGREG_K] = ll;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint width = LOGREG_WG / 2u; width > 0u; width >>= 1u) {
            for (uint e = lid; e < width * k1; e += LOGREG_WG) {
                red_k[e] = red_k[e] + red_k[e + width * k1];
            }
            barrier(CLK_LOCAL_MEM_FENCE);
        }
        if (record && lid == 0u) {
            trace[recorded] = red_k[LOGREG_K];
        }
        recorded += record ? 1u : 0u;
        if (lid < LOGREG_K) {
            const float g = red_k[lid];
            if (!last) {
                wv[lid] = wv[lid] * p.decay + p.lr * g;
            } else if (t == 0u) {
                grad[lid] = g;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid < LOGREG_K) {
        w[lid] = wv[lid];
    }
}
#endif

// multi_group with rows in registers (-D, specialised per column count; up to LANE_COLS *
// LOGREG_WG columns, KernelParams::partial_in_registers): each row is split across LOGREG_LANES
// adjacent work-items (a power of two), each holding at most 16 of its columns (4 float4s,
// interleaved or in blocks: LANE_VEC4) with their weights, so registers stay few enough for
// several workgroups per compute unit (the bytes in flight a streaming pass needs) at every
// column count. A step covers RPS * WG / LANES rows: each lane loads its part of its RPS rows
// (WG / LANES rows apart), forms partial scores, the lanes add their partials (lane_sums), and
// each lane forms the residuals (the first lane the log-likelihood terms, when record == 1) and
// adds its columns to its gradient partials in registers, row after row; steps go in a grid
// stride, in loops every work-item runs alike (barriers or shuffles inside). The workgroup then
// adds its row slots' partials in a tree and writes one partial slot, like logreg_partial.
#define K4 ((LOGREG_K + 3u) / 4u)
#define KL ((K4 + LOGREG_LANES - 1u) / LOGREG_LANES)
// The row's float4 a lane holds as its q-th (of KL): interleaved, lane + LOGREG_LANES * q (a
// warp's lanes read adjacent float4s), when LOGREG_INTERLEAVE (-D) is 1; else blocked,
// lane * KL + q (KernelParams::partial_reg_interleave).
#if LOGREG_INTERLEAVE == 1
#define LANE_VEC4(lane, q) ((lane) + LOGREG_LANES * (q))
#else
#define LANE_VEC4(lane, q) ((lane) * KL + (q))
#endif

// Columns 4q .. 4q + 3 of a row of X (zero past LOGREG_K: a padded row's padding is zero).
static float4 row_vec4(__global const float *restrict x, uint row, uint q) {
#if LOGREG_PITCH % 4 == 0
    return ((__global const float4 *)x)[row * (LOGREG_PITCH / 4u) + q];
#else
    float v[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    #pragma unroll
    for (uint c = 0u; c < 4u; c++) {
        if (4u * q + c < LOGREG_K) {
            v[c] = x[row * LOGREG_PITCH + 4u * q + c];
        }
    }
    return (float4)(v[0], v[1], v[2], v[3]);
#endif
}

// LOGREG_SPAN (-D, chosen by the host per device): adjacent lanes whose partial scores are
// added by shuffles, a power of two; 1: none, all through local memory. NVIDIA's shfl.sync
// (inline PTX) within its 32-wide warp is the only shuffle used: NVIDIA's OpenCL has no
// subgroup extension, and cl_khr_subgroup_shuffle is not used because PoCL 6's compiler aborts
// on it in a kernel with barriers (seen on the GPU machine, 2026-11-22).
#if LOGREG_SPAN > 1
static float shuffle_xor(float v, uint m) {
    float out;
    asm volatile("shfl.sync.bfly.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=f"(out) : "f"(v), "r"(m));
    return out;
}
#endif

// Every lane of a row gets the sum of the row's LOGREG_LANES partial scores, for each of the
// step's rows, added pairwise: ((z0 + z1) + (z2 + z3)) + ... . Lanes closer than LOGREG_SPAN
// are combined by shuffles (a butterfly: no barrier); the remaining levels go through local
// memory in rounds of up to 8: each lane reads its group's partial sums and adds them pairwise
// (two barriers a round; straight code, no work-item-dependent branch between barriers, which
// PoCL compiles in time exponential in such branches). Every form adds the same pairs in the
// same order (and a pair commutes), so every lane of a row gets the same bits, on every
// device, and the WGSL twin's. Only the step's LOGREG_RPS scores are exchanged: with one row a
// step zs[1] is left as it is (the shuffle is volatile asm, which the compiler keeps even
// where its result goes unused; on the H100 a 777-column pass at 256 MiB took 0.6-1 us less
// without them, BENCHMARKS.md, session 43). Called in uniform control flow.
#define LANE_FIRST (LOGREG_LANES < LOGREG_SPAN ? LOGREG_LANES : LOGREG_SPAN)
#define LANE_PARTS (LOGREG_LANES / LANE_FIRST)
#define LANE_ROUNDS (LANE_PARTS <= 1 ? 0 : LANE_PARTS <= 8 ? 1 : LANE_PARTS <= 64 ? 2 : LANE_PARTS <= 512 ? 3 : 4)
static void lane_sums(uint lid, float zs[2], __local float *zx, __local float *zx2) {
#if LOGREG_SPAN > 1
    #pragma unroll
    for (uint m = 1u; m < LANE_FIRST; m <<= 1) {
        #pragma unroll
        for (uint h = 0u; h < LOGREG_RPS; h++) {
            zs[h] = zs[h] + shuffle_xor(zs[h], m);
        }
    }
#endif
    uint stride = LANE_FIRST;
    uint left = LANE_PARTS;
    for (uint round = 0u; round < LANE_ROUNDS; round++) {
        const uint g = left < 8u ? left : 8u;
        zx[lid] = zs[0];
        if (LOGREG_RPS > 1u) {
            zx2[lid] = zs[1];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        const uint base = lid - lid % (stride * g);
        float v0[8];
        float v1[8];
        #pragma unroll
        for (uint i = 0u; i < 8u; i++) {
            v0[i] = i < g ? zx[base + i * stride] : 0.0f;
            v1[i] = LOGREG_RPS > 1u && i < g ? zx2[base + i * stride] : 0.0f;
        }
        #pragma unroll
        for (uint m = 1u; m < 8u; m <<= 1) {
            #pragma unroll
            for (uint i = 0u; i < 8u; i += 2u * m) {
                if (i + m < g) {
                    v0[i] = v0[i] + v0[i + m];
                    v1[i] = v1[i] + v1[i + m];
                }
            }
        }
        zs[0] = v0[0];
        zs[1] = v1[0];
        barrier(CLK_LOCAL_MEM_FENCE);
        stride *= g;
        left /= g;
    }
}

// The workgroup's partial of the register-resident passes (one row shared by LOGREG_LANES
// work-items; acc4 this work-item's column partials, its first KL float4s by LANE_VEC4, zero
// after): each work-item's LANE_COLS column partials and log-likelihood (non-zero in lane 0
// only) go to red_k, and the step_rows row slots (work-items LOGREG_LANES apart) are added in
// a tree, slot s and slot s + width; slot 0 then holds lane l's sums at
// red_k[l * (LANE_COLS + 1) ..]. Called in uniform control flow.
static void write_partial(uint lid, uint slot, float4 acc4[4], float ll, __local float *red_k,
                          __global float *part, __global float *part_ll) {
    const uint step_rows = LOGREG_WG / LOGREG_LANES;
    const uint stride = LANE_COLS + 1u;
    barrier(CLK_LOCAL_MEM_FENCE);
    #pragma unroll
    for (uint q = 0u; q < 4u; q++) {
        const float4 v = acc4[q];
        red_k[lid * stride + 4u * q] = v.x;
        red_k[lid * stride + 4u * q + 1u] = v.y;
        red_k[lid * stride + 4u * q + 2u] = v.z;
        red_k[lid * stride + 4u * q + 3u] = v.w;
    }
    red_k[lid * stride + LANE_COLS] = ll;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint width = step_rows / 2u; width > 0u; width >>= 1u) {
        const uint upper = width * LOGREG_LANES * stride;
        for (uint e = lid; e < upper; e += LOGREG_WG) {
            red_k[e] = red_k[e] + red_k[e + upper];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (uint e = lid; e < LOGREG_LANES * LANE_COLS; e += LOGREG_WG) {
        const uint l = e / LANE_COLS;
        const uint q = e % LANE_COLS;
        const uint col = 4u * LANE_VEC4(l, q / 4u) + q % 4u;
        if (q < 4u * KL && col < LOGREG_K) {
            part[slot * LOGREG_K + col] = red_k[l * stride + q];
        }
    }
    if (lid == 0u) {
        part_ll[slot] = red_k[LANE_COLS];
    }
}

// One step's loads in logreg_partial_reg, the twin of the WGSL reg_step: the lane's float4s
// of the step's LOGREG_RPS rows from `base` (relative to p.row_begin; zero out of range) into
// xr[h * KL + q], and their labels into yr[h] (a row out of range reads the first label,
// never used).
static void reg_step(const LogregParams p, __global const float *restrict x,
                     __global const float *restrict y, uint base, uint rows, uint lane,
                     uint row_in_step, float4 *xr, float *yr) {
    const uint step_rows = LOGREG_WG / LOGREG_LANES;
    #pragma unroll
    for (uint h = 0u; h < LOGREG_RPS; h++) {
        const uint r = base + h * step_rows + row_in_step;
        const int active = r < rows;
        yr[h] = y[p.y_begin + (active ? r : 0u)];
        #pragma unroll
        for (uint q = 0u; q < KL; q++) {
            const uint g = LANE_VEC4(lane, q);
            xr[h * KL + q] = active && g < K4 ? row_vec4(x, p.row_begin + r, g) : (float4)(0.0f);
        }
    }
}

// The loaded step (xn, yn) becomes the one the step uses (xr, yr).
static void take_step(const float4 *xn, const float *yn, float4 *xr, float *yr) {
    #pragma unroll
    for (uint h = 0u; h < LOGREG_RPS; h++) {
        yr[h] = yn[h];
        #pragma unroll
        for (uint q = 0u; q < KL; q++) {
            xr[h * KL + q] = xn[h * KL + q];
        }
    }
}

__kernel __attribute__((reqd_work_group_size(LOGREG_WG, 1, 1)))
void logreg_partial_reg(KERNEL_ARGS) {
    __local float zx[LOGREG_WG];
    __local float zx2[LOGREG_WG];
    __local float red_k[LOGREG_WG * (LANE_COLS + 1u)];
    __local uint finisher[2];
    const uint lid = get_local_id(0);
    const uint wid = get_group_id(0);
    const uint slot = p.slot + wid;
    const uint lane = lid % LOGREG_LANES;
    const uint row_in_step = lid / LOGREG_LANES;
    const uint step_rows = LOGREG_WG / LOGREG_LANES;
    // The lane's weights (its float4s, LANE_VEC4), zero past LOGREG_K.
    float4 wr[KL];
    float4 acc[KL];
    #pragma unroll
    for (uint q = 0u; q < KL; q++) {
        float v[4] = {0.0f, 0.0f, 0.0f, 0.0f};
        #pragma unroll
        for (uint c = 0u; c < 4u; c++) {
            const uint j = 4u * LANE_VEC4(lane, q) + c;
            if (j < LOGREG_K) {
                v[c] = w[j];
            }
        }
        wr[q] = (float4)(v[0], v[1], v[2], v[3]);
        acc[q] = (float4)(0.0f);
    }
    float ll = 0.0f;
    const uint rows = p.row_end - p.row_begin;
    const uint big_step = LOGREG_RPS * step_rows;
    const uint stride = p.groups * big_step;
    // The step's rows and labels (xr, yr). With LOGREG_PIPELINE each step first issues the
    // next step's loads (rows `stride` further, zero past the end), then uses its own, loaded
    // one step earlier; the first step's are loaded before the loop. The same terms are added
    // in the same order either way.
    float4 xr[LOGREG_RPS * KL];
    float yr[LOGREG_RPS];
    if (LOGREG_PIPELINE == 1) {
        reg_step(p, x, y, wid * big_step, rows, lane, row_in_step, xr, yr);
    }
    for (uint base = wid * big_step; base < rows; base += stride) {
        // Every load of a step first (bytes in flight), then the scores' exchange.
        float4 xn[LOGREG_RPS * KL];
        float yn[LOGREG_RPS];
        reg_step(p, x, y, LOGREG_PIPELINE == 1 ? base + stride : base, rows, lane, row_in_step,
                 xn, yn);
        if (LOGREG_PIPELINE == 0) {
            take_step(xn, yn, xr, yr);
        }
        float zs[2] = {0.0f, 0.0f};
        #pragma unroll
        for (uint h = 0u; h < LOGREG_RPS; h++) {
            float z = 0.0f;
            #pragma unroll
            for (uint q = 0u; q < KL; q++) {
                if (LANE_VEC4(lane, q) < K4) {
                    z = z + dot(xr[h * KL + q], wr[q]);
                }
            }
            zs[h] = z;
        }
        lane_sums(lid, zs, zx, zx2);
        // Two rows a step, both in range: their residuals in one block with no test a row, so
        // the two rows' exp and division chains overlap (as the four-rows pass's full quads do);
        // the same terms added in the same order as the loop below.
#if LOGREG_RPS == 2
        if (base + step_rows + row_in_step < rows) {
            float e[2];
            float res[2];
            #pragma unroll
            for (uint h = 0u; h < 2u; h++) {
                e[h] = exp(-fabs(zs[h]));
                res[h] = residual(zs[h], yr[h], e[h]);
            }
            if (p.record == 1u && lane == 0u) {
                ll = ll - loss_term(zs[0], yr[0], e[0]);
                ll = ll - loss_term(zs[1], yr[1], e[1]);
            }
            #pragma unroll
            for (uint h = 0u; h < 2u; h++) {
                #pragma unroll
                for (uint q = 0u; q < KL; q++) {
                    acc[q] = acc[q] + res[h] * xr[h * KL + q];
                }
            }
        } else
#endif
        {
            #pragma unroll
            for (uint h = 0u; h < LOGREG_RPS; h++) {
                const uint r = base + h * step_rows + row_in_step;
                if (r < rows) {
                    const float z = zs[h];
                    const float yv = yr[h];
                    const float e = exp(-fabs(z));
                    const float res = residual(z, yv, e);
                    if (p.record == 1u && lane == 0u) {
                        ll = ll - loss_term(z, yv, e);
                    }
                    #pragma unroll
                    for (uint q = 0u; q < KL; q++) {
                        acc[q] = acc[q] + res * xr[h * KL + q];
                    }
                }
            }
        }
        if (LOGREG_PIPELINE == 1) {
            take_step(xn, yn, xr, yr);
        }
    }
    float4 acc4[4];
    #pragma unroll
    for (uint q = 0u; q < 4u; q++) {
        acc4[q] = (float4)(0.0f);
        #pragma unroll
        for (uint m = 0u; m < KL; m++) {
            if (m == q) {
                acc4[q] = acc[m];
            }
        }
    }
    write_partial(lid, slot, acc4, ll, red_k, part, part_ll);
    finish_pass(p, part, part_ll, w, grad, trace, count, red_k, finisher, lid, slot);
}

// logreg_partial_quad: rows of at most 8 floats (LOGREG_PITCH <= 8, one lane per row). Each
// work-item takes 4 consecutive rows at a time: they are LOGREG_PITCH whole float4s of X,
// aligned (4 rows start at a multiple of 4 * LOGREG_PITCH floats), read with their 4 labels
// before any is used, LOGREG_RPS such quads per step. Works in the quad's flat layout: element
// f of the quad is row f / LOGREG_PITCH, column f % LOGREG_PITCH. Compiled only for such rows.
#if LOGREG_PITCH <= 8 && LOGREG_LANES == 1
__kernel __attribute__((reqd_work_group_size(LOGREG_WG, 1, 1)))
void logreg_partial_quad(KERNEL_ARGS) {
    __local float red_k[LOGREG_WG * (LANE_COLS + 1u)];
    __local uint finisher[2];
    const uint lid = get_local_id(0);
    const uint wid = get_group_id(0);
    const uint slot = p.slot + wid;
    // The weights in the flat layout (zero at padding columns).
    float wf[4 * LOGREG_PITCH];
    float acc[4 * LOGREG_PITCH];
    #pragma unroll
    for (uint f = 0u; f < 4u * LOGREG_PITCH; f++) {
        const uint col = f % LOGREG_PITCH;
        wf[f] = col < LOGREG_K ? w[col] : 0.0f;
        acc[f] = 0.0f;
    }
    float ll = 0.0f;
    const uint first = p.row_begin / 4u;
    const uint quads = (p.row_end + 3u) / 4u - first;
    const uint big_step = LOGREG_RPS * LOGREG_WG;
    __global const float4 *x4 = (__global const float4 *)x;
    for (uint base = wid * big_step; base < quads; base += p.groups * big_step) {
        float xr[LOGREG_RPS * 4 * LOGREG_PITCH];
        float yq[LOGREG_RPS * 4];
        #pragma unroll
        for (uint h = 0u; h < LOGREG_RPS; h++) {
            const uint qi = base + h * LOGREG_WG + lid;
            const uint r0 = 4u * (first + qi);
            // qi < quads exactly when r0 < row_end: the row tests below cover it.
            const int full = r0 >= p.row_begin && r0 + 4u <= p.row_end;
            #pragma unroll
            for (uint q = 0u; q < LOGREG_PITCH; q++) {
                float4 v = (float4)(0.0f);
                if (full) {
                    v = x4[(first + qi) * LOGREG_PITCH + q];
                } else {
                    float s[4] = {0.0f, 0.0f, 0.0f, 0.0f};
                    #pragma unroll
                    for (uint c = 0u; c < 4u; c++) {
                        const uint row = r0 + (4u * q + c) / LOGREG_PITCH;
                        if (row >= p.row_begin && row < p.row_end) {
                            s[c] = x[r0 * LOGREG_PITCH + 4u * q + c];
                        }
                    }
                    v = (float4)(s[0], s[1], s[2], s[3]);
                }
                const uint f = h * 4u * LOGREG_PITCH + 4u * q;
                xr[f] = v.x;
                xr[f + 1u] = v.y;
                xr[f + 2u] = v.z;
                xr[f + 3u] = v.w;
            }
            // A full quad's labels are 4 consecutive floats: one float4 where they are aligned
            // (y_begin - row_begin a multiple of 4; r0 is), else one float at a time. The same
            // values as the WGSL twin's, which reads them one at a time (it has no float4 view
            // of the labels; four loads without the range tests ran 1-2 % slower through wgpu,
            // BENCHMARKS.md, session 45). On the H200, x1.05 at 1-2 columns.
            if (full && ((p.y_begin - p.row_begin) & 3u) == 0u) {
                const float4 y4 = *((__global const float4 *)(y + (p.y_begin + r0 - p.row_begin)));
                yq[4u * h] = y4.x;
                yq[4u * h + 1u] = y4.y;
                yq[4u * h + 2u] = y4.z;
                yq[4u * h + 3u] = y4.w;
            } else {
                #pragma unroll
                for (uint i = 0u; i < 4u; i++) {
                    const uint row = r0 + i;
                    yq[4u * h + i] = row >= p.row_begin && row < p.row_end
                                         ? y[p.y_begin + row - p.row_begin]
                                         : 0.0f;
                }
            }
        }
        #pragma unroll
        for (uint h = 0u; h < LOGREG_RPS; h++) {
            const uint qi = base + h * LOGREG_WG + lid;
            const uint r0 = 4u * (first + qi);
            float z[4] = {0.0f, 0.0f, 0.0f, 0.0f};
            #pragma unroll
            for (uint f = 0u; f < 4u * LOGREG_PITCH; f++) {
                z[f / LOGREG_PITCH] = z[f / LOGREG_PITCH] + xr[h * 4u * LOGREG_PITCH + f] * wf[f];
            }
            float res[4] = {0.0f, 0.0f, 0.0f, 0.0f};
            if (r0 >= p.row_begin && r0 + 4u <= p.row_end) {
                // A full quad: no test a row, so the four rows' exp and division chains are
                // one block the compiler interleaves (with a test each they ran one after
                // another). The same terms in the same order as below.
                float e[4];
                #pragma unroll
                for (uint i = 0u; i < 4u; i++) {
                    e[i] = exp(-fabs(z[i]));
                    res[i] = residual(z[i], yq[4u * h + i], e[i]);
                }
                if (p.record == 1u) {
                    #pragma unroll
                    for (uint i = 0u; i < 4u; i++) {
                        ll = ll - loss_term(z[i], yq[4u * h + i], e[i]);
                    }
                }
            } else {
                #pragma unroll
                for (uint i = 0u; i < 4u; i++) {
                    const uint row = r0 + i;
                    if (row >= p.row_begin && row < p.row_end) {
                        const float e = exp(-fabs(z[i]));
                        res[i] = residual(z[i], yq[4u * h + i], e);
                        if (p.record == 1u) {
                            ll = ll - loss_term(z[i], yq[4u * h + i], e);
                        }
                    }
                }
            }
            #pragma unroll
            for (uint f = 0u; f < 4u * LOGREG_PITCH; f++) {
                acc[f] = acc[f] + res[f / LOGREG_PITCH] * xr[h * 4u * LOGREG_PITCH + f];
            }
        }
    }
    // The columns' partials: flat element f adds to column f % LOGREG_PITCH.
    float cols[16] = {0.0f};
    #pragma unroll
    for (uint f = 0u; f < 4u * LOGREG_PITCH; f++) {
        cols[f % LOGREG_PITCH] = cols[f % LOGREG_PITCH] + acc[f];
    }
    float4 acc4[4];
    #pragma unroll
    for (uint q = 0u; q < 4u; q++) {
        acc4[q] = (float4)(cols[4u * q], cols[4u * q + 1u], cols[4u * q + 2u], cols[4u * q + 3u]);
    }
    write_partial(lid, slot, acc4, ll, red_k, part, part_ll);
    finish_pass(p, part, part_ll, w, grad, trace, count, red_k, finisher, lid, slot);
}
#endif
