#!/usr/bin/env bash
# Session 52, call 5 (H200): the RBF entries of call 4 as a user gets them (`duet-tip`: the
# built-in database with them, an empty cache): `duet tune --verify --op rbf` at the 64 MiB
# shapes they were tuned at and at the larger shapes that reach them through the lookup's
# nearest smaller bucket (column-major 4 096 columns and wgpu's row-major 2 000-2 048 columns
# have no 64 MiB+ entry of their own): 256 MiB and 1 GiB.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h200/run-2026-12-02-s52
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call5.tgz -C $R .; }
timeout 30 $E/duet-tip bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for d in opencl:1 wgpu:0; do
  timeout 100 $E/duet-tip tune --verify --op rbf --device $d --shapes $D/shapes-verify.txt --cache-dir /tmp/none --json $R/verify-rbf-${d%:*}.json > $R/verify-rbf-${d%:*}.txt 2>&1
  t "verify $d rc=$?"
done
gzip $R/*.json
t done; cat $R/log.txt; cat $R/verify-*.txt
