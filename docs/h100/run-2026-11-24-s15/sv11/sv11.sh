#!/usr/bin/env bash
# Session 15, call 1: wgpu with the driver's robust buffer access on (wgpu's default) and off
# (DUET_WGPU_ROBUST=off: robustBufferAccess and robustBufferAccess2 cleared at vkCreateDevice),
# alternately, same binary:
#  1. conform --op logreg,rbf,train,smo --level quick on wgpu:0 with robust access off.
#  2. the logistic gradient's sweep (default strategy) at 64 and 256 MiB, two rounds each way.
#  3. RBF rows (default rung, both layouts) at 256 MiB, nine column counts, one round each way.
#  4. small calls (read, argmax at 2^10 and 2^18) with --phases, each way.
#  5. Fashion-MNIST pair 0/6 (pair strategy), each way, twice.
# OpenCL once for the ratio (logistic sweep).
set -u
D="bash .gpu/on-device.sh"
DATA=.gpu/data
R=$OUT/r; mkdir -p $R
B=.gpu/bin/duet
$D $B bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
DUET_WGPU_ROBUST=off timeout 150 $D $B conform --op logreg,rbf,train,smo --level quick --device wgpu:0 > $R/conform-off.txt 2>&1
echo "conform rc=$?"; tail -1 $R/conform-off.txt; grep FAIL $R/conform-off.txt | head -5
export DUET_TUNE=off
for round in 1 2; do
  for r in on off; do
    DUET_WGPU_ROBUST=$r timeout 100 $D $B bench --sizes sweep --op logreg --variant default --sweep-mib 64,256 --device wgpu:0 --budget 0.3 --warmup-ms 300 --no-cpu --json $R/lr-$r-$round.json > $R/lr-$r-$round.txt 2>&1
    echo "lr $r $round rc=$?"
  done
done
timeout 100 $D $B bench --sizes sweep --op logreg --variant default --sweep-mib 64,256 --device opencl:1 --budget 0.3 --warmup-ms 300 --no-cpu --json $R/lr-ocl.json > $R/lr-ocl.txt 2>&1
echo "lr ocl rc=$?"
for r in on off; do
  DUET_WGPU_ROBUST=$r timeout 80 $D $B bench --sizes sweep --op rbf --variant default --sweep-mib 256 --cols 1,3,5,7,13,33,127,777,1000 --device wgpu:0 --budget 0.3 --warmup-ms 300 --no-cpu --json $R/rbf-$r.json > $R/rbf-$r.txt 2>&1
  echo "rbf $r rc=$?"
done
for r in on off on off; do
  DUET_WGPU_ROBUST=$r timeout 40 $D $B bench --op read,argmax --size 2^10,2^18 --device wgpu:0 --budget 0.3 --warmup-ms 500 --no-cpu --phases --json $R/small-$r-$RANDOM.json > /dev/null 2>&1
  echo "small $r rc=$?"
done
for round in 1 2; do
  for r in on off; do
    DUET_WGPU_ROBUST=$r timeout 40 $D $B train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --scale 0,1 --c 10 --json --device wgpu:0 --classes 0,6 > $R/fm06-$r-$round.json 2>> $R/err.txt
    echo "fm $r $round rc=$?"
  done
done
cd $OUT && tar czf sv11.tgz r && rm -rf r
