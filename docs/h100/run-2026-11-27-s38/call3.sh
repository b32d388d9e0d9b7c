#!/usr/bin/env bash
# Session 38, call 3 (H100): the `row_lanes` rung's workgroups (rbf_lane_groups, 528 for every
# shape) and rows a step (rbf_lane_rows, automatic: 1 through OpenCL, 2 through wgpu) jointly,
# over rows: row-major RBF rows (default rung) at 13-4096 columns, 64 MiB, 256 MiB and 1 GiB,
# through OpenCL (six pairs) and at 1 GiB through wgpu (three group counts). Each pair pinned
# with --param, so no tuned entry is used.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.15 --warmup-ms 400 --no-cpu --no-check --op rbf --variant default_row_major --cols 13,33,100,250,777,1000,2000,4096"
for gr in 528/1 1056/1 2112/1 4224/1 8448/1 4224/2; do
  g=${gr%/*}; r=${gr#*/}
  timeout 80 $E/duet $L --sweep-mib 64,256,1024 --device opencl:1 --param rbf_lane_groups=$g --param rbf_lane_rows=$r --json $R/g$g-r$r-opencl.json > $R/g$g-r$r-opencl.txt 2>&1
  t "opencl groups $g rows $r rc=$?"
done
for g in 528 2112 4224; do
  timeout 50 $E/duet $L --sweep-mib 1024 --device wgpu:0 --param rbf_lane_groups=$g --json $R/g$g-wgpu.json > $R/g$g-wgpu.txt 2>&1
  t "wgpu groups $g rc=$?"
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call3.tgz .
cat log.txt clocks.txt
