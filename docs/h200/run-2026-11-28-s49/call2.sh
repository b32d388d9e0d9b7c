#!/usr/bin/env bash
# Session 49, call 2 (H200), duet-fin = what lands (rbf_row_quad up to 4 floats a row, the
# one-column buffer no longer rounded): (a) `duet tune --verify --op rbf` of the built-in
# entries (session 44's shapes; the `sliced` entries were tuned before session 48's vec4 stores,
# the stamped row-major loop entries retire by their baseline), both backends; (b) what a user
# gets with the built-in entries on: row-major 1-8 columns, column-major 13-33 columns at 1 GiB
# (the 2^27 bound of session 48); (c) the RBF conformance cases.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call2.tgz -C $R .; }
timeout 30 $E/duet-fin bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for d in opencl:1 wgpu:0; do
  timeout 150 $E/duet-fin tune --verify --op rbf --device $d --shapes docs/h200/run-2026-11-28-s44/shapes-verify.txt --cache-dir /tmp/none --json $R/verify-rbf-${d%:*}.json > $R/verify-rbf-${d%:*}.txt 2>&1
  t "verify rbf $d rc=$?"
done
B="bench --sizes sweep --budget 0.06 --warmup-ms 500 --no-cpu --no-check --op rbf"
for d in opencl:1 wgpu:0; do
  k=${d%%:*}
  DUET_CACHE_DIR=/tmp/none timeout 120 $E/duet-fin $B --device $d --sweep-mib 64,256,1024 --variant default_row_major --cols 1,2,3,4,5,6,7,8 --json $R/u-rm-$k.json > $R/u-rm-$k.txt 2>&1
  t "u-rm-$k rc=$?"
  DUET_CACHE_DIR=/tmp/none timeout 60 $E/duet-fin $B --device $d --sweep-mib 1024 --variant default --cols 13,16,24,33 --json $R/u-cm-$k.json > $R/u-cm-$k.txt 2>&1
  t "u-cm-$k rc=$?"
done
timeout 120 $E/duet-fin conform --op rbf --device wgpu:0,opencl:1 > $R/conform-rbf.txt 2>&1
t "conform rc=$?"
gzip $R/*.json
t done; cat $R/log.txt; for f in $R/verify-rbf-*.txt; do tail -n 4 $f; done; tail -n 1 $R/conform-rbf.txt
