#!/usr/bin/env python3
"""LIBSVM as a peer for `duet train svm`: scikit-learn's SVC (LIBSVM's solver and predictor)
on Fashion-MNIST (IDX files), scaled to [0, 1] per feature as svm-scale does (a constant feature
becomes 0), the same C, gamma and eps. Prints one JSON object: fit and predict seconds,
accuracies, support vectors and the dual objective of each pair (binary: the one).

    libsvm_peer.py DIR --classes 0,6 --limit-per-class 6000 --c 10 --gamma 0.0106 [--cache-mb 8000]

With --jobs N (more than two classes), LIBSVM's one-vs-one model is trained pair by pair in N
processes at once: each pair is the binary SVC that LIBSVM's multi-class training solves (the
pair's points, the same C, and gamma computed once on all the points, as `scale` does for the
whole set), and prediction is LIBSVM's vote (pair i < j: a decision value > 0 votes i, else j;
the most votes wins, the lowest label on a tie). "fit_and_decision_seconds" is then the wall
time of the parallel fit and of the pairs' decision values on the test points;
"fit_seconds_serial" adds up the pairs' own fit times, which is what LIBSVM's single-threaded
svm-train would spend on them.
"""
import argparse, gzip, json, multiprocessing, sys, time
import numpy as np

# The data a forked worker trains on (set before the pool starts; read, never pickled).
SHARED = {}

def fit_pair(pair):
    """One pair's binary SVC, as LIBSVM's one-vs-one trains it: (pair, seconds, support
    vectors' indices in the whole set, the decision values of the test points as LIBSVM
    signs them: > 0 for the pair's first label)."""
    from sklearn.svm import SVC
    x, y, xt, args, gamma = (SHARED[k] for k in ("x", "y", "xt", "args", "gamma"))
    i, j = pair
    rows = np.flatnonzero((y == i) | (y == j))
    clf = SVC(C=args.c, kernel="rbf", gamma=gamma, tol=args.eps, cache_size=args.cache_mb,
              shrinking=True)
    t0 = time.perf_counter(); clf.fit(x[rows], y[rows]); s = time.perf_counter() - t0
    # scikit-learn's binary decision is positive for classes_[1] (= j): LIBSVM's is its negation.
    return pair, s, rows[clf.support_], -clf.decision_function(xt)

def one_vs_one(x, y, xt, yt, a):
    """LIBSVM's one-vs-one training and vote, the pairs fitted in a.jobs processes."""
    labels = sorted(set(int(v) for v in y))
    gamma = 1.0 / (x.shape[1] * x.var()) if a.gamma == "scale" else float(a.gamma)
    SHARED.update(x=x, y=y, xt=xt, args=a, gamma=gamma)
    pairs = [(i, j) for n, i in enumerate(labels) for j in labels[n + 1:]]
    t0 = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(a.jobs) as pool:
        fits = pool.map(fit_pair, pairs, chunksize=1)
    wall = time.perf_counter() - t0
    votes = np.zeros((len(xt), len(labels)), np.int64)
    pos = {l: n for n, l in enumerate(labels)}
    sv = set()
    for (i, j), _, svs, dec in fits:
        winner = np.where(dec > 0, pos[i], pos[j])
        votes[np.arange(len(xt)), winner] += 1
        sv.update(int(v) for v in svs)
    pred = np.array(labels)[np.argmax(votes, 1)]  # argmax: the first (lowest) label on a tie
    return {"points": len(y), "features": x.shape[1], "classes": len(labels), "c": a.c,
            "gamma": gamma, "eps": a.eps, "jobs": a.jobs, "fit_and_decision_seconds": wall,
            "fit_seconds_serial": sum(f[1] for f in fits),
            "pair_fit_seconds": {f"{i}/{j}": s for (i, j), s, _, _ in fits},
            "test_points": len(yt), "test_accuracy": 100.0 * float(np.mean(pred == yt)),
            "support_vectors": len(sv)}

def idx(path):
    with gzip.open(path, "rb") as f:
        b = f.read()
    magic = int.from_bytes(b[0:4], "big")
    n = int.from_bytes(b[4:8], "big")
    if magic == 0x803:
        h, w = int.from_bytes(b[8:12], "big"), int.from_bytes(b[12:16], "big")
        return np.frombuffer(b, np.uint8, offset=16).reshape(n, h * w).astype(np.float64)
    return np.frombuffer(b, np.uint8, offset=8).astype(np.int64)

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--classes", default="")
    ap.add_argument("--c", type=float, default=10.0)
    ap.add_argument("--gamma", default="scale")
    ap.add_argument("--eps", type=float, default=1e-3)
    ap.add_argument("--cache-mb", type=float, default=8000)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--no-objective", action="store_true")
    ap.add_argument("--jobs", type=int, default=0,
                    help="train a multi-class model's pairs in this many processes")
    a = ap.parse_args()
    from sklearn.svm import SVC
    d = a.dir
    x, y = idx(f"{d}/train-images-idx3-ubyte.gz"), idx(f"{d}/train-labels-idx1-ubyte.gz")
    xt, yt = idx(f"{d}/t10k-images-idx3-ubyte.gz"), idx(f"{d}/t10k-labels-idx1-ubyte.gz")
    if a.classes:
        keep = [int(c) for c in a.classes.split(",")]
        m, mt = np.isin(y, keep), np.isin(yt, keep)
        x, y, xt, yt = x[m], y[m], xt[mt], yt[mt]
    if a.limit:
        x, y, xt, yt = x[: a.limit], y[: a.limit], xt[: a.limit], yt[: a.limit]
    lo, hi = x.min(0), x.max(0)
    span = np.where(hi > lo, hi - lo, 1.0)
    def scale(v):
        s = (v - lo) / span
        return np.where(hi > lo, s, 0.0)
    x, xt = scale(x), scale(xt)
    if a.jobs > 0 and len(set(int(v) for v in y)) > 2:
        json.dump(one_vs_one(x, y, xt, yt, a), sys.stdout); print()
        return
    gamma = "scale" if a.gamma == "scale" else float(a.gamma)
    clf = SVC(C=a.c, kernel="rbf", gamma=gamma, tol=a.eps, cache_size=a.cache_mb, shrinking=True)
    t0 = time.perf_counter(); clf.fit(x, y); fit_s = time.perf_counter() - t0
    t0 = time.perf_counter(); pt = clf.predict(xt); pred_s = time.perf_counter() - t0
    out = {"points": len(y), "features": x.shape[1], "classes": len(clf.classes_),
           "c": a.c, "gamma": clf._gamma, "eps": a.eps, "fit_seconds": fit_s,
           "predict_seconds": pred_s, "test_points": len(yt),
           "test_accuracy": 100.0 * float(np.mean(pt == yt)),
           "support_vectors": int(clf.support_.size),
           # LIBSVM's rho: scikit-learn negates a binary model's intercept and coefficients.
           "rho": [float(v) if len(clf.classes_) == 2 else -float(v) for v in clf.intercept_]}
    if len(clf.classes_) == 2 and not a.no_objective:
        sv, coef = clf.support_vectors_, clf.dual_coef_[0]
        sq = (sv * sv).sum(1)
        k = np.exp(-clf._gamma * np.maximum(sq[:, None] + sq[None, :] - 2 * sv @ sv.T, 0))
        out["objective"] = [float(0.5 * coef @ k @ coef - np.abs(coef).sum())]
    t0 = time.perf_counter(); ptr = clf.predict(x); out["train_accuracy"] = 100.0 * float(np.mean(ptr == y))
    json.dump(out, sys.stdout); print()

main()
