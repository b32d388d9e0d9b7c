#!/usr/bin/env python3
"""LIBSVM as a peer for `duet train svm`: scikit-learn's SVC (LIBSVM's solver and predictor)
on Fashion-MNIST (IDX files), scaled to [0, 1] per feature as svm-scale does (a constant feature
becomes 0), the same C, gamma and eps. Prints one JSON object: fit and predict seconds,
accuracies, support vectors and the dual objective of each pair (binary: the one).

    libsvm_peer.py DIR --classes 0,6 --limit-per-class 6000 --c 10 --gamma 0.0106 [--cache-mb 8000]
"""
import argparse, gzip, json, sys, time
import numpy as np

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
