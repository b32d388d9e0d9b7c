#!/usr/bin/env bash
# Session 31, call 4 (H200): duet-u = duet-t's kernels with the rebuilt built-in database
# (call 3's H200 logistic entries, llvmpipe's and PoCL's re-tuned on the development machine).
# (1) `tune --verify --op logreg` with an empty cache: the built-in entries against the
# defaults at all 108 shapes. (2) The logistic sweep as a user gets it at 256 and 64 MiB, one
# column count per process, both backends, checked. (3) OpenCL before (duet-w: main with
# session 30's entries) and after at 33, 48, 64 and 100 columns, 4, 64 and 256 MiB.
set -u
R=/tmp/s31c4; rm -rf $R; mkdir -p $R
gunzip -kf .gpu/bin/duet-u.gz .gpu/bin/duet-w.gz
E="bash .gpu/on-device.sh .gpu/bin"
S=docs/h200/run-2026-11-26-s31/shapes.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-u bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 90 $E/duet-u tune --verify --op logreg --device wgpu:0,opencl:1 --shapes $S --cache-dir /tmp/empty --json $R/verify.json > $R/verify.txt 2>&1
echo "verify rc=$? $(date -u +%T)" >> $R/log.txt
L="bench --sizes sweep --op logreg --budget 0.15 --warmup-ms 400 --no-cpu --variant default"
for mib in 256 64; do
  for c in 1 2 3 4 5 7 8 13 16 31 32 33 61 64 100 127 128 250 256 500 512 777 1000 1024 2000 2048 4096; do
    for d in wgpu:0 opencl:1; do
      timeout 30 $E/duet-u $L --sweep-mib $mib --cols $c --device $d > $R/sw-$mib-$c-${d%:*}.txt 2>&1
    done
  done
  echo "sweep $mib done $(date -u +%T)" >> $R/log.txt
done
for c in 33 48 64 100; do for mib in 4 64 256; do for b in w u; do
  timeout 30 $E/duet-$b $L --sweep-mib $mib --cols $c --device opencl:1 > $R/ab-$c-$mib-$b.txt 2>&1
done; done; done
echo "ab done $(date -u +%T)" >> $R/log.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip -f $R/*.json
cd $R && tar czf $OUT/call4.tgz .
cat log.txt clocks.txt; grep "shapes with an entry" verify.txt; grep -E "×0\.9[0-7]" verify.txt
f() { grep -E "^logreg " "$1" | sed "s/  */ /g" | cut -d" " -f5,14,17,19 | tr '\n' ' '; }
for mib in 256 64; do for c in 1 2 3 4 5 7 8 13 16 31 32 33 61 64 100 127 128 250 256 500 512 777 1000 1024 2000 2048 4096; do
  echo "sw $mib $c: $(f sw-$mib-$c-wgpu.txt)| $(f sw-$mib-$c-opencl.txt)"
done; done
for c in 33 48 64 100; do for mib in 4 64 256; do echo "ab $c $mib: w $(f ab-$c-$mib-w.txt)| u $(f ab-$c-$mib-u.txt)"; done; done
