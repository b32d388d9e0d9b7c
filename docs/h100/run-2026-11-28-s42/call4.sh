#!/usr/bin/env bash
# Session 42, call 4 (H100), this change (`duet`): OpenCL's per-kernel trace of the 64 MiB
# gradient at 31-100 columns, finishing (the new default: two levels from 33 columns) and with
# the reduce launch (the pass alone); the read kernel; the OpenCL 64 MiB sweep again (a second
# round for call 3's); the logistic conformance suite through OpenCL (the two-level finish is
# now the default at 33-64 columns).
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call4.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.1 --warmup-ms 500 --no-cpu --no-check --op logreg --variant default"
C=31,33,48,64,100
DUET_CL_TRACE=1 timeout 60 $E/duet $L --cols $C --sweep-mib 64 --device opencl:1 > $R/cl-default-64.txt 2> $R/cl-default-64.trace; t "cl default rc=$?"
DUET_CL_TRACE=1 timeout 60 $E/duet $L --cols $C --sweep-mib 64 --device opencl:1 --param logreg_last_group=0 > $R/cl-reduce-64.txt 2> $R/cl-reduce-64.trace; t "cl reduce rc=$?"
DUET_CL_TRACE=1 timeout 60 $E/duet bench --op read --size 2^24 --budget 0.1 --warmup-ms 500 --no-cpu --no-check --device opencl:1 > $R/cl-read-64.txt 2> $R/cl-read-64.trace; t "cl read rc=$?"
n=sweep-opencl-64-r2; DUET_CACHE_DIR=/tmp/none timeout 70 $E/duet $L --sweep-mib 64 --device opencl:1 --json $R/$n.json > $R/$n.txt 2>&1; t "$n rc=$?"
n=conform-logreg-opencl; timeout 200 $E/duet conform --op logreg --device opencl:1 --json $R/$n.json > $R/$n.txt 2>&1; t "$n rc=$?"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.trace $R/*.json
t done; cat $R/log.txt; tail -5 $R/conform-logreg-opencl.txt
