# PyTorch's reductions on small vectors: GPU time (CUDA events) and wall time per call.
import time, torch
dev = torch.device("cuda")
print("torch", torch.__version__, torch.cuda.get_device_name(0))
for log2 in (10, 12, 14, 16, 18, 20, 22):
    x = torch.randn(1 << log2, device=dev)
    for name, f in (("sum", lambda: x.sum()), ("argmax", lambda: x.argmax()), ("argmin", lambda: x.argmin())):
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < 0.5:
            f().item()
        gpu, wall = [], []
        for _ in range(50):
            a = torch.cuda.Event(enable_timing=True); b = torch.cuda.Event(enable_timing=True)
            a.record(); r = f(); b.record(); b.synchronize()
            gpu.append(a.elapsed_time(b) * 1e3)
        for _ in range(50):
            t = time.perf_counter(); f().item(); wall.append((time.perf_counter() - t) * 1e6)
        gpu.sort(); wall.sort()
        print(f"{name:7s} 2^{log2:<3d} gpu {gpu[25]:7.1f} us  wall {wall[25]:7.1f} us (incl. .item())")
