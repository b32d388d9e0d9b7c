#!/usr/bin/env bash
# Session 12, call 2: what the wide register-resident pass (k >= 777: two or more warps per row)
# wants: duet tune's search (dry run) at 64 and 256 MiB shapes, both backends.
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
R=$OUT/r; mkdir -p $R
$D bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for dev in wgpu:0 opencl:1; do
  timeout 270 $D tune --op logreg --shapes .gpu/wide.txt --device $dev --budget 240 --dry-run --json $R/tune-$dev.json > $R/tune-$dev.txt 2>&1
  echo "$dev rc=$?"
done
cd $OUT && tar czf lr2.tgz r && rm -rf r
