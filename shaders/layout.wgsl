// The column-major upload's transposition: a block of X arrives row-major and unpadded
// (`rows × cols`, as the host copied its rows) and is written column by column, `pitch`
// floats apart, the rows from `rows` to `pitch` zero. A workgroup moves one 32 × 32 tile
// through workgroup memory (row reads and column writes both consecutive), the tiles taken
// with a grid stride. The twin of kernels/layout.cl: same entry point, same tiles.

// The arguments: LayoutParams, declared once in duet-core's kernel_args.rs (appended to this
// source when it is built).

override LAYOUT_WG: u32;

var<immediate> p: LayoutParams;

@group(0) @binding(0) var<storage, read> src: array<f32>;
@group(0) @binding(1) var<storage, read_write> dst: array<f32>;

// 32 × 33: the odd row length keeps a column's reads on distinct banks.
var<workgroup> tile: array<f32, 1056>;

// LAYOUT_WG (256, duet-core's params.rs): eight rows of a tile at a time.
@compute @workgroup_size(LAYOUT_WG)
fn layout_columns(@builtin(local_invocation_id) lid: vec3<u32>,
                  @builtin(workgroup_id) wid: vec3<u32>) {
    let lx = lid.x % 32u;
    let ly = lid.x / 32u;
    let step = LAYOUT_WG / 32u;
    // Tiles: ceil(pitch / 32) along the rows (the padding included), ceil(cols / 32) along
    // the columns.
    let across = (p.pitch + 31u) / 32u;
    let tiles = across * ((p.cols + 31u) / 32u);
    // The loop's bound is the same in every work-item of a workgroup, so the barriers are
    // uniform.
    for (var t = wid.x; t < tiles; t = t + p.groups) {
        let r0 = (t % across) * 32u;
        let c0 = (t / across) * 32u;
        for (var k = 0u; k < 32u; k = k + step) {
            let r = r0 + ly + k;
            let c = c0 + lx;
            var v = 0.0;
            if (r < p.rows && c < p.cols) {
                v = src[r * p.cols + c];
            }
            tile[(ly + k) * 33u + lx] = v;
        }
        workgroupBarrier();
        for (var k = 0u; k < 32u; k = k + step) {
            let c = c0 + ly + k;
            let r = r0 + lx;
            if (c < p.cols && r < p.pitch) {
                dst[c * p.pitch + r] = tile[lx * 33u + ly + k];
            }
        }
        workgroupBarrier();
    }
}
