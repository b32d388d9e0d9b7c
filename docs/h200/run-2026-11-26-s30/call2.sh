#!/usr/bin/env bash
# Session 30, call 2 (H200): duet-q = 53e6b9b (labels loaded with the rows; logreg_pipeline,
# automatic: on through wgpu, off through OpenCL) against duet-m = 80530f6 (main before it).
# (1) Conformance of the logistic ops on both backends. (2) 256 MiB, one case per process,
# interleaved, as a user gets it (the built-in entries: duet-m has the H200's OpenCL logistic
# entries, duet-q none, its kernel sources changed). (3) duet-q at columns off the sweep's grid
# (`--cols` takes any count now), both backends, 64 and 256 MiB.
set -u
R=/tmp/s30c2; rm -rf $R; mkdir -p $R
for b in duet-m duet-q; do gunzip -kf .gpu/bin/$b.gz; done
E="bash .gpu/on-device.sh .gpu/bin"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 240 $E/duet-q conform --op logreg,train --level quick --device wgpu:0,opencl:1 > $R/conform.txt 2>&1
echo "conform rc=$? $(date -u +%T)" >> $R/log.txt
L="bench --sizes sweep --op logreg --budget 0.15 --warmup-ms 500 --no-cpu --variant default"
timeout 30 $E/duet-q bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for c in 8 13 33 127 777 1000; do for d in wgpu:0 opencl:1; do for b in m q; do
  timeout 40 $E/duet-$b $L --sweep-mib 256 --cols $c --device $d > $R/lr-$c-$b-${d%:*}.txt 2>&1
done; done; done
echo "compare done $(date -u +%T)" >> $R/log.txt
for c in 9 11 15 17 19 23 37 45 63 65 99 129 300 785 1500; do for d in wgpu:0 opencl:1; do
  timeout 40 $E/duet-q $L --sweep-mib 64,256 --cols $c --device $d > $R/odd-$c-${d%:*}.txt 2>&1
done; done
echo "odd done $(date -u +%T)" >> $R/log.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call2.tgz .
cat log.txt; tail -2 conform.txt
pct() { grep -E "^logreg " $1 | sed "s/  */ /g" | cut -d" " -f3,5,14 | tr '\n' ' '; }
for c in 8 13 33 127 777 1000; do for d in wgpu opencl; do echo "$c $d m: $(pct lr-$c-m-$d.txt) q: $(pct lr-$c-q-$d.txt)"; done; done
for c in 9 11 15 17 19 23 37 45 63 65 99 129 300 785 1500; do for d in wgpu opencl; do echo "odd $c $d: $(pct odd-$c-$d.txt)"; done; done
