#!/usr/bin/env bash
# Session 40, call 1 (H100): the `row_lanes` rung staging each step's rows in workgroup memory
# where they do not start on 16 bytes (`rbf_lane_stage`, new) against each lane reading its
# columns a float at a time (`rbf_lane_stage=1`, main's kernel), one binary: RBF rows, default
# row-major rung, every column count up to 45 whose rows OpenCL leaves unaligned, tuned
# entries off, two rounds alternating; wgpu with rows unpadded (row_pad=1, row_pad_wide=1)
# above 16 columns; then as a user gets it (entries on) at 4 MiB-1 GiB; and the conformance
# suite's row_lanes cases on the H100 with rows unpadded.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.12 --warmup-ms 300 --no-cpu --no-check --op rbf --variant default_row_major"
C=1,2,3,5,6,7,9,11,13,15,17,19,21,23,25,27,29,33,35,37,39,41,43,45
for round in 1 2; do
  for st in 1 2; do
    n=r$round-opencl-s$st
    DUET_TUNE=off timeout 90 $E/duet $L --sweep-mib 64,256 --cols $C --device opencl:1 --param rbf_lane_stage=$st --json $R/$n.json > $R/$n.txt 2>&1
    t "$n rc=$?"
    n=r$round-wgpu-s$st
    DUET_TUNE=off timeout 60 $E/duet $L --sweep-mib 64,256 --cols 1,2,3,5,6,7,9,11,13,15 --device wgpu:0 --param rbf_lane_stage=$st --json $R/$n.json > $R/$n.txt 2>&1
    t "$n rc=$?"
  done
done
for st in 1 2; do
  n=pad1-wgpu-s$st
  DUET_TUNE=off timeout 60 $E/duet $L --sweep-mib 64,256 --cols 17,21,25,29,33,37,41,45 --param row_pad=1 --param row_pad_wide=1 --device wgpu:0 --param rbf_lane_stage=$st --json $R/$n.json > $R/$n.txt 2>&1
  t "$n rc=$?"
done
for st in 1 2; do
  n=db-opencl-s$st
  timeout 90 $E/duet $L --sweep-mib 4,16,1024 --cols 1,3,7,13,17,33,45 --device opencl:1 --param rbf_lane_stage=$st --json $R/$n.json > $R/$n.txt 2>&1
  t "$n rc=$?"
  n=db64-opencl-s$st
  timeout 60 $E/duet $L --sweep-mib 64,256 --cols 3,13,33 --device opencl:1 --param rbf_lane_stage=$st --json $R/$n.json > $R/$n.txt 2>&1
  t "$n rc=$?"
done
n=conform
timeout 120 $E/duet conform --op rbf --variant row_lanes,default_row_major --device opencl:1,wgpu:0 --param row_pad=1 --param row_pad_wide=1 > $R/$n.txt 2>&1
t "$n rc=$?"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call1.tgz .
cat log.txt clocks.txt; tail -3 conform.txt
