// Arg-min and arg-max (seed 004): the value and index of the smallest / largest element,
// optionally among the elements a mask selects. The twin of kernels/argext.cl.
//
// Elements are compared as order-preserving integer keys of their bits, never as floats, so
// the answer is the same under fast-math, flush-to-zero or a compiler that assumes no NaN
// (WGSL may): the smaller key wins, ties go to the lower index, NaN has key 0 (the first NaN
// wins), -0.0 maps onto +0.0, a masked-out element has the identity key 0xffffffff. See
// duet_core::ops::argext::key, which the tests compare against this.
//
// Pass 1 (`<op>_partial`): each workgroup walks its chunk with a grid stride, REDUCE_UNROLL
// vec4 loads in flight per work-item, keeps (key, index) per work-item, reduces them in a tree
// in workgroup memory (keys and indices as separate arrays) and writes one partial: key, index
// and the winning element's raw bits. Pass 2 (`arg_final`): one workgroup reduces the partials
// of every chunk and writes (key, index, bits), or, where the adapter's storageBarrier is a
// device-scope fence, the last workgroup of pass 1 does (as in shaders/read.wgsl).

override REDUCE_WG: u32;
override REDUCE_UNROLL: u32;

override ARG_IDENTITY: u32;

// The arguments: ReduceParams, declared once in duet-core's kernel_args.rs (appended to this
// source when it is built).

var<immediate> p: ReduceParams;

@group(0) @binding(0) var<storage, read> v: array<vec4<u32>>;
@group(0) @binding(1) var<storage, read> mask: array<vec4<u32>>;
// The partials, atomic so that the last workgroup's loads read what other workgroups stored.
@group(0) @binding(2) var<storage, read_write> part_key: array<atomic<u32>>;
@group(0) @binding(3) var<storage, read_write> part_idx: array<atomic<u32>>;
@group(0) @binding(4) var<storage, read_write> part_bits: array<atomic<u32>>;
@group(0) @binding(5) var<storage, read_write> result: array<u32>;
// The last-workgroup finish's counter: zero between calls (the last workgroup resets it).
@group(0) @binding(6) var<storage, read_write> count: array<atomic<u32>>;

var<workgroup> tree_key: array<u32, REDUCE_WG>;
var<workgroup> tree_idx: array<u32, REDUCE_WG>;
var<workgroup> last: u32;

struct Best {
    key: u32,
    idx: u32,
}

fn keys(b: vec4<u32>, is_max: bool) -> vec4<u32> {
    let nan = (b & vec4<u32>(0x7fffffffu)) > vec4<u32>(0x7f800000u);
    let c = select(b, vec4<u32>(0u), b == vec4<u32>(0x80000000u));
    let negative = (c & vec4<u32>(0x80000000u)) != vec4<u32>(0u);
    let ascending = select(c | vec4<u32>(0x80000000u), ~c, negative);
    let k = select(ascending, ~ascending, is_max);
    return select(k, vec4<u32>(0u), nan);
}

fn selected(m: vec4<u32>) -> vec4<bool> {
    let bits = select(m, m & vec4<u32>(0x7fffffffu), p.mask_kind == 1u);
    return bits != vec4<u32>(0u);
}

// The four keys of one vec4 at element index `base`, in index order: the strict comparison
// keeps the earlier index on a tie.
fn take4(best: Best, k: vec4<u32>, base: u32) -> Best {
    var b = best;
    for (var c = 0u; c < 4u; c = c + 1u) {
        let better = k[c] < b.key;
        b.key = select(b.key, k[c], better);
        b.idx = select(b.idx, base + c, better);
    }
    return b;
}

fn chunk_keys(j: u32, is_max: bool, masked: bool) -> vec4<u32> {
    let k = keys(v[j], is_max);
    if (masked) {
        return select(vec4<u32>(ARG_IDENTITY), k, selected(mask[j]));
    }
    return k;
}

fn better_of(a: Best, b: Best) -> Best {
    let take_b = b.key < a.key || (b.key == a.key && b.idx < a.idx);
    return Best(select(a.key, b.key, take_b), select(a.idx, b.idx, take_b));
}

fn tree(lid: u32, mine: Best) -> Best {
    tree_key[lid] = mine.key;
    tree_idx[lid] = mine.idx;
    workgroupBarrier();
    for (var off = REDUCE_WG / 2u; off > 0u; off = off >> 1u) {
        if (lid < off) {
            let w = better_of(Best(tree_key[lid], tree_idx[lid]),
                              Best(tree_key[lid + off], tree_idx[lid + off]));
            tree_key[lid] = w.key;
            tree_idx[lid] = w.idx;
        }
        workgroupBarrier();
    }
    return Best(tree_key[0], tree_idx[0]);
}

