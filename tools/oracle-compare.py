#!/usr/bin/env python3
"""Compare the oracle guests' consoles (tools/oracle.sh) test by test.

Usage:
  oracle-compare.py --arch ARCH --calls N --record DIR --diffs FILE \
      patched.console pristine.console mainline.console
  oracle-compare.py --replay KIND A.console B.console
  oracle-compare.py --pair A B --label NAME --arch ARCH --record DIR \
      A.console B.console

Every console is read by tools/console.py, the one reader: a program's
results are its cases, its plan and its exit status, and a boot counts
only if it finished (its DONE marker, QEMU's exit status) without a kernel
report.

The first form prints KTAP: for each program of Debian's 6.12 futex
selftests and each ABI, whether it passes on 6.12 itself (one that does
not compares nothing), and whether the patched kernel gives the same
result for every case as pristine 6.1 and as 6.12; for each ABI, whether
the legacy trace's chunk hashes equal pristine 6.1's and the futex2
trace's equal 6.12's, each trace complete (its result line, and
ceil(N / 10000) chunks). A differing trace chunk is written to --diffs as
"KIND ABI SEED CHUNK A B" (A, B: the kernels) for a replay.

A program the guest runs more than once (tools/suites/oracle runs 6.12's
timing-bound futex_wait and futex_requeue RUNS times on every kernel) is
judged by its failed runs, every run printed. The rule: the patched kernel
may fail at most one run more than the kernel it is compared with, and
6.12 may fail at most one of its own runs.

The third form compares every program's cases on two kernels (the glibc
suite, tools/glibc-test.sh); a case that fails on both is reported as a
visible skip ("fails on both kernels"), never as a pass.

The comparison's counts are the layer's record (DIR/oracle-ARCH.counts,
DIR/LABEL-ARCH.counts); the guests' own summaries are never read.
"""
import argparse
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import console  # noqa: E402

DONE = "FUTEX2-SELFTESTS-DONE"
CHUNK = re.compile(r"^# chunk (\S+) (\d+) (\d+) ([0-9a-f]+)$")
CALL = re.compile(r"^# call (\d+)\.(\d+) (.*)$")
CHUNK_CALLS = 10000
# A repeated program may fail this many runs more than its reference.
RUN_SLACK = 1


class Ktap:
    def __init__(self, layer):
        self.n = 0
        self.v = console.Verdict(layer)

    def result(self, ok, desc, skip=None):
        self.n += 1
        if skip:
            self.v.skipped += 1
            print(f"ok {self.n} {desc} # SKIP {skip}")
        elif ok:
            self.v.passed += 1
            print(f"ok {self.n} {desc}")
        else:
            self.v.failed += 1
            print(f"not ok {self.n} {desc}")


def load(path):
    with open(path, errors="replace") as f:
        return console.read_guest(f.read(), DONE)


def is_trace(name):
    return name.split("/", 1)[1].startswith("futex_trace")


def cases(run):
    """{case number: status} of one run."""
    return {n: st for n, st, _ in run.cases}


def brief(run):
    p, f, s, problems = run.counts()
    extra = f" ({problems[0]})" if problems else ""
    return f"{p} passed, {f} failed, {s} skipped{extra}"


def failed_runs(runs):
    return sum(1 for r in runs if not r.passed())


def check_boot(k, arch, name, con):
    v = console.Verdict(name)
    console.check_boot(v, con, None, DONE)
    k.result(con.done and not v.problems,
             f"{arch} {name} kernel: the guest finished, no kernel report"
             + (f" ({'; '.join(v.problems)})" if v.problems else ""))


