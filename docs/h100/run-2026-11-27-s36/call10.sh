#!/usr/bin/env bash
# Session 36, call 10 (H100): call 9's sweep again, main first (call 9's main run passed its
# 75 s limit and printed nothing): the gradient's sweep grid at 4-256 MiB through OpenCL,
# duet-m = 0499d34, then duet = the change (logreg_full_groups).
set -u
R=$OUT/call10; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/log.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --op logreg --variant default --budget 0.1 --warmup-ms 300 --no-cpu --no-check --device opencl:1 --sweep-mib 4,16,64,256"
for b in duet-m duet; do
  echo "=== $b A sweep 4-256 MiB" >> $R/A.txt
  timeout 110 $E/$b $L >> $R/A.txt 2>&1
  echo "[$b rc=$?]" >> $R/log.txt
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/log.txt
cat $R/log.txt
