#!/usr/bin/env bash
# Session 34, call 5 (H100): main 54cab53. The logistic gradient through OpenCL at 250-4 096
# columns and 4, 16, 64 MiB (call 2: 18-28 % of the read bound at 4 MiB, 67-72 % at 64 MiB from
# 256 columns; call 4's tune ran out of budget before these buckets): `duet tune --op logreg`
# there, into a copy of call 4's cache (.gpu/tc), then `tune --verify` at those 30 shapes and
# at call 4's, and those shapes as a user gets them with the cache (unchecked, one process
# per size) against the defaults (DUET_TUNE=off), interleaved.
set -u
R=/tmp/s34c5; rm -rf $R /tmp/tc; mkdir -p $R /tmp/tc; cp .gpu/tc/*.json /tmp/tc/
gunzip -kf .gpu/bin/duet.gz
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h100/run-2026-11-27-s34
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
left() { echo $(( $1 - $(date +%s) + T0 )); }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 290 $E/duet tune --op logreg --device opencl:1 --shapes $D/shapes-wide.txt --budget 280 --cache-dir /tmp/tc --json $R/tune-wide.json > $R/tune-wide.txt 2>&1
t "tune rc=$?"
timeout $(left 350) $E/duet tune --verify --op logreg --device opencl:1 --shapes $D/shapes-wide.txt --cache-dir /tmp/tc --json $R/verify-wide.json > $R/verify-wide.txt 2>&1
t "verify wide rc=$?"
timeout $(left 380) $E/duet tune --verify --op logreg --device opencl:1 --shapes $D/shapes-4-64.txt --cache-dir /tmp/tc --json $R/verify-4-64.json > $R/verify-4-64.txt 2>&1
t "verify 4-64 rc=$?"
L="bench --sizes sweep --op logreg --variant default --budget 0.15 --warmup-ms 300 --no-cpu --no-check --device opencl:1 --cols 250,256,500,512,777,1000,1024,2000,2048,4096"
for mib in 4 64; do
  DUET_TUNE=off timeout 40 $E/duet $L --sweep-mib $mib > $R/user-$mib-off.txt 2>&1
  DUET_CACHE_DIR=/tmp/tc timeout 40 $E/duet $L --sweep-mib $mib > $R/user-$mib-tc.txt 2>&1
done
t "user"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cp /tmp/tc/*.json $R/
cd $R && tar czf $OUT/call5.tgz .
cat log.txt clocks.txt; grep -hE "→|targets tuned|s for" tune-wide.txt; grep -hE "shapes with|×0\." verify-*.txt
for f in user-*.txt; do echo "$f: $(grep -E '^logreg' $f | sed 's/  */ /g' | cut -d' ' -f3,5,14 | tr '\n' ';')"; done
