#!/usr/bin/env bash
# Session 36, call 5 (H100), duet = call 4's change (the wide finish's pairwise sum). (A)
# Training loops (multi_group, ten iterations a point) at 257-4 096 columns, 4/16/64 MiB: the
# automatic width (the reduce launch above 256 columns) against every pass finishing
# (logreg_finish_cols=4096). (B) The lone gradient at 256 MiB: the reduce launch against
# finishing up to 2 048 and at every width. (C) Conformance of logreg and train on both
# backends with the defaults (OpenCL's lone gradient finishes at 257-2 048 columns there).
set -u
R=/tmp/s36c5; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
T="bench --sizes sweep --op train --variant multi_group --budget 0.15 --warmup-ms 300 --no-cpu --no-check --cols 257,600,1000,1500,2000,2048,3000,4096 --sweep-mib 4,16,64"
i=0
for cfg in "" "--param logreg_finish_cols=4096" ""; do
  timeout 75 $E/duet $T --device opencl:1 $cfg > $R/A-cl-$i.txt 2>&1; echo "$i: train $cfg" >> $R/configs.txt; i=$((i+1))
done
t "A train"
L="bench --sizes sweep --op logreg --variant default --budget 0.15 --warmup-ms 300 --no-cpu --no-check --cols 257,600,1000,1500,2000,2048,3000,4096 --sweep-mib 256"
i=0
for cfg in "--param logreg_finish_lone=1" "--param logreg_finish_lone=4294967295" "--param logreg_finish_cols=4096" "--param logreg_finish_lone=1"; do
  timeout 50 $E/duet $L --device opencl:1 $cfg > $R/B-cl-$i.txt 2>&1; echo "B $i: $cfg" >> $R/configs.txt; i=$((i+1))
done
t "B 256 MiB"
timeout 200 $E/duet conform --op logreg,train --device wgpu:0,opencl:1 > $R/conform.txt 2>&1
t "C conform rc=$?"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call5.tgz .
cat log.txt clocks.txt configs.txt; tail -n 4 conform.txt
f() { grep -E "^(logreg|train) " "$1" | sed "s/  */ /g" | cut -d" " -f3,5 | tr '\n' ';'; }
for x in A-cl-*.txt B-*.txt; do echo "$x: $(f $x)"; done
