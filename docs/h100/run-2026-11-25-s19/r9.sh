#!/usr/bin/env bash
# Session 19, run 9 (H100): why rows kept by point sped OpenCL up and not wgpu (run 8): the
# host phases (duet-timed = this commit with svm-t.patch, DUET_SVM_T=1) and GPU time
# (--profile) of Fashion-MNIST 0/6, with the default cache (rows by point) and with
# --cache-mb 100 (too small for 12 000² floats: rows by place), both backends, twice.
set -u
DATA=.gpu/data
for b in duet duet-timed; do [ -e .gpu/bin/$b ] || gunzip -k .gpu/bin/$b.gz; done
R=/tmp/r9; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
$E/duet bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
fm="--data $DATA/train-images-idx3-ubyte.gz --classes 0,6 --scale 0,1 --c 10 --json"
for c in "" "--cache-mb 100"; do for dev in wgpu:0 opencl:1; do
  $E/duet-timed train svm $fm $c --max-steps 50 --allow-unconverged --device $dev > /dev/null 2>&1
done; done
for rep in 1 2; do for c in "" "--cache-mb 100"; do for dev in wgpu:0 opencl:1; do tag=${dev%%:*}; ct=${c:+place}; ct=${ct:-point}
  DUET_SVM_T=1 timeout 30 $E/duet-timed train svm $fm $c --device $dev > $R/$tag-$ct-$rep.json 2> $R/$tag-$ct-$rep.txt
  timeout 30 $E/duet train svm $fm $c --profile --device $dev > $R/$tag-$ct-$rep-profile.json 2>> $R/err.txt
done; done; done
cd $R
for f in *.json; do python3 -c "import json;j=json.load(open('$f'));print('$f', round(j['train_seconds'],3), j.get('gpu_seconds'), j['steps'])"; done
for f in *-1.txt; do echo "== $f"; grep svm-t $f | tr -s ' ' | cut -d' ' -f2- | tr '\n' ';'; echo; done
tar czf $OUT/r9.tgz .
tail -n 3 err.txt
