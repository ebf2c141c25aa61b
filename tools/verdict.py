#!/usr/bin/env python3
"""Print the verdict of a saved console; optionally record it for the summary.

Usage:
  verdict.py CONSOLE [--layer NAME] [--done MARKER] [--qemu-rc RC]
             [--kunit TREE] [--record DIR] [--run ID] [--not-passed]

The rules are tools/console.py's. Prints "LAYER: P passed, F failed, S
skipped" and why each failure failed; exits 1 on any failure (as kunit.py
parse does), 2 on bad input. --record writes DIR/LAYER.counts, the one
record per layer that tools/summary.py sums. --not-passed lists instead
every case of a guest console that did not pass ("PROGRAM: not ok N ..."
or "PROGRAM: ok N ... # SKIP"), for reports (make glibc-record).
"""
import argparse
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import console  # noqa: E402

# The DONE marker of each guest runner, guessed from the console when
# --done is not given.
MARKERS = ("FUTEX2-SELFTESTS-DONE", "FUTEX2-VM-TEST-DONE", "FUTEX-CALLS-DONE")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("console")
    ap.add_argument("--layer", help="the layer's name (default: the file's)")
    ap.add_argument("--done", help="the guest's DONE marker (default: guessed)")
    ap.add_argument("--qemu-rc", type=int, help="QEMU's exit status")
    ap.add_argument("--kunit", metavar="TREE",
                    help="a KUnit console, parsed by TREE's kunit_parser")
    ap.add_argument("--record", metavar="DIR", help="write DIR/LAYER.counts")
    ap.add_argument("--run", default=os.environ.get("FUTEX2_RUN", "-"),
                    help="the run the record belongs to (default: $FUTEX2_RUN)")
    ap.add_argument("-q", "--quiet", action="store_true", help="only the verdict line")
    ap.add_argument("--not-passed", action="store_true",
                    help="list the cases that failed or skipped, not the verdict")
    a = ap.parse_args()

    try:
        with open(a.console, errors="replace") as f:
            text = f.read()
    except OSError as e:
        print(f"verdict.py: {a.console}: {e.strerror}", file=sys.stderr)
        return 2
    if a.not_passed:
        done = a.done or next((m for m in MARKERS if m in text), MARKERS[0])
        for line in console.not_passed(text, done):
            print(line)
        return 0
    layer = a.layer or os.path.basename(a.console).rsplit(".", 1)[0]
    if a.kunit:
        v, _ = console.kunit_verdict(layer, text, a.kunit, a.qemu_rc)
    else:
        done = a.done
        if done is None:
            done = next((m for m in MARKERS if m in text), MARKERS[0])
        v, _ = console.guest_verdict(layer, text, done, a.qemu_rc)
    if not a.quiet:
        for why in v.problems[:40]:
            print(f"# {why}")
        if len(v.problems) > 40:
            print(f"# ... and {len(v.problems) - 40} more")
    print(v.line())
    if a.record:
        console.write_record(os.path.join(a.record, layer + ".counts"), v, a.run)
    return 1 if v.failed else 0


if __name__ == "__main__":
    sys.exit(main())