fn partial_pass(lid: u32, wid: u32, is_max: bool, masked: bool) {
    let n4 = p.len / 4u;
    let stride = p.groups * REDUCE_WG;
    var best = Best(ARG_IDENTITY, ARG_IDENTITY);
    var i = wid * REDUCE_WG + lid;
    let span = (REDUCE_UNROLL - 1u) * stride;
    while (i + span < n4) {
        for (var u = 0u; u < REDUCE_UNROLL; u = u + 1u) {
            let j = i + u * stride;
            best = take4(best, chunk_keys(j, is_max, masked), p.start + 4u * j);
        }
        i = i + REDUCE_UNROLL * stride;
    }
    while (i < n4) {
        best = take4(best, chunk_keys(i, is_max, masked), p.start + 4u * i);
        i = i + stride;
    }
    // The last 1-3 elements (the buffer is padded to whole vec4s): lanes past the end get the
    // identity key. This work-item's other elements all have lower indices.
    let rem = p.len % 4u;
    if (rem != 0u && wid == 0u && lid == 0u) {
        let k = chunk_keys(n4, is_max, masked);
        let past = vec4<u32>(0u, 1u, 2u, 3u) >= vec4<u32>(rem);
        best = take4(best, select(k, vec4<u32>(ARG_IDENTITY), past), p.start + 4u * n4);
    }
    let w = tree(lid, best);
    if (lid == 0u) {
        let s = p.slot + wid;
        atomicStore(&part_key[s], w.key);
        atomicStore(&part_idx[s], w.idx);
        var bits = 0u;
        if (w.idx != ARG_IDENTITY) {
            let local = w.idx - p.start;
            bits = v[local / 4u][local % 4u];
        }
        atomicStore(&part_bits[s], bits);
    }
    // The last-workgroup finish (when total_slots > 0), as in shaders/read.wgsl.
    if (p.total_slots > 0u) {
        storageBarrier();
        if (lid == 0u) {
            last = select(0u, 1u, atomicAdd(&count[0], 1u) == p.total_slots - 1u);
        }
        if (workgroupUniformLoad(&last) == 1u) {
            storageBarrier();
            final_pass(lid, p.total_slots);
            if (lid == 0u) {
                atomicStore(&count[0], 0u);
            }
        }
    }
}

@compute @workgroup_size(REDUCE_WG)
fn argmin_partial(@builtin(local_invocation_id) lid: vec3<u32>,
                  @builtin(workgroup_id) wid: vec3<u32>) {
    partial_pass(lid.x, wid.x, false, false);
}

@compute @workgroup_size(REDUCE_WG)
fn argmax_partial(@builtin(local_invocation_id) lid: vec3<u32>,
                  @builtin(workgroup_id) wid: vec3<u32>) {
    partial_pass(lid.x, wid.x, true, false);
}

@compute @workgroup_size(REDUCE_WG)
fn argmin_masked_partial(@builtin(local_invocation_id) lid: vec3<u32>,
                         @builtin(workgroup_id) wid: vec3<u32>) {
    partial_pass(lid.x, wid.x, false, true);
}

@compute @workgroup_size(REDUCE_WG)
fn argmax_masked_partial(@builtin(local_invocation_id) lid: vec3<u32>,
                         @builtin(workgroup_id) wid: vec3<u32>) {
    partial_pass(lid.x, wid.x, true, true);
}

// Pass 2 over `len` partials.
fn final_pass(lid: u32, len: u32) {
    var best = Best(ARG_IDENTITY, ARG_IDENTITY);
    for (var s = lid; s < len; s = s + REDUCE_WG) {
        best = better_of(best, Best(atomicLoad(&part_key[s]), atomicLoad(&part_idx[s])));
    }
    let w = tree(lid, best);
    if (lid == 0u) {
        result[0] = w.key;
        result[1] = w.idx;
        if (w.idx == ARG_IDENTITY) {
            result[2] = 0u;
        }
    }
    // Each element belongs to exactly one workgroup's partial, so exactly one slot holds the
    // winning index: its work-item writes the winner's bits.
    if (w.idx != ARG_IDENTITY) {
        for (var s = lid; s < len; s = s + REDUCE_WG) {
            if (atomicLoad(&part_idx[s]) == w.idx) {
                result[2] = atomicLoad(&part_bits[s]);
            }
        }
    }
}

@compute @workgroup_size(REDUCE_WG)
fn arg_final(@builtin(local_invocation_id) lid: vec3<u32>) {
    final_pass(lid.x, p.len);
}
