#!/usr/bin/env python3
"""Compare the oracle guests' consoles (tools/oracle.sh) test by test.

Usage:
  oracle-compare.py --arch ARCH --counts FILE --report-re RE \
      --diffs FILE patched.console pristine.console mainline.console
  oracle-compare.py --replay KIND A.console B.console
  oracle-compare.py --pair A B --label NAME --arch ARCH --counts FILE \
      --report-re RE A.console B.console

The first form prints KTAP: for each program of Debian's 6.12 futex
selftests and each ABI, whether it passes on 6.12 itself (one that does
not compares nothing), and whether the patched kernel gives the same result
for every case as pristine 6.1 and as 6.12; for each ABI, whether the
legacy trace's chunk hashes equal pristine 6.1's and the futex2 trace's
equal 6.12's. Each boot must have finished without a kernel report. A
differing trace chunk is written to --diffs as "KIND ABI SEED CHUNK A B"
(A, B: the kernels) for a replay. Counts go to --counts as "PASSED FAILED".

The second form compares two verbose replays of one chunk and prints the
first call that differs. The third compares every program's results on
two kernels (the glibc suite, tools/glibc-test.sh).
"""
import argparse
import re
import sys

PROG = re.compile(r"^# (\S+?)/(\S.*)$")
RESULT = re.compile(r"^    (ok|not ok) (\d+) (.*?)(?:\s*#\s*(SKIP|XFAIL).*)?$")
CHUNK = re.compile(r"^    # chunk (\S+) (\d+) (\d+) ([0-9a-f]+)$")
CALL = re.compile(r"^    # call (\d+)\.(\d+) (.*)$")


def passed(results):
    """A run that reported cases and failed none."""
    return bool(results) and all(st != "not ok" for st, _ in results.values())


def parse(path, report_re=None):
    """{(abi, prog): {"results": {n: (status, desc)}, "chunks": {...}}}.

    A program the guest ran more than once (tools/selftest.sh repeats the
    timing-bound ones) is taken by its first run that passed, else its
    last; "runs" counts its runs."""
    progs, cur = {}, None
    done, reports = False, []
    with open(path, errors="replace") as f:
        for raw in f:
            line = raw.rstrip("\r\n")
            if line.startswith("FUTEX2-SELFTESTS-DONE"):
                done = True
            if report_re and report_re.search(line):
                reports.append(line.strip())
            m = PROG.match(line)
            if m:
                key = (m.group(1), m.group(2))
                cur = progs.get(key)
                if cur is None:
                    cur = progs[key] = {"results": {}, "chunks": {}, "calls": [],
                                        "runs": 1}
                else:
                    cur["runs"] += 1
                    if not passed(cur["results"]):
                        cur["results"] = {}
                    else:
                        cur = {"results": {}, "chunks": {}, "calls": []}
                continue
            if cur is None:
                continue
            m = CHUNK.match(line)
            if m:
                cur["chunks"][int(m.group(3))] = (m.group(1), m.group(2), m.group(4))
                continue
            m = CALL.match(line)
            if m:
                cur["calls"].append((int(m.group(1)), int(m.group(2)), m.group(3)))
                continue
            m = RESULT.match(line)
            if m:
                status = "skip" if m.group(4) == "SKIP" else m.group(1)
                cur["results"][int(m.group(2))] = (status, m.group(3))
    return progs, done, reports


class Ktap:
    def __init__(self):
        self.n = self.passed = self.failed = 0

    def result(self, ok, desc):
        self.n += 1
        if ok:
            self.passed += 1
        else:
            self.failed += 1
        print(f"{'ok' if ok else 'not ok'} {self.n} {desc}")


def runs(prog):
    """What a program run more than once adds to its summary."""
    n = prog.get("runs", 1)
    return f", the first passing of {n} runs" if n > 1 else ""


def summary(results):
    c = {"ok": 0, "not ok": 0, "skip": 0}
    for status, _ in results.values():
        c[status] += 1
    return f"{c['ok']} passed, {c['not ok']} failed, {c['skip']} skipped"


def compare_selftests(k, kernels, a, b, label="6.12 selftest"):
    """Every test program and ABI: kernel a's results == b's, case by case."""
    pa, pb = kernels[a], kernels[b]
    keys = sorted(key for key in set(pa) | set(pb) if not key[1].startswith("futex_trace"))
    for key in keys:
        ra = pa.get(key, {}).get("results", {})
        rb = pb.get(key, {}).get("results", {})
        na, nb = runs(pa.get(key, {})), runs(pb.get(key, {}))
        name = f"{key[0]}/{key[1]}"
        if not ra or not rb:
            k.result(False, f"{label} {name}: no results on "
                     f"{a if not ra else b}")
            continue
        diff = [n for n in sorted(set(ra) | set(rb))
                if ra.get(n, ("missing",))[0] != rb.get(n, ("missing",))[0]]
        for n in diff[:20]:
            print(f"# {name} case {n}: {a}: {ra.get(n)}; {b}: {rb.get(n)}")
        k.result(not diff, f"{label} {name}: {a} as {b} "
                 f"({a}: {summary(ra)}{na}; {b}: {summary(rb)}{nb}; {len(diff)} differ)")


def selftests_pass(k, kernels, name, label="6.12 selftest"):
    """Every test program and ABI passes on kernel NAME: a program that
    fails on the kernel its tests were written for compares nothing."""
    progs = kernels[name]
    keys = sorted(key for key in progs if not key[1].startswith("futex_trace"))
    if not keys:
        k.result(False, f"{label}s: none ran on {name}")
    for key in keys:
        r = progs[key]["results"]
        bad = [n for n, (status, _) in sorted(r.items()) if status == "not ok"]
        for n in bad[:20]:
            print(f"# {key[0]}/{key[1]} case {n} on {name}: {r[n][1]}")
        k.result(passed(r), f"{label} {key[0]}/{key[1]} passes on {name} "
                 f"({summary(r)}{runs(progs[key])})")


