#!/usr/bin/env bash
# Session 59, call 4: conformance on the H200 at 8f0587d (duet-head, carried in .gpu): every op
# at the quick level on both backends, then the gradient and training at the full level.
set -u
for b in .gpu/bin/*.gz; do gunzip -kf "$b"; chmod +x "${b%.gz}"; done
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call4.tgz -C $R .; }
$E/duet-head devices > $R/devices.txt 2>&1; t "devices rc=$?"
timeout 300 $E/duet-head conform --device wgpu:0,opencl:1 --json $R/quick.json > $R/quick.txt 2>&1; t "conform quick rc=$?"
timeout 230 $E/duet-head conform --device wgpu:0,opencl:1 --level full --op logreg,train --json $R/full-logreg.json > $R/full-logreg.txt 2>&1; t "conform full logreg,train rc=$?"
t done; cat $R/log.txt; tail -4 $R/quick.txt $R/full-logreg.txt
