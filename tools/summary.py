#!/usr/bin/env python3
"""Sum the layers' records of this run into the closing line.

Usage: summary.py --layers FILE [--run ID] [--results DIR] [--times FILE]

FILE lists every layer make test expects, one per line ("#" comments): the
list is fixed, not read from what ran. Each layer's record
(DIR/LAYER.counts, "PASSED FAILED SKIPPED RUN", written through
tools/console.py) is printed on a line of its own with its skips and, with
--times, its seconds. A layer fails the summary (one failure more) when its
record is missing or unreadable, belongs to another run, or holds no case.
The closing line is "N passed, N failed"; it is also written to
DIR/summary.txt. Exits 1 if anything failed.
"""
import argparse
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import console  # noqa: E402


def read_layers(path):
    layers = []
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                layers.append(line)
    return layers


def read_times(path):
    times = {}
    if path and os.path.exists(path):
        with open(path) as f:
            for line in f:
                w = line.split()
                if len(w) == 2 and w[1].isdigit():
                    times[w[0]] = times.get(w[0], 0) + int(w[1])
    return times


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--layers", required=True)
    ap.add_argument("--run", default=os.environ.get("FUTEX2_RUN", "-"))
    ap.add_argument("--results", default=os.environ.get("RESULTS_DIR", "."))
    ap.add_argument("--times")
    a = ap.parse_args()
    try:
        layers = read_layers(a.layers)
    except OSError as e:
        print(f"summary.py: {a.layers}: {e.strerror}", file=sys.stderr)
        return 2
    if not layers:
        print(f"summary.py: {a.layers}: no layers", file=sys.stderr)
        return 2
    times = read_times(a.times)
    total_p = total_f = total_s = 0
    for layer in layers:
        rec = console.read_record(os.path.join(a.results, layer + ".counts"))
        t = f"  {times[layer]:5d} s" if layer in times else ""
        if rec is None:
            why = "no result recorded"
        elif rec[3] != a.run:
            why = f"its result is from another run ({rec[3]}, not {a.run})"
        elif sum(rec[:3]) == 0:
            why = "0 cases"
        else:
            why = None
        if why:
            print(f"{layer:26} {why}: counted as 1 failure{t}")
            total_f += 1
            continue
        p, f, s, _ = rec
        print(f"{layer:26} {p:5d} passed, {f} failed, {s} skipped{t}")
        total_p, total_f, total_s = total_p + p, total_f + f, total_s + s
    closing = f"{total_p} passed, {total_f} failed"
    if total_s:
        print(f"({total_s} skipped)")
    print(closing)
    os.makedirs(a.results, exist_ok=True)
    with open(os.path.join(a.results, "summary.txt"), "w") as f:
        f.write(closing + "\n")
    return 1 if total_f else 0


if __name__ == "__main__":
    sys.exit(main())
