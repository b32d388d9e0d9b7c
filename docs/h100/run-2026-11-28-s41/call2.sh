#!/usr/bin/env bash
# Session 41, call 2 (H100): the logistic reduce with lanes by slots (duet = main e783944 + the
# change) against main (duet-m = e783944): the gradient at 64 and 256 MiB through both
# backends, the defaults and the reduce launch everywhere (logreg_last_group=0); ten training
# iterations at 64 MiB; the new reduce kernel's trace. (A first try that also swept training
# at every point ran past the call's 580 s and returned nothing: the CPU makes each point's
# blobs.) The archive in $OUT is rewritten as each run ends.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call2.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
C=1,3,5,8,13,31,33,64,100,256,512,1000,2000,4096
L="bench --sizes sweep --budget 0.1 --warmup-ms 300 --no-cpu --no-check --op logreg --variant default --cols $C"
for mib in 64 256; do
  for dev in opencl:1 wgpu:0; do
    d=${dev%%:*}
    timeout 60 $E/duet-m $L --sweep-mib $mib --device $dev > $R/m-$d-$mib.txt 2>&1; t "m $d $mib rc=$?"
    timeout 60 $E/duet $L --sweep-mib $mib --device $dev > $R/n-$d-$mib.txt 2>&1; t "n $d $mib rc=$?"
    timeout 60 $E/duet $L --sweep-mib $mib --device $dev --param logreg_last_group=0 > $R/r-$d-$mib.txt 2>&1; t "r $d $mib rc=$?"
  done
done
T="bench --sizes sweep --budget 0.1 --warmup-ms 300 --no-cpu --no-check --op train --variant multi_group --cols 100,1000,4096 --sweep-mib 64"
for dev in opencl:1 wgpu:0; do
  d=${dev%%:*}
  timeout 60 $E/duet-m $T --device $dev > $R/train-m-$d.txt 2>&1; t "train m $d rc=$?"
  timeout 60 $E/duet $T --device $dev > $R/train-n-$d.txt 2>&1; t "train n $d rc=$?"
done
DUET_CL_TRACE=1 timeout 40 $E/duet bench --sizes sweep --budget 0.05 --warmup-ms 200 --no-cpu --no-check --op logreg --variant default --cols 31,256,1000,4096 --sweep-mib 64 --device opencl:1 --param logreg_last_group=0 > $R/trace-cl.txt 2> $R/trace-cl.trace; t "trace rc=$?"
gzip $R/trace-cl.trace
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
t done; cat $R/log.txt $R/clocks.txt
