#!/usr/bin/env bash
# Session 45, call 2 (H200): call 1 found the gradient at 1-2 columns bound by its row math
# (OpenCL, 256 MiB: EXP_NOEXP 210 -> 138 us, -cl-fast-relaxed-math 164, native_exp 188). Which
# part: `duet-exp` = main + exp2.diff (call 1's switches, plus the residual's reciprocal as
# native_recip, EXP_NRECIP, or half_recip and two Newton steps, EXP_HRECIP), each build
# option of -cl-fast-relaxed-math alone; and wgpu: `duet-wnoexp` = main + wexp.diff (the
# four-row pass's residual y - z, no exp, no division) against main's defaults. DUET_TUNE=off,
# 1 and 2 columns at 256 MiB, two rounds (the second in reverse order).
# (wgpu base through duet-exp: its WGSL is main's; the working tree and three binaries passed the 64 MiB carry)
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R /tmp/none
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call2.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-exp bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
export DUET_TUNE=off
L="bench --sizes sweep --budget 0.1 --warmup-ms 500 --no-cpu --no-check --op logreg --variant default --sweep-mib 256 --cols 1,2"
one() { # $1 name, $2 -D options
  DUET_CL_OPTIONS="$2" timeout 50 $E/duet-exp $L --device opencl:1 --json $R/$1.json > $R/$1.txt 2>&1
  t "$1 rc=$?"
}
wg() { # $1 name, $2 binary
  timeout 50 $E/$2 $L --device wgpu:0 --json $R/$1.json > $R/$1.txt 2>&1
  t "$1 rc=$?"
}
r() { # $1 round, $2 order
  for v in $2; do
    case $v in
      base) one $1-base "" ;;
      relaxed) one $1-relaxed "-cl-fast-relaxed-math" ;;
      daz) one $1-daz "-cl-denorms-are-zero" ;;
      mad) one $1-mad "-cl-mad-enable" ;;
      unsafe) one $1-unsafe "-cl-unsafe-math-optimizations" ;;
      finite) one $1-finite "-cl-finite-math-only" ;;
      nrecip) one $1-nrecip "-D EXP_NRECIP" ;;
      hrecip) one $1-hrecip "-D EXP_HRECIP" ;;
      hrecipdaz) one $1-hrecipdaz "-D EXP_HRECIP -cl-denorms-are-zero" ;;
      nativedaz) one $1-nativedaz "-D EXP_NATIVE -cl-denorms-are-zero" ;;
      wbase) wg $1-wgpu-base duet-exp ;;
      wnoexp) wg $1-wgpu-noexp duet-wnoexp ;;
    esac
  done
}
r r1 "base relaxed daz mad unsafe finite nrecip hrecip hrecipdaz nativedaz wbase wnoexp"
r r2 "wnoexp wbase nativedaz hrecipdaz hrecip nrecip finite unsafe mad daz relaxed base"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
t done; cat $R/log.txt $R/clocks.txt
for f in $R/r1-*.txt $R/r2-*.txt; do echo "$(basename $f): $(grep '^logreg' $f | awk '{printf "%s %s %s%% | ", $3, $5, $14}')"; done
