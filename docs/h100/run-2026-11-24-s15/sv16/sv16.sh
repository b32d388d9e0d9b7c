#!/usr/bin/env bash
# Session 15, call 6 (final binary: quad pitch 7 through wgpu, 5 through OpenCL; the built-in
# logistic entries carried to the new kernel files' hash):
#  1. conform --op logreg,train --level quick, both devices.
#  2. duet tune --verify --op logreg on OpenCL at the sweep's shapes of 1-8 columns (4 MiB to
#     2 GiB): every carried entry against the defaults, interleaved on one upload, with the
#     four-row pass. (wgpu's entries are the defaults.)
set -u
D="bash .gpu/on-device.sh"
R=$OUT/r; mkdir -p $R
B=.gpu/bin/duet
$D $B bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
timeout 120 $D $B conform --op logreg,train --level quick --device wgpu:0,opencl:1 > $R/conform.txt 2>&1
echo "conform rc=$?"; tail -1 $R/conform.txt; grep FAIL $R/conform.txt | head -5
DUET_CACHE_DIR=$R/empty timeout 330 $D $B tune --verify --op logreg --shapes .gpu/smallk.txt --device opencl:1 --reps 7 --json $R/verify.json > $R/verify.txt 2>&1
echo "verify rc=$?"; tail -3 $R/verify.txt
cd $OUT && tar czf sv16.tgz r && rm -rf r
