#!/usr/bin/env bash
# Session 56, call 6 (H200). `per-call` = examples/per_call.rs at 642a598+ (a call's device time
# against one more iteration's inside a training loop, both backends, one upload each);
# `duet-q` = 642a598. Where wgpu's extra microseconds per call are:
# (A) per_call at 16, 64 and 256 MiB, 17-256 columns, 201 iterations;
# (B) the gradient's dispatches one by one (DUET_WGPU_TRACE / DUET_CL_TRACE) at 64 MiB, 64 and
#     100 columns.
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call6.tgz -C $R .; }
timeout 30 $E/duet-q bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
export DUET_CACHE_DIR=/tmp/none
for s in "65535 64" "262143 64" "167771 100" "65535 256" "508399 33" "342391 49" "986895 17" "1048575 64" "419430 160"; do
  timeout 60 $E/per-call wgpu:0,opencl:1 $s 201 >> $R/a-per-call.txt 2>&1; t "A $s rc=$?"
done
L="bench --sizes sweep --op logreg --variant default --cols 64,100 --sweep-mib 64 --budget 0.05 --reps 10 --warmup-ms 300 --no-cpu --no-check"
DUET_WGPU_TRACE=1 timeout 60 $E/duet-q $L --device wgpu:0 > $R/b-wgpu.txt 2> $R/b-wgpu-trace.txt; t "B wgpu rc=$?"
DUET_CL_TRACE=1 timeout 60 $E/duet-q $L --device opencl:1 > $R/b-cl.txt 2> $R/b-cl-trace.txt; t "B cl rc=$?"
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*trace.txt
t done; cat $R/log.txt; cat $R/a-per-call.txt
