#!/usr/bin/env bash
# Session 45, call 5 (H200): OpenCL's column-major RBF rows at 2-8 columns take 1.2-1.25x wgpu's
# time with the same rung and parameters (session 44's call 4), level at 1 and 3 columns. Is it
# the conforming exp (two a point)? Defaults (DUET_TUNE=off), both layouts, 1-8 columns at
# 256 MiB: OpenCL as built, with -cl-denorms-are-zero, with -cl-fast-relaxed-math; wgpu beside.
# Two rounds, the second in reverse order. main e89d322.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call5.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
export DUET_TUNE=off
L="bench --sizes sweep --budget 0.1 --warmup-ms 500 --no-cpu --no-check --op rbf --variant default,default_row_major --sweep-mib 256 --cols 1,2,3,4,5,8"
one() { # $1 name, $2 device, $3 build options
  DUET_CL_OPTIONS="$3" timeout 60 $E/duet $L --device $2 --json $R/$1.json > $R/$1.txt 2>&1
  t "$1 rc=$?"
}
r() { # $1 round, $2 order
  for v in $2; do
    case $v in
      base) one $1-cl-base opencl:1 "" ;;
      daz) one $1-cl-daz opencl:1 "-cl-denorms-are-zero" ;;
      relaxed) one $1-cl-relaxed opencl:1 "-cl-fast-relaxed-math" ;;
      wgpu) one $1-wgpu wgpu:0 "" ;;
    esac
  done
}
r r1 "base daz relaxed wgpu"
r r2 "wgpu relaxed daz base"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
t done; cat $R/log.txt $R/clocks.txt
for f in $R/r1-*.txt $R/r2-*.txt; do echo "$(basename $f): $(grep '^rbf' $f | awk '{printf "%s %s %s %s%% | ", $2, $3, $5, $14}')"; done
