#!/usr/bin/env bash
# Session 43, call 1 (H100): where the logistic pass's 10-15 % over the read kernel goes at
# 64 MiB (session 42's proposal 1). OpenCL, per-kernel trace, the pass alone (the reduce
# launched apart: logreg_last_group=0), defaults (DUET_TUNE=off), at 31-1000 columns. One
# experiment binary (`duet-exp`, main 17da59c with kernels/logreg.cl's logreg_partial_reg
# switches, exp.diff) whose variants are -D flags through DUET_CL_OPTIONS:
#   base         the kernel as on main
#   LOADONLY     each step only adds its loaded float4s (no dot, no lane sums, no exp)
#   NOEXP        dot and lane sums, residual y - z (no exp)
#   NOSHUF       no lane sums (each lane's own partial score)
#   NOW          weights from a formula (no loads of w)
#   NOTREE       no tree over the row slots at the end (each lane's slot 0 partial written)
#   and parameter variants of the base kernel: logreg_pipeline=1, logreg_rps=2,
#   logreg_interleave=1 (blocks), logreg_full_groups=264/528.
# Two rounds, the second in reverse order. The read kernel at 2^24 floats in each round.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call1.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-exp bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
export DUET_TUNE=off
L="bench --sizes sweep --budget 0.1 --warmup-ms 500 --no-cpu --no-check --op logreg --variant default --sweep-mib 64 --device opencl:1 --param logreg_last_group=0"
C=31,33,64,100,256,1000
V="base LOADONLY NOEXP NOSHUF NOW NOTREE LOADONLY+NOTREE+NOW p:logreg_pipeline=1 p:logreg_rps=2 p:logreg_interleave=1 p:logreg_full_groups=264 p:logreg_full_groups=528"
one() { # $1 variant, $2 round
  local v=$1 n="$2-${1//[:=+]/_}" opts="" extra=""
  case $v in
    base) ;;
    p:*) extra="--param ${v#p:}" ;;
    *) opts=$(echo "$v" | tr '+' '\n' | sed 's/^/-D EXP_/' | tr '\n' ' ') ;;
  esac
  DUET_CL_OPTIONS="$opts" DUET_CL_TRACE=1 timeout 90 $E/duet-exp $L $extra --cols $C > $R/$n.txt 2> $R/$n.trace
  t "$n rc=$? opts=[$opts] extra=[$extra]"
}
for v in $V; do one $v r1; done
DUET_CL_TRACE=1 timeout 60 $E/duet-exp bench --op read --size 2^24 --budget 0.1 --warmup-ms 500 --no-cpu --no-check --device opencl:1 > $R/r1-read.txt 2> $R/r1-read.trace; t "r1 read rc=$?"
for v in $(echo $V | tr ' ' '\n' | tac); do one $v r2; done
DUET_CL_TRACE=1 timeout 60 $E/duet-exp bench --op read --size 2^24 --budget 0.1 --warmup-ms 500 --no-cpu --no-check --device opencl:1 > $R/r2-read.txt 2> $R/r2-read.trace; t "r2 read rc=$?"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.trace
t done; cat $R/log.txt
