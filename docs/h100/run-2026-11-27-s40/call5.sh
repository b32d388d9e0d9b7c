#!/usr/bin/env bash
# Session 40, call 5 (H100): at 33-48 columns and 16-64 MiB (bucket cols<=48 16MiB+), the new
# built-in column-major entry (call 2: `sliced`, workgroups of 64) against the one main's
# calls there used (the 33-64 bucket's, session 38: `sliced`, workgroups of 512), each by
# `tune --verify` against the defaults: the built-in database alone (empty cache), then a
# cache holding main's entry re-keyed to the 33-48 bucket (cache-old-cm48.json); two rounds.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
D=docs/h100/run-2026-11-27-s40
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv > $R/clocks.txt
timeout 30 $E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for round in 1 2; do
  rm -rf /tmp/tn /tmp/to; mkdir -p /tmp/tn /tmp/to
  cp $D/cache-old-cm48.json /tmp/to/tune-v1-opencl-nvidia-h100-80gb-hbm3-911c5f19.json
  timeout 100 $E/duet tune --verify --op rbf --device opencl:1 --shapes $D/shapes-verify5.txt --cache-dir /tmp/tn > $R/r$round-new.txt 2>&1
  t "r$round new rc=$?"
  timeout 100 $E/duet tune --verify --op rbf --device opencl:1 --shapes $D/shapes-verify5.txt --cache-dir /tmp/to > $R/r$round-old.txt 2>&1
  t "r$round old rc=$?"
done
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv >> $R/clocks.txt
cd $R && tar czf $OUT/call5.tgz .
cat log.txt; for f in r1-new r1-old; do grep column-major $f.txt | sed 's/ {.*//'; tail -1 $f.txt; done
