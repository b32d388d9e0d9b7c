#!/usr/bin/env bash
# Session 58, call 2 (H200): where a lone gradient's second step goes, with the work taken out.
# Call 1 (docs/h200/run-2026-12-03-s57/) found wgpu's finish level with and without its fences,
# its atomics and twice the loads in flight. `duet-main` = main f78e431; `duet-empty` = c625651
# with empty.diff (a diagnostic, its gradients wrong): logreg_reduce and finish_sums return at
# once in both twins, and DUET_DIAG_NO_REDUCE=1 leaves the reduce launch out. So, each backend:
#   red    = the pass and logreg_reduce (wgpu's default above 32 columns; OpenCL logreg_last_group=0)
#   fin    = the pass finishing in its last workgroup (OpenCL's default; wgpu logreg_finish_cols=256)
#   empty red / empty fin = the same without the sums (the launch and barrier; the fences and counters)
#   nored  = the pass alone
# two rounds, alternating, at 16/64 MiB and 33/64/100 columns; then the per-dispatch traces.
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call2.tgz -C $R .; }
export DUET_CACHE_DIR=/tmp/none
timeout 30 $E/duet-main bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
L="bench --sizes sweep --op read,logreg --variant default --cols 33,64,100 --sweep-mib 16,64 --budget 0.3 --warmup-ms 300 --no-cpu --no-check"
for round in 1 2; do
  for D in wgpu:0 opencl:1; do
    n=${D%:*}
    if [ $n = wgpu ]; then RED=""; FIN="--param logreg_finish_cols=256"; else RED="--param logreg_last_group=0"; FIN=""; fi
    timeout 60 $E/duet-main $L --device $D $RED > $R/$n-main-red-$round.txt 2>&1; t "$n main red $round rc=$?"
    timeout 60 $E/duet-empty $L --device $D $RED > $R/$n-empty-red-$round.txt 2>&1; t "$n empty red $round rc=$?"
    DUET_DIAG_NO_REDUCE=1 timeout 60 $E/duet-empty $L --device $D $RED > $R/$n-empty-nored-$round.txt 2>&1; t "$n nored $round rc=$?"
    timeout 60 $E/duet-main $L --device $D $FIN > $R/$n-main-fin-$round.txt 2>&1; t "$n main fin $round rc=$?"
    timeout 60 $E/duet-empty $L --device $D $FIN > $R/$n-empty-fin-$round.txt 2>&1; t "$n empty fin $round rc=$?"
  done
done
T="bench --sizes sweep --op logreg --variant default --cols 64,100 --sweep-mib 64 --budget 0.05 --reps 10 --warmup-ms 300 --no-cpu --no-check"
DUET_WGPU_TRACE=1 timeout 60 $E/duet-main $T --device wgpu:0 --param logreg_finish_cols=256 > $R/trace-wgpu-fin.txt 2>&1; t "trace wgpu fin rc=$?"
DUET_CL_TRACE=1 timeout 60 $E/duet-main $T --device opencl:1 > $R/trace-cl-fin.txt 2>&1; t "trace cl fin rc=$?"
DUET_CL_TRACE=1 timeout 60 $E/duet-main $T --device opencl:1 --param logreg_last_group=0 > $R/trace-cl-red.txt 2>&1; t "trace cl red rc=$?"
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/trace-*.txt
t done; cat $R/log.txt
