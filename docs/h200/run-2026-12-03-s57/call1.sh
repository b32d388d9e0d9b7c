#!/usr/bin/env bash
# Session 57, call 1 (H200); not run in session 57 (thirteen starts found no machine, 01:06–03:40 UTC); run as it is in session 58, 04:29 UTC: call1/ (BENCHMARKS.md, session 58). Where wgpu's finish of a lone gradient goes (session 56's proposal 1):
# `duet-main` = main f78e431 (a4e04ba's kernels; RBF baselines record their launch); three
# diagnostic builds of it (not committed; the first two's finishes are not what WGSL promises): `duet-nofn` = the finishes' storageBarrier()s (logreg.wgsl's
# finish_pass, read.wgsl's) made workgroupBarrier()s (no device-scope fence); `duet-plain` = the
# partial slots plain f32 (no atomic loads and stores); `duet-batch` = the
# finish's and reduce's sum_slots with sixteen loads in flight a lane instead of eight.
# (A) each build's gradient at 16/64 MiB, 16-100 columns: the defaults (wgpu reduces above 32
#     columns) and every pass finishing (logreg_finish_cols=256); OpenCL beside them;
# (B) the read kernel in two launches (arg_last_group=0), main and nofn;
# (C) the dispatches one by one (DUET_WGPU_TRACE) at 64 MiB, main and plain;
# (D) in the time left, every RBF entry where a call finds it (`--verify --retired --shapes
#     reach`), OpenCL then wgpu, for scripts/builtin_db.py --stamp.
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call1.tgz -C $R .; }
export DUET_CACHE_DIR=/tmp/none
timeout 30 $E/duet-main bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
L="bench --sizes sweep --op read,logreg --variant default --cols 16,33,64,100 --sweep-mib 16,64 --budget 0.3 --warmup-ms 300 --no-cpu"
for mode in red fin; do
  P=""; [ $mode = fin ] && P="--param logreg_finish_cols=256"
  BS="main nofn plain"; [ $mode = fin ] && BS="$BS batch"
  for B in $BS; do
    timeout 90 $E/duet-$B $L --device wgpu:0 $P --json $R/a-$B-$mode.json > $R/a-$B-$mode.txt 2>&1; t "A $B $mode rc=$?"
  done
done
timeout 90 $E/duet-main $L --device opencl:1 --json $R/a-main-cl.json > $R/a-main-cl.txt 2>&1; t "A main cl rc=$?"
for B in main nofn; do
  timeout 60 $E/duet-$B bench --sizes sweep --op read --cols 16 --sweep-mib 16,64,256 --budget 0.3 --warmup-ms 300 --no-cpu --device wgpu:0 --param arg_last_group=0 > $R/b-$B-read2.txt 2>&1; t "B $B rc=$?"
done
timeout 90 $E/duet-main $L --device wgpu:0 --json $R/a-main-red2.json > $R/a-main-red2.txt 2>&1; t "A main red again rc=$?"
T="bench --sizes sweep --op logreg --variant default --cols 64,100 --sweep-mib 64 --budget 0.05 --reps 10 --warmup-ms 300 --no-cpu --no-check --device wgpu:0"
for B in main plain; do
  DUET_WGPU_TRACE=1 timeout 60 $E/duet-$B $T > $R/c-$B.txt 2> $R/c-$B-trace.txt; t "C $B rc=$?"
done
for D in opencl:1 wgpu:0; do
  left=$(( 470 - ($(date +%s) - T0) )); [ $left -lt 30 ] && break
  timeout $left $E/duet-main tune --verify --retired --shapes reach --op rbf --device $D --cache-dir /tmp/none --json $R/d-verify-${D%:*}.json > $R/d-verify-${D%:*}.txt 2>&1; t "D $D rc=$?"
done
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json $R/*trace.txt
t done; cat $R/log.txt
