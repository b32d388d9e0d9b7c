#!/usr/bin/env bash
# Session 38, call 1 (H100): rbf_loop_pivot_cols (cb25dc7, never timed on a GPU). RBF rows,
# default rung of each layout, at 1-16 columns and 64/256 MiB (1/3/8 columns at 1 GiB), through
# OpenCL and wgpu, with the gathered pivot copy (0, the default) and with the loop rungs reading
# the pivots straight from X (65536), interleaved per size; then `tune --verify` of the built-in
# database as carried to the new source (empty cache) at session 37's verify shapes.
set -u
R=/tmp/R; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h100/run-2026-11-27-s37
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.15 --warmup-ms 400 --no-cpu --no-check --op rbf --variant default,default_row_major"
for d in opencl:1 wgpu:0; do for mib in 64 256; do for p in 0 65536; do
  timeout 60 $E/duet $L --sweep-mib $mib --cols 1,2,3,4,5,7,8,13,16 --device $d --param rbf_loop_pivot_cols=$p --json $R/p$p-$mib-${d%:*}.json > $R/p$p-$mib-${d%:*}.txt 2>&1
  t "$d $mib MiB pivots $p rc=$?"
done; done; done
for p in 0 65536; do
  timeout 60 $E/duet $L --sweep-mib 1024 --cols 1,3,8 --device opencl:1 --param rbf_loop_pivot_cols=$p --json $R/p$p-1024-opencl.json > $R/p$p-1024-opencl.txt 2>&1
  t "opencl 1024 MiB pivots $p rc=$?"
done
timeout 200 $E/duet tune --verify --op rbf --device opencl:1 --shapes $D/shapes-verify.txt --cache-dir /tmp/tc > $R/verify-rbf-opencl.txt 2>&1
t "verify rc=$?"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call1.tgz .
cat log.txt clocks.txt
