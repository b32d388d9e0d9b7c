#!/usr/bin/env bash
# Session 50, call 1 (H200): what holds OpenCL's logistic gradient at 5-7 columns under the read
# bound. `duet-exp` = main 8399540 + exp.diff (switches in kernels/logreg.cl, each a -D through
# DUET_CL_OPTIONS): EXP_NOEXP (residual y - z: no exp, no division), EXP_LOADONLY (the loaded
# floats added to the partials, nothing else), EXP_STAGE (the four-rows pass loads a
# workgroup's step of quads coalesced into local memory, then each work-item reads its quad
# there). The register-resident pass (automatic at 5-7 through OpenCL) and the four-rows pass
# (`--param logreg_quad_pitch=8`); the RBF row-major loop beside them. Two rounds, the second in
# reverse order.
set -u
R=/tmp/R; rm -rf $R; mkdir -p $R
E="bash .gpu/on-device.sh .gpu/bin"
T0=$(date +%s); t() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/log.txt; tar czf $OUT/call1.tgz -C $R .; }
timeout 30 $E/duet-exp bench --op read --size 2^26 --warmup-ms 1000 --reps 3 --no-cpu > /dev/null 2>&1
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock0.txt 2>&1
export DUET_TUNE=off
B="bench --sizes sweep --budget 0.06 --warmup-ms 500 --no-cpu --no-check --cols 5,6,7 --sweep-mib 64,256,1024 --device opencl:1"
L="$B --op logreg --variant default"
run() { # name, options, args...
  local name=$1 opt=$2; shift 2
  DUET_CL_OPTIONS="$opt" timeout 90 $E/duet-exp "$@" --json $R/$name.json > $R/$name.txt 2>&1; t "$name rc=$?"
}
V="reg: reg-noexp:-DEXP_NOEXP reg-load:-DEXP_LOADONLY q8::q q8-load:-DEXP_LOADONLY:q q8-stage:-DEXP_STAGE:q q8-stage-load:-DEXP_STAGE+-DEXP_LOADONLY:q"
for r in 1 2; do
  list=$V; [ $r = 2 ] && list=$(echo $V | tr ' ' '\n' | tac | tr '\n' ' ')
  for v in $list; do
    name=${v%%:*}; rest=${v#*:}; opt=${rest%%:*}; opt=${opt//+/ }; extra=${rest#*:}; [ "$extra" = "$rest" ] && extra=
    args=""
    case $extra in q) args="--param logreg_quad_pitch=8";; g) args="--param logreg_max_groups=2112";; esac
    run $name-$r "$opt" $L $args
  done
  run rbf-$r "" $B --op rbf --variant default_row_major
done
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv > $R/clock1.txt 2>&1
gzip $R/*.json
t done; cat $R/log.txt
