#!/usr/bin/env python3
"""Turn futex2_bench console logs into the benchmark report (markdown).

Usage: bench-report.py --arch ARCH [--counts FILE] [--failed-boots N] [--clock OPTS]
                       {patched,pristine}-BOOT.console...

Each console holds "# BENCH <key> <median> <min> <max>" lines (ns per op on
the guest's instruction clock) and the bench's KTAP. The report gives, per
key, the median over boots of each boot's median, with the spread between
boots and within them, and the ratios the targets are about:

  futex2 vs legacy      the futex2 op against the legacy op doing the same
                        work, on the patched kernel (U32 <= 1.00; requeue
                        <= 1.01); U8 and U16 against U32 (within 0.5%)
  FUTEX2_NUMA           the same futex2 call with and without it (<= 1.03)
  patched vs pristine   each legacy op on the patched kernel against the
                        untouched 6.1 kernel (<= 1.005)

It fails (exit 1) if a boot did not finish its bench or a ratio cannot be
computed; a missed timing target is reported, not failed.
"""
import argparse
import os
import re
import statistics
import sys

# Targets: the ratio of the second key's ns/op to the first's.
FUTEX2_TARGET = 1.00        # futex2 U32 vs the legacy op doing the same work
REQUEUE_TARGET = 1.01       # futex_requeue vs FUTEX_CMP_REQUEUE
SIZE_TARGET = 0.005         # U8 and U16 within 0.5% of U32 (either way)
NUMA_TARGET = 1.03          # FUTEX2_NUMA vs the same call without it
LEGACY_TARGET = 1.005       # legacy op, patched vs pristine 6.1

# (what, legacy key, futex2 key, target): the futex2 op against its legacy twin.
PAIRS = []
for op, legacy in (("wake0", "wake_bitset"), ("waitmm", "wait_bitset")):
    PAIRS.append((op, f"{op}.legacy.{legacy}", f"{op}.futex2.u32", FUTEX2_TARGET))
PAIRS += [
    ("pingpong", "pingpong.legacy.wait_wake", "pingpong.futex2.u32", FUTEX2_TARGET),
    ("requeue", "requeue.legacy.cmp_requeue", "requeue.futex2.u32", REQUEUE_TARGET),
    ("hash", "hash.legacy.wait", "hash.futex2.u32", FUTEX2_TARGET),
]
# U8 and U16 against U32, the same call otherwise.
SIZE_PAIRS = [(op, f"{op}.futex2.u32", f"{op}.futex2.u{s}")
              for op in ("wake0", "waitmm", "hash") for s in (8, 16)]
SIZE_PAIRS.append(("pingpong", "pingpong.futex2.u32", "pingpong.futex2.u8"))
NUMA_PAIRS = [(op, f"{op}.futex2.u{s}", f"{op}.futex2.u{s}.numa")
              for op in ("wake0", "waitmm") for s in (8, 16, 32)]
LEGACY_KEYS = ["wake0.legacy.wake", "wake0.legacy.wake_bitset",
               "wake0.legacy.wake_shared", "wake0.legacy.wake_shmem",
               "waitmm.legacy.wait", "waitmm.legacy.wait_bitset",
               "pingpong.legacy.wait_wake", "requeue.legacy.cmp_requeue",
               "hash.legacy.wait", "pi.legacy.lock_unlock",
               "robust.legacy.exit_entry"]
WHAT = {
    "wake0": "wake, no waiters",
    "waitmm": "wait, value mismatch",
    "pingpong": "ping-pong round trip",
    "requeue": "requeue, per waiter moved",
    "hash": "hash: 4 threads x 256 futexes",
    "pi": "PI lock + unlock, uncontended",
    "robust": "robust list at exit, per entry",
}

BENCH_RE = re.compile(r"# BENCH (\S+) ([\d.]+) ([\d.]+) ([\d.]+)")
HEADER_RE = re.compile(r"# futex2_bench: (.*)")


