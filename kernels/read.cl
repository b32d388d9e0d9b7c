// The streaming read kernel: sum of an f32 vector in one pass over memory.
//
// Pass 1 (read_partial): each workgroup walks the chunk with a grid stride, REDUCE_UNROLL
// float4 loads in flight per work-item, sums in float, reduces its work-items in a tree in
// local memory and writes one partial sum. Pass 2 (read_final): one workgroup sums the
// partials of every chunk, or, by default on OpenCL, the last workgroup of pass 1 does (see
// read_partial). The twin of shaders/read.wgsl: same entry points, same order of sums.
// REDUCE_WG and REDUCE_UNROLL come from the build options (-D), defined once in duet-core, and
// ReduceParams (the scalar arguments) from its kernel_args.rs.

static float tree_sum(__local float *tree, uint lid, float x) {
    tree[lid] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint off = REDUCE_WG / 2u; off > 0u; off >>= 1u) {
        if (lid < off) {
            tree[lid] = tree[lid] + tree[lid + off];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    return tree[0];
}

// Pass 2 over `len` partials, read through a volatile pointer (see finish below).
static void final_sum(__global volatile const float *partials, __global float *result, uint len,
                      __local float *tree) {
    const uint lid = get_local_id(0);
    float s = 0.0f;
    for (uint i = lid; i < len; i += REDUCE_WG) {
        s = s + partials[i];
    }
    const float total = tree_sum(tree, lid, s);
    if (lid == 0u) {
        result[0] = total;
    }
}

__kernel __attribute__((reqd_work_group_size(REDUCE_WG, 1, 1)))
void read_partial(__global const float4 *restrict v, __global float *restrict partials,
                  __global volatile uint *count, __global float *restrict result,
                  const ReduceParams p) {
    UNPACK_ReduceParams(p)
    __local float tree[REDUCE_WG];
    __local uint last;
    const uint lid = get_local_id(0);
    const uint wid = get_group_id(0);
    const uint n4 = len / 4u;
    const uint stride = groups * REDUCE_WG;
    float4 acc = (float4)(0.0f);
    uint i = wid * REDUCE_WG + lid;
    const uint span = (REDUCE_UNROLL - 1u) * stride;
    while (i + span < n4) {
        for (uint u = 0u; u < REDUCE_UNROLL; u++) {
            acc = acc + v[i + u * stride];
        }
        i += REDUCE_UNROLL * stride;
    }
    while (i < n4) {
        acc = acc + v[i];
        i += stride;
    }
    float s = (acc.x + acc.y) + (acc.z + acc.w);
    const uint rem = len % 4u;
    if (rem != 0u && wid == 0u && lid == 0u) {
        const float4 t = v[n4];
        const float lanes[4] = {t.x, t.y, t.z, t.w};
        for (uint c = 0u; c < rem; c++) {
            s = s + lanes[c];
        }
    }
    const float total = tree_sum(tree, lid, s);
    if (lid == 0u) {
        partials[slot + wid] = total;
    }
    // The last-workgroup finish (when total_slots > 0; see kernels/argext.cl, which does the
    // same): the workgroup that counts itself done last sums every partial in this launch, as
    // the WGSL twin does where its storageBarrier is a device-scope fence.
    if (lid == 0u) {
        uint is_last = 0u;
        if (total_slots > 0u) {
            mem_fence(CLK_GLOBAL_MEM_FENCE);
            is_last = atomic_inc(count) == total_slots - 1u ? 1u : 0u;
        }
        last = is_last;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint finish = last;
    for (uint q = 0u; q < finish; q++) {
        mem_fence(CLK_GLOBAL_MEM_FENCE);
        final_sum(partials, result, total_slots, tree);
        if (lid == 0u) {
            atomic_xchg(count, 0u);
        }
    }
}

__kernel __attribute__((reqd_work_group_size(REDUCE_WG, 1, 1)))
void read_final(__global const float *restrict partials, __global float *restrict result,
                const ReduceParams p) {
    UNPACK_ReduceParams(p)
    __local float tree[REDUCE_WG];
    final_sum(partials, result, len, tree);
}
