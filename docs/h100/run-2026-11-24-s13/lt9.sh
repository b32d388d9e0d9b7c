#!/usr/bin/env bash
# Session 13, call 9 (H100, final binary): duet tune --verify of the built-in entries where
# they are not measured yet (logistic at the 256 MiB sweep shapes, which take the 64 MiB
# buckets' entries; read/argext at 2^20-2^30); the small calls once more with --phases, and
# the logistic gradient at 1 MiB with polling off and on.
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
R=$OUT/r; mkdir -p $R
export DUET_CACHE_DIR=$R/empty
timeout 150 $D tune --verify --op logreg --shapes .gpu/sweep-256.txt --device opencl:1,wgpu:0 --json $R/verify-logreg-256.json > $R/verify-logreg-256.txt 2>&1
echo "logreg rc=$?"; grep -E "shapes with an entry" $R/verify-logreg-256.txt
timeout 100 $D tune --verify --op read,argext --shapes .gpu/reduce-shapes.txt --device wgpu:0,opencl:1 --json $R/verify-reduce.json > $R/verify-reduce.txt 2>&1
echo "reduce rc=$?"; grep -E "shapes with an entry" $R/verify-reduce.txt
B="bench --op read,argmax --size 2^10,2^14,2^18,2^20 --device wgpu:0,opencl:1 --budget 0.3 --warmup-ms 500 --no-cpu --phases"
L="bench --op logreg --variant multi_group --size 2^12×64 --device wgpu:0,opencl:1 --budget 0.3 --warmup-ms 500 --no-cpu --phases"
for round in 1 2; do
  timeout 100 $D $B --json $R/final-$round.json > $R/final-$round.txt 2>&1
  timeout 60 $D $L --json $R/logreg-$round.json > $R/logreg-$round.txt 2>&1
  DUET_SPIN_US=0 timeout 60 $D $L --json $R/logreg-block-$round.json > $R/logreg-block-$round.txt 2>&1
done
grep -A10 "phases (median" $R/final-2.txt; grep -h -A3 "phases (median" $R/logreg-2.txt $R/logreg-block-2.txt
cd $OUT && tar czf lt9.tgz r && rm -rf r
