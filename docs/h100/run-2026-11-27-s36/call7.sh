#!/usr/bin/env bash
# Session 36, call 7 (H100). duet-m = 0499d34 (main); duet = the change: OpenCL's automatic
# logreg_max_groups lowered to the workgroups the compute units hold at once of the pass's
# kernel (CL_KERNEL_WORK_GROUP_SIZE / logreg_wg a unit). (A) The gradient's whole column grid
# (27 counts and 257, 600, 1 500, 2 000, 2 048), OpenCL: 64 and 256 MiB m / new / new / m,
# 4 and 16 MiB m / new.
# (B) Training loops (multi_group, ten iterations) at 64 and 1 000 columns, 16-256 MiB, m / new.
# (C) The seeds' shapes (bench --sizes full --op logreg,train), m / new.
set -u
R=$OUT/call7; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --op logreg --variant default --budget 0.1 --warmup-ms 300 --no-cpu --no-check --cols 257,600,1500,2000,2048 --device opencl:1"
i=0
for b in duet-m duet duet duet-m; do
  timeout 80 $E/$b $L --sweep-mib 64,256 > $R/A-$i-$b.txt 2>&1; i=$((i+1))
done
for b in duet-m duet; do
  timeout 60 $E/$b $L --sweep-mib 4,16 > $R/A-small-$b.txt 2>&1
done
t "A"
T="bench --sizes sweep --op train --variant multi_group --budget 0.15 --warmup-ms 300 --no-cpu --no-check --cols 64,1000 --sweep-mib 16,64,256 --device opencl:1"
for b in duet-m duet; do timeout 60 $E/$b $T > $R/B-$b.txt 2>&1; done
t "B"
for b in duet-m duet; do timeout 90 $E/$b bench --op logreg,train --budget 0.5 --no-cpu --device opencl:1 > $R/C-$b.txt 2>&1; done
t "C"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R
cat log.txt clocks.txt
for x in C-*.txt; do echo "$x: $(grep -E "^(logreg|train) " $x | sed "s/  */ /g" | cut -d" " -f2,3,5,6 | tr '\n' ';')"; done
