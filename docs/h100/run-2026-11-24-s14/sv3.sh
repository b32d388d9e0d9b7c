#!/usr/bin/env bash
# Session 14, call 3 (diagnostic build, not committed): how often smo_hot runs, and its step cost.
set -u
D="bash .gpu/on-device.sh"
DATA=.gpu/data
R=$OUT/r; mkdir -p $R
$D .gpu/bin/duet-dbg bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
for dev in wgpu:0 opencl:1; do tag=${dev%%:*}
  for v in hot nohot; do
    if [ $v = nohot ]; then export DUET_NO_HOT=1; else unset DUET_NO_HOT; fi
    DUET_DEBUG_HOT=1 $D .gpu/bin/duet-dbg train svm --data $DATA/train-images-idx3-ubyte.gz --test $DATA/t10k-images-idx3-ubyte.gz --scale 0,1 --c 10 --json --device $dev --classes 0,6 --profile > $R/fm0-6-$tag-$v.json 2> $R/fm0-6-$tag-$v.err
    DUET_DEBUG_HOT=1 $D .gpu/bin/duet-dbg train svm --synthetic 12000,784 --max-steps 20000 --cache-mb 2000 --allow-unconverged --profile --json --device $dev > $R/syn-$tag-$v.json 2> $R/syn-$tag-$v.err
  done
  unset DUET_NO_HOT
done
for f in $R/*.err; do echo "== $f"; grep check: $f | awk 'NR%20==1' | head -8; grep check: $f | tail -1; done
python3 - <<'PY'
import json,glob,os
for f in sorted(glob.glob(os.environ['OUT']+'/r/*.json')):
    b=os.path.basename(f)
    try: j=json.load(open(f))
    except Exception as e: print(b, 'bad', e); continue
    st=j['steps']; st=sum(st) if isinstance(st,list) else st
    g=j.get('gpu_seconds')
    print(b, st, round(j['train_seconds'],3), g and round(1e6*g/max(st,1),1), j.get('objective'))
PY
cd $OUT && tar czf sv3.tgz r && rm -rf r
