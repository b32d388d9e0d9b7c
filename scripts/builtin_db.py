#!/usr/bin/env python3
"""Rebuilds the built-in tuning database (crates/duet-core/src/tune/builtin.json).

    scripts/builtin_db.py BUILTIN.json REPORT.json[.gz]...

Every `entry` of every target in the `duet tune --json` reports replaces the database's entry
of the same device (backend, device name, vendor), op and bucket; a device the database does
not have gets a file of its own, keyed as the report's device info keys the cache. Entries of
the database that no report touches stay. The result is written over BUILTIN.json (atomically).
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


def same_device(a, b):
    return all(a[k] == b[k] for k in ("backend", "device", "vendor_id"))


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    db_path, reports = argv[1], argv[2:]
    db = load(db_path)
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
            print(f"{path}: {key['backend']} {key['device']}: {n} entries", file=sys.stderr)
    order = ["read", "argext", "rbf", "logreg"]
    for f in db:
        f["entries"].sort(
            key=lambda e: (
                order.index(e["op"]),
                e["bucket"]["cols"],
                e["bucket"]["size_log2"],
                e["bucket"]["layout"],
            )
        )
        print(f"{f['key']['backend']} {f['key']['device']}: {len(f['entries'])} entries", file=sys.stderr)
    tmp = db_path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(db, f, indent=1)
        f.write("\n")
    os.replace(tmp, db_path)


if __name__ == "__main__":
    main(sys.argv)
