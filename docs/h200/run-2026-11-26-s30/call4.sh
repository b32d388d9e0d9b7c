#!/usr/bin/env bash
# Session 30, call 4 (H200): duet-q (53e6b9b). OpenCL's tune in call 3 ran out of its budget
# at 256 MiB: tune the rest (shapes-rest.txt: 256 MiB, 5 columns and up) into call 3's cache
# (carried in .gpu/tc); `tune --verify` of both backends' entries at all 108 shapes; then the
# 256 MiB sweep as a user gets it with those entries, one column count per process, both
# backends, checked.
set -u
R=/tmp/s30c4; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc; cp .gpu/tc/*.json /tmp/tc/
gunzip -kf .gpu/bin/duet-q.gz
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h200/run-2026-11-26-s30
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-q bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 140 $E/duet-q tune --op logreg --device opencl:1 --shapes $D/shapes-rest.txt --budget 130 --cache-dir /tmp/tc --json $R/tune-opencl-rest.json > $R/tune-opencl-rest.txt 2>&1
echo "tune rest rc=$? $(date -u +%T)" >> $R/log.txt
timeout 70 $E/duet-q tune --verify --op logreg --device wgpu:0,opencl:1 --shapes $D/shapes.txt --cache-dir /tmp/tc --json $R/verify.json > $R/verify.txt 2>&1
echo "verify rc=$? $(date -u +%T)" >> $R/log.txt
L="bench --sizes sweep --op logreg --budget 0.15 --warmup-ms 400 --no-cpu --variant default --sweep-mib 256"
for c in 1 2 3 4 5 7 8 13 16 31 32 33 61 64 100 127 128 250 256 500 512 777 1000 1024 2000 2048 4096; do
  for d in wgpu:0 opencl:1; do
    DUET_CACHE_DIR=/tmp/tc timeout 30 $E/duet-q $L --cols $c --device $d > $R/sw-$c-${d%:*}.txt 2>&1
  done
done
echo "sweep done $(date -u +%T)" >> $R/log.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip -f $R/*.json; cp /tmp/tc/*.json $R/
cd $R && tar czf $OUT/call4.tgz .
cat log.txt; tail -n 3 tune-opencl-rest.txt; grep "shapes with an entry" verify.txt
for c in 1 2 3 4 5 7 8 13 16 31 32 33 61 64 100 127 128 250 256 500 512 777 1000 1024 2000 2048 4096; do
  echo "$c $(for d in wgpu opencl; do grep -E "^logreg " sw-$c-$d.txt | sed "s/  */ /g" | cut -d" " -f5,14,17,19 | tr '\n' ' '; done)"
done
