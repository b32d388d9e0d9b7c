#!/usr/bin/env bash
# Session 37, call 2 (H100): (a) call 1's 64 MiB sweeps and 4 MiB wgpu sweep again (call 1 wrote
# more files than the device tool returns: those were lost); (b) the gradient at 256 MiB through
# wgpu alone in a fresh process (call 1's wgpu gradients, after the RBF cases in the same
# process, ran 2-2.6x slow at every column count); the GPU's clocks, power and throttle reasons
# sampled every 200 ms through the whole call (smi.csv; log.txt has each run's start and end);
# (c) the OpenCL gradient at 64 MiB above 500 columns (66-77 % of the read bound in session 36)
# with two rows a step (logreg_rps=2) and with 264 workgroups (logreg_full_groups=264).
set -u
R=/tmp/s37c2; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
t() { echo "[$(date +%T.%N | cut -c1-12)] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/log.txt
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,pstate,temperature.gpu,clocks_throttle_reasons.active --format=csv -lms 200 > $R/smi.csv 2>&1 &
SMI=$!
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.15 --warmup-ms 400 --no-cpu --no-check"
t "start b: 256 wgpu logreg alone"
timeout 60 $E/duet $L --op logreg --variant default --sweep-mib 256 --device wgpu:0 --json $R/lr-256-wgpu.json > $R/lr-256-wgpu.txt 2>&1
t "end b rc=$?"
for mib in 64 4; do for d in wgpu:0 opencl:1; do
  [ $mib = 4 ] && [ $d = opencl:1 ] && continue
  t "start sweep $mib $d"
  timeout 80 $E/duet $L --op logreg,rbf --variant default,default_row_major --sweep-mib $mib --device $d --json $R/sw-$mib-${d%:*}.json > $R/sw-$mib-${d%:*}.txt 2>&1
  t "end sweep $mib $d rc=$?"
done; done
C="--cols 257,500,777,1000,1500,2000,4096"
for p in "" "--param logreg_rps=2" "--param logreg_full_groups=264"; do
  t "start c [$p]"
  echo "=== [$p]" >> $R/c.txt
  timeout 40 $E/duet $L --op logreg --variant default --sweep-mib 64 --device opencl:1 $C $p >> $R/c.txt 2>&1
  t "end c rc=$?"
done
kill $SMI
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/log.txt
gzip $R/*.json
cd $R && tar czf $OUT/call2.tgz .
cat log.txt
grep -E "^(read|logreg) " c.txt lr-256-wgpu.txt | cut -c1-110
