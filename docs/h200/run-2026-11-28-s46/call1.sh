#!/usr/bin/env bash
# Session 46, call 1 (H200): OpenCL's column-major RBF rows at 2-8 columns take 1.2x wgpu's time
# with the same rung (session 45, call 5). Experiments on the `column_major` rung
# (rbf-rows.diff, duet-exp): EXP_ROWS=R rows a work-item a step (R rows' loads in flight, the
# pivots loaded once for them; the grid divided by R), both twins (DUET_EXP_ROWS); OpenCL only:
# EXP_NORESTRICT (no `restrict`: plain loads instead of ld.global.nc), EXP_NOUNROLL (the column
# loop not unrolled). duet-main = main 3b949c9. DUET_TUNE=off, column_major, 1-13 columns at
# 64 and 256 MiB; two rounds, the second in reverse order. The exp kernel's PTX kept (R=1, 2).
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call1.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-main bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
export DUET_TUNE=off
L="bench --sizes sweep --budget 0.1 --warmup-ms 400 --no-cpu --no-check --op rbf --variant column_major --sweep-mib 64,256 --cols 1,2,3,4,5,8,13"
one() { # $1 name, $2 binary, $3 device, $4 rows, $5 build options
  DUET_EXP_ROWS=$4 DUET_CL_OPTIONS="$5" timeout 90 $E/$2 $L --device $3 --json $R/$1.json > $R/$1.txt 2>&1
  t "$1 rc=$?"
}
r() { # $1 round, $2 order
  for v in $2; do
    case $v in
      main-cl) one $1-main-cl duet-main opencl:1 1 "" ;;
      main-wgpu) one $1-main-wgpu duet-main wgpu:0 1 "" ;;
      cl-r1) one $1-cl-r1 duet-exp opencl:1 1 "" ;;
      cl-r2) one $1-cl-r2 duet-exp opencl:1 2 "" ;;
      cl-r4) one $1-cl-r4 duet-exp opencl:1 4 "" ;;
      cl-nores) one $1-cl-nores duet-exp opencl:1 1 "-D EXP_NORESTRICT" ;;
      cl-nounr) one $1-cl-nounr duet-exp opencl:1 1 "-D EXP_NOUNROLL" ;;
      wgpu-r1) one $1-wgpu-r1 duet-exp wgpu:0 1 "" ;;
      wgpu-r2) one $1-wgpu-r2 duet-exp wgpu:0 2 "" ;;
      wgpu-r4) one $1-wgpu-r4 duet-exp wgpu:0 4 "" ;;
    esac
  done
}
A="main-cl cl-r1 cl-r2 cl-r4 cl-nores cl-nounr main-wgpu wgpu-r1 wgpu-r2 wgpu-r4"
r r1 "$A"
r r2 "$(echo $A | tr ' ' '\n' | tac | tr '\n' ' ')"
for rr in 1 2; do
  DUET_EXP_ROWS=$rr DUET_CACHE_DIR=/tmp/kc$rr timeout 60 $E/duet-exp bench --sizes sweep --op rbf --variant column_major --sweep-mib 4 --cols 2 --budget 0.01 --no-cpu --no-check --device opencl:1 > /dev/null 2>&1
  mkdir -p $R/ptx$rr; for f in /tmp/kc$rr/kernels/*.bin; do grep -q "entry rbf_column_major" $f && awk '/entry rbf_column_major/,/^}/' $f > $R/ptx$rr/rbf_column_major.ptx; done
done
t ptx
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
t done; cat $R/log.txt $R/clocks.txt
for f in $R/r*.txt; do echo "$(basename $f .txt): $(grep '^rbf' $f | awk '{printf "%s %s%s | ", $3, $5, $6}')"; done
