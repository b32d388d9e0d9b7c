#!/usr/bin/env bash
# Session 36, call 8 (H100), duet-m = 0499d34 (main). Where do three workgroups a compute unit
# (logreg_max_groups=396) beat the automatic four (528)? The lone gradient through OpenCL at
# 13-4 096 columns (KL = 4 at 13, 64, 100, 128, 256, 500, 1 000, 2 000 and 4 096; 3 at 33),
# 64 MiB-1 GiB, 528 / 396 / 396 / 528; and ten training iterations at 64 and 1 000 columns.
set -u
R=$OUT/call8; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-m bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --op logreg --variant default --budget 0.1 --warmup-ms 300 --no-cpu --no-check --cols 13,33,64,100,128,256,500,1000,2000,4096 --sweep-mib 64,256,1024 --device opencl:1"
i=0
for g in 528 396 396 528; do
  timeout 110 $E/duet-m $L --param logreg_max_groups=$g > $R/A-$i-$g.txt 2>&1; i=$((i+1))
done
t "A"
T="bench --sizes sweep --op train --variant multi_group --budget 0.15 --warmup-ms 300 --no-cpu --no-check --cols 64,1000 --sweep-mib 64,256 --device opencl:1"
for g in 528 396; do timeout 60 $E/duet-m $T --param logreg_max_groups=$g > $R/B-$g.txt 2>&1; done
t "B"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cat $R/log.txt $R/clocks.txt
