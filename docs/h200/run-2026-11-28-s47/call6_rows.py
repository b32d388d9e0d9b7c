"""Session 47, call 6 (H200; call 5's script with its warm-up fixed: it counted the first call,
which compiles a Triton kernel, so Triton's kernels were timed on a rising clock): what one read and two writes a float cost at 1 and 2 GiB, with
PyTorch/Triton beside duet's 1-column RBF rows: the read (x.sum), a copy (1 read, 1 write),
and Triton kernels that read x and write two outputs, with and without the two exps. Prints
one line per kernel and size: median µs of 30 calls (CUDA events) after 0.6 s of warm-up, and
GB/s of the bytes moved (reads + writes)."""
import sys, time, torch

dev = torch.device("cuda")
print(torch.__version__, torch.cuda.get_device_name(0), flush=True)
try:
    import triton
    import triton.language as tl
    print("triton", triton.__version__, flush=True)
except Exception as e:  # noqa: BLE001
    triton = None
    print("no triton:", e, flush=True)

if triton is not None:
    @triton.jit
    def two_rows(x_ptr, o1_ptr, o2_ptr, n, a, b, g, BLOCK: tl.constexpr, EXP: tl.constexpr):
        # one read and two writes a float: the traffic of 1-column RBF rows
        pid = tl.program_id(0)
        offs = pid * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        x = tl.load(x_ptr + offs, mask=m)
        d1 = x - a
        d2 = x - b
        if EXP:
            r1 = tl.exp(-tl.minimum(g * d1 * d1, 104.0))
            r2 = tl.exp(-tl.minimum(g * d2 * d2, 104.0))
        else:
            r1 = d1 * d1
            r2 = d2 * d2
        tl.store(o1_ptr + offs, r1, mask=m)
        tl.store(o2_ptr + offs, r2, mask=m)

    @triton.jit
    def read_only(x_ptr, o_ptr, n, BLOCK: tl.constexpr):
        pid = tl.program_id(0)
        offs = pid * BLOCK + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
        tl.atomic_add(o_ptr, tl.sum(x, axis=0))


def timed(fn, warm_s=0.6, reps=30):
    fn()  # builds the kernel (Triton compiles it): not part of the warm-up
    torch.cuda.synchronize()
    t0 = time.time()
    while time.time() - t0 < warm_s:
        fn()
    torch.cuda.synchronize()
    out = []
    for _ in range(reps):
        s = torch.cuda.Event(enable_timing=True)
        e = torch.cuda.Event(enable_timing=True)
        s.record()
        fn()
        e.record()
        e.synchronize()
        out.append(s.elapsed_time(e) * 1e3)
    out.sort()
    return out[len(out) // 2], out[0]


for gib in (1, 2):
    n = gib * (1 << 28) - 1
    x = torch.rand(n, device=dev)
    y = torch.empty_like(x)
    z = torch.empty_like(x)
    acc = torch.zeros(1, device=dev)
    rows = [("torch sum (read)", lambda: x.sum(), 4), ("torch copy (1r 1w)", lambda: y.copy_(x), 8)]
    if triton is not None:
        rows.append(("torch exp (1r 1w)", lambda: torch.exp(x, out=y), 8))
        for blk, w in ((1024, 4), (1024, 8), (2048, 8), (4096, 8)):
            grid = (triton.cdiv(n, blk),)
            rows.append((f"triton read {blk}/{w}", lambda g=grid, b=blk, w=w: read_only[g](x, acc, n, BLOCK=b, num_warps=w), 4))
            rows.append((f"triton 1r 2w exp {blk}/{w}", lambda g=grid, b=blk, w=w: two_rows[g](x, y, z, n, 0.3, 0.7, 0.5, BLOCK=b, EXP=True, num_warps=w), 12))
            rows.append((f"triton 1r 2w noexp {blk}/{w}", lambda g=grid, b=blk, w=w: two_rows[g](x, y, z, n, 0.3, 0.7, 0.5, BLOCK=b, EXP=False, num_warps=w), 12))
    for name, fn, bpf in rows:
        try:
            med, mn = timed(fn)
            print(f"{gib} GiB  {name:28s} {med:9.1f} µs (min {mn:.1f})  {bpf * n / med / 1e3:7.1f} GB/s moved", flush=True)
        except Exception as e:  # noqa: BLE001
            print(f"{gib} GiB  {name}: {e}", flush=True)
    del x, y, z
    torch.cuda.empty_cache()
