#!/usr/bin/env bash
# Session 52, call 3 (H200): OpenCL's RBF rows on unpadded row-major rows of 17-45 columns (call
# 2: 33 columns at 71-77 % of the read bound, where wgpu, which pads rows over 16 columns, reads
# 86-89 %). `row_lanes` (the default rung there) with the defaults (one row a step, workgroups of
# 128 for unaligned rows) against two and four rows a step (`rbf_lane_rows`, which gave the
# logistic pass ×1.13 at 33 columns in session 51), 256-wide workgroups, and rows padded to
# whole float4s (`row_pad_wide=2`, which the logistic pass on the same matrix pays too: its
# gradient with and without it). Tuned entries off. Two rounds, the second in reverse order.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call3.tgz -C $R .; }
export DUET_TUNE=off
timeout 30 $E/duet-main bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
B="bench --sizes sweep --budget 0.06 --warmup-ms 500 --no-cpu --no-check --device opencl:1 --sweep-mib 64,256 --cols 17,21,25,29,33,37,41,45"
run() { # name args...
  local name=$1; shift
  timeout 60 $E/duet-main $B "$@" --json $R/$name.json > $R/$name.txt 2>&1; t "$name rc=$?"
}
run d-1 --op rbf --variant default_row_major
run r2-1 --op rbf --variant default_row_major --param rbf_lane_rows=2
run r4-1 --op rbf --variant default_row_major --param rbf_lane_rows=4
run w256-1 --op rbf --variant default_row_major --param rbf_lane_wg_unaligned=256
run pad-1 --op rbf --variant default_row_major --param row_pad_wide=2
run lpad-1 --op logreg --variant default --param row_pad_wide=2
run l-1 --op logreg --variant default
run l-2 --op logreg --variant default
run lpad-2 --op logreg --variant default --param row_pad_wide=2
run pad-2 --op rbf --variant default_row_major --param row_pad_wide=2
run w256-2 --op rbf --variant default_row_major --param rbf_lane_wg_unaligned=256
run r4-2 --op rbf --variant default_row_major --param rbf_lane_rows=4
run r2-2 --op rbf --variant default_row_major --param rbf_lane_rows=2
run d-2 --op rbf --variant default_row_major
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json
t done; cat $R/log.txt $R/clock0.txt $R/clock1.txt
