#!/usr/bin/env bash
# Session 45, call 1 (H200; no H100 lent): (a) what caps the logistic gradient at 1 column
# (~330 G rows/s on both GPUs and both backends, 68 % of the H200's read bound at 256 MiB)?
# `duet-exp` = main 0157ea9 + exp.diff (session 43's switches, plus in the four-rows pass:
# EXP_Y4 the four labels as one float4, EXP_NOCHK no per-row range test in a full quad,
# EXP_QRPS=N quads a step), OpenCL, defaults (DUET_TUNE=off), 1-4 columns at 256 MiB, two
# rounds (the second in reverse order); wgpu and OpenCL as a user gets them (main, built-in
# entries) beside. (b) main's built-in entries verified against today's defaults with --json,
# for `builtin_db.py --stamp` (both backends, both ops, the sweep's 16/64/256 MiB shapes).
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R /tmp/none
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h200/run-2026-11-28-s44
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call1.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
L="bench --sizes sweep --budget 0.1 --warmup-ms 500 --no-cpu --no-check --op logreg --variant default --sweep-mib 256 --cols 1,2,3,4"
one() { # $1 name, $2 -D options
  DUET_TUNE=off DUET_CL_OPTIONS="$2" timeout 60 $E/duet-exp $L --device opencl:1 --json $R/$1.json > $R/$1.txt 2>&1
  t "$1 rc=$?"
}
user() { # $1 name, $2 device
  DUET_CACHE_DIR=/tmp/none timeout 60 $E/duet $L --device $2 --json $R/$1.json > $R/$1.txt 2>&1
  t "$1 rc=$?"
}
r() { # $1 round, $2 order
  for v in $2; do
    case $v in
      base) one $1-base "" ;;
      relaxed) one $1-relaxed "-cl-fast-relaxed-math" ;;
      noexp) one $1-noexp "-D EXP_NOEXP" ;;
      native) one $1-native "-D EXP_NATIVE" ;;
      y4) one $1-y4 "-D EXP_Y4" ;;
      nochk) one $1-nochk "-D EXP_NOCHK" ;;
      q4) one $1-q4 "-D EXP_QRPS=4" ;;
      all) one $1-all "-D EXP_Y4 -D EXP_NOCHK -D EXP_QRPS=4" ;;
      ucl) user $1-user-cl opencl:1 ;;
      uwg) user $1-user-wgpu wgpu:0 ;;
    esac
  done
}
r r1 "base relaxed noexp native y4 nochk q4 all ucl uwg"
r r2 "uwg ucl all q4 nochk y4 native noexp relaxed base"
for op in logreg rbf; do for d in opencl:1 wgpu:0; do
  timeout 100 $E/duet tune --verify --op $op --device $d --shapes $D/shapes-verify.txt --cache-dir /tmp/none --json $R/verify-$op-${d%:*}.json > $R/verify-$op-${d%:*}.txt 2>&1
  t "verify $op $d rc=$?"
done; done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
t done; cat $R/log.txt $R/clocks.txt
for f in $R/r1-*.txt $R/r2-*.txt; do echo "$(basename $f): $(grep '^logreg' $f | awk '{printf "%s %s %s%% | ", $3, $5, $14}')"; done
