#!/usr/bin/env bash
# Session 38, call 4 (H100): the working tree on top of cbc4ea7 (rbf_loop_pivot_cols 256 by
# default, OpenCL's column-major column_major up to 8 columns, row_lanes workgroups by rows,
# entries that kept the defaults naming no parameters): RBF rows, default rung of both
# layouts, the sweep's 27 column counts at 256, 64 and 4 MiB and 7 at 1 GiB, both backends
# (as session 37's call 1/3, for a before/after), then `tune --verify` of the built-in RBF
# entries through OpenCL at session 37's verify shapes (empty cache).
set -u
R=/tmp/R; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h100/run-2026-11-27-s37
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.15 --warmup-ms 400 --no-cpu --no-check --op rbf --variant default,default_row_major"
for mib in 256 64 4; do for d in wgpu:0 opencl:1; do
  timeout 100 $E/duet $L --sweep-mib $mib --device $d --json $R/sw-$mib-${d%:*}.json > $R/sw-$mib-${d%:*}.txt 2>&1
  t "sweep $mib $d rc=$?"
done; done
for d in wgpu:0 opencl:1; do
  timeout 80 $E/duet $L --sweep-mib 1024 --cols 1,3,8,33,100,1000,4096 --device $d --json $R/sw-1024-${d%:*}.json > $R/sw-1024-${d%:*}.txt 2>&1
  t "sweep 1024 $d rc=$?"
done
timeout 100 $E/duet tune --verify --op rbf --device opencl:1 --shapes $D/shapes-verify.txt --cache-dir /tmp/tc > $R/verify-rbf-opencl.txt 2>&1
t "verify rc=$?"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call4.tgz .
cat log.txt clocks.txt
