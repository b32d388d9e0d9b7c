#!/usr/bin/env bash
# Session 30, call 5 (H200): duet-q (53e6b9b). Call 4's "rest" tune took the 64 MiB shapes again
# (a wrong line range); this one tunes OpenCL's 256 MiB shapes of 5 columns and up
# (shapes-rest.txt, now those) into call 4's cache (.gpu/tc), then `tune --verify` of OpenCL's
# entries at all 108 shapes. Then RBF rows at columns off the sweep's grid, 256 MiB, the
# default rung of each layout, one column count per process, both backends, checked.
set -u
R=/tmp/s30c5; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc; cp .gpu/tc/*.json /tmp/tc/
gunzip -kf .gpu/bin/duet-q.gz
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h200/run-2026-11-26-s30
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-q bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 170 $E/duet-q tune --op logreg --device opencl:1 --shapes $D/shapes-rest.txt --budget 160 --cache-dir /tmp/tc --json $R/tune-opencl-256.json > $R/tune-opencl-256.txt 2>&1
echo "tune 256 rc=$? $(date -u +%T)" >> $R/log.txt
timeout 70 $E/duet-q tune --verify --op logreg --device opencl:1 --shapes $D/shapes.txt --cache-dir /tmp/tc --json $R/verify.json > $R/verify.txt 2>&1
echo "verify rc=$? $(date -u +%T)" >> $R/log.txt
B="bench --sizes sweep --op rbf --variant default,default_row_major --budget 0.15 --warmup-ms 400 --no-cpu --sweep-mib 256"
for c in 9 11 17 23 37 65 99 129 300 785 1500; do for d in wgpu:0 opencl:1; do
  timeout 40 $E/duet-q $B --cols $c --device $d > $R/rbf-$c-${d%:*}.txt 2>&1
done; done
echo "rbf done $(date -u +%T)" >> $R/log.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip -f $R/*.json; cp /tmp/tc/*.json $R/
cd $R && tar czf $OUT/call5.tgz .
cat log.txt; tail -n 3 tune-opencl-256.txt; grep "shapes with an entry" verify.txt; grep -E "×0\.9" verify.txt
for c in 9 11 17 23 37 65 99 129 300 785 1500; do
  echo "$c $(for d in wgpu opencl; do grep -E "^rbf " rbf-$c-$d.txt | sed "s/  */ /g" | cut -d" " -f2,5,14,17 | tr '\n' ' '; done)"
done
