#!/usr/bin/env python3
"""Turn futex2_bench console logs into the benchmark report (markdown).

Usage: bench-report.py --arch ARCH [--record DIR] [--smoke] [--failed-boots N]
                       [--clock OPTS] {patched,pristine}-BOOT.console...

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

Each boot is read by tools/console.py, the one reader: it counts as one
check, passed if the guest finished cleanly (DONE, QEMU's exit status, no
kernel report, the bench program's result) and printed every key. Each
ratio with a target is a verdict: a missed target fails (exit 1). With
--smoke (make test's one short boot per kernel, too short for targets)
only the boots count, so every check counted can fail; the ratios are
reported, not counted.
"""
import argparse
import os
import re
import statistics
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import console  # noqa: E402

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
# FUTEX2_MPOL alone (no node word: the policy is looked up under
# mmap_read_lock() on every call) against the plain call, and a wake's
# worst latency behind a long mprotect(2) with and without it: measured,
# no target (docs/performance.md).
MPOL_PAIRS = [(op, f"{op}.futex2.u32", f"{op}.futex2.u32.mpol")
              for op in ("wake0", "waitmm", "mprot")]
LEGACY_KEYS = ["wake0.legacy.wake", "wake0.legacy.wake_bitset",
               "wake0.legacy.wake_shared", "wake0.legacy.wake_shmem",
               "waitmm.legacy.wait", "waitmm.legacy.wait_bitset",
               "pingpong.legacy.wait_wake", "requeue.legacy.cmp_requeue",
               "hash.legacy.wait", "pi.legacy.lock_unlock",
               "robust.legacy.exit_entry"]
# The keys every boot must print: the patched kernel all of them, pristine
# 6.1 (no futex2) the legacy ones.
ALL_KEYS = {"pristine": LEGACY_KEYS,
            "patched": sorted({k for _, x, y, _ in PAIRS for k in (x, y)}
                              | {k for _, x, y in SIZE_PAIRS + NUMA_PAIRS + MPOL_PAIRS
                                 for k in (x, y)}
                              | {"mprot.mprotect"} | set(LEGACY_KEYS))}
WHAT = {
    "wake0": "wake, no waiters",
    "waitmm": "wait, value mismatch",
    "pingpong": "ping-pong round trip",
    "requeue": "requeue, per waiter moved",
    "hash": "hash: 4 threads x 256 futexes",
    "pi": "PI lock + unlock, uncontended",
    "robust": "robust list at exit, per entry",
    "mprot": "wake during mprotect of 64 MiB, worst of 64",
}

BENCH_RE = re.compile(r"# BENCH (\S+) ([\d.]+) ([\d.]+) ([\d.]+)")
HEADER_RE = re.compile(r"# futex2_bench: (.*)")


def parse(path):
    """Return (kernel, boot, {key: (med, lo, hi)}, header, problems)."""
    m = re.match(r"(patched|pristine)-(\d+)\.console$", os.path.basename(path))
    if not m:
        sys.exit(f"bench-report.py: {path}: not a <kernel>-<boot>.console file")
    keys, header = {}, ""
    with open(path, errors="replace") as f:
        text = f.read()
    for line in text.splitlines():
        line = line.strip()
        b = BENCH_RE.match(line)
        if b:
            keys[b.group(1)] = tuple(float(x) for x in b.group(2, 3, 4))
        h = HEADER_RE.match(line)
        if h:
            header = h.group(1)
    v, _ = console.guest_verdict(path, text, "FUTEX2-SELFTESTS-DONE")
    return m.group(1), int(m.group(2)), keys, header, v.problems if v.failed else []


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--arch", required=True)
    ap.add_argument("--record", metavar="DIR", help="record the verdict as DIR/bench-ARCH.counts")
    ap.add_argument("--run", default=os.environ.get("FUTEX2_RUN", "-"))
    ap.add_argument("--smoke", action="store_true",
                    help="count only the boots; report the ratios without a verdict")
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
        kernel, boot, keys, header, bad = parse(path)
        runs[kernel].append(keys)
        headers[kernel] = header
        missing = [k for k in ALL_KEYS[kernel] if k not in keys]
        if bad or missing:
            failed += 1
            problems.append(f"{kernel} boot {boot}: the bench did not finish cleanly: "
                            + "; ".join(bad[:3] + [f"no key {k}" for k in missing[:3]]))
        else:
            passed += 1

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
            if not a.smoke:
                failed += 1
            problems.append(f"no ratio for {key} ({kernel}) / {base_key} ({base_kernel})")
            return f"| {what} | `{base_key}` | {b} | `{key}` | {v} | n/a | |"
        r = v / b
        if band is not None:
            ok = abs(r - 1) <= band + 1e-9
        elif target is not None:
            ok = r <= target + 1e-9
        else:
            ok = None
        verdict = "" if ok is None else ("met" if ok else "**missed**")
        # A target is a verdict, except in the smoke run (too short to
        # mean anything; its ratios are shown only).
        if ok is not None and not a.smoke:
            if ok:
                passed += 1
            else:
                failed += 1
                problems.append(f"target missed: {key} ({kernel}) / {base_key} "
                                f"({base_kernel}) = {r:.4f}")
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
    ratio_table("What FUTEX2_MPOL without FUTEX2_NUMA costs (measured, no target)",
                "plain", "MPOL",
                [(WHAT[w], "patched", a, "patched", m, None) for w, a, m in MPOL_PAIRS])
    mp = med("patched", "mprot.mprotect")
    if mp is not None:
        p(f"One mprotect(2) of the 64 MiB region: {mp:.1f} ns (`mprot.mprotect`).")
        p("")
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
    v = console.Verdict(f"bench-{a.arch}")
    v.add(passed, failed, 0)
    v.finish()
    p(v.line() + (" (smoke: boots only; ratios not judged)" if a.smoke else ""))
    print("\n".join(out))
    if a.record:
        console.write_record(os.path.join(a.record, f"bench-{a.arch}.counts"), v, a.run)
    return 1 if v.failed else 0


if __name__ == "__main__":
    sys.exit(main())
