#!/usr/bin/env bash
# Session 13, call 11 (H100, the session's final binary): small calls, three rounds, with
# --phases: read, arg-min/max at 4 KiB-4 MiB, the logistic gradient at 1 MiB, the RBF rows at
# 4 MiB.
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=timestamp,clocks.sm --format=csv -lms 100 > $R/clocks.csv 2>&1 &
SMI=$!
B="bench --op read,argmin,argmax --size 2^10,2^14,2^18,2^20 --device wgpu:0,opencl:1 --budget 0.3 --warmup-ms 500 --no-cpu --phases"
L="bench --op logreg,rbf --variant multi_group,default --size 2^12×64,2^10×1000 --device wgpu:0,opencl:1 --budget 0.3 --warmup-ms 500 --no-cpu --phases"
for round in 1 2 3; do
  timeout 100 $D $B --json $R/small-$round.json > $R/small-$round.txt 2>&1
  timeout 100 $D $L --json $R/ops-$round.json > $R/ops-$round.txt 2>&1
done
kill $SMI
grep -h -A24 "phases (median" $R/small-3.txt | grep -v "^read  *- *2^2[2-8]\|^read  *- *2^1[26]"
grep -h -A30 "phases (median" $R/ops-3.txt | grep -E "^(logreg|rbf)"
cd $OUT && tar czf lt11.tgz r && rm -rf r
