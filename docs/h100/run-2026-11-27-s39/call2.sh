#!/usr/bin/env bash
# Session 39, call 2 (H100): the `row_lanes` rung's workgroup on rows that do not start on 16
# bytes (odd column counts through OpenCL; wgpu pads rows wider than 16 columns, so there
# 9-15 columns, and 33/61/777 with row_pad=1), main 4f1a15e (.gpu/bin/duet-old), tuned
# entries off: the default (rbf_wg 256) against rbf_wg 64 and 128, and 64 with two rows a step
# (call 10 of session 38 tuned 33 and 777 columns to those), aligned counts as controls.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-old bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.15 --warmup-ms 300 --no-cpu --no-check --op rbf --variant default_row_major"
for round in 1 2; do
  for cfg in default wg64 wg128 wg64r2; do
    case $cfg in
      default) P="";;
      wg64) P="--param rbf_wg=64";;
      wg128) P="--param rbf_wg=128";;
      wg64r2) P="--param rbf_wg=64 --param rbf_lane_rows=2";;
    esac
    n=r$round-opencl-$cfg
    DUET_TUNE=off timeout 60 $E/duet-old $L $P --sweep-mib 64,256 --cols 13,31,32,33,34,35,61,64,127,250,777,999,1000 --device opencl:1 --json $R/$n.json > $R/$n.txt 2>&1
    t "$n rc=$?"
    n=r$round-wgpu-$cfg
    DUET_TUNE=off timeout 60 $E/duet-old $L $P --sweep-mib 64,256 --cols 9,13,15,16 --device wgpu:0 --json $R/$n.json > $R/$n.txt 2>&1
    t "$n rc=$?"
    n=r$round-wgpu-pad1-$cfg
    DUET_TUNE=off timeout 60 $E/duet-old $L $P --param row_pad=1 --sweep-mib 64,256 --cols 33,61,777 --device wgpu:0 --json $R/$n.json > $R/$n.txt 2>&1
    t "$n rc=$?"
  done
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cd $R && tar czf $OUT/call2.tgz .
cat log.txt clocks.txt
