// SVM training ops (seeds 002 and 004). The twin of kernels/svm.cl.
//
// svm_update_f: f[i] += c_hi * k_hi[i] + c_lo * k_lo[i] over one chunk of each vector (the SMO
// step's update of the optimality indicators), a grid-stride loop. REDUCE_WG (the streaming
// kernels' workgroup) comes from duet-core's parameter table.

override REDUCE_WG: u32;

// The arguments: SvmUpdateParams, declared once in duet-core's kernel_args.rs (appended to
// this source when it is built).
var<immediate> p: SvmUpdateParams;

@group(0) @binding(0) var<storage, read_write> f: array<f32>;
@group(0) @binding(1) var<storage, read> k_hi: array<f32>;
@group(0) @binding(2) var<storage, read> k_lo: array<f32>;

@compute @workgroup_size(REDUCE_WG)
fn svm_update_f(@builtin(global_invocation_id) gid: vec3<u32>) {
    for (var i = gid.x; i < p.len; i = i + p.groups * REDUCE_WG) {
        let t = p.c_hi * k_hi[i] + p.c_lo * k_lo[i];
        f[i] = f[i] + t;
    }
}
