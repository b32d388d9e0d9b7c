#!/usr/bin/env bash
# Session 14, call 8 (H200, the second GPU model): duet tune for the logistic op at the sweep's 2 GiB shapes through OpenCL
# on the H200 (that bucket had no entries: 1 GiB shapes borrow the 64 MiB entries, 2 GiB is out
# of their reach). wgpu kept its defaults at every smaller bucket tuned so far, so it is not
# tuned here. Empty cache, the 2 GiB shapes only.
set -u
D="bash .gpu/on-device.sh .gpu/bin/duet"
R=$OUT/r; mkdir -p $R
$D bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
DUET_CACHE_DIR=$R/own timeout 470 $D tune --op logreg --shapes .gpu/sweep-2g.txt --device opencl:1 --budget 450 --reps 7 --json $R/tune-h200-opencl1-2g.json > $R/tune-h200-opencl1-2g.txt 2>&1
echo "tune rc=$?"; tail -4 $R/tune-h200-opencl1-2g.txt
cd $OUT && tar czf sv8.tgz r && rm -rf r
