#!/usr/bin/env python3
"""Rebuilds the built-in tuning database (crates/duet-core/src/tune/builtin.json).

    scripts/builtin_db.py [--carry OP [--drop PARAM]...] [--drop-slower VERIFY.json]...
                          [--stamp VERIFY.json]... BUILTIN.json [REPORT.json[.gz]...]

Every `entry` of every target in the `duet tune --json` reports replaces the database's entry
of the same device (backend, device name, vendor), op and bucket; a device the database does
not have gets a file of its own, keyed as the report's device info keys the cache. Entries of
the database that no report touches stay, unless they were tuned on another version of their
op's kernel sources (shaders/<stem>.wgsl, kernels/<stem>.cl of TunedOp::stems, read from the
repository this script is in): duet ignores those (tune::source_hash), so they are dropped. The result is written over
BUILTIN.json (atomically).

--carry OP keeps OP's entries of other kernel sources instead, re-keyed to the current sources,
with every --drop PARAM removed from their parameters (so the backend's automatic value applies):
for a kernel change that leaves the tuned parameters' meaning as it was, checked afterwards with
`duet tune --verify` on the device.

--drop-slower VERIFY.json acts on every built-in entry that a `duet tune --verify --json` report
timed slower than the defaults at a shape it serves, by more than 2 % or the timings' own
spread where that is larger (the tuner's acceptance rule). A default can change without any
kernel source changing (a rule in Rust code: a rung, a pitch, a workgroup count), and the
entries tuned against the old defaults then pin the old choice; verify each device after such a
change. An entry that lost at a shape of its own bucket (Bucket::of: its columns' bucket, its
size, its layout) is dropped, and in its place goes an entry that keeps the defaults, measured
at that shape (its time the defaults' there): without it the bucket's calls would take the
entry that the lookup finds next (the power-of-two parent's, or a smaller size's), which no
one timed there (session 55: a dropped 2 048-column entry handed 1 536 columns to its parent's
at x0.722 of the defaults). An entry that lost only at shapes of other buckets (a larger size,
or three quarters of its columns through the parent rule) is kept, and each of those buckets
gets such a defaults-kept entry instead, unless the database has one for it already. Either
way the shapes that lost run the defaults the report timed there, so one verify suffices.

--stamp VERIFY.json records on each built-in entry that set something (parameters or a
variant) and that the report timed at no shape slower than the defaults (the rule above) the
defaults it was timed against (`baseline`: the default variant at its measured shape, the
table's values of its op's parameters and, for the logistic gradient and RBF rows, what those
launch there, as `duet tune` records them with a new entry): from
then on a device whose defaults differ does not use it (docs/tuning.md). An entry the report
did not time, or timed against two different baselines, is left as it is. An entry set aside
for its baseline is timed only by `duet tune --verify --retired`: with that report, --drop-slower
and --stamp drop the retired entries that lose and record today's defaults on those that hold.

An entry that kept the defaults (no variant, its time the defaults') is written with no
parameters, as `duet tune` writes it since session 38: it says "the defaults" for the duet that
reads it (an older tune listed the defaults' values of then, which pinned them when a default
later changed, as `rbf_lane_groups` did).
"""
import gzip
import json
import os
import sys


