#!/usr/bin/env bash
# Session 33, call 6 (H200): duet-m = duet-n with OpenCL's two levels from 32 768 floats of
# slots (528 slots of at least 63 columns) instead of 16 384. (1) `tune --verify --op logreg`
# (empty cache, session 31's 108 shapes); (2) OpenCL as a user gets it at 33-512 columns, 4, 16,
# 64 and 256 MiB, one case per process, checked, against duet-x (9f07d61), interleaved;
# (3) conformance of logreg and train through OpenCL.
set -u
R=/tmp/s33c6; rm -rf $R; mkdir -p $R
for b in x m; do gunzip -kf .gpu/bin/duet-$b.gz; done
E="bash .gpu/on-device.sh .gpu/bin"
S=docs/h200/run-2026-11-26-s31/shapes.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-m bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 100 $E/duet-m tune --verify --op logreg --device opencl:1 --shapes $S --cache-dir /tmp/empty --json $R/verify.json > $R/verify.txt 2>&1
echo "verify rc=$? $(date -u +%T)" >> $R/log.txt
L="bench --sizes sweep --op logreg --budget 0.15 --warmup-ms 400 --no-cpu --variant default --device opencl:1"
for c in 33 48 61 64 100 127 128 250 256 500 512; do for mib in 4 16 64 256; do for b in x m; do
  timeout 40 $E/duet-$b $L --sweep-mib $mib --cols $c > $R/ab-$c-$mib-$b.txt 2>&1
done; done; done
echo "ab done $(date -u +%T)" >> $R/log.txt
timeout 120 $E/duet-m conform --op logreg,train --level quick --device opencl:1 > $R/conform.txt 2>&1
echo "conform rc=$? $(date -u +%T)" >> $R/log.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call6.tgz .
cat log.txt clocks.txt; tail -2 conform.txt; grep -E "×0\.|shapes with" verify.txt
f() { grep -E "^logreg " "$1" | sed "s/  */ /g" | cut -d" " -f5,14 | tr '\n' ' '; }
for c in 33 48 61 64 100 127 128 250 256 500 512; do echo "$c: $(for mib in 4 16 64 256; do echo -n "$mib: $(for b in x m; do f $R/ab-$c-$mib-$b.txt; done)| "; done)"; done
