#!/usr/bin/env bash
# Session 43, call 2 (H100): is the logistic gradient at few columns (OpenCL 81 % of the read
# bound at 5 columns, 256 MiB) held back by its row math? The experiment binary `duet-exp`
# (exp.diff: call 1's switches, plus EXP_NATIVE, native_exp for the residual's exp, and
# EXP_NOEXP in the four-row kernel too), OpenCL, the whole gradient as the bench times it
# (finish included), defaults (DUET_TUNE=off), at 1-16 columns, 64 and 256 MiB; wgpu's default
# beside it. Then 777 and 1 000 columns at 256 MiB (OpenCL 81 / 88 %), parts taken away as in
# call 1. Two rounds of the first part (the second in reverse order).
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call2.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-exp bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
export DUET_TUNE=off
L="bench --sizes sweep --budget 0.1 --warmup-ms 500 --no-cpu --no-check --op logreg --variant default"
one() { # $1 name, $2 device, $3 MiB, $4 cols, $5 -D options, rest: extra args
  local n=$1 d=$2 m=$3 c=$4 o=$5; shift 5
  DUET_CL_OPTIONS="$o" timeout 120 $E/duet-exp $L --sweep-mib $m --cols $c --device $d --json $R/$n.json "$@" > $R/$n.txt 2>&1
  t "$n rc=$?"
}
A=1,2,3,4,5,7,8,13,16
r() { # $1 round, $2 order
  for v in $2; do
    for m in 256 64; do
      case $v in
        base) one $1-cl-base-$m opencl:1 $m $A "" ;;
        noexp) one $1-cl-noexp-$m opencl:1 $m $A "-D EXP_NOEXP" ;;
        native) one $1-cl-native-$m opencl:1 $m $A "-D EXP_NATIVE" ;;
        wgpu) one $1-wgpu-$m wgpu:0 $m $A "" ;;
      esac
    done
  done
}
r r1 "base noexp native wgpu"
B=777,1000
one b-base opencl:1 256 $B ""
one b-noshuf opencl:1 256 $B "-D EXP_NOSHUF"
one b-loadonly opencl:1 256 $B "-D EXP_LOADONLY"
one b-bare opencl:1 256 $B "-D EXP_LOADONLY -D EXP_NOTREE -D EXP_NOW"
one b-rps2 opencl:1 256 $B "" --param logreg_rps=2
one b-wgpu wgpu:0 256 $B ""
r r2 "wgpu native noexp base"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
t done; cat $R/log.txt
