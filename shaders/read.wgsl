// The streaming read kernel: Σ v over an f32 vector in one pass over memory.
//
// Pass 1 (`read_partial`): each workgroup walks the chunk with a grid stride, REDUCE_UNROLL
// vec4 loads in flight per work-item, sums in f32, reduces its work-items in a tree in
// workgroup memory and writes one partial sum. Pass 2 (`read_final`): one workgroup sums the
// partials of every chunk, or, where the adapter's storageBarrier is a device-scope fence
// (Vulkan, DX12, GL: see duet-wgpu's `Gpu::device_fence`), the last workgroup of pass 1 does
// (see read_partial). The twin of kernels/read.cl: same entry points, same order of sums.

override REDUCE_WG: u32;
override REDUCE_UNROLL: u32;

// The arguments: ReduceParams, declared once in duet-core's kernel_args.rs (appended to this
// source when it is built).

var<immediate> p: ReduceParams;

@group(0) @binding(0) var<storage, read> v: array<vec4<f32>>;
// The partial sums' bits. Atomic so that the last workgroup's loads read what other
// workgroups stored, past any non-coherent cache.
@group(0) @binding(1) var<storage, read_write> partials: array<atomic<u32>>;
@group(0) @binding(2) var<storage, read_write> result: array<f32>;
// The last-workgroup finish's counter: zero between calls (the last workgroup resets it).
@group(0) @binding(3) var<storage, read_write> count: array<atomic<u32>>;

var<workgroup> tree: array<f32, REDUCE_WG>;
var<workgroup> last: u32;

fn tree_sum(lid: u32, x: f32) -> f32 {
    tree[lid] = x;
    workgroupBarrier();
    for (var off = REDUCE_WG / 2u; off > 0u; off = off >> 1u) {
        if (lid < off) {
            tree[lid] = tree[lid] + tree[lid + off];
        }
        workgroupBarrier();
    }
    return tree[0];
}

@compute @workgroup_size(REDUCE_WG)
fn read_partial(@builtin(local_invocation_id) lid: vec3<u32>,
                @builtin(workgroup_id) wid: vec3<u32>) {
    let n4 = p.len / 4u;
    let stride = p.groups * REDUCE_WG;
    var acc = vec4<f32>(0.0);
    var i = wid.x * REDUCE_WG + lid.x;
    // Full steps: REDUCE_UNROLL independent loads before any add depends on them.
    let span = (REDUCE_UNROLL - 1u) * stride;
    while (i + span < n4) {
        for (var u = 0u; u < REDUCE_UNROLL; u = u + 1u) {
            acc = acc + v[i + u * stride];
        }
        i = i + REDUCE_UNROLL * stride;
    }
    while (i < n4) {
        acc = acc + v[i];
        i = i + stride;
    }
    var s = (acc.x + acc.y) + (acc.z + acc.w);
    // The last 1-3 elements: the buffer is padded to whole vec4s, only `rem` lanes are data.
    let rem = p.len % 4u;
    if (rem != 0u && wid.x == 0u && lid.x == 0u) {
        let t = v[n4];
        for (var c = 0u; c < rem; c = c + 1u) {
            s = s + t[c];
        }
    }
    let total = tree_sum(lid.x, s);
    if (lid.x == 0u) {
        atomicStore(&partials[p.slot + wid.x], bitcast<u32>(total));
    }
    // The last-workgroup finish (when total_slots > 0; kernels/argext.cl and shaders/argext.wgsl
    // do the same): storageBarrier is a device-scope release/acquire fence where it is enabled
    // (SPIR-V: OpControlBarrier with Device memory scope), so the workgroup whose count is the
    // last has every other workgroup's partial visible, and sums them in this dispatch.
    if (p.total_slots > 0u) {
        storageBarrier();
        if (lid.x == 0u) {
            last = select(0u, 1u, atomicAdd(&count[0], 1u) == p.total_slots - 1u);
        }
        if (workgroupUniformLoad(&last) == 1u) {
            storageBarrier();
            final_sum(lid.x, p.total_slots);
            if (lid.x == 0u) {
                atomicStore(&count[0], 0u);
            }
        }
    }
}

// Pass 2 over `len` partials.
fn final_sum(lid: u32, len: u32) {
    var s = 0.0;
    for (var i = lid; i < len; i = i + REDUCE_WG) {
        s = s + bitcast<f32>(atomicLoad(&partials[i]));
    }
    let total = tree_sum(lid, s);
    if (lid == 0u) {
        result[0] = total;
    }
}

@compute @workgroup_size(REDUCE_WG)
fn read_final(@builtin(local_invocation_id) lid: vec3<u32>) {
    final_sum(lid.x, p.len);
}
