#!/usr/bin/env bash
# Session 58, call 3 (H200): the logistic finish's and reduce's slot sums written out.
# Call 2 put wgpu's cost after the pass in the sums themselves (64 MiB, 64 columns: the finish's
# sums 6 µs, the reduce's 4.4; OpenCL's two-level finish 1.5), not in the launch, the fences or
# the counters. `duet-main` = main f78e431; `duet-unroll` = the working tree after c625651 with
# shaders/logreg.wgsl's sum_slots / sum_slots4 written out (eight named sums, the tail's loads
# unconditional), no other change. wgpu: the defaults (reduce above 32 columns) and every pass
# finishing (logreg_finish_cols=4096), each build, two rounds alternating; the unrolled finish
# in two levels (logreg_finish_split=64); OpenCL beside them; 17-4096 columns, 16/64/256 MiB;
# the gradient and 10 iterations of multi_group training. (Ran out of its 480 s after three runs: each checked against the CPU reference, slow at 256 MiB; call 4 repeats it without.)
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call3.tgz -C $R .; }
export DUET_CACHE_DIR=/tmp/none
timeout 30 $E/duet-main bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
L="bench --sizes sweep --op read,logreg,train --variant default,multi_group --cols 17,33,64,100,256,1000,4096 --sweep-mib 16,64,256 --budget 0.2 --warmup-ms 300 --no-cpu"
FIN="--param logreg_finish_cols=4096"
for round in 1 2; do
  for B in main unroll; do
    timeout 120 $E/duet-$B $L --device wgpu:0 --json $R/w-$B-red-$round.json > $R/w-$B-red-$round.txt 2>&1; t "$B red $round rc=$?"
    timeout 120 $E/duet-$B $L --device wgpu:0 $FIN --json $R/w-$B-fin-$round.json > $R/w-$B-fin-$round.txt 2>&1; t "$B fin $round rc=$?"
  done
done
timeout 120 $E/duet-unroll $L --device wgpu:0 $FIN --param logreg_finish_split=64 > $R/w-unroll-split-1.txt 2>&1; t "unroll split rc=$?"
timeout 120 $E/duet-main $L --device opencl:1 > $R/c-main-1.txt 2>&1; t "opencl rc=$?"
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json
t done; cat $R/log.txt
