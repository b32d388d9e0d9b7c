#!/usr/bin/env bash
# Session 13, call 3: polling before blocking against blocking (DUET_SPIN_US=0), alternating in
# one call; the read/argext re-tune (their kernel files changed); quick conformance of every op.
set -u
R=$OUT/r; mkdir -p $R
D=.gpu/bin/duet
B="bench --op read,argmax --size 2^10,2^14,2^18,2^20 --device wgpu:0,opencl:1 --budget 0.3 --warmup-ms 500 --no-cpu --phases"
for round in 1 2 3; do
  DUET_SPIN_US=0 timeout 100 bash .gpu/on-device.sh $D $B --json $R/block-$round.json > $R/block-$round.txt 2>&1
  timeout 100 bash .gpu/on-device.sh $D $B --json $R/spin-$round.json > $R/spin-$round.txt 2>&1
done
export DUET_CACHE_DIR=/tmp/duetcache
timeout 150 bash .gpu/on-device.sh $D tune --op read,argext --shapes .gpu/reduce-shapes.txt --device wgpu:0 --budget 120 --json $R/tune-wgpu.json > $R/tune-wgpu.txt 2>&1
timeout 150 bash .gpu/on-device.sh $D tune --op read,argext --shapes .gpu/reduce-shapes.txt --device opencl:1 --budget 120 --json $R/tune-opencl.json > $R/tune-opencl.txt 2>&1
unset DUET_CACHE_DIR
timeout 150 bash .gpu/on-device.sh $D conform --level quick --device wgpu:0,opencl:1 > $R/conform.txt 2>&1
tail -1 $R/conform.txt
tail -3 $R/tune-wgpu.txt $R/tune-opencl.txt
for f in block-3 spin-3; do grep -A9 "phases (median" $R/$f.txt; done
cd $OUT && tar czf lt3.tgz r && rm -rf r
