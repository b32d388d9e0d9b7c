#!/usr/bin/env python3
"""Session 41: what PyTorch (cuBLAS / its reductions) does on the H100 at the sweep's 64 and
256 MiB shapes: the read (X.sum()), the logistic gradient X^T (y - sigmoid(X w)) as two GEMVs,
and RBF rows exp(-gamma |x_i - x_p|^2) for one pivot (row-major X, one fused expression).
CUDA events around each call, median of 50 calls after 1 s of warm-up per shape. The sweep's
rows: bytes / (4 cols), made odd."""
import sys, time, json
import torch

dev = torch.device("cuda")
cols = [int(c) for c in sys.argv[1].split(",")]
mibs = [int(m) for m in sys.argv[2].split(",")]

def rows(b, c):
    n = max(b // (4 * c), 1)
    return n - 1 if n > 2 and n % 2 == 0 else n

def timed(f, reps=50):
    t_end = time.time() + 0.3
    while time.time() < t_end:
        f()
    torch.cuda.synchronize()
    ts = []
    for _ in range(reps):
        a = torch.cuda.Event(enable_timing=True); b = torch.cuda.Event(enable_timing=True)
        a.record(); f(); b.record(); b.synchronize()
        ts.append(a.elapsed_time(b) * 1000.0)
    ts.sort()
    return ts[len(ts) // 2]

# warm the clocks
x = torch.randn(1 << 26, device=dev)
t_end = time.time() + 1.0
while time.time() < t_end:
    x.sum()
torch.cuda.synchronize()
del x
out = []
print("MiB cols rows | read_us grad_us rbf_us | grad%read rbf%read (bytes: X for read/grad, X+out for rbf)")
for m in mibs:
    for c in cols:
        n = rows(m << 20, c)
        X = torch.rand(n, c, device=dev)
        w = torch.randn(c, device=dev) * 0.01
        y = (torch.rand(n, device=dev) > 0.5).float()
        p = X[n // 2].clone()
        gamma = 1.0 / c
        t_read = timed(lambda: X.sum())
        t_grad = timed(lambda: X.t().mv(y - torch.sigmoid(X.mv(w))))
        t_rbf = timed(lambda: torch.exp(-gamma * ((X - p) ** 2).sum(dim=1)))
        bx = n * c * 4
        # % of the read bound as duet's bench counts it: the op's GB/s over the read's GB/s.
        g_pct = 100.0 * ((bx + n * 4) / t_grad) / (bx / t_read)
        r_pct = 100.0 * ((bx + n * 4) / t_rbf) / (bx / t_read)
        print(f"{m} {c} {n} | {t_read:.1f} {t_grad:.1f} {t_rbf:.1f} | {g_pct:.0f} {r_pct:.0f}", flush=True)
        out.append(dict(mib=m, cols=c, rows=n, read_us=t_read, grad_us=t_grad, rbf_us=t_rbf))
        del X, w, y, p
        torch.cuda.empty_cache()
json.dump(out, open(sys.argv[3], "w"), indent=1)
