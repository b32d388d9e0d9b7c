#!/usr/bin/env bash
# Session 42, call 1 (H100). (A) wgpu's slow process state with the GPU's clocks sampled every
# 100 ms (nvidia-smi, smi.csv) and each output row time-stamped: the 64 MiB gradient sweep as a
# user gets it (call 5 of session 41 fell into the state there), session 15's reproducer (RBF rows
# at 256 MiB with the reference check), the sweep again. (B) OpenCL: the gradient's finish in two
# levels from fewer floats (logreg_finish_split) at 64 MiB, two rounds. (C) below. The archive in $OUT is
# rewritten as each run ends.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call1.tgz -C $R .; }
stamp() { while IFS= read -r l; do echo "$(date +%s.%N | cut -c1-14) $l"; done; }
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,pstate,power.draw,utilization.gpu,utilization.memory,clocks_throttle_reasons.active,memory.used,temperature.gpu --format=csv,nounits -lms 100 > $R/smi.csv 2>&1 &
SMI=$!
echo "start $(date +%s.%N)" >> $R/log.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.1 --warmup-ms 300 --no-cpu --no-check --op logreg --variant default"
n=wg64-a; DUET_CACHE_DIR=/tmp/none timeout 70 $E/duet $L --sweep-mib 64 --device wgpu:0 2>&1 | stamp > $R/$n.txt; t "$n"
n=wg-rbf256-check; timeout 90 $E/duet bench --sizes sweep --budget 0.1 --warmup-ms 300 --op rbf --variant default --sweep-mib 256 --cols 1,3,5,7,13 --device wgpu:0 2>&1 | stamp > $R/$n.txt; t "$n"
n=wg64-b; DUET_CACHE_DIR=/tmp/none timeout 70 $E/duet $L --sweep-mib 64 --device wgpu:0 2>&1 | stamp > $R/$n.txt; t "$n"
C=8,13,16,24,31,32,33,48,61,64,100,127,128,250,256,500
for round in 1 2; do
  for s in 0 4096 1073741824; do
    n=cl64-split$s-r$round
    timeout 60 $E/duet $L --sweep-mib 64 --cols $C --device opencl:1 --param logreg_finish_split=$s --json $R/$n.json 2>&1 | stamp > $R/$n.txt; t "$n"
  done
done
n=wg64-split4096; timeout 40 $E/duet $L --sweep-mib 64 --cols 31,33,64 --device wgpu:0 --param logreg_finish_split=4096 2>&1 | stamp > $R/$n.txt; t "$n"
n=wg64-split0; timeout 40 $E/duet $L --sweep-mib 64 --cols 31,33,64 --device wgpu:0 2>&1 | stamp > $R/$n.txt; t "$n"
# (C) An experiment binary (not committed): LANE_COLS 8 instead of 16 (a lane of the register-
# resident pass holds at most two vec4s: more lanes a row, fewer registers), against main, both
# with DUET_TUNE=off (the defaults), OpenCL, 64 MiB, two rounds.
C2=13,16,24,31,32,33,48,61,64,100,127,128,250,256,500,777,1000,2000,4096
for round in 1 2; do
  for b in duet duet-lc8x; do
    n=cl64-$b-off-r$round
    DUET_TUNE=off timeout 60 $E/$b $L --sweep-mib 64 --cols $C2 --device opencl:1 --json $R/$n.json 2>&1 | stamp > $R/$n.txt; t "$n"
  done
done
kill $SMI
gzip $R/*.json
t done; cat $R/log.txt
