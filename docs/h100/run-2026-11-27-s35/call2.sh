#!/usr/bin/env bash
# Session 35, call 2 (H100): duet-m = call 1's binary (main da669b2 + DUET_CL_PLAIN_QUEUE),
# duet-n = the change: the finish over more columns than its workgroup sums four column tiles
# at once (sum_slots4), every sum_slots's last fewer-than-eight slots in parallel, and OpenCL's
# column-major RBF default moved (column_major up to 7 columns, 8 from 2^24 points).
# (1) conformance of logreg, train and rbf with duet-n on both backends, and logreg + train with
#     every pass finishing (logreg_finish_cols=65536); (2) the gradient at 4/64/256 MiB,
#     33-4 096 columns: m, n and n finishing at every width (with 528 or 264 slots), both
#     backends, one process each, interleaved; (3) the seed's training, both binaries;
#     (4) OpenCL's column-major RBF default, m against n, 5-1 000 columns at 64 MiB-1 GiB.
set -u
R=/tmp/s35c2; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 150 $E/duet-n conform --op logreg,train,rbf --device wgpu:0,opencl:1 > $R/conform.txt 2>&1
t "conform rc=$?"
timeout 90 $E/duet-n conform --op logreg,train --device wgpu:0,opencl:1 --param logreg_finish_cols=65536 > $R/conform-finish.txt 2>&1
t "conform finish rc=$?"
timeout 30 $E/duet-n bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --op logreg --variant default --budget 0.15 --warmup-ms 300 --no-cpu --no-check --cols 33,64,100,250,257,500,1000,2000,4096 --sweep-mib 4,64,256"
for d in opencl:1 wgpu:0; do
  timeout 60 $E/duet-m $L --device $d > $R/A-${d%:*}-m.txt 2>&1
  timeout 60 $E/duet-n $L --device $d > $R/A-${d%:*}-n.txt 2>&1
  timeout 60 $E/duet-n $L --device $d --param logreg_finish_cols=65536 > $R/A-${d%:*}-nf.txt 2>&1
  timeout 60 $E/duet-n $L --device $d --param logreg_finish_cols=65536 --param logreg_max_groups=264 > $R/A-${d%:*}-nf264.txt 2>&1
done
t "A"
T="bench --op train --size 2048×8×50000 --variant multi_group,single_group --budget 2 --warmup-ms 300 --no-cpu --no-check"
for d in opencl:1 wgpu:0; do for b in m n; do
  timeout 40 $E/duet-$b $T --device $d > $R/B-${d%:*}-$b.txt 2>&1
done; done
t "B"
C="bench --sizes sweep --op rbf --budget 0.15 --warmup-ms 300 --no-cpu --no-check --variant default --cols 5,7,8,13,33,100,1000 --device opencl:1"
for b in m n; do timeout 120 $E/duet-$b $C --sweep-mib 64,256,1024 > $R/C-$b.txt 2>&1; done
t "C"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call2.tgz .
cat log.txt clocks.txt; tail -2 conform.txt conform-finish.txt
f() { grep -E "^(logreg|rbf|train) " "$1" | sed "s/  */ /g" | cut -d" " -f2,3,5,14 | tr '\n' ';'; }
for x in A-*.txt B-*.txt C-*.txt; do echo "$x: $(f $x)"; done
