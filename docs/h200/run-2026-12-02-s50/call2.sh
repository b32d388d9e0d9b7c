#!/usr/bin/env bash
# Session 50, call 2 (H200): the register-resident logistic pass with two rows a step computing
# both rows' residuals in one block (no test a row) where both are in range. `duet-exp` (call 1's
# binary, no -D switch: main 8399540's kernels) against `duet-new` (the change). OpenCL: its
# automatic one row a step and two (`--param logreg_rps=2`) at 5-8 columns; wgpu: its automatic
# two rows at 8-64 columns, and at 5-7 columns the register pass (`--param logreg_quad_pitch=4`)
# against its automatic four-rows pass. Two rounds, the second in reverse order.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call2.tgz -C $R .; }
timeout 30 $E/duet-new bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
export DUET_TUNE=off
B="bench --sizes sweep --budget 0.06 --warmup-ms 500 --no-cpu --no-check --op logreg --variant default"
CL="$B --cols 5,6,7,8 --sweep-mib 64,256,1024 --device opencl:1"
WW="$B --cols 8,13,16,31,64 --sweep-mib 64,256 --device wgpu:0"
WN="$B --cols 5,6,7 --sweep-mib 64,256,1024 --device wgpu:0"
run() { # name binary args...
  local name=$1 bin=$2; shift 2
  timeout 90 $E/$bin "$@" --json $R/$name.json > $R/$name.txt 2>&1; t "$name rc=$?"
}
for r in 1 2; do
  jobs="cl-main:duet-exp:$CL cl-main-rps2:duet-exp:$CL+--param+logreg_rps=2 cl-new-rps2:duet-new:$CL+--param+logreg_rps=2 ww-main:duet-exp:$WW ww-new:duet-new:$WW wn-main:duet-exp:$WN wn-new-reg:duet-new:$WN+--param+logreg_quad_pitch=4"
  jobs=${jobs// /@}; jobs=${jobs//@cl-/ cl-}; jobs=${jobs//@ww-/ ww-}; jobs=${jobs//@wn-/ wn-}
  list=$jobs; [ $r = 2 ] && list=$(echo $jobs | tr ' ' '\n' | tac | tr '\n' ' ')
  for j in $list; do
    name=${j%%:*}; rest=${j#*:}; bin=${rest%%:*}; args=${rest#*:}; args=${args//@/ }; args=${args//+/ }
    run $name-$r $bin $args
  done
done
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json
t done; cat $R/log.txt
