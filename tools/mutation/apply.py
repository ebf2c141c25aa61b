#!/usr/bin/env python3
"""Plant one mutant of tools/mutation/mutants.txt in a copy of the overlay.

Usage: apply.py MUTANTS ID OVERLAY          rewrite OVERLAY, print WHAT
       apply.py MUTANTS --check OVERLAY     print "ID OK|ERROR" per mutant

A mutant's OLD text must occur exactly once in its file, or the mutant is
stale (the code it plants a bug in has moved): an error either way.
"""
import sys


def mutants(path):
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        mid, f, old, new, what = [x.strip() for x in line.split(" @@ ")]
        yield mid, f, dec(old), dec(new), what


def dec(s):
    return s.replace("\\t", "\t").replace("\\n", "\n")


def count(overlay, f, old):
    try:
        return open(f"{overlay}/{f}").read().count(old)
    except OSError:
        return 0


def main():
    path, want, overlay = sys.argv[1:]
    if want == "--check":
        bad = 0
        for mid, f, old, _, _ in mutants(path):
            n = count(overlay, f, old)
            print(f"{mid} {'OK' if n == 1 else 'ERROR'} {f}: its text occurs {n} times")
            bad += n != 1
        return 1 if bad else 0
    for mid, f, old, new, what in mutants(path):
        if mid != want:
            continue
        n = count(overlay, f, old)
        if n != 1:
            sys.exit(f"mutant {mid}: its text occurs {n} times in {f}")
        p = f"{overlay}/{f}"
        text = open(p).read()
        open(p, "w").write(text.replace(old, new))
        print(what)
        return 0
    sys.exit(f"no mutant {want}")


if __name__ == "__main__":
    sys.exit(main())
