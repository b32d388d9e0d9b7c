#!/usr/bin/env bash
# Session 13, call 10 (H100): OpenCL without the user-event gate when not profiling (and no
# events then): small calls of one and of several launches, with --phases, against lt9.
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
R=$OUT/r; mkdir -p $R
L="bench --op logreg --variant multi_group --size 2^12×64 --device wgpu:0,opencl:1 --budget 0.3 --warmup-ms 500 --no-cpu --phases"
B="bench --op read,argmax --size 2^10,2^18 --device opencl:1 --budget 0.3 --warmup-ms 500 --no-cpu --phases"
for round in 1 2; do
  timeout 60 $D $L --json $R/logreg-$round.json > $R/logreg-$round.txt 2>&1
  timeout 60 $D $B --param arg_last_group=0 --json $R/twolaunch-$round.json > $R/twolaunch-$round.txt 2>&1
done
timeout 100 $D conform --level quick --device opencl:1 > $R/conform.txt 2>&1
tail -1 $R/conform.txt
grep -h -A3 "phases (median" $R/logreg-2.txt; grep -h -A5 "phases (median" $R/twolaunch-2.txt
cd $OUT && tar czf lt10.tgz r && rm -rf r