def compare_program(k, name, a, ra, b, rb, label, shared_skip):
    """One program on kernels a and b: cases and exit status, or, for a
    program run several times, the failed runs by the rule."""
    if not ra or not rb:
        k.result(False, f"{label} {name}: no run on {a if not ra else b}")
        return
    if len(ra) > 1 or len(rb) > 1:
        for kern, runs in ((a, ra), (b, rb)):
            for i, r in enumerate(runs, 1):
                print(f"# {name} on {kern}, run {i} of {len(runs)}: {brief(r)}")
        fa, fb = failed_runs(ra), failed_runs(rb)
        k.result(fa <= fb + RUN_SLACK,
                 f"{label} {name}: {a} fails {fa} of {len(ra)} runs, {b} {fb} of "
                 f"{len(rb)} (at most {RUN_SLACK} more)")
        return
    x, y = ra[0], rb[0]
    ca, cb = cases(x), cases(y)
    diff = [n for n in sorted(set(ca) | set(cb)) if ca.get(n, "missing") != cb.get(n, "missing")]
    for n in diff[:20]:
        print(f"# {name} case {n}: {a}: {ca.get(n, 'missing')}; {b}: {cb.get(n, 'missing')}")
    same_exit = x.passed() == y.passed()
    if not same_exit:
        print(f"# {name}: {a}: {brief(x)}; {b}: {brief(y)}")
    both = [n for n in sorted(ca) if ca[n] == "fail" and cb.get(n) == "fail"]
    desc = (f"{label} {name}: {a} as {b} ({a}: {brief(x)}; {b}: {brief(y)}; "
            f"{len(diff)} differ)")
    ok = not diff and same_exit
    skip = None
    if ok and shared_skip and (both or not x.passed()):
        skip = (f"fails on both kernels ({len(both)} cases: "
                + ", ".join(str(n) for n in both[:10]) + ")")
    k.result(ok, desc, skip)


def compare_selftests(k, kernels, a, b, label="6.12 selftest", shared_skip=False):
    pa, pb = kernels[a].programs(), kernels[b].programs()
    for name in sorted(n for n in set(pa) | set(pb) if not is_trace(n)):
        compare_program(k, name, a, pa.get(name, []), b, pb.get(name, []), label,
                        shared_skip)


def selftests_pass(k, kernels, kern, label="6.12 selftest"):
    """Every program passes on KERN: one that fails on the kernel its tests
    were written for compares nothing."""
    progs = kernels[kern].programs()
    names = sorted(n for n in progs if not is_trace(n))
    if not names:
        k.result(False, f"{label}s: none ran on {kern}")
    for name in names:
        runs = progs[name]
        for i, r in enumerate(runs, 1):
            for n, st, desc in r.cases:
                if st == "fail":
                    print(f"# {name} case {n} on {kern} (run {i}): {desc}")
        f = failed_runs(runs)
        allowed = RUN_SLACK if len(runs) > 1 else 0
        k.result(f <= allowed, f"{label} {name} passes on {kern} "
                 f"({f} of {len(runs)} runs failed; at most {allowed})")


def chunks(run):
    out = {}
    for line in run.lines:
        m = CHUNK.match(line)
        if m:
            out[int(m.group(3))] = (m.group(1), m.group(2), m.group(4))
    return out


def compare_traces(k, kernels, kind, a, b, calls, diffs):
    """The KIND trace of every ABI: complete on both, a's chunks == b's."""
    pa, pb = kernels[a].programs(), kernels[b].programs()
    names = sorted(n for n in set(pa) | set(pb)
                   if n.split("/", 1)[1].startswith(f"futex_trace -a {kind} "))
    if not names:
        k.result(False, f"{kind} trace: none ran on {a} and {b}")
    want = (calls + CHUNK_CALLS - 1) // CHUNK_CALLS
    for name in names:
        runs = {a: pa.get(name, []), b: pb.get(name, [])}
        bad_run = [f"{kern}: {'no run' if not r else brief(r[-1])}"
                   for kern, r in runs.items() if not r or not r[-1].passed()]
        ca = chunks(runs[a][-1]) if runs[a] else {}
        cb = chunks(runs[b][-1]) if runs[b] else {}
        if bad_run or len(ca) != want or len(cb) != want:
            k.result(False, f"{name}: incomplete: {len(ca)} chunks on {a}, {len(cb)} on {b}, "
                     f"{want} wanted" + (f"; {'; '.join(bad_run)}" if bad_run else ""))
            continue
        bad = [c for c in sorted(ca) if ca[c] != cb.get(c)]
        if bad:
            c = bad[0]
            abi = name.split("/", 1)[0]
            diffs.append(f"{kind} {abi} {ca[c][1]} {c} {a} {b}")
            print(f"# {name}: chunk {c} differs; replay: futex_trace -a {kind} "
                  f"-s {ca[c][1]} -k {c} -v (as {abi}) on {a} and {b}")
        k.result(not bad, f"{name}: {a} and {b} give the same trace "
                 f"({len(ca)} chunks of {CHUNK_CALLS} calls, {len(bad)} differ)")


