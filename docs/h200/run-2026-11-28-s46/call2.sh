#!/usr/bin/env bash
# Session 46, calls 2-3 (H200): the loop rungs with rbf_loop_rows = 1, 2, 4 (duet-new: both
# twins, every row's sum in the same order) against main 3b949c9 (duet-main), to set the
# automatic rule. column_major at 1-48 columns (wgpu's default up to 48, OpenCL's up to 8-16),
# row_major at 1-7 (the row-major default below 8); DUET_TUNE=off. Call 2: round 1 at 16, 64,
# 256 MiB; call 3 (ROUND=r2): the same in reverse order, then 1 GiB and group caps.
set -u
ROUND=${ROUND:-r1}; MIB=${MIB:-16,64,256}; CALL=${CALL:-call2}
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/$CALL.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-main bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
export DUET_TUNE=off
L="bench --sizes sweep --budget 0.08 --warmup-ms 300 --no-cpu --no-check --op rbf --sweep-mib $MIB"
CM="--variant column_major --cols 1,2,3,4,5,7,8,13,16,31,33,48"
RM="--variant row_major --cols 1,2,3,4,5,7"
one() { # $1 name, $2 binary, $3 device, $4 variant+cols, $5 params
  timeout 120 $E/$2 $L $4 $5 --device $3 --json $R/$1.json > $R/$1.txt 2>&1
  t "$1 rc=$?"
}
set_() { # $1 order of binaries/rows
  for d in opencl:1 wgpu:0; do for v in $1; do
    case $v in
      main) one $ROUND-main-cm-${d%:*} duet-main $d "$CM" ""; one $ROUND-main-rm-${d%:*} duet-main $d "$RM" "" ;;
      r*) one $ROUND-$v-cm-${d%:*} duet-new $d "$CM" "--param rbf_loop_rows=${v#r}"; one $ROUND-$v-rm-${d%:*} duet-new $d "$RM" "--param rbf_loop_rows=${v#r}" ;;
    esac
  done; done
}
if [ $ROUND = r1 ]; then set_ "main r1 r2 r4"; else set_ "r4 r2 r1 main"; fi
if [ -n "${EXTRA:-}" ]; then eval "$EXTRA"; fi
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
t done; cat $R/log.txt $R/clocks.txt
for f in $R/r*.txt; do echo "$(basename $f .txt): $(grep '^rbf' $f | awk '{printf "%s %s%s | ", $3, $5, $6}')"; done
