#!/usr/bin/env bash
# Session 51, call 1 (H200): WGSL's `row_vec4` written out (four guarded loads into named
# components: no loop, no component chosen at run time) in logreg.wgsl and rbf_lanes.wgsl, for
# rows whose pitch is not a multiple of 4 (wgpu: 5-7, 9, 10, 13, 14 columns). `duet-main` = main
# e0c1898, `duet-new` = the change. wgpu only (OpenCL's twin is an unrolled loop already).
# Logistic gradient: the automatic pass (four-rows at 5-7 columns) and the register pass
# (`logreg_quad_pitch=4`), the new one also unpipelined; RBF rows on a row-major X: the default
# rung and `row_lanes`. Two rounds of the gradient, the second in reverse order.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call1.tgz -C $R .; }
timeout 30 $E/duet-new bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
export DUET_TUNE=off
B="bench --sizes sweep --budget 0.06 --warmup-ms 500 --no-cpu --no-check --device wgpu:0 --sweep-mib 64,256"
L="$B --op logreg --variant default --cols 5,6,7,10,13"
F="$B --op rbf --variant default_row_major,row_lanes --cols 5,7,10,13"
run() { # name binary args...
  local name=$1 bin=$2; shift 2
  timeout 100 $E/$bin "$@" --json $R/$name.json > $R/$name.txt 2>&1; t "$name rc=$?"
}
for r in 1 2; do
  order="lo lor ln lnr lnr1"; [ $r = 2 ] && order="lnr1 lnr ln lor lo"
  for j in $order; do
    case $j in
      lo) run lo-$r duet-main $L ;;
      lor) run lor-$r duet-main $L --param logreg_quad_pitch=4 ;;
      ln) run ln-$r duet-new $L ;;
      lnr) run lnr-$r duet-new $L --param logreg_quad_pitch=4 ;;
      lnr1) run lnr1-$r duet-new $L --param logreg_quad_pitch=4 --param logreg_pipeline=1 ;;
    esac
  done
done
run fo duet-main $F
run fn duet-new $F
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json
t done; cat $R/log.txt
