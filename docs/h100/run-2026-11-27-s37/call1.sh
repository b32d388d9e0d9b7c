#!/usr/bin/env bash
# Session 37, call 1 (H100): the shape sweep as a user gets it at main d4eb1b5 (sessions 34-36's
# kernels and rules; automatic parameters: no H100 entry for rbf or logreg in the built-in
# database): the logistic gradient (default) and RBF rows (default rung, column-major and
# row-major) at the sweep's 27 column counts, 256, 64 and 4 MiB; one process per size and
# backend (the read kernel measured in each), backends interleaved, --no-check (the checks are
# the conformance suite's and CI's sweep-quick). As session 34's call 2, for a before/after.
set -u
R=$OUT/call1; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.15 --warmup-ms 400 --no-cpu --no-check"
for mib in 256 64 4; do for d in wgpu:0 opencl:1; do
  timeout 150 $E/duet $L --op logreg,rbf --variant default,default_row_major --sweep-mib $mib --device $d --json $R/sw-$mib-${d%:*}.json > $R/sw-$mib-${d%:*}.txt 2>&1
  t "sweep $mib $d rc=$?"
done; done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
cat $R/log.txt $R/clocks.txt
