#!/usr/bin/env bash
# Session 12, call 3: the register-resident pass for every k <= 4096 plus the column-blocked
# reduce. Conformance, the sweep's 64 and 256 MiB points (default, checked), 1 GiB at some k,
# and the tuner's search (dry run) at the wide shapes.
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
R=$OUT/r; mkdir -p $R
export DUET_TUNE=off
timeout 100 $D conform --op logreg,train --level full --device wgpu:0,opencl:1 > $R/conform.txt 2>&1
tail -1 $R/conform.txt
$D bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
SW="bench --sizes sweep --op logreg --variant default --device wgpu:0,opencl:1 --budget 0.3 --warmup-ms 300 --no-cpu"
timeout 250 $D $SW --sweep-mib 64,256 --json $R/new.json > $R/new.txt 2>&1
echo "new rc=$?"
timeout 100 $D $SW --sweep-mib 1024 --cols 1,3,7,16,33,64,100,127,250,500,777,1000,2000,4096 --no-check --json $R/new1g.json > $R/new1g.txt 2>&1
echo "1g rc=$?"
for dev in wgpu:0 opencl:1; do
  timeout 70 $D tune --op logreg --shapes .gpu/wide.txt --device $dev --budget 60 --dry-run --json $R/tune-$dev.json > $R/tune-$dev.txt 2>&1
  echo "$dev rc=$?"
done
cd $OUT && tar czf lr3.tgz r && rm -rf r
