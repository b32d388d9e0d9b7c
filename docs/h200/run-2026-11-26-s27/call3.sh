#!/usr/bin/env bash
# Session 27, call 3 (H200): where a 7/9 training's host time goes now. duet-t = 011dce0 +
# stamps.patch (DUET_SVM_T=1 prints ms from the start of `train` at its steps, and each
# kernel build's start and end); three runs per backend, after two runs that warm the
# drivers' and duet's kernel caches. Settings as call 1.
set -u
DATA=.gpu/data
for b in duet-t; do [ -e .gpu/bin/$b ] || gunzip -k .gpu/bin/$b.gz; done
R=/tmp/s27c3; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
fm() { echo "--data $DATA/train-images-idx3-ubyte.gz --classes $1 --scale 0,1 --c 10"; }
ls -la ~/.cache/duet 2>&1 | head -5 > $R/cache-before.txt
$E/duet-t bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for dev in wgpu:0 opencl:1; do for k in 1 2; do $E/duet-t train svm $(fm 7,9) --device $dev > /dev/null 2>&1; done; done
for rep in 1 2 3; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  DUET_SVM_T=1 timeout 30 $E/duet-t train svm $(fm 7,9) --json --device $dev > $R/fm7-9-$tag-$rep.json 2> $R/t7-9-$tag-$rep.t
done; done
find ~/.cache/duet -type f | head -20 > $R/cache-after.txt 2>&1
cd $R; tar czf $OUT/call3.tgz .
for f in t7-9-*-1.t; do echo "== $f"; grep svm-t $f | head -40; done
