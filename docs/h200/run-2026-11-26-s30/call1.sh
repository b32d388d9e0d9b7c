#!/usr/bin/env bash
# Session 30, call 1 (H200): the register-resident logistic pass with each row's label loaded
# with its X (duet-y) and software-pipelined, the next step's loads issued before the current
# step's scores are exchanged (duet-p), against main (duet-m = 80530f6), both backends.
# (1) Registers: vk_binary on the WGSL variant files, cl_binary (main / p) with -cl-nv-verbose.
# (2) 256 MiB, one case per process, the three builds interleaved, DUET_TUNE=off (the variants'
# source hashes differ, so no tuned entry would apply to them); duet-p also at one row a step.
set -u
R=/tmp/s30c1; rm -rf $R; mkdir -p $R/vk $R/cl
for b in duet-m duet-y duet-p vk_binary cl_binary cl_binary-p; do gunzip -kf .gpu/bin/$b.gz; done
E="bash .gpu/on-device.sh .gpu/bin"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
stats() { grep -E "Register|Local|Shared" "$1" | sed 's/  (.*//; s/^ *//' | tr '\n' ' '; }
while read -r name vk cl; do
  for v in y p; do
    timeout 30 $E/vk_binary vk:0 .gpu/var/logreg-$v.wgsl logreg_partial_reg $vk > /dev/null 2> $R/vk/$v-$name.txt
  done
  timeout 30 $E/vk_binary vk:0 logreg logreg_partial_reg $vk > /dev/null 2> $R/vk/m-$name.txt
  DUET_CL_OPTIONS=-cl-nv-verbose timeout 60 $E/cl_binary opencl:1 logreg $cl > /dev/null 2> $R/cl/m-$name.txt
  DUET_CL_OPTIONS=-cl-nv-verbose timeout 60 $E/cl_binary-p opencl:1 logreg $cl > /dev/null 2> $R/cl/p-$name.txt
  for v in m y p; do echo "vk $v $name: $(stats $R/vk/$v-$name.txt)"; done
  for v in m p; do echo "cl $v $name: $(grep -A1 "logreg_partial_reg" $R/cl/$v-$name.txt | grep -oE "Used [0-9]+ registers" | head -1)"; done
done > $R/regs.txt <<'LIST'
k8 LOGREG_K=8,LOGREG_PITCH=8,LOGREG_LANES=1,LOGREG_RPS=2,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1 LOGREG_K=8,LOGREG_PITCH=8,LOGREG_LANES=1,LOGREG_RPS=1,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1
k8r1 LOGREG_K=8,LOGREG_PITCH=8,LOGREG_LANES=1,LOGREG_RPS=1,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1 LOGREG_K=8,LOGREG_PITCH=8,LOGREG_LANES=1,LOGREG_RPS=2,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1
k33 LOGREG_K=33,LOGREG_PITCH=36,LOGREG_LANES=4,LOGREG_RPS=2,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1 LOGREG_K=33,LOGREG_PITCH=33,LOGREG_LANES=4,LOGREG_RPS=1,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1
k777 LOGREG_K=777,LOGREG_PITCH=780,LOGREG_LANES=64,LOGREG_RPS=2,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1 LOGREG_K=777,LOGREG_PITCH=780,LOGREG_LANES=64,LOGREG_RPS=1,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1
k777r1 LOGREG_K=777,LOGREG_PITCH=780,LOGREG_LANES=64,LOGREG_RPS=1,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1 LOGREG_K=777,LOGREG_PITCH=780,LOGREG_LANES=64,LOGREG_RPS=2,LOGREG_SPAN=32,LOGREG_INTERLEAVE=1
LIST
cat $R/regs.txt
L="bench --sizes sweep --op logreg --budget 0.15 --warmup-ms 500 --no-cpu --variant default --sweep-mib 256"
timeout 30 $E/duet-m bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for c in 8 13 33 127 777 1000; do
  for d in wgpu:0 opencl:1; do for b in m y p; do
    DUET_TUNE=off timeout 40 $E/duet-$b $L --cols $c --device $d > $R/lr-$c-$b-${d%:*}.txt 2>&1
  done; done
  DUET_TUNE=off timeout 40 $E/duet-p $L --cols $c --device wgpu:0 --param logreg_rps=1 > $R/lr-$c-p1-wgpu.txt 2>&1
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call1.tgz .
for f in lr-*.txt; do echo "$f $(grep -E "^logreg " $f | sed "s/  */ /g" | cut -d" " -f4,5,12)"; done
