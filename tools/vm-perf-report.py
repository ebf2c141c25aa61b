#!/usr/bin/env python3
"""Turn the Debian guest's perf bench futex consoles into a ratio report.

Usage: vm-perf-report.py --arch ARCH [--failed-boots N] [--clock TEXT]
                         {futex2,pristine}-BOOT.console...

Each console (tools/vm.sh ARCH test with VM_PERF_ONLY=yes) holds KTAP cases
named "perf bench futex CASE ARGS", each with perf's own output indented by
four spaces. perf's summary line of each case is read as a cost per
operation on the guest's clock:

  hash, lock-pi         "Averaged N operations/sec": 1e9/N ns per op
  wake, requeue         "Wokeup/Requeued N of N threads in T ms": T
  wake-parallel         "Avg per-thread latency (waking N/M threads) in T ms": T

The report gives, per case and kernel, the median over boots of each
boot's median, the spread between boots, and the patched/pristine cost
ratio (above 1: the patched kernel is slower). perf bench has no target of
its own here; the ratios stand beside make bench's. It fails (exit 1) if a
boot failed, a case failed, or a ratio cannot be computed.
"""
import argparse
import os
import re
import statistics
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import console  # noqa: E402

SUMMARY = [
    (re.compile(r"^Averaged (\d+) operations/sec"), lambda m: 1e9 / int(m.group(1)), "ns/op"),
    (re.compile(r"^(?:Wokeup|Requeued) \d+ of \d+ threads in ([0-9.]+) ms"),
     lambda m: float(m.group(1)), "ms"),
    (re.compile(r"^Avg per-thread latency \(waking \d+/\d+ threads\) in ([0-9.]+) ms"),
     lambda m: float(m.group(1)), "ms"),
]


def read_console(path):
    """Return ({case: [cost...]}, {case: unit}, failures) of one console,
    read by the one reader (tools/console.py): a case that failed, and a
    boot that did not finish cleanly, are failures."""
    with open(path, errors="replace") as f:
        v, con = console.guest_verdict(os.path.basename(path), f.read(), "FUTEX2-VM-TEST-DONE")
    costs, units = {}, {}
    failures = list(v.problems) if v.failed else []
    for run in con.runs:
        if not run.name.startswith("perf bench futex "):
            continue
        case = run.name[len("perf bench futex "):].strip()
        for text in run.lines:
            for regex, cost, unit in SUMMARY:
                m = regex.match(text)
                if m:
                    costs.setdefault(case, []).append(cost(m))
                    units[case] = unit
    return costs, units, failures


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--arch", required=True)
    ap.add_argument("--failed-boots", type=int, default=0)
    ap.add_argument("--clock", default="")
    ap.add_argument("consoles", nargs="+")
    args = ap.parse_args()

    # per[flavour][case] = [median of each boot]
    per = {"futex2": {}, "pristine": {}}
    units, problems, order = {}, [], []
    for path in args.consoles:
        name = os.path.basename(path)
        m = re.match(r"(futex2|pristine)-(\d+)\.console$", name)
        if not m:
            problems.append(f"{path}: not a FLAVOUR-BOOT.console file")
            continue
        costs, u, failures = read_console(path)
        units.update(u)
        for why in failures:
            problems.append(f"{name}: {why}")
        if not costs:
            problems.append(f"{name}: no perf bench futex results")
        for case, values in costs.items():
            if case not in order:
                order.append(case)
            per[m.group(1)].setdefault(case, []).append(statistics.median(values))
    if args.failed_boots:
        problems.append(f"{args.failed_boots} boot(s) failed")

    out = [f"# perf bench futex in the Debian guest, {args.arch}: patched vs pristine 6.1", ""]
    if args.clock:
        out += [f"Clock: `{args.clock}`. Each value: the median over boots of each boot's median of its runs.", ""]
    out += ["| case | unit | patched | pristine | patched spread | pristine spread | ratio |",
            "|---|---|---|---|---|---|---|"]
    for case in order:
        a, b = per["futex2"].get(case), per["pristine"].get(case)
        if not a or not b:
            problems.append(f"perf bench futex {case}: no result on "
                            f"{'the patched kernel' if not a else 'pristine 6.1'}")
            continue
        ma, mb = statistics.median(a), statistics.median(b)
        spread = lambda v, m: (max(v) - min(v)) / m * 100 if m else 0.0
        ratio = ma / mb if mb else float("nan")
        out.append(f"| {case} | {units[case]} | {ma:.4g} | {mb:.4g} | {spread(a, ma):.2f}% "
                   f"({len(a)} boots) | {spread(b, mb):.2f}% ({len(b)} boots) | {ratio:.4f} |")
    out += ["", "ratio = patched cost / pristine cost (time per operation; above 1 is slower)."]
    if problems:
        out += ["", "## Problems", ""] + [f"- {p}" for p in problems]
    print("\n".join(out))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