def load(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        return json.load(f)


def key_of(info, version):
    """DeviceKey::of, from a report's device info."""
    prefix = {"Wgpu": "wgpu", "OpenCl": "opencl"}[info["backend"]]
    return {
        "backend": prefix,
        "device": info["device"],
        "vendor_id": info["vendor_id"],
        "device_id": info["device_id"],
        "driver": f'{info["api"]} / {info["driver"]}',
        "duet_version": version,
    }


def fnv1a(data):
    """duet_core::tune::fnv1a: 64-bit FNV-1a, 16 hex digits."""
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


def stems(op, layout):
    """duet_core::tune::TunedOp::stems: the kernel files whose sources key `op`'s entries for
    matrices in `layout` (RBF on a row-major matrix also runs rbf_lanes' row_lanes rung, on a
    column-major one rbf_sliced's sliced rung)."""
    if op == "rbf" and layout == "RowMajor":
        return ["rbf", "rbf_lanes"]
    if op == "rbf" and layout == "ColumnMajor":
        return ["rbf", "rbf_sliced"]
    return [op]


def source_hash(backend, op, layout):
    """The hash duet keys `op`'s entries for `layout` on `backend` with: its kernel files'
    bytes one after the other (TunedOp::source_hash)."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    data = b""
    for stem in stems(op, layout):
        path = {"wgpu": f"shaders/{stem}.wgsl", "opencl": f"kernels/{stem}.cl"}[backend]
        with open(os.path.join(root, path), "rb") as f:
            data += f.read()
    return fnv1a(data)


def same_device(a, b):
    return all(a[k] == b[k] for k in ("backend", "device", "vendor_id"))


MESSAGES = []


def log(message):
    """Kept until the database is written, then printed on stderr: a reader that stops early
    (`| head`) must not kill the script before it writes."""
    MESSAGES.append(message)


# Slower than the defaults by more than this fraction (or the timings' spread): dropped.
SLOWER = 0.02


def lost(v):
    """Whether a verified shape ran slower than the defaults beyond the rule (SLOWER or the
    timings' spread)."""
    gain = v["default_s"] / v["tuned_s"]
    return gain < 1.0 / (1.0 + max(SLOWER, v["noise"] or 0.0))


def entry_key(op, bucket):
    return (op, json.dumps(bucket, sort_keys=True))


def timed_built_in(db, report):
    """For each device of `report` (a `duet tune --verify --json` report) that the database
    has: its key, its file, and the shapes the report timed through a built-in entry, by
    entry (`entry_key`). Entries from the user's cache are not the database's."""
    for info, verified in report["devices"]:
        key = key_of(info, report["duet_version"])
        file = next((f for f in db if same_device(f["key"], key)), None)
        if file is None:
            continue
        timed = {}
        for v in verified:
            if v["origin"] != "built_in" or v["default_s"] is None or v["tuned_s"] is None:
                continue
            timed.setdefault(entry_key(v["target"]["op"], v["bucket"]), []).append(v)
        yield key, file, timed


def stamp_baselines(db, report, path):
    """Records on the built-in entries that `report` timed and found not slower than the
    defaults the baseline they were timed against."""
    for key, file, timed in timed_built_in(db, report):
        where = f"{path}: {key['backend']} {key['device']}"
        n = 0
        for e in file["entries"]:
            vs = timed.get(entry_key(e["op"], e["bucket"]))
            if not vs or not (e["params"] or e["variant"]):
                continue
            if any(lost(v) for v in vs):
                log(f"{where}: {e['op']} {e['bucket']} lost somewhere: not stamped")
                continue
            baselines = {json.dumps(v["baseline"], sort_keys=True) for v in vs}
            if len(baselines) != 1:
                log(f"{where}: {e['op']} {e['bucket']} timed against {len(baselines)} baselines: not stamped")
                continue
            e["baseline"] = vs[0]["baseline"]
            n += 1
        log(f"{where}: {n} entries stamped with the defaults they held against")


def cols_of(cols):
    """Bucket::cols_of: the least power of two or three quarters of one (from 3) that is at
    least `cols` (0 counts as 1; at most 2^31)."""
    p = min(1 << (max(cols, 1) - 1).bit_length(), 1 << 31)
    three_quarters = p // 4 * 3
    return three_quarters if p >= 4 and cols <= three_quarters else p


def bucket_of(target):
    """Bucket::of a verified shape (`target`: rows, cols, layout)."""
    rows, cols = max(target["rows"], 1), max(target["cols"], 1)
    log2 = (4 * rows * cols).bit_length() - 1
    return {"cols": cols_of(target["cols"]), "size_log2": log2 // 2 * 2, "layout": target["layout"]}


def defaults_kept(key, op, v):
    """An entry that keeps the defaults in the bucket of verified shape `v`, measured there:
    the defaults' time the report timed at it."""
    t = v["target"]
    bucket = bucket_of(t)
    return {
        "op": op,
        "bucket": bucket,
        "source": source_hash(key["backend"], op, bucket["layout"]),
        "params": {},
        "variant": None,
        "measured_shape": [t["rows"], t["cols"]],
        "tuned_s": v["default_s"],
        "default_s": v["default_s"],
    }


def drop_slower(db, report, path):
    """Drops the built-in entries that `report` timed slower than the defaults at a shape of
    their own bucket, each replaced by an entry that keeps the defaults; an entry that lost
    only at other buckets' shapes stays, and those buckets keep the defaults (the module's
    docstring says why)."""
    for key, file, timed in timed_built_in(db, report):
        where = f"{path}: {key['backend']} {key['device']}"
        have = {entry_key(e["op"], e["bucket"]) for e in file["entries"]}
        dropped, shielded, added = 0, 0, []
        kept = []
        for e in file["entries"]:
            vs = [v for v in timed.get(entry_key(e["op"], e["bucket"]), []) if lost(v)]
            if not vs:
                kept.append(e)
                continue
            shapes = ", ".join(
                f"{v['target']['rows']}×{v['target']['cols']} ×{v['default_s'] / v['tuned_s']:.3f}"
                for v in vs
            )
            own = [v for v in vs if bucket_of(v["target"]) == e["bucket"]]
            if own:
                worst = min(own, key=lambda v: v["default_s"] / v["tuned_s"])
                added.append(defaults_kept(key, e["op"], worst))
                dropped += 1
                log(f"{where}: {e['op']} {e['bucket']} dropped ({shapes}); its bucket keeps the defaults")
                continue
            kept.append(e)
            shielded += 1
            for v in vs:
                k = entry_key(e["op"], bucket_of(v["target"]))
                if k in have:
                    log(f"{where}: {e['op']} {e['bucket']} lost at {v['target']['rows']}×{v['target']['cols']}, whose bucket has an entry: left as it is")
                    continue
                have.add(k)
                added.append(defaults_kept(key, e["op"], v))
            log(f"{where}: {e['op']} {e['bucket']} kept; lost only outside its bucket ({shapes}): those buckets keep the defaults")
        file["entries"] = kept + added
        log(
            f"{where}: {dropped} entries slower than the defaults in their own bucket dropped, "
            f"{shielded} kept that lost elsewhere; {len(added)} defaults-kept entries written"
        )


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    args = argv[1:]
    carry, drop, slower, stamp = None, [], [], []
    while args and args[0] in ("--carry", "--drop", "--drop-slower", "--stamp"):
        if len(args) < 2:
            sys.exit(__doc__)
        if args[0] == "--carry":
            carry = args[1]
        elif args[0] == "--drop":
            drop.append(args[1])
        elif args[0] == "--drop-slower":
            slower.append(args[1])
        else:
            stamp.append(args[1])
        args = args[2:]
    if not args:
        sys.exit(__doc__)
    if args[0] in ("-h", "--help"):
        print(__doc__)
        return
    unknown = [a for a in args if a.startswith("-")]
    if unknown:
        sys.exit(f"builtin_db.py: unknown option {unknown[0]} (options come before the files)\n{__doc__}")
    missing = [a for a in args if not os.path.isfile(a)]
    if missing:
        sys.exit(f"builtin_db.py: no such file: {missing[0]}")
    db_path, reports = args[0], args[1:]
    db = load(db_path)
    if carry:
        for f in db:
            n = 0
            for e in f["entries"]:
                current = source_hash(f["key"]["backend"], e["op"], e["bucket"]["layout"])
                if e["op"] == carry and e["source"] != current:
                    e["source"] = current
                    for name in drop:
                        e["params"].pop(name, None)
                    n += 1
            log(f"{f['key']['backend']} {f['key']['device']}: {n} {carry} entries carried")
    for path in reports:
        report = load(path)
        for dev in report["devices"]:
            key = key_of(dev["device"], report["duet_version"])
            file = next((f for f in db if same_device(f["key"], key)), None)
            if file is None:
                file = {"format": "duet-tune", "version": 1, "key": key, "entries": []}
                db.append(file)
            n = 0
            for t in dev["targets"]:
                e = t.get("entry")
                if not e:
                    continue
                file["entries"] = [
                    o
                    for o in file["entries"]
                    if not (o["op"] == e["op"] and o["bucket"] == e["bucket"])
                ]
                file["entries"].append(e)
                n += 1
            log(f"{path}: {key['backend']} {key['device']}: {n} entries")
    for path in slower:
        drop_slower(db, load(path), path)
    for path in stamp:
        stamp_baselines(db, load(path), path)
    order = ["read", "argext", "rbf", "logreg"]
    for f in db:
        backend = f["key"]["backend"]
        kept = [
            e
            for e in f["entries"]
            if e["source"] == source_hash(backend, e["op"], e["bucket"]["layout"])
        ]
        if len(kept) != len(f["entries"]):
            log(
                f"{backend} {f['key']['device']}: {len(f['entries']) - len(kept)} entries of "
                "other kernel sources dropped"
            )
        f["entries"] = kept
        emptied = 0
        for e in kept:
            if e["variant"] is None and e["tuned_s"] == e["default_s"] and e["params"]:
                e["params"] = {}
                emptied += 1
        if emptied:
            log(f"{backend} {f['key']['device']}: {emptied} entries that kept the defaults now name no parameters")
        f["entries"].sort(
            key=lambda e: (
                order.index(e["op"]),
                e["bucket"]["cols"],
                e["bucket"]["size_log2"],
                e["bucket"]["layout"],
            )
        )
        log(f"{f['key']['backend']} {f['key']['device']}: {len(f['entries'])} entries")
    tmp = db_path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(db, f, indent=1)
        f.write("\n")
    os.replace(tmp, db_path)
    for message in MESSAGES:
        print(message, file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv)
