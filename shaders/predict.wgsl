// SVM prediction (seeds 002-004): decision values of points against a model's support vectors.
// The twin of kernels/predict.cl; duet-svm's predict module plans the launches.
//
//   predict_kernel    K[t, s] = exp(-gamma ||x_t - sv_s||^2) for a chunk of points and every
//                     support vector: a workgroup per PREDICT_TILE × PREDICT_TILE tile (grid
//                     stride over tiles), features staged PREDICT_TILE at a time in workgroup
//                     memory (seed 003's tiling), the direct difference as in the RBF rows
//   predict_decision  dec[t, p] = sum over the pair's two classes of coef · K[t, s] - rho[p],
//                     one work-item per (point, pair)
// A model whose support vectors span several bindings runs predict_kernel once per block of
// them (p.sv_start, p.sv_rows): each fills its columns of K.
// x and sv are row-major, rows `pitch` apart (the library's row_pitch of cols). `pair_info`
// holds six words per pair: class a's first support vector and count, class b's, and the rows
// of sv_coef that weigh them (b - 1 for a's, a for b's).

override PREDICT_TILE: u32;

var<immediate> p: PredictParams;

@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read> sv: array<f32>;
@group(0) @binding(2) var<storage, read_write> kmat: array<f32>;
@group(0) @binding(3) var<storage, read> coef: array<f32>;
@group(0) @binding(4) var<storage, read> rho: array<f32>;
@group(0) @binding(5) var<storage, read> pair_info: array<u32>;
@group(0) @binding(6) var<storage, read_write> dec: array<f32>;

// Point rows and support-vector rows of the tile; the second padded by one against bank
// conflicts.
var<workgroup> tile_x: array<f32, PREDICT_TILE * PREDICT_TILE>;
var<workgroup> tile_sv: array<f32, PREDICT_TILE * (PREDICT_TILE + 1u)>;

@compute @workgroup_size(PREDICT_TILE * PREDICT_TILE)
fn predict_kernel(@builtin(local_invocation_id) lid3: vec3<u32>,
                  @builtin(workgroup_id) wid3: vec3<u32>) {
    let lid = lid3.x;
    let tx = lid % PREDICT_TILE;
    let ty = lid / PREDICT_TILE;
    for (var tile = wid3.x; tile < p.tiles; tile = tile + p.groups) {
        let t0 = (tile % p.tiles_rows) * PREDICT_TILE;
        let s0 = (tile / p.tiles_rows) * PREDICT_TILE;
        var acc = 0.0;
        for (var d0 = 0u; d0 < p.cols; d0 = d0 + PREDICT_TILE) {
            let d = d0 + tx;
            var a = 0.0;
            if (t0 + ty < p.rows && d < p.cols) {
                a = x[(t0 + ty) * p.pitch + d];
            }
            tile_x[ty * PREDICT_TILE + tx] = a;
            var b = 0.0;
            if (s0 + ty < p.sv_rows && d < p.cols) {
                b = sv[(s0 + ty) * p.pitch + d];
            }
            tile_sv[ty * (PREDICT_TILE + 1u) + tx] = b;
            workgroupBarrier();
            // Padding columns are 0 in both tiles: they add 0.
            for (var k = 0u; k < PREDICT_TILE; k = k + 1u) {
                let diff = tile_x[ty * PREDICT_TILE + k] - tile_sv[tx * (PREDICT_TILE + 1u) + k];
                acc = acc + diff * diff;
            }
            workgroupBarrier();
        }
        if (t0 + ty < p.rows && s0 + tx < p.sv_rows) {
            kmat[(t0 + ty) * p.svs + p.sv_start + s0 + tx] = rbf_value(p.gamma, acc);
        }
    }
}

@compute @workgroup_size(PREDICT_TILE * PREDICT_TILE)
fn predict_decision(@builtin(global_invocation_id) gid: vec3<u32>) {
    let total = p.rows * p.pairs;
    for (var o = gid.x; o < total; o = o + p.groups * PREDICT_TILE * PREDICT_TILE) {
        let t = o / p.pairs;
        let q = o % p.pairs;
        let info = 6u * q;
        var sum = 0.0;
        for (var part = 0u; part < 2u; part = part + 1u) {
            let first = pair_info[info + 3u * part];
            let count = pair_info[info + 3u * part + 1u];
            let row = pair_info[info + 3u * part + 2u] * p.svs;
            for (var s = first; s < first + count; s = s + 1u) {
                sum = sum + coef[row + s] * kmat[t * p.svs + s];
            }
        }
        dec[o] = sum - rho[q];
    }
}
