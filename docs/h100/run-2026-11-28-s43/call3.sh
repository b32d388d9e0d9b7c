#!/usr/bin/env bash
# Session 43, call 3 (H100). Part A: the lane sums exchange only the step's rows (`duet`, this
# change) against main (`duet-main`, fcc453d: with one row a step, OpenCL's default, the second
# row's shuffles and stores were done on zeros), OpenCL, 64 and 256 MiB, 31-4 096 columns,
# defaults (DUET_TUNE=off), two rounds in alternating order; wgpu (two rows a step: unchanged)
# at 256 MiB as a check. Part B: the four-row pass (`logreg_quad_pitch`: OpenCL 5, wgpu 7)
# against the one-row pass at 3-7 columns (`--param logreg_quad_pitch=4`), both backends,
# 64 MiB, 256 MiB and 1 GiB, two rounds.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call3.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
export DUET_TUNE=off
L="bench --sizes sweep --budget 0.1 --warmup-ms 500 --no-cpu --no-check --op logreg --variant default"
one() { # $1 name, $2 binary, $3 device, $4 MiB, $5 cols, rest: extra args
  local n=$1 b=$2 d=$3 m=$4 c=$5; shift 5
  timeout 150 $E/$b $L --sweep-mib $m --cols $c --device $d --json $R/$n.json "$@" > $R/$n.txt 2>&1
  t "$n rc=$?"
}
A=31,33,61,64,100,127,256,500,777,1000,2000,4096
for r in 1 2; do
  if [ $r = 1 ]; then order="duet-main duet"; else order="duet duet-main"; fi
  for b in $order; do for m in 64 256; do one a$r-$b-cl-$m $b opencl:1 $m $A; done; done
done
one a1-duet-main-wgpu-256 duet-main wgpu:0 256 64,777
one a1-duet-wgpu-256 duet wgpu:0 256 64,777
B=3,4,5,6,7
for r in 1 2; do
  for d in opencl:1 wgpu:0; do
    k=${d%%:*}
    for m in 64 256 1024; do
      if [ $r = 1 ]; then
        one b$r-$k-def-$m duet $d $m $B; one b$r-$k-qp4-$m duet $d $m $B --param logreg_quad_pitch=4
      else
        one b$r-$k-qp4-$m duet $d $m $B --param logreg_quad_pitch=4; one b$r-$k-def-$m duet $d $m $B
      fi
    done
  done
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
t done; cat $R/log.txt
