#!/usr/bin/env bash
# Session 38, call 6 (H100): call 5 had wgpu's row-major 16 columns at 256 MiB 13 % slower
# with the automatic `row_lanes` workgroups (1 056 there) than with session 37's 528, where 13
# and 31-33 columns were level. Each group count pinned at 13, 16 and 32 columns, 256 MiB and
# 1 GiB, through wgpu (and OpenCL at 16 columns).
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.15 --warmup-ms 400 --no-cpu --no-check --op rbf --variant default_row_major"
for g in 528 1056 2112 4224 8448; do
  timeout 60 $E/duet $L --sweep-mib 256,1024 --cols 13,16,32 --device wgpu:0 --param rbf_lane_groups=$g --json $R/g$g-wgpu.json > $R/g$g-wgpu.txt 2>&1
  t "wgpu groups $g rc=$?"
done
for g in 528 1056 4224; do
  timeout 60 $E/duet $L --sweep-mib 256,1024 --cols 16 --device opencl:1 --param rbf_lane_groups=$g --json $R/g$g-opencl.json > $R/g$g-opencl.txt 2>&1
  t "opencl groups $g rc=$?"
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call6.tgz .
cat log.txt clocks.txt
