#!/usr/bin/env bash
# Session 36, call 11 (the H200, nvidia-h200): af0ee17's logreg_full_groups where the H200's
# built-in OpenCL entries hold logreg_max_groups (528 at 41 buckets): the gradient's sweep grid
# at 64 and 256 MiB through OpenCL with the defaults (KL = 4 capped at three workgroups a
# compute unit) against the cap lifted (logreg_full_groups=65535), interleaved.
set -u
R=$OUT/call11; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/log.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --op logreg --variant default --budget 0.1 --warmup-ms 300 --no-cpu --no-check --device opencl:1 --sweep-mib 64,256"
i=0
for cfg in "" "--param logreg_full_groups=65535" "" "--param logreg_full_groups=65535"; do
  echo "=== $i [$cfg]" >> $R/A.txt
  timeout 80 $E/duet $L $cfg >> $R/A.txt 2>&1
  echo "[$i rc=$?]" >> $R/log.txt; i=$((i+1))
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/log.txt
cat $R/log.txt