def parse(path):
    """Return (kernel, boot, {key: (med, lo, hi)}, header, finished_ok)."""
    m = re.match(r"(patched|pristine)-(\d+)\.console$", os.path.basename(path))
    if not m:
        sys.exit(f"bench-report.py: {path}: not a <kernel>-<boot>.console file")
    keys, header, oks, not_oks = {}, "", 0, 0
    with open(path, errors="replace") as f:
        for line in f:
            line = line.strip()
            b = BENCH_RE.match(line)
            if b:
                keys[b.group(1)] = tuple(float(x) for x in b.group(2, 3, 4))
            h = HEADER_RE.match(line)
            if h:
                header = h.group(1)
            if re.match(r"ok \d+ \S*futex2_bench", line):
                oks += 1
            if re.match(r"not ok \d+ \S*futex2_bench", line):
                not_oks += 1
    return m.group(1), int(m.group(2)), keys, header, oks == 1 and not_oks == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--arch", required=True)
    ap.add_argument("--counts", help="write 'passed failed' here")
    ap.add_argument("--failed-boots", type=int, default=0)
    ap.add_argument("--clock", default="?", help="the QEMU clock options of the boots")
    ap.add_argument("consoles", nargs="+")
    a = ap.parse_args()

    runs = {"patched": [], "pristine": []}
    headers = {}
    passed, failed = 0, a.failed_boots
    problems = []
    for path in a.consoles:
        if not os.path.exists(path):
            sys.exit(f"bench-report.py: {path}: no such file")
        kernel, boot, keys, header, ok = parse(path)
        runs[kernel].append(keys)
        headers[kernel] = header
        if ok:
            passed += 1
        else:
            failed += 1
            problems.append(f"{kernel} boot {boot}: the bench did not finish cleanly")

    def boots(kernel, key):
        return [r[key] for r in runs[kernel] if key in r]

    def med(kernel, key):
        v = boots(kernel, key)
        return statistics.median(x[0] for x in v) if v else None

    def spread(kernel, key):
        """(between boots, widest within one boot), in % of the median."""
        v = boots(kernel, key)
        if not v:
            return None, None
        m = statistics.median(x[0] for x in v)
        between = (max(x[0] for x in v) - min(x[0] for x in v)) / m * 100
        within = max((x[2] - x[1]) / x[0] * 100 for x in v)
        return between, within

    out = []
    p = out.append
    p(f"# futex2_bench on {a.arch}")
    p("")
    p(f"- boots: {len(runs['patched'])} patched, {len(runs['pristine'])} pristine, "
      f"interleaved; QEMU TCG with `{a.clock}` (guest ns = instructions)")
    for k in ("patched", "pristine"):
        if k in headers:
            p(f"- {k}: {headers[k]}")
    p("")

    def ratio_row(what, base_kernel, base_key, kernel, key, target, band=None):
        """target: the ratio must be <= it; band: |ratio - 1| <= it."""
        nonlocal passed, failed
        b, v = med(base_kernel, base_key), med(kernel, key)
        if b is None or v is None or b == 0:
            failed += 1
            problems.append(f"no ratio for {key} ({kernel}) / {base_key} ({base_kernel})")
            return f"| {what} | `{base_key}` | {b} | `{key}` | {v} | n/a | |"
        passed += 1
        r = v / b
        if band is not None:
            ok = abs(r - 1) <= band + 1e-9
        elif target is not None:
            ok = r <= target + 1e-9
        else:
            ok = None
        verdict = "" if ok is None else ("met" if ok else "**missed**")
        return f"| {what} | `{base_key}` | {b:.1f} | `{key}` | {v:.1f} | {r:.4f} | {verdict} |"

    def ratio_table(title, base, other, rows):
        """rows: (what, base kernel, base key, kernel, key, target[, band])"""
        p(f"## {title}")
        p("")
        p(f"| operation | {base} | ns/op | {other} | ns/op | ratio | target |")
        p("|---|---|---:|---|---:|---:|---|")
        for row in rows:
            p(ratio_row(*row))
        p("")

    ratio_table(f"futex2 vs legacy, patched kernel (target: U32 <= {FUTEX2_TARGET:.2f}, "
                f"requeue <= {REQUEUE_TARGET:.2f})",
                "legacy", "futex2",
                [(WHAT[w], "patched", l, "patched", f, t) for w, l, f, t in PAIRS])
    ratio_table(f"8 and 16-bit futexes vs 32-bit, patched kernel (target: within "
                f"{SIZE_TARGET:.1%})",
                "U32", "U8/U16",
                [(WHAT[w], "patched", a, "patched", b, None, SIZE_TARGET)
                 for w, a, b in SIZE_PAIRS])
    ratio_table(f"What FUTEX2_NUMA adds (target: <= {NUMA_TARGET:.2f})",
                "plain", "NUMA",
                [(WHAT[w], "patched", a, "patched", n, NUMA_TARGET) for w, a, n in NUMA_PAIRS])
    ratio_table(f"Legacy futex(2), patched vs pristine 6.1 (target: ratio <= {LEGACY_TARGET})",
                "pristine", "patched",
                [(WHAT[k.split(".")[0]], "pristine", k, "patched", k, LEGACY_TARGET)
                 for k in LEGACY_KEYS])
    p("## Repeatability (spread of the boot medians; widest range within a boot)")
    p("")
    p("| key | kernel | median ns/op | between boots % | within a boot % |")
    p("|---|---|---:|---:|---:|")
    keys = sorted({k for r in runs["patched"] + runs["pristine"] for k in r})
    worst = 0.0
    for key in keys:
        for kernel in ("patched", "pristine"):
            between, within = spread(kernel, key)
            if between is None:
                continue
            worst = max(worst, between)
            p(f"| `{key}` | {kernel} | {med(kernel, key):.1f} | {between:.2f} | {within:.2f} |")
    p("")
    p(f"Largest spread between boots: {worst:.2f}%.")
    p("")
    for msg in problems:
        p(f"- FAILED: {msg}")
    p(f"bench-{a.arch}: {passed} passed, {failed} failed")
    print("\n".join(out))
    if a.counts:
        with open(a.counts, "w") as f:
            f.write(f"{passed} {failed}\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
