#!/usr/bin/env bash
# Session 15, call 10: does wgpu's allocator setting change the order effect of sv12/sv13?
# An experiment build (DUET_WGPU_MEMORY: performance = wgpu's default hints, usage =
# MemoryHints::MemoryUsage (8-64 MB blocks), small = 4 MB blocks: every larger buffer its own
# vkAllocateMemory). sv13's order (k = 1, 3, 5, 7, 13 at 256 MiB, row_major and column_major),
# a fresh process each, two rounds of each setting.
set -u
D="bash .gpu/on-device.sh"
R=$OUT/r; mkdir -p $R
B=.gpu/bin/duet
export DUET_TUNE=off
$D $B bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
C="bench --sizes sweep --op rbf --budget 0.3 --warmup-ms 300 --no-cpu --no-check --sweep-mib 256 --cols 1,3,5,7,13 --variant row_major,column_major --device wgpu:0"
for round in 1 2; do
  for m in performance usage small; do
    DUET_WGPU_MEMORY=$m timeout 60 $D $B $C --json $R/order-$m-$round.json > $R/order-$m-$round.txt 2>&1; echo "$m $round rc=$?"
  done
done
cd $OUT && tar czf sv20.tgz r && rm -rf r
