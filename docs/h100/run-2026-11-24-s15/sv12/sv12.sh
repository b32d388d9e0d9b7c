#!/usr/bin/env bash
# Session 15, call 2: RBF rows at 256 MiB and few columns, where sv11 measured column_major
# 2.5x slower through wgpu than session 5's sweep (k = 3: 446-481 us against 181 us).
# Each run a fresh process: (a) k = 3 alone, every rung, both backends, twice; (b) sv11's
# order (k = 1, 3, 5, 7, 13, default rung); (c) k = 3, 5, 7 at 64 MiB; (d) nvidia-smi clocks.
set -u
D="bash .gpu/on-device.sh"
R=$OUT/r; mkdir -p $R
B=.gpu/bin/duet
export DUET_TUNE=off
nvidia-smi --query-gpu=clocks.sm,clocks.mem,clocks.max.sm,power.draw,temperature.gpu --format=csv > $R/smi0.txt 2>&1
$D $B bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
C="bench --sizes sweep --op rbf --budget 0.3 --warmup-ms 300 --no-cpu"
for i in 1 2; do
  timeout 60 $D $B $C --sweep-mib 256 --cols 3 --device wgpu:0,opencl:1 --json $R/k3-$i.json > $R/k3-$i.txt 2>&1; echo "k3 $i rc=$?"
done
timeout 60 $D $B $C --sweep-mib 256 --cols 1,3,5,7,13 --variant default --device wgpu:0 --json $R/order.json > $R/order.txt 2>&1; echo "order rc=$?"
timeout 60 $D $B $C --sweep-mib 256 --cols 7,13 --device wgpu:0,opencl:1 --json $R/k7.json > $R/k7.txt 2>&1; echo "k7 rc=$?"
timeout 60 $D $B $C --sweep-mib 64 --cols 3,5,7 --device wgpu:0,opencl:1 --json $R/m64.json > $R/m64.txt 2>&1; echo "m64 rc=$?"
nvidia-smi --query-gpu=clocks.sm,clocks.mem,clocks.max.sm,power.draw,temperature.gpu --format=csv > $R/smi1.txt 2>&1
cd $OUT && tar czf sv12.tgz r && rm -rf r
