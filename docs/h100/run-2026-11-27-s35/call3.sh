#!/usr/bin/env bash
# Session 35, call 3 (H100): duet-n = call 2's change (the wide finish's sum_slots4 in four
# chains), duet-n2 = eight chains, and duet-m = main (call 1's binary). (1) conformance of
# logreg and train with duet-n2 and every pass up to 4 096 columns finishing in two levels
# over 97 workgroups (the CI's alternative parameters); (2) OpenCL's gradient at 4, 16 and 64
# MiB, 257-4 096 columns: the reduce launch against the finish at those widths; (3) ten
# training iterations at the same shapes (each iteration a pass); (4) wgpu the same.
set -u
R=/tmp/s35c3; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 150 $E/duet-n2 conform --op logreg,train --device wgpu:0,opencl:1 --param logreg_finish_cols=4096 --param logreg_finish_split=1 --param logreg_max_groups=97 > $R/conform-finish.txt 2>&1
t "conform finish rc=$?"
timeout 30 $E/duet-n2 bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --op logreg,train --variant default,multi_group --budget 0.15 --warmup-ms 300 --no-cpu --no-check --cols 257,500,1000,2000,4096 --sweep-mib 4,16,64"
for d in opencl:1 wgpu:0; do
  timeout 60 $E/duet-m $L --device $d > $R/A-${d%:*}-m.txt 2>&1
  timeout 60 $E/duet-n2 $L --device $d > $R/A-${d%:*}-n2.txt 2>&1
  timeout 60 $E/duet-n2 $L --device $d --param logreg_finish_cols=4096 > $R/A-${d%:*}-n2f.txt 2>&1
  timeout 60 $E/duet-n $L --device $d --param logreg_finish_cols=4096 > $R/A-${d%:*}-nf.txt 2>&1
  t "A $d"
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call3.tgz .
cat log.txt clocks.txt; tail -n 3 conform-finish.txt
f() { grep -E "^(logreg|train) " "$1" | sed "s/  */ /g" | cut -d" " -f1,2,3,5,14 | tr '\n' ';'; }
for x in A-*.txt; do echo "$x: $(f $x)"; done
