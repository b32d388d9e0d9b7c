#!/usr/bin/env bash
# Session 36, call 9 (H100). duet-m = 0499d34 (main); duet = the change: logreg_full_groups,
# OpenCL's register-resident pass with four vec4s a lane (KL = 4) capped at three workgroups a
# compute unit (396), others at four (528). OpenCL, one process each, m then new:
# (A) the gradient's sweep grid (27 column counts) at 4-256 MiB, and 1 GiB at 13-4 096 columns;
# (B) ten training iterations at 64 and 1 000 columns, 64 and 256 MiB; (C) the seeds' shapes
# (bench --op logreg,train); (D) conformance of logreg and train on both backends, new.
set -u
R=$OUT/call9; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/log.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --op logreg --variant default --budget 0.1 --warmup-ms 300 --no-cpu --no-check --device opencl:1"
for b in duet-m duet; do
  echo "=== $b A sweep 4-256 MiB" >> $R/A.txt
  timeout 75 $E/$b $L --sweep-mib 4,16,64,256 >> $R/A.txt 2>&1
done
t "A sweep"
for b in duet-m duet; do
  echo "=== $b A 1 GiB" >> $R/A.txt
  timeout 60 $E/$b $L --sweep-mib 1024 --cols 13,33,64,100,257,1000,1500,4096 >> $R/A.txt 2>&1
done
t "A 1 GiB"
T="bench --sizes sweep --op train --variant multi_group --budget 0.15 --warmup-ms 300 --no-cpu --no-check --cols 64,1000 --sweep-mib 64,256 --device opencl:1"
for b in duet-m duet; do echo "=== $b B" >> $R/B.txt; timeout 60 $E/$b $T >> $R/B.txt 2>&1; done
t "B"
for b in duet-m duet; do echo "=== $b C" >> $R/C.txt; timeout 80 $E/$b bench --op logreg,train --budget 0.5 --no-cpu --device opencl:1 >> $R/C.txt 2>&1; done
t "C"
timeout 150 $E/duet conform --op logreg,train --device wgpu:0,opencl:1 > $R/conform.txt 2>&1
t "D conform rc=$?"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/log.txt
cat $R/log.txt; tail -n 2 $R/conform.txt
grep -E "^(=== |logreg|train)" $R/C.txt | sed "s/  */ /g" | cut -d" " -f1-5
