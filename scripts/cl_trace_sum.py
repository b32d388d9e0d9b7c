#!/usr/bin/env python3
"""Sums `DUET_CL_TRACE=1` lines (duet-opencl's context.rs prints one per profiled op: each
kernel's start..end in µs from the op's first start) per kernel entry point; and
`DUET_WGPU_TRACE=1` lines, duet-wgpu's twin (one per submission, each dispatch in a compute
pass of its own).

    DUET_CL_TRACE=1 duet train svm ... --profile --device opencl:1 2> trace.txt
    DUET_WGPU_TRACE=1 duet train svm ... --profile --device wgpu:0 2> trace.txt
    python3 scripts/cl_trace_sum.py trace.txt [--per N]

Prints, per entry point: launches, total µs, µs per launch, share of the kernels' time; and
the time between kernels (idle). `--per N` also divides each total by N (say, the run's
iterations) so a line reads "µs per iteration".
"""
import re
import sys
from collections import defaultdict

ENTRY = re.compile(r"(\w+) (-?[\d.]+)\.\.(-?[\d.]+)")


def main():
    args = sys.argv[1:]
    per = None
    if "--per" in args:
        i = args.index("--per")
        per = float(args[i + 1])
        del args[i : i + 2]
    total = defaultdict(float)
    count = defaultdict(int)
    idle = 0.0
    ops = 0
    for path in args:
        for line in open(path, errors="replace"):
            if not line.startswith(("cl-trace ", "wgpu-trace ")):
                continue
            ops += 1
            body = line.split(":", 1)[1]
            prev_end = None
            for name, a, b in ENTRY.findall(body):
                a, b = float(a), float(b)
                total[name] += b - a
                count[name] += 1
                if prev_end is not None and a > prev_end:
                    idle += a - prev_end
                prev_end = b if prev_end is None else max(prev_end, b)
    busy = sum(total.values())
    print(f"{ops} traced ops, kernels {busy:.0f} µs, idle between kernels {idle:.0f} µs")
    head = "entry                      launches    total µs   µs/launch  share"
    print(head + ("   µs/per" if per else ""))
    for name in sorted(total, key=lambda n: -total[n]):
        t, n = total[name], count[name]
        line = f"{name:26} {n:8d} {t:11.0f} {t / n:11.2f} {100 * t / busy:5.1f}%"
        if per:
            line += f" {t / per:8.2f}"
        print(line)


if __name__ == "__main__":
    main()
