#!/usr/bin/env bash
# Session 15, call 7: sv16's verify again at the 64 and 256 MiB shapes of 2-4 columns, after
# dropping the two OpenCL entries (cols 2 and 4, 16 MiB+ bucket) that sv16 found slower than
# the defaults with the four-row pass: those shapes now borrow the nearest remaining bucket.
set -u
D="bash .gpu/on-device.sh"
R=$OUT/r; mkdir -p $R
B=.gpu/bin/duet
$D $B bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
DUET_CACHE_DIR=$R/empty timeout 200 $D $B tune --verify --op logreg --shapes .gpu/smallk2.txt --device opencl:1 --reps 7 --json $R/verify.json > $R/verify.txt 2>&1
echo "verify rc=$?"; cat $R/verify.txt | tail -8
cd $OUT && tar czf sv17.tgz r && rm -rf r
