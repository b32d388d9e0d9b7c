// Arg-min and arg-max (seed 004): the value and index of the smallest / largest element,
// optionally among the elements a mask selects. The twin of shaders/argext.wgsl.
//
// Elements are compared as order-preserving integer keys of their bits, never as floats
// (OpenCL's min/max are undefined on NaN), so the answer is the same under fast-math or
// flush-to-zero: the smaller key wins, ties go to the lower index, NaN has key 0 (the first
// NaN wins), -0.0 maps onto +0.0, a masked-out element has the identity key 0xffffffff.
// select() instead of branches, keys and indices as separate arrays (structure of arrays).
//
// Pass 1 (<op>_partial): each workgroup walks its chunk with a grid stride, REDUCE_UNROLL
// uint4 loads in flight per work-item, keeps (key, index) per work-item, reduces them in a
// tree in local memory and writes one partial: key, index and the winner's raw bits.
// Pass 2 (arg_final): one workgroup reduces the partials of every chunk, or, by default, the
// last workgroup of pass 1 does it in the same launch (finish_if_last below).
// REDUCE_WG and REDUCE_UNROLL come from the build options (-D), defined once in duet-core, and
// ReduceParams (the scalar arguments) from its kernel_args.rs.


static uint4 keys(uint4 b, int is_max) {
    const int4 nan = (b & (uint4)(0x7fffffffu)) > (uint4)(0x7f800000u);
    const uint4 c = select(b, (uint4)(0u), b == (uint4)(0x80000000u));
    const int4 negative = (c & (uint4)(0x80000000u)) != (uint4)(0u);
    const uint4 ascending = select(c | (uint4)(0x80000000u), ~c, negative);
    const uint4 k = is_max ? ~ascending : ascending;
    return select(k, (uint4)(0u), nan);
}

static int4 selected(uint4 m, uint mask_kind) {
    const uint4 bits = mask_kind == 1u ? (m & (uint4)(0x7fffffffu)) : m;
    return bits != (uint4)(0u);
}

// The four keys of one uint4 at element index `base`, in index order: the strict comparison
// keeps the earlier index on a tie.
static void take4(uint *best_key, uint *best_idx, uint4 k, uint base) {
    const uint lanes[4] = {k.x, k.y, k.z, k.w};
    for (uint c = 0u; c < 4u; c++) {
        const int better = lanes[c] < *best_key;
        *best_key = select(*best_key, lanes[c], better);
        *best_idx = select(*best_idx, base + c, better);
    }
}

static uint4 chunk_keys(__global const uint4 *v, __global const uint4 *mask, uint j,
                        int is_max, int masked, uint mask_kind) {
    const uint4 k = keys(v[j], is_max);
    if (masked) {
        return select((uint4)(ARG_IDENTITY), k, selected(mask[j], mask_kind));
    }
    return k;
}

static void better_of(uint *key, uint *idx, uint other_key, uint other_idx) {
    const int take = other_key < *key || (other_key == *key && other_idx < *idx);
    *key = select(*key, other_key, take);
    *idx = select(*idx, other_idx, take);
}

