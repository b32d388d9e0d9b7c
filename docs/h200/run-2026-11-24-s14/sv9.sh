#!/usr/bin/env bash
# Session 14, call 9 (H200): the built-in logistic entries (OpenCL, H200) with sv8's 2 GiB
# entries for 1–8 columns (its defaults-kept entries for 16–4096 columns left out, so that the
# sweep's 1 GiB shapes keep the 64 MiB entries they borrow) against the defaults, at every 1 GiB
# and 2 GiB shape of the sweep (duet tune --verify, empty cache). duet-before is the same build
# without sv8's entries: its 1 GiB shapes with 1–8 columns borrow the 64 MiB entries.
set -u
R=$OUT/r; mkdir -p $R
bash .gpu/on-device.sh .gpu/bin/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for b in duet duet-before; do
  DUET_CACHE_DIR=$R/empty-$b timeout 280 bash .gpu/on-device.sh .gpu/bin/$b tune --verify --op logreg --shapes .gpu/sweep-1g2g-v.txt --device opencl:1 --reps 7 --json $R/verify-$b.json > $R/verify-$b.txt 2>&1
  echo "$b verify rc=$?"; tail -1 $R/verify-$b.txt
done
cd $OUT && tar czf sv9.tgz r && rm -rf r
