#!/usr/bin/env bash
# Session 61, call 4: the seed's 2048 x 8 x 50000 training through OpenCL, lb FIRST and b7c
# second, three rounds (calls 1 and 3 always ran b7c first, and lb was slower in all five
# pairs: is it the build or the order?).
set -u
for b in .gpu/bin/duet-b7c.gz .gpu/bin/duet-lb.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call4.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv > $R/clock0.txt 2>&1
timeout 30 $E/duet-lb bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for round in 1 2 3; do
  for V in lb b7c; do
    timeout 40 $E/duet-$V bench --op train --sizes full --size 2048×8×50000 --variant multi_group --budget 1 --warmup-ms 300 --no-cpu --no-check --device opencl:1 --json $R/t-$V-$round.json > $R/t-$V-$round.txt 2>&1; t "seed train opencl $V round $round rc=$?"
  done
done
gzip -f $R/*.json; t done; cat $R/log.txt; for round in 1 2 3; do for V in lb b7c; do echo "$V $round $(grep -h 2048 $R/t-$V-$round.txt)"; done; done
