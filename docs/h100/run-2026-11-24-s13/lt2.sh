#!/usr/bin/env bash
# Session 13, call 2: small-call wall time after polling before blocking (both backends), no
# error scopes around submit and bind groups (wgpu), no gate for one launch (OpenCL); the SM
# clock sampled during the small calls.
set -u
R=$OUT/r; mkdir -p $R
D=.gpu/bin/duet
S=2^10,2^12,2^14,2^16,2^18,2^20,2^22
B="bench --op read,argmin,argmax --size $S --device wgpu:0,opencl:1 --budget 0.3 --warmup-ms 500 --no-cpu --phases"
nvidia-smi --query-gpu=timestamp,clocks.sm,utilization.gpu --format=csv -lms 50 > $R/clocks.csv 2>&1 &
SMI=$!
for round in 1 2; do
  timeout 150 bash .gpu/on-device.sh $D $B --json $R/spin-$round.json > $R/spin-$round.txt 2>&1
done
kill $SMI
timeout 100 bash .gpu/on-device.sh $D bench --op logreg,rbf --size 2^12×64,2^14×64,2^10×1000 --device wgpu:0,opencl:1 --budget 0.3 --warmup-ms 500 --no-cpu --phases --json $R/small-ops.json > $R/small-ops.txt 2>&1
grep -A50 "phases (median" $R/spin-2.txt | head -24
grep -A12 "phases (median" $R/small-ops.txt
awk -F, 'NR>1{print $2}' $R/clocks.csv | sort | uniq -c | sort -rn | head
cd $OUT && tar czf lt2.tgz r && rm -rf r
