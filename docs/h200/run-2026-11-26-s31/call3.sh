#!/usr/bin/env bash
# Session 31, call 3 (H200): duet-t = the logistic kernels with the last-workgroup finish at any
# width (logreg_finish_cols: automatic 64 through OpenCL, 32 through wgpu; a new tuner axis,
# 32/64/128 above 32 columns). The kernel sources changed, so no built-in logistic entry
# applies: `duet tune --op logreg` again at session 30's shapes (the sweep's 27 column counts ×
# 4, 16, 64 and 256 MiB), OpenCL first, into a fresh cache.
set -u
R=/tmp/s31c3; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc
gunzip -kf .gpu/bin/duet-t.gz
E="bash .gpu/on-device.sh .gpu/bin"
S=docs/h200/run-2026-11-26-s31/shapes.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-t bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 345 $E/duet-t tune --op logreg --device opencl:1 --shapes $S --budget 330 --cache-dir /tmp/tc --json $R/tune-opencl.json > $R/tune-opencl.txt 2>&1
echo "tune opencl rc=$? $(date -u +%T)" >> $R/log.txt
timeout 165 $E/duet-t tune --op logreg --device wgpu:0 --shapes $S --budget 150 --cache-dir /tmp/tc --json $R/tune-wgpu.json > $R/tune-wgpu.txt 2>&1
echo "tune wgpu rc=$? $(date -u +%T)" >> $R/log.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip -f $R/*.json; cp /tmp/tc/*.json $R/ 2>/dev/null
cd $R && tar czf $OUT/call3.tgz .
cat log.txt; tail -3 tune-wgpu.txt tune-opencl.txt