def compare_traces(k, kernels, kind, a, b, diffs):
    """The KIND trace of every ABI: kernel a's chunk hashes == b's."""
    pa, pb = kernels[a], kernels[b]
    keys = sorted(key for key in set(pa) | set(pb)
                  if key[1].startswith(f"futex_trace -a {kind} "))
    if not keys:
        k.result(False, f"{kind} trace: none ran on {a} and {b}")
    for key in keys:
        ca = pa.get(key, {}).get("chunks", {})
        cb = pb.get(key, {}).get("chunks", {})
        name = f"{key[0]}/{key[1]}"
        if not ca or not cb or len(ca) != len(cb):
            k.result(False, f"{name}: {len(ca)} chunks on {a}, {len(cb)} on {b}")
            continue
        bad = [c for c in sorted(ca) if ca[c] != cb.get(c)]
        if bad:
            c = bad[0]
            seed = ca[c][1]
            diffs.append(f"{kind} {key[0]} {seed} {c} {a} {b}")
            print(f"# {name}: chunk {c} differs; replay: futex_trace -a {kind} "
                  f"-s {seed} -k {c} -v (as {key[0]}) on {a} and {b}")
        k.result(not bad, f"{name}: {a} and {b} give the same trace "
                 f"({len(ca)} chunks of 10000 calls, {len(bad)} differ)")


def main_compare(args):
    report_re = re.compile(args.report_re) if args.report_re else None
    names = ["patched", "pristine", "mainline"]
    kernels = {}
    k = Ktap()
    print("KTAP version 1")
    for name, path in zip(names, args.consoles):
        progs, done, reports = parse(path, report_re)
        kernels[name] = progs
        k.result(done, f"{args.arch} {name} kernel: the oracle guest finished")
        k.result(not reports, f"{args.arch} {name} kernel: no kernel reports"
                 + (f" (first: {reports[0]})" if reports else ""))
    diffs = []
    selftests_pass(k, kernels, "mainline")
    compare_selftests(k, kernels, "patched", "pristine")
    compare_selftests(k, kernels, "patched", "mainline")
    compare_traces(k, kernels, "legacy", "patched", "pristine", diffs)
    compare_traces(k, kernels, "futex2", "patched", "mainline", diffs)
    print(f"1..{k.n}")
    print(f"# oracle-{args.arch}: {k.passed} passed, {k.failed} failed")
    with open(args.counts, "w") as f:
        f.write(f"{k.passed} {k.failed}\n")
    with open(args.diffs, "w") as f:
        f.write("".join(d + "\n" for d in diffs))
    return 0 if k.failed == 0 else 1


def main_pair(args):
    report_re = re.compile(args.report_re) if args.report_re else None
    kernels = {}
    k = Ktap()
    print("KTAP version 1")
    for name, path in zip(args.pair, args.consoles):
        progs, done, reports = parse(path, report_re)
        kernels[name] = progs
        k.result(done, f"{args.arch} {name} kernel: the {args.label} guest finished")
        k.result(not reports, f"{args.arch} {name} kernel: no kernel reports"
                 + (f" (first: {reports[0]})" if reports else ""))
        for key, prog in sorted(progs.items()):
            r = prog["results"]
            print(f"# {name}: {key[0]}/{key[1]}: {len(r)} ran, {summary(r)}")
    a, b = args.pair
    compare_selftests(k, kernels, a, b, label=args.label)
    print(f"1..{k.n}")
    print(f"# {args.label}-{args.arch}: {k.passed} passed, {k.failed} failed")
    with open(args.counts, "w") as f:
        f.write(f"{k.passed} {k.failed}\n")
    return 0 if k.failed == 0 else 1


def main_replay(args):
    a, _, _ = parse(args.consoles[0])
    b, _, _ = parse(args.consoles[1])
    rc = 1
    for key in sorted(set(a) & set(b)):
        if not key[1].startswith(f"futex_trace -a {args.replay} "):
            continue
        ca, cb = a[key]["calls"], b[key]["calls"]
        for x, y in zip(ca, cb):
            if x != y:
                print(f"{key[0]}: first difference at call {x[0]}.{x[1]} "
                      f"(chunk {x[0]}, call {x[1]} of it):")
                print(f"  {args.names[0]}: {x[2]}")
                print(f"  {args.names[1]}: {y[2]}")
                rc = 0
                break
        else:
            print(f"{key[0]}: {len(ca)} and {len(cb)} calls, no difference in the replay")
    return rc


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arch")
    ap.add_argument("--counts")
    ap.add_argument("--diffs")
    ap.add_argument("--report-re")
    ap.add_argument("--replay", metavar="KIND")
    ap.add_argument("--names", nargs=2, default=["a", "b"])
    ap.add_argument("--pair", nargs=2, metavar=("A", "B"))
    ap.add_argument("--label", default="glibc")
    ap.add_argument("consoles", nargs="+")
    args = ap.parse_args()
    if args.replay:
        return main_replay(args)
    if args.pair:
        if len(args.consoles) != 2 or not (args.arch and args.counts):
            ap.error("--pair: --arch, --counts and two consoles")
        return main_pair(args)
    if len(args.consoles) != 3 or not (args.arch and args.counts and args.diffs):
        ap.error("--arch, --counts, --diffs and three consoles")
    return main_compare(args)


if __name__ == "__main__":
    sys.exit(main())
