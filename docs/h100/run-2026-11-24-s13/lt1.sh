#!/usr/bin/env bash
# Session 13, call 1: small-call latency. Reductions with the last-workgroup finish on both
# backends (new on wgpu) against two passes, the phase breakdown of wall time, PyTorch beside.
set -u
R=$OUT/r; mkdir -p $R
D=.gpu/bin/duet
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv > $R/smi.txt 2>&1
timeout 120 bash .gpu/on-device.sh $D conform --op read,argmin,argmax --level full --device wgpu:0,opencl:1 > $R/conform.txt 2>&1
tail -1 $R/conform.txt
timeout 90 python3 .gpu/torch_small.py > $R/torch.txt 2>&1
S=2^10,2^12,2^14,2^16,2^18,2^20,2^22
B="bench --op read,argmin,argmax --size $S --device wgpu:0,opencl:1 --budget 0.3 --warmup-ms 500 --no-cpu --phases"
for round in 1 2; do
  timeout 150 bash .gpu/on-device.sh $D $B --json $R/last1-$round.json > $R/last1-$round.txt 2>&1
  timeout 150 bash .gpu/on-device.sh $D $B --param arg_last_group=0 --json $R/last0-$round.json > $R/last0-$round.txt 2>&1
done
timeout 100 bash .gpu/on-device.sh $D bench --op read,argmax --size 2^10,2^14,2^18 --device wgpu:0,opencl:1 --budget 0.3 --warmup-ms 500 --no-cpu --phases --param reduce_max_groups=1 --json $R/onegroup.json > $R/onegroup.txt 2>&1
cat $R/torch.txt
grep -A50 "phases (median" $R/last1-1.txt | head -50
cd $OUT && tar czf lt1.tgz r && rm -rf r
