#!/usr/bin/env bash
# Session 46, call 3 (H200): call 2's round 2 (64 and 256 MiB, the reverse order); then, with the
# automatic rule (duet-new: rbf_loop_rows by layout and columns) against main 3b949c9: the
# defaults at 1 GiB (DUET_TUNE=off), OpenCL's `column_major` (its rule) against `sliced` at 9-48
# columns, and `duet tune --verify --op rbf` of the built-in entries at the sweep's 16/64/256 MiB
# shapes on both backends.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call3.tgz -C $R .; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet-main bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
export DUET_TUNE=off
L="bench --sizes sweep --budget 0.08 --warmup-ms 300 --no-cpu --no-check --op rbf"
CM="--variant column_major --cols 1,2,3,4,5,7,8,13,16,31,33,48"
RM="--variant row_major --cols 1,2,3,4,5,7"
one() { # $1 name, $2 binary, $3 device, $4 MiB, $5 variant+cols, $6 params
  timeout 150 $E/$2 $L --sweep-mib $4 $5 $6 --device $3 --json $R/$1.json > $R/$1.txt 2>&1
  t "$1 rc=$?"
}
for d in opencl:1 wgpu:0; do for v in r4 r2 r1 main; do
  case $v in
    main) one r2-main-cm-${d%:*} duet-main $d 64,256 "$CM" ""; one r2-main-rm-${d%:*} duet-main $d 64,256 "$RM" "" ;;
    r*) one r2-$v-cm-${d%:*} duet-new $d 64,256 "$CM" "--param rbf_loop_rows=${v#r}"; one r2-$v-rm-${d%:*} duet-new $d 64,256 "$RM" "--param rbf_loop_rows=${v#r}" ;;
  esac
done; done
D1="--variant default,default_row_major --cols 1,2,3,4,5,7,8,13,16"
for d in opencl:1 wgpu:0; do
  one g1-main-${d%:*} duet-main $d 1024 "$D1" ""
  one g1-new-${d%:*} duet-new $d 1024 "$D1" ""
done
one sl-new-opencl duet-new opencl:1 16,64,256,1024 "--variant column_major,sliced --cols 8,9,13,16,24,31,33,48" ""
unset DUET_TUNE
for d in opencl:1 wgpu:0; do
  timeout 100 $E/duet-new tune --verify --op rbf --device $d --shapes docs/h200/run-2026-11-28-s44/shapes-verify.txt --cache-dir /tmp/none --json $R/verify-rbf-${d%:*}.json > $R/verify-rbf-${d%:*}.txt 2>&1
  t "verify rbf $d rc=$?"
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
gzip $R/*.json
t done; cat $R/log.txt $R/clocks.txt
for f in $R/g1-*.txt $R/sl-*.txt; do echo "$(basename $f .txt): $(grep '^rbf' $f | awk '{printf "%s %s %s%s | ", $2, $3, $5, $6}')"; done
tail -1 $R/verify-rbf-*.txt
