for v in "$@"; do echo "$v $(./ctime.sh $v.cl logreg_partial 2>/dev/null)"; done