def finish(k, args, label):
    print(f"1..{k.n}")
    v = k.v.finish()
    print(f"# {v.line()}")
    console.write_record(os.path.join(args.record, f"{label}-{args.arch}.counts"), v, args.run)
    return 0 if v.failed == 0 else 1


def main_compare(args):
    names = ["patched", "pristine", "mainline"]
    kernels = {}
    k = Ktap(f"oracle-{args.arch}")
    print("KTAP version 1")
    for name, path in zip(names, args.consoles):
        kernels[name] = load(path)
        check_boot(k, args.arch, name, kernels[name])
    diffs = []
    selftests_pass(k, kernels, "mainline")
    compare_selftests(k, kernels, "patched", "pristine")
    compare_selftests(k, kernels, "patched", "mainline")
    compare_traces(k, kernels, "legacy", "patched", "pristine", args.calls, diffs)
    compare_traces(k, kernels, "futex2", "patched", "mainline", args.calls, diffs)
    with open(args.diffs, "w") as f:
        f.write("".join(d + "\n" for d in diffs))
    return finish(k, args, "oracle")


def main_pair(args):
    kernels = {}
    k = Ktap(f"{args.label}-{args.arch}")
    print("KTAP version 1")
    for name, path in zip(args.pair, args.consoles):
        kernels[name] = load(path)
        check_boot(k, args.arch, name, kernels[name])
        for prog, runs in sorted(kernels[name].programs().items()):
            print(f"# {name}: {prog}: {brief(runs[-1])}")
    a, b = args.pair
    compare_selftests(k, kernels, a, b, label=args.label, shared_skip=True)
    return finish(k, args, args.label)


def main_replay(args):
    """The first call that differs between two verbose replays; a replay
    records nothing."""
    pa, pb = load(args.consoles[0]).programs(), load(args.consoles[1]).programs()
    rc = 1
    for name in sorted(set(pa) & set(pb)):
        if not name.split("/", 1)[1].startswith(f"futex_trace -a {args.replay} "):
            continue
        ca = [m.groups() for m in map(CALL.match, pa[name][-1].lines) if m]
        cb = [m.groups() for m in map(CALL.match, pb[name][-1].lines) if m]
        for x, y in zip(ca, cb):
            if x != y:
                print(f"{name}: first difference at call {x[0]}.{x[1]} "
                      f"(chunk {x[0]}, call {x[1]} of it):")
                print(f"  {args.names[0]}: {x[2]}")
                print(f"  {args.names[1]}: {y[2]}")
                rc = 0
                break
        else:
            print(f"{name}: {len(ca)} and {len(cb)} calls, no difference in the replay")
    return rc


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--arch")
    ap.add_argument("--calls", type=int)
    ap.add_argument("--record", metavar="DIR")
    ap.add_argument("--run", default=os.environ.get("FUTEX2_RUN", "-"))
    ap.add_argument("--diffs")
    ap.add_argument("--replay", metavar="KIND")
    ap.add_argument("--names", nargs=2, default=["a", "b"])
    ap.add_argument("--pair", nargs=2, metavar=("A", "B"))
    ap.add_argument("--label", default="glibc")
    ap.add_argument("consoles", nargs="+")
    args = ap.parse_args()
    for path in args.consoles:
        if not os.path.exists(path):
            ap.error(f"{path}: no such console")
    if args.replay:
        return main_replay(args)
    if args.pair:
        if len(args.consoles) != 2 or not (args.arch and args.record):
            ap.error("--pair: --arch, --record and two consoles")
        return main_pair(args)
    if len(args.consoles) != 3 or not (args.arch and args.record and args.diffs and args.calls):
        ap.error("--arch, --calls, --record, --diffs and three consoles")
    return main_compare(args)


if __name__ == "__main__":
    sys.exit(main())
