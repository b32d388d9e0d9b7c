#!/usr/bin/env bash
# Session 51, call 2 (H200), `duet-main` = main e0c1898 only. (1) wgpu's logistic gradient at
# 3-7 and 13 columns: the workgroups of a pass (`logreg_max_groups`, automatic 264 = two an SM)
# and the workgroup size, for the four-rows pass (automatic at 1-7 columns) and the register
# pass (`logreg_quad_pitch=4`); two rounds, the second in reverse order. (2) `tune --verify`
# of the H200's OpenCL logistic entries whose baselines 219e9a6 re-recorded (shapes.txt).
# (3) The conformance suite at the head, both GPU backends.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h200/run-2026-12-02-s51
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call2.tgz -C $R .; }
timeout 30 $E/duet-main bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
B="bench --sizes sweep --budget 0.06 --warmup-ms 500 --no-cpu --no-check --device wgpu:0 --sweep-mib 64,256 --op logreg --variant default --cols 3,4,5,6,7,13"
run() { # name args...
  local name=$1; shift
  DUET_TUNE=off timeout 60 $E/duet-main "$@" --json $R/$name.json > $R/$name.txt 2>&1; t "$name rc=$?"
}
cfg() { # name -> params
  case $1 in
    q264) echo "" ;;
    q528) echo "--param logreg_max_groups=528" ;;
    q792) echo "--param logreg_max_groups=792" ;;
    qw512) echo "--param logreg_wg=512" ;;
    r264) echo "--param logreg_quad_pitch=4" ;;
    r528) echo "--param logreg_quad_pitch=4 --param logreg_max_groups=528" ;;
    r1056) echo "--param logreg_quad_pitch=4 --param logreg_max_groups=1056" ;;
    rw512) echo "--param logreg_quad_pitch=4 --param logreg_wg=512" ;;
  esac
}
for r in 1 2; do
  order="q264 q528 q792 qw512 r264 r528 r1056 rw512"
  [ $r = 2 ] && order=$(echo $order | tr ' ' '\n' | tac | tr '\n' ' ')
  for c in $order; do run $c-$r $B $(cfg $c); done
done
timeout 150 $E/duet-main tune --verify --op logreg --device opencl:1 --shapes $D/shapes.txt --cache-dir /tmp/empty --json $R/verify.json > $R/verify.txt 2>&1
t "verify rc=$?"
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
timeout 280 $E/duet-main conform --device wgpu:0,opencl:1 --json $R/conform.json > $R/conform.txt 2>&1
t "conform rc=$?"
gzip $R/*.json
t done; cat $R/log.txt; tail -n 3 $R/conform.txt
