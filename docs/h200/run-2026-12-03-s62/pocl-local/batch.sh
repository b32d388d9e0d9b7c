for v in "$@"; do echo "$v $(./ctime.sh $v.cl logreg_partial_reg LOGREG_K=33 LOGREG_PITCH=33 LOGREG_LANES=4 LOGREG_RPS=2 LOGREG_INTERLEAVE=1 2>/dev/null)"; done
