#!/usr/bin/env bash
# Session 31, call 5 (H200): duet-u. Where the logistic pass's fixed cost beyond the read
# kernel goes: the pass's workgroups (its partial slots, which the finish or the reduce sums)
# at 8, 64 and 1 000 columns, 64 MiB, both backends, `logreg_max_groups` 132 to 1 056 (pinned;
# the other parameters from the built-in entries).
set -u
R=/tmp/s31c5; rm -rf $R; mkdir -p $R
gunzip -kf .gpu/bin/duet-u.gz
E="bash .gpu/on-device.sh .gpu/bin"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-u bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --op logreg --budget 0.15 --warmup-ms 400 --no-cpu --variant default --sweep-mib 64"
for c in 8 64 1000; do for d in wgpu:0 opencl:1; do for g in 132 264 528 1056; do
  timeout 30 $E/duet-u $L --cols $c --device $d --param logreg_max_groups=$g > $R/g-$c-${d%:*}-$g.txt 2>&1
done; done; done
echo "groups done $(date -u +%T)" >> $R/log.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call5.tgz .
cat log.txt
f() { grep -E "^(read|logreg) " "$1" | sed "s/  */ /g" | cut -d" " -f5,14,17 | tr '\n' ' '; }
for c in 8 64 1000; do for d in wgpu opencl; do echo "$c $d: $(for g in 132 264 528 1056; do echo -n "g$g: $(f g-$c-$d-$g.txt)| "; done)"; done; done
