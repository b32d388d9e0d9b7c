#!/usr/bin/env python3
"""Sums `DUET_CL_TRACE=1` lines (duet-opencl's context.rs prints one per profiled op: each
kernel's start..end in µs from the op's first start) per kernel entry point; and
`DUET_WGPU_TRACE=1` lines, duet-wgpu's twin (one per submission, each dispatch in a compute
pass of its own).

    DUET_CL_TRACE=1 duet train svm ... --profile --device opencl:1 2> trace.txt
    DUET_WGPU_TRACE=1 duet train svm ... --profile --device wgpu:0 2> trace.txt
    python3 scripts/cl_trace_sum.py trace.txt [--per N]
    python3 scripts/cl_trace_sum.py trace.txt --points 31,100,1000 [--skip OP]

Prints, per entry point: launches, total µs, µs per launch, share of the kernels' time; and
the time between kernels (idle). `--per N` also divides each total by N (say, the run's
iterations) so a line reads "µs per iteration".

`--points A,B,…` reads a `duet bench` run of one op over those points instead (a sweep's
column counts, in the order it ran them: every point timed the same number of calls, as
`--budget` with `--reps` does when the calls are fast) and prints, per point, the median over
its calls of each kernel's time, of the gap before each kernel after the first, and of the
call's whole time. `--skip OP` leaves out the lines of another op in the same trace (the read
kernel a sweep measures first: `--skip read_sum`).
"""
import re
import statistics
import sys
from collections import defaultdict

ENTRY = re.compile(r"(\w+) (-?[\d.]+)\.\.(-?[\d.]+)")


def points(paths, labels, skip):
    """Per-point medians of each kernel's time and of the gaps (see the module's doc)."""
    calls = []
    for path in paths:
        for line in open(path, errors="replace"):
            if not line.startswith(("cl-trace ", "wgpu-trace ")):
                continue
            head, body = line.split(":", 1)
            if skip and head.split()[-1] == skip:
                continue
            calls.append([(n, float(a), float(b)) for n, a, b in ENTRY.findall(body)])
    if not calls or len(calls) % len(labels):
        sys.exit(f"{len(calls)} traced calls do not split evenly over {len(labels)} points")
    each = len(calls) // len(labels)
    print(f"{each} calls a point; medians, µs")
    for i, label in enumerate(labels):
        block = calls[i * each : (i + 1) * each]
        parts = []
        for k, (name, _, _) in enumerate(block[0]):
            same = [c for c in block if len(c) > k and c[k][0] == name]
            if k > 0:
                gap = statistics.median(c[k][1] - c[k - 1][2] for c in same)
                parts.append(f"gap {gap:.1f}")
            parts.append(f"{name} {statistics.median(c[k][2] - c[k][1] for c in same):.1f}")
        whole = statistics.median(max(b for _, _, b in c) for c in block)
        print(f"{label:>8}: " + ", ".join(parts) + f"; whole {whole:.1f}")


def main():
    args = sys.argv[1:]
    if "--points" in args:
        i = args.index("--points")
        labels = args[i + 1].split(",")
        del args[i : i + 2]
        skip = None
        if "--skip" in args:
            i = args.index("--skip")
            skip = args[i + 1]
            del args[i : i + 2]
        points(args, labels, skip)
        return
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
