#!/usr/bin/env bash
# Session 33, call 4 (H200): duet-n = the two-level finish with its automatic policy
# (OpenCL: finish up to 256 columns, two levels from 16 384 floats of slots; wgpu as before)
# and the built-in logistic entries carried to the new sources without logreg_finish_cols.
# (1) conformance of logreg and train on both backends; (2) `tune --verify --op logreg` with
# an empty cache at session 31's 108 shapes; (3) the logistic sweep as a user gets it at 256
# and 64 MiB, one column count per process, both backends, checked.
set -u
R=/tmp/s33c4; rm -rf $R; mkdir -p $R
gunzip -kf .gpu/bin/duet-n.gz
E="bash .gpu/on-device.sh .gpu/bin"
S=docs/h200/run-2026-11-26-s31/shapes.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 150 $E/duet-n conform --op logreg,train --level quick --device wgpu:0,opencl:1 > $R/conform.txt 2>&1
echo "conform rc=$? $(date -u +%T)" >> $R/log.txt
timeout 30 $E/duet-n bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 100 $E/duet-n tune --verify --op logreg --device wgpu:0,opencl:1 --shapes $S --cache-dir /tmp/empty --json $R/verify.json > $R/verify.txt 2>&1
echo "verify rc=$? $(date -u +%T)" >> $R/log.txt
L="bench --sizes sweep --op logreg --budget 0.15 --warmup-ms 400 --no-cpu --variant default"
for mib in 256 64; do
  for c in 1 2 3 4 5 7 8 13 16 31 32 33 61 64 100 127 128 250 256 500 512 777 1000 1024 2000 2048 4096; do
    for d in wgpu:0 opencl:1; do
      timeout 30 $E/duet-n $L --sweep-mib $mib --cols $c --device $d > $R/sw-$mib-$c-${d%:*}.txt 2>&1
    done
  done
  echo "sweep $mib done $(date -u +%T)" >> $R/log.txt
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call4.tgz .
cat log.txt clocks.txt; tail -4 conform.txt; tail -25 verify.txt
f() { grep -E "^logreg " "$1" | sed "s/  */ /g" | cut -d" " -f14,17 | tr '\n' ' '; }
for mib in 256 64; do for d in wgpu opencl; do
  echo "$mib $d: $(for c in 1 2 3 4 5 7 8 13 16 31 32 33 61 64 100 127 128 250 256 500 512 777 1000 1024 2000 2048 4096; do echo -n "$c:$(f $R/sw-$mib-$c-$d.txt)"; done)"
done; done
