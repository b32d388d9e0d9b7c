#!/usr/bin/env bash
# Session 15, call 3: is sv12's order effect (k = 3 and 7 slower after the k = 1 case, same
# process) wgpu's alone, and does it touch both layouts? Each run a fresh process, sv11's order
# (k = 1, 3, 5, 7, 13 at 256 MiB): (a) OpenCL, default rung; (b) wgpu, row_major and
# column_major, twice; (c) wgpu, k = 3, 5, 7, 13 only (no k = 1 case first).
set -u
D="bash .gpu/on-device.sh"
R=$OUT/r; mkdir -p $R
B=.gpu/bin/duet
export DUET_TUNE=off
$D $B bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
C="bench --sizes sweep --op rbf --budget 0.3 --warmup-ms 300 --no-cpu --sweep-mib 256"
timeout 60 $D $B $C --cols 1,3,5,7,13 --variant default --device opencl:1 --json $R/order-ocl.json > $R/order-ocl.txt 2>&1; echo "a rc=$?"
for i in 1 2; do
  timeout 60 $D $B $C --cols 1,3,5,7,13 --variant row_major,column_major --device wgpu:0 --json $R/order-wgpu-$i.json > $R/order-wgpu-$i.txt 2>&1; echo "b $i rc=$?"
done
timeout 60 $D $B $C --cols 3,5,7,13 --variant row_major,column_major --device wgpu:0 --json $R/nok1-wgpu.json > $R/nok1-wgpu.txt 2>&1; echo "c rc=$?"
cd $OUT && tar czf sv13.tgz r && rm -rf r
