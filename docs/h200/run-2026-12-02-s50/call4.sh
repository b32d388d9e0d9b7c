#!/usr/bin/env bash
# Session 50, call 4 (H200): the logistic gradient as a user gets it after the change
# (`duet-fin`: the working tree committed as this session's rule, built-in entries on):
# 1-8 columns and a few wider, both backends, 64 MiB-1 GiB. Two rounds, the second in
# reverse order of backends.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call4.tgz -C $R .; }
timeout 30 $E/duet-fin bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
B="bench --sizes sweep --budget 0.06 --warmup-ms 500 --no-cpu --no-check --op logreg --variant default --cols 1,2,3,4,5,6,7,8,13,33 --sweep-mib 64,256,1024"
run() { local name=$1; shift; timeout 120 $E/duet-fin "$@" --json $R/$name.json > $R/$name.txt 2>&1; t "$name rc=$?"; }
run cl-1 $B --device opencl:1; run wg-1 $B --device wgpu:0
run wg-2 $B --device wgpu:0; run cl-2 $B --device opencl:1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json
t done; cat $R/log.txt
