#!/usr/bin/env bash
# Session 31, call 6 (H200): the reduce's chains, an experiment (not committed). duet-v =
# e3c716b's code with sum16.patch: each lane of the reduce (and of the last-workgroup finish)
# sums its slots in 16 interleaved chains instead of 8, so twice the loads in flight. Against
# duet-u (e3c716b), both with DUET_TUNE=off (the patch changes the source hash; neither takes
# a tuned entry), interleaved, both backends, 4 and 64 MiB.
set -u
R=/tmp/s31c6; rm -rf $R; mkdir -p $R
gunzip -kf .gpu/bin/duet-u.gz .gpu/bin/duet-v.gz
E="bash .gpu/on-device.sh .gpu/bin"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-u bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --op logreg --budget 0.15 --warmup-ms 400 --no-cpu --variant default"
for round in 1 2; do
  for c in 8 13 31 48 64 100; do for mib in 4 64; do for d in wgpu:0 opencl:1; do for b in u v; do
    DUET_TUNE=off timeout 30 $E/duet-$b $L --sweep-mib $mib --cols $c --device $d > $R/c-$c-$mib-${d%:*}-$b-$round.txt 2>&1
  done; done; done; done
done
echo "done $(date -u +%T)" >> $R/log.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call6.tgz .
cat log.txt
f() { grep -E "^logreg " "$1" | sed "s/  */ /g" | cut -d" " -f5,17 | tr '\n' ' '; }
for c in 8 13 31 48 64 100; do for mib in 4 64; do for d in wgpu opencl; do
  echo "$c $mib $d: u $(f c-$c-$mib-$d-u-1.txt)$(f c-$c-$mib-$d-u-2.txt)| v $(f c-$c-$mib-$d-v-1.txt)$(f c-$c-$mib-$d-v-2.txt)"
done; done; done
