#!/usr/bin/env bash
# Session 12, call 1: the register-resident logistic pass for every k <= 4096 (working tree on
# baf859a). Conformance of the logistic families, then the sweep's 64 and 256 MiB points
# (default, checked), with the old tiled path for k > 64 (--param logreg_reg_cols=64) beside.
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
R=$OUT/r; mkdir -p $R
export DUET_TUNE=off
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $R/gpu.txt 2>&1
timeout 100 $D conform --op logreg,train --level full --device wgpu:0,opencl:1 > $R/conform.txt 2>&1
tail -3 $R/conform.txt
$D bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
SW="bench --sizes sweep --op logreg --variant default --device wgpu:0,opencl:1 --budget 0.3 --warmup-ms 300 --no-cpu"
timeout 280 $D $SW --sweep-mib 64,256 --json $R/new.json > $R/new.txt 2>&1
echo "new rc=$?"
timeout 150 $D $SW --sweep-mib 64,256 --cols 64,100,127,128,250,256,500,512,777,784,1000,1024,2000,2048,4096 --param logreg_reg_cols=64 --no-check --json $R/old.json > $R/old.txt 2>&1
echo "old rc=$?"
cd $OUT && tar czf lr1.tgz r && rm -rf r
