#!/usr/bin/env bash
# Session 15, call 4: logreg_partial_quad (four rows per work-item for rows of at most 8
# floats) against the one-row-per-work-item pass it replaces there (--param
# logreg_quad_pitch=0), same binary, alternately:
#  1. conform --op logreg,train --level quick on both devices.
#  2. the sweep's shapes at k = 1, 2, 3, 4, 5, 7, 8, 13 (13: a control, never quad) of 64 MiB,
#     256 MiB and 1 GiB, two rounds each way, both backends, built-in tuning as users get it.
#  3. k = 1, 2, 4 at 2 GiB, once each way.
set -u
D="bash .gpu/on-device.sh"
R=$OUT/r; mkdir -p $R
B=.gpu/bin/duet
$D $B bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 120 $D $B conform --op logreg,train --level quick --device wgpu:0,opencl:1 > $R/conform.txt 2>&1
echo "conform rc=$?"; tail -1 $R/conform.txt; grep FAIL $R/conform.txt | head -5
C="bench --sizes sweep --op logreg --variant default --budget 0.3 --warmup-ms 300 --no-cpu"
for dev in wgpu:0 opencl:1; do t=${dev%%:*}
  for round in 1 2; do
    for q in 8 0; do
      timeout 90 $D $B $C --sweep-mib 64,256,1024 --cols 1,2,3,4,5,7,8,13 --device $dev --param logreg_quad_pitch=$q --json $R/lr-$t-q$q-$round.json > $R/lr-$t-q$q-$round.txt 2>&1
      echo "$dev q$q $round rc=$?"
    done
  done
  for q in 8 0; do
    timeout 60 $D $B $C --sweep-mib 2048 --cols 1,2,4 --device $dev --param logreg_quad_pitch=$q --json $R/lr2g-$t-q$q.json > $R/lr2g-$t-q$q.txt 2>&1
    echo "$dev 2g q$q rc=$?"
  done
done
cd $OUT && tar czf sv14.tgz r && rm -rf r
