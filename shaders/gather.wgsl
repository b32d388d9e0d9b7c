// Matrices gathered on the device. The twin of kernels/gather.cl.
//
// gather_rows: one block of a matrix filled from rows picked out of a row-major array already
// in device memory: element e of the block (row-major: row e / pitch, column e % pitch;
// column-major: column e / pitch, row e % pitch) is src[pick[row_start + row] * cols + column],
// or 0 in the padding (a column ≥ cols, or a row ≥ rows); a grid-stride loop over the block.
// A value that is not finite (exponent bits all ones) is not a matrix value: the smallest
// index into src of one is kept in status[0] (atomic minimum; the host reads it and names the
// value). REDUCE_WG (the streaming kernels' workgroup) comes from duet-core's parameter table.

override REDUCE_WG: u32;

// The arguments: GatherParams, declared once in duet-core's kernel_args.rs (appended to this
// source when it is built).
var<immediate> p: GatherParams;

@group(0) @binding(0) var<storage, read> src: array<f32>;
@group(0) @binding(1) var<storage, read> pick: array<u32>;
@group(0) @binding(2) var<storage, read_write> out: array<f32>;
@group(0) @binding(3) var<storage, read_write> status: array<atomic<u32>>;

@compute @workgroup_size(REDUCE_WG)
fn gather_rows(@builtin(global_invocation_id) gid: vec3<u32>) {
    for (var e = gid.x; e < p.total; e = e + p.groups * REDUCE_WG) {
        var row = e / p.pitch;
        var col = e % p.pitch;
        if (p.layout_cm == 1u) {
            row = e % p.pitch;
            col = e / p.pitch;
        }
        var v = 0.0;
        if (row < p.rows && col < p.cols) {
            let at = pick[p.row_start + row] * p.cols + col;
            v = src[at];
            if ((bitcast<u32>(v) & 0x7f800000u) == 0x7f800000u) {
                atomicMin(&status[0], at);
            }
        }
        out[e] = v;
    }
}