static void tree(__local uint *tree_key, __local uint *tree_idx, uint lid, uint *key, uint *idx) {
    tree_key[lid] = *key;
    tree_idx[lid] = *idx;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint off = REDUCE_WG / 2u; off > 0u; off >>= 1u) {
        if (lid < off) {
            uint k = tree_key[lid];
            uint i = tree_idx[lid];
            better_of(&k, &i, tree_key[lid + off], tree_idx[lid + off]);
            tree_key[lid] = k;
            tree_idx[lid] = i;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    *key = tree_key[0];
    *idx = tree_idx[0];
}

static void partial_pass(__global const uint4 *v, __global const uint4 *mask,
                         __global uint *part_key, __global uint *part_idx, __global uint *part_bits,
                         uint len, uint slot, uint groups, uint start, uint mask_kind,
                         int is_max, int masked,
                         __local uint *tree_key, __local uint *tree_idx) {
    const uint lid = get_local_id(0);
    const uint wid = get_group_id(0);
    const uint n4 = len / 4u;
    const uint stride = groups * REDUCE_WG;
    uint key = ARG_IDENTITY;
    uint idx = ARG_IDENTITY;
    uint i = wid * REDUCE_WG + lid;
    const uint span = (REDUCE_UNROLL - 1u) * stride;
    while (i + span < n4) {
        for (uint u = 0u; u < REDUCE_UNROLL; u++) {
            const uint j = i + u * stride;
            take4(&key, &idx, chunk_keys(v, mask, j, is_max, masked, mask_kind), start + 4u * j);
        }
        i += REDUCE_UNROLL * stride;
    }
    while (i < n4) {
        take4(&key, &idx, chunk_keys(v, mask, i, is_max, masked, mask_kind), start + 4u * i);
        i += stride;
    }
    // The last 1-3 elements (the buffer is padded to whole uint4s): lanes past the end get
    // the identity key. This work-item's other elements all have lower indices.
    const uint rem = len % 4u;
    if (rem != 0u && wid == 0u && lid == 0u) {
        const uint4 k = chunk_keys(v, mask, n4, is_max, masked, mask_kind);
        const int4 past = (uint4)(0u, 1u, 2u, 3u) >= (uint4)(rem);
        take4(&key, &idx, select(k, (uint4)(ARG_IDENTITY), past), start + 4u * n4);
    }
    tree(tree_key, tree_idx, lid, &key, &idx);
    if (lid == 0u) {
        const uint s = slot + wid;
        part_key[s] = key;
        part_idx[s] = idx;
        uint bits = 0u;
        if (idx != ARG_IDENTITY) {
            const uint local_index = idx - start;
            bits = ((__global const uint *)v)[local_index];
        }
        part_bits[s] = bits;
    }
}

// Pass 2: reduces `len` partial slots into result = (key, index, bits). Read through volatile
// pointers: in the last-workgroup finish below, the partials were written by other
// workgroups, and a cached line from an earlier call must not be reused.
static void final_reduce(__global volatile const uint *part_key, __global volatile const uint *part_idx,
                         __global volatile const uint *part_bits, __global uint *result, uint len,
                         __local uint *tree_key, __local uint *tree_idx) {
    const uint lid = get_local_id(0);
    uint key = ARG_IDENTITY;
    uint idx = ARG_IDENTITY;
    for (uint s = lid; s < len; s += REDUCE_WG) {
        better_of(&key, &idx, part_key[s], part_idx[s]);
    }
    tree(tree_key, tree_idx, lid, &key, &idx);
    if (lid == 0u) {
        result[0] = key;
        result[1] = idx;
        if (idx == ARG_IDENTITY) {
            result[2] = 0u;
        }
    }
    // Each element belongs to exactly one workgroup's partial, so exactly one slot holds the
    // winning index: its work-item writes the winner's bits.
    if (idx != ARG_IDENTITY) {
        for (uint s = lid; s < len; s += REDUCE_WG) {
            if (part_idx[s] == idx) {
                result[2] = part_bits[s];
            }
        }
    }
}

// The last-workgroup finish (when `total` > 0): after its partial is written, each workgroup
// fences and counts itself done; the workgroup that counts last reduces every partial in the
// same launch, saving the second kernel launch (on NVIDIA's OpenCL that launch alone costs
// more than the first pass at 2^20 elements), and resets the counter for the next call.
// OpenCL C 1.2 orders a store before an atomic with mem_fence. The WGSL twin does the same
// with storageBarrier where that is a device-scope fence, and runs arg_final as a second pass
// elsewhere (Metal); so does this file when `total` is 0 (the arg_last_group = 0 parameter).
static void finish_if_last(__global uint *part_key, __global uint *part_idx,
                           __global uint *part_bits, __global volatile uint *count,
                           __global uint *result, uint total, __local uint *last,
                           __local uint *tree_key, __local uint *tree_idx) {
    const uint lid = get_local_id(0);
    if (lid == 0u) {
        uint is_last = 0u;
        if (total > 0u) {
            mem_fence(CLK_GLOBAL_MEM_FENCE);
            is_last = atomic_inc(count) == total - 1u ? 1u : 0u;
        }
        *last = is_last;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint finish = *last;
    // A loop of zero or one trip rather than an if: barriers stay out of conditionals.
    for (uint q = 0u; q < finish; q++) {
        mem_fence(CLK_GLOBAL_MEM_FENCE);
        final_reduce(part_key, part_idx, part_bits, result, total, tree_key, tree_idx);
        if (lid == 0u) {
            atomic_xchg(count, 0u);
        }
    }
}

#define FINISH_ARGS __global volatile uint *count, __global uint *restrict result, \
                    const ReduceParams p
#define PARTIAL_ARGS __global const uint4 *restrict v, __global uint *restrict part_key, \
                     __global uint *restrict part_idx, __global uint *restrict part_bits, \
                     FINISH_ARGS
#define MASKED_ARGS __global const uint4 *restrict v, __global const uint4 *restrict mask, \
                    __global uint *restrict part_key, __global uint *restrict part_idx, \
                    __global uint *restrict part_bits, FINISH_ARGS

#define PARTIAL_BODY(MASK, KIND, IS_MAX, MASKED) \
    UNPACK_ReduceParams(p) \
    __local uint tree_key[REDUCE_WG]; \
    __local uint tree_idx[REDUCE_WG]; \
    __local uint last; \
    partial_pass(v, MASK, part_key, part_idx, part_bits, len, slot, groups, start, KIND, \
                 IS_MAX, MASKED, tree_key, tree_idx); \
    finish_if_last(part_key, part_idx, part_bits, count, result, total_slots, &last, tree_key, \
                   tree_idx);

__kernel __attribute__((reqd_work_group_size(REDUCE_WG, 1, 1)))
void argmin_partial(PARTIAL_ARGS) {
    PARTIAL_BODY(v, 0u, 0, 0)
}

__kernel __attribute__((reqd_work_group_size(REDUCE_WG, 1, 1)))
void argmax_partial(PARTIAL_ARGS) {
    PARTIAL_BODY(v, 0u, 1, 0)
}

__kernel __attribute__((reqd_work_group_size(REDUCE_WG, 1, 1)))
void argmin_masked_partial(MASKED_ARGS) {
    PARTIAL_BODY(mask, mask_kind, 0, 1)
}

__kernel __attribute__((reqd_work_group_size(REDUCE_WG, 1, 1)))
void argmax_masked_partial(MASKED_ARGS) {
    PARTIAL_BODY(mask, mask_kind, 1, 1)
}

__kernel __attribute__((reqd_work_group_size(REDUCE_WG, 1, 1)))
void arg_final(__global const uint *restrict part_key, __global const uint *restrict part_idx,
               __global const uint *restrict part_bits, __global uint *restrict result,
               const ReduceParams p) {
    UNPACK_ReduceParams(p)
    __local uint tree_key[REDUCE_WG];
    __local uint tree_idx[REDUCE_WG];
    final_reduce(part_key, part_idx, part_bits, result, len, tree_key, tree_idx);
}
