#!/usr/bin/env python3
"""Split the overlay into the patch series the seeds describe.

Usage: series.py PRISTINE OVERLAY STEP OUTDIR
       series.py --list PRISTINE OVERLAY

Every change of every overlay file against the pristine tree (difflib
opcodes; insertions cut into top-level paragraphs, and the lines of syscall
tables one by one) is given to one step of SERIES by the first RULE whose
path and text patterns match it; a change no rule claims is an error, so
the rules must follow the overlay. OVERRIDES give a change a different text
in the steps before its final form is possible (for instance the 32-bit
only check that part 13 lifts). The tree of step K is the pristine tree
plus every change of steps 1..K, so the last step is the overlay exactly.

Changes made after the seeds' series was complete come as LAYERS on top
of it: the RULES describe the overlay as it was at BASE_REV (a commit of
this repository), and each layer's patch is what the overlay changed since
the layer before; the last layer ends at the overlay as it is. A change to
a seed patch's own code still belongs in RULES and OVERRIDES (move BASE_REV
forward with it).

STEP K writes the files the series touches, at step K, under OUTDIR.
--list prints each change of the base overlay with the step it goes to.
"""
import os
import re
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (slug, subject) in order; the commit messages are tools/series/NN-slug.txt
SERIES = [
    "futex-clarify-futex2-flags",
    "futex-extend-the-futex2-flags",
    "futex-flag-conversion",
    "futex-validate-futex-value-against-futex-size",
    "futex-add-sys_futex_wake",
    "futex-add-sys_futex_wait",
    "futex-propagate-flags-into-get_futex_key",
    "futex-add-flags2-argument-to-futex_requeue",
    "futex-add-sys_futex_requeue",
    "mm-add-vmalloc_huge_node",
    "futex-implement-futex2_numa",
    "futex-propagate-flags-into-futex_get_value_locked",
    "futex-enable-futex2-8-16",
    "selftests-futex-extend-the-futex-selftests",
    "futex-add-kunit-tests",
]

# The overlay the RULES split into SERIES: kernel-overlay/ at this commit.
BASE_REV = "142f1a98a1aae07a00f5bca4733acc92b6378915"
# Later patches, in order: (slug, the commit whose overlay the patch ends
# at, or None for the overlay as it is).
LAYERS = [
    ("futex-compile-legacy-futex-for-32-bit-futexes",
     "17423478e0e56aa1f4140245701208d30c4b5a07"),
    ("selftests-futex-calibrate-the-node-claim-bound-test",
     "28e228cd12636e0b76854fad5e54a3522a89719a"),
    ("futex-one-check-for-a-valid-node-word",
     "763e45392da2a3414c292924c3c9402de94a4e6d"),
    ("futex-implement-futex2_mpol",
     "e5a19dd7df15f0f6c1a367f74e9dda01eb8f2d99"),
    ("futex-read-the-node-word-inline",
     "b9adbb80840c4ddadc1171b14049bc106c6fb9ea"),
    ("futex-check-a-node-word-with-one-compare",
     "9b01aa5a8f3772f81732d90540f674c4a21faece"),
    ("futex-keep-no-node-as-zero-in-the-key",
     "67cd3a46c1bf35d9e883373d9ef73d274fa374a5"),
    ("futex-keep-the-hash-mask-and-the-node-map-first",
     "a3758493106683c13df6ad70dd5531cd86a7ddfc"),
    ("futex-check-a-shared-key-s-page-where-it-is-made",
     "ec05eb8ecd82fc2a291bc5cc37ed3a2f181aece9"),
    ("futex-give-legacy-futex-6-1-s-flag-values",
     "5e5122dd08b19c5ed732987176fdfd1baf550b26"),
    ("futex-compare-a-narrow-futex-in-its-own-width",
     "1c7424f74f8293503049aaeafa988f4e5ac2daa4"),
    ("selftests-futex-wait-for-the-requeue-test-s-waiters-to-sleep",
     "8b12d019c9c19aae08156c90bf20d0af6f688b3d"),
    ("futex-compile-futex2-wake-and-wait-once-per-node-flag",
     "6a31da642247a200af92e762dc2fee2290be2310"),
    ("futex-take-the-wait-setup-s-retries-out-of-line",
     "21921d5fd74412037a39705365f36f6baf2d48d2"),
    ("selftests-futex-bound-the-waits-for-a-thread-to-start",
     "0fbdc9061ebeaec7758d833f53c9b8ffaca81078"),
    ("futex-keep-futex_waitv-s-einval-for-an-entry-without-a-size",
     "682f42006abfb52f231a5a7bf3b111a69b145183"),
    ("futex-show-the-cases-a-kernel-or-an-abi-cannot-run-as-skipped",
     "1368d3560b5c45e503f4638b40da948337856d08"),
    ("mm-make-vmalloc_huge-a-macro-over-vmalloc_huge_node",
     "42eb116546b6dc0f56feb346f7f069149b92eae5"),
    ("futex-say-that-the-node-word-read-may-fault-decide-the-key-s-page-once",
     "a3c4b710d3142df441b8ef435a4542361673da35"),
    ("futex-test-each-copy-of-wait-and-wake-with-real-waiters",
     "dd73a3371fb00727045a978d4ff37e73f35aa44b"),
    ("selftests-futex-wait-for-the-requeue_pi-waiters-to-sleep",
     "3ed401a3cb0e5a6e5e221dc11d0f8c2518bfccc6"),
    ("selftests-futex-every-call-at-a-kernel-address-is-efault",
     "4668b92b11913715444dcdf8ce5f1416b89c193d"),
    ("futex-give-the-kunit-waiters-five-seconds",
     "ed07243725fb67d3373ee82435d23d59c753ea02"),
    ("selftests-futex-requeue_pi-one-wait-for-the-waiters", None),
]

# (step, path regex, text regex): the first match wins.
RULES = [
    # syscall tables and unistd headers, line by line
    (5, r"(syscall.*\.tbl|unistd(32)?\.h)$", r"451-453|futex_wake|__NR_(compat_)?syscalls"),
    (6, r"(syscall.*\.tbl|unistd(32)?\.h)$", r"futex_wait\b"),
    (9, r"(syscall.*\.tbl|unistd(32)?\.h)$", r"futex_requeue"),
    (5, r"include/linux/syscalls\.h$|kernel/sys_ni\.c$", r"futex_wake"),
    (6, r"include/linux/syscalls\.h$|kernel/sys_ni\.c$", r"futex_wait\b|clockid_t clockid"),
    (9, r"include/linux/syscalls\.h$|kernel/sys_ni\.c$", r"futex_requeue|nr_requeue"),
    # uapi: the FUTEX2 namespace; the NUMA node word's "no node"
    (11, r"include/uapi/linux/futex\.h$", r"FUTEX_NO_NODE"),
    (1, r"include/uapi/linux/futex\.h$", r""),
    # struct futex_key and the key kinds
    (11, r"include/linux/futex\.h$", r"int node"),
    (13, r"include/linux/futex\.h$", r""),
    # mm
    (10, r"^mm/|include/linux/vmalloc\.h$", r""),
    # KUnit and selftests
    (15, r"kernel/futex/futex_kunit\.c$|kernel/futex/Makefile$|lib/Kconfig\.debug$", r""),
    (15, r"kernel/futex/(core\.c|futex\.h)$", r"FUTEX_KUNIT_TEST|futex_hash_(node|index|buckets)"),
    (14, r"^tools/testing/", r""),
    # kernel/futex/futex.h
    (2, r"kernel/futex/futex\.h$", r"#\s*define FLAGS_(SIZE|SHARED|CLOCKRT)"),
    (3, r"kernel/futex/futex\.h$", r"linux/compat\.h|FUTEX2_VALID_MASK|futex_to_flags\(\) -|futex2_to_flags\(\) -|futex_size\(\) -|futex_size_max\(\) -|futex_flags_valid\(\) -"),
    (4, r"kernel/futex/futex\.h$", r"futex_validate_input\(\) -"),
    (12, r"kernel/futex/futex\.h$", r"futex_get_value\(\) -|futex_get_value_locked"),
    (7, r"kernel/futex/futex\.h$", r"get_futex_key"),
    (8, r"kernel/futex/futex\.h$", r"futex_requeue"),
    (6, r"kernel/futex/futex\.h$", r"__futex_wait"),
    # kernel/futex/syscalls.c
    (3, r"kernel/futex/syscalls\.c$", r"linux/compat\.h|futex_to_flags|unsigned int flags = 0;|flags \|= FLAGS_SHARED"),
    (8, r"kernel/futex/syscalls\.c$", r"return futex_requeue\(uaddr, flags, uaddr2"),
    (5, r"kernel/futex/syscalls\.c$", r"sys_futex_wake -"),
    (6, r"kernel/futex/syscalls\.c$", r"sys_futex_wait -"),
    (9, r"kernel/futex/syscalls\.c$", r"sys_futex_requeue -"),
    (4, r"kernel/futex/syscalls\.c$", r"futex_validate_waitv|FUTEXV_WAITER_MASK|aux\.flags & FUTEX_32|^\s*int flags;\s*$"),
    (6, r"kernel/futex/syscalls\.c$", r""),
    # kernel/futex/core.c
    # the robust-list wake: its literal "shared" broke with the flag values
    (3, r"kernel/futex/core\.c$", r"wake_flags"),
    (13, r"kernel/futex/core\.c$", r"The size of the futex is encoded"),
    (7, r"kernel/futex/core\.c$", r"@fshared|bool fshared, union|int err, ro = 0|naturally\" aligned|address % sizeof|access_ok\(uaddr, sizeof"),
    (12, r"kernel/futex/core\.c$", r"futex_get_value_locked|__get_user\(\*dest, from\)"),
    (11, r"kernel/futex/core\.c$", r""),
    # the callers
    (7, r"kernel/futex/(pi|requeue|waitwake)\.c$", r"get_futex_key\(uaddr.?, flags & FLAGS_SHARED|get_futex_key\(uaddr, flags, &key2, FUTEX_WRITE|get_futex_key\(uaddr2, flags, &key2, FUTEX_WRITE"),
    (12, r"kernel/futex/(pi|requeue|waitwake)\.c$", r"futex_get_value_locked|get_user\((curval|uval), uaddr|unsigned int flags = vs\[i\]\.w\.flags"),
    (8, r"kernel/futex/requeue\.c$", r""),
    (5, r"kernel/futex/waitwake\.c$", r"FLAGS_STRICT"),
    (4, r"kernel/futex/waitwake\.c$", r"vs\[i\]\.w\.flags"),
    (6, r"kernel/futex/waitwake\.c$", r""),
]

# (path regex, text regex, first step, last step, [(regex, replacement)]):
# between those steps the change's new text is rewritten so.
OVERRIDES = [
    # Until part 7, get_futex_key() takes a bool.
    (r"kernel/futex/waitwake\.c$", r"^\s*vs\[i\]\.w\.flags,$", 4, 6,
     [(r"vs\[i\]\.w\.flags,", "vs[i].w.flags & FLAGS_SHARED,")]),
    # Until part 8, futex_requeue() has one flags word.
    (r"kernel/futex/requeue\.c$", r"get_futex_key\(uaddr[12], flags[12]", 7, 7,
     [(r"flags[12]", "flags")]),
    # Until part 13, only 32-bit futexes are valid.
    (r"kernel/futex/futex\.h$", r"futex_flags_valid\(\) -", 3, 12,
     [(r"(\t/\* 64bit futexes aren't implemented -- yet \*/)",
       "\t/* Only 32-bit futexes, until the 8- and 16-bit ones are enabled */\n"
       "\tif ((flags & FLAGS_SIZE_MASK) != FLAGS_SIZE_32)\n"
       "\t\treturn false;\n\n\\1")]),
    # FLAGS_STRICT comes with futex_wake() (part 5).
    (r"kernel/futex/futex\.h$", r"#\s*define FLAGS_(SIZE|SHARED|CLOCKRT)", 2, 4,
     [(r"/\* futex_wake\(\) with nr_wake == 0[^\n]*\n#define FLAGS_STRICT\t+0x100\n", "")]),
    # The KUnit suite (part 15) makes futex_hash_size() visible.
    (r"kernel/futex/core\.c$", r"futex_hash_size", 11, 14,
     [(r"FUTEX_KUNIT_VISIBLE\nunsigned long", "static unsigned long")]),
    # Until part 11, the futex2 calls do not take FUTEX2_NUMA.
    (r"kernel/futex/futex\.h$", r"FUTEX2_VALID_MASK", 3, 10,
     [(r" \| FUTEX2_NUMA", "")]),
    # Part 11 reads the (32-bit) node word with get_user(); part 12 sizes it.
    (r"kernel/futex/core\.c$", r"if \(flags & FLAGS_NUMA\) \{", 11, 11,
     [(r"__futex_get_value\(&node, naddr, flags\)", "get_user(node, (u32 __user *)naddr)")]),
    # Part 13 encodes the size into the key.
    (r"kernel/futex/core\.c$", r"if \(flags & FLAGS_NUMA\) \{", 11, 12,
     [(r"\n\t/\*\n\t \* Encode the futex size.*?FUT_OFF_SIZE \* \(flags & FLAGS_SIZE_MASK\);\n", "")]),
]

TABLE = re.compile(r"(syscall.*\.tbl|unistd(32)?\.h|include/linux/syscalls\.h|kernel/sys_ni\.c)$")


def paragraphs(lines):
    """Cut inserted lines after a blank line that a top-level line follows."""
    out, cur = [], []
    for i, line in enumerate(lines):
        cur.append(line)
        nxt = lines[i + 1] if i + 1 < len(lines) else None
        if line.strip() == "" and nxt is not None and nxt[:1] not in ("\t", " ", "}", ""):
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out


def by_line(lines):
    """Table lines one by one; a blank or continuation joins its neighbour."""
    out = []
    for line in lines:
        if out and (line.strip() == "" or line[:1] in ("\t", " ") and not line.strip().startswith("#")):
            out[-1].append(line)
        else:
            out.append([line])
    return out


def hunks(oldpath, newpath):
    """[(i1, i2, new_lines)]: git's histogram diff, which keeps functions whole."""
    import subprocess
    out = subprocess.run(["git", "diff", "--no-index", "--histogram", "-U0",
                          "--no-color", oldpath, newpath],
                         capture_output=True, text=True).stdout.split("\n")
    result, cur = [], None
    for line in out:
        m = re.match(r"@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@", line)
        if m:
            a, b = int(m.group(1)), int(m.group(2) or 1)
            i1 = a if b == 0 else a - 1
            cur = [i1, i1 + b, []]
            result.append(cur)
        elif cur is not None and line.startswith("+") and not line.startswith("+++"):
            cur[2].append(line[1:])
    return [tuple(h) for h in result]


def changes(path, oldpath, newpath, old):
    """[(i1, i2, new_lines, old_lines)] replacing old[i1:i2], in order."""
    out = []
    for i1, i2, b in hunks(oldpath, newpath):
        a = old[i1:i2]
        if TABLE.search(path) and not a:
            parts = by_line(b)
        elif not a or len(b) > len(a) + 3:
            parts = paragraphs(b)
        else:
            parts = [b]
        for k, part in enumerate(parts):
            # The old lines go with the first part; the rest insert after it.
            out.append((i1 if k == 0 else i2, i2, part, a if k == 0 else []))
    return out


def step_of(path, text):
    for step, pre, tre in RULES:
        if re.search(pre, path) and re.search(tre, text, re.M):
            return step
    return None


def rewrite(path, text, step, lines):
    if not lines:
        return []
    body = "\n".join(lines)
    for pre, tre, first, last, subs in OVERRIDES:
        if first <= step <= last and re.search(pre, path) and re.search(tre, text, re.M):
            for rx, rep in subs:
                body = re.sub(rx, rep, body, flags=re.S)
    return body.split("\n")


def overlay_files(overlay):
    for root, _, files in os.walk(overlay):
        for f in files:
            yield os.path.relpath(os.path.join(root, f), overlay)


def plan(pristine, overlay):
    """{path: (old_lines or None, [(i1, i2, new, oldpart, step, text)])}"""
    result = {}
    errors = []
    for path in sorted(overlay_files(overlay)):
        new = open(os.path.join(overlay, path)).read().split("\n")
        op = os.path.join(pristine, path)
        if not os.path.exists(op):
            step = step_of(path, "")
            if step is None:
                errors.append(f"{path}: new file, no rule")
            result[path] = (None, [(0, 0, new, [], step, "")])
            continue
        old = open(op).read().split("\n")
        chs = []
        for i1, i2, part, a in changes(path, op, os.path.join(overlay, path), old):
            text = "\n".join(a + part)
            # Blank lines and a lone comment opener, which difflib cuts
            # off a neighbour, go with the change before them.
            if re.fullmatch(r"\s*(/\*\*)?\s*", text):
                step = chs[-1][4] if chs else "next"
            else:
                step = step_of(path, text)
                if chs and chs[-1][4] == "next":
                    chs[-1] = chs[-1][:4] + (step,) + chs[-1][5:]
            if step is None:
                errors.append(f"{path}:{i1 + 1}: no rule for: {text[:200]!r}")
            chs.append((i1, i2, part, a, step, text))
        result[path] = (old, chs)
    if errors:
        sys.exit("series.py: " + "\n".join(errors))
    return result


def state(path, old, chs, step):
    """The file's lines at @step, or None if it does not exist yet."""
    if old is None:
        i1, i2, new, a, s, text = chs[0]
        return new if s <= step else None
    out, pos = [], 0
    for i1, i2, part, a, s, text in chs:
        out.extend(old[pos:i1])
        pos = max(pos, i1)
        if s <= step:
            out.extend(rewrite(path, text, step, part))
            pos = max(pos, i2)
    out.extend(old[pos:])
    return out


def overlay_at(rev, dest):
    """Extract kernel-overlay/ of commit @rev into @dest; return its path."""
    out = subprocess.run(["git", "-C", REPO, "archive", rev, "kernel-overlay"],
                         capture_output=True)
    if out.returncode:
        sys.exit(f"series.py: cannot read kernel-overlay/ at {rev}: "
                 f"{out.stderr.decode().strip()} (a shallow clone?)")
    subprocess.run(["tar", "-x", "-C", dest], input=out.stdout, check=True)
    return os.path.join(dest, "kernel-overlay")


def write_overlay(overlay, outdir):
    """Copy the overlay's files under OUTDIR; return their paths."""
    have = set(overlay_files(overlay))
    for path in have:
        dest = os.path.join(outdir, path)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(os.path.join(overlay, path), "rb") as f, open(dest, "wb") as g:
            g.write(f.read())
    return have


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--list":
        with tempfile.TemporaryDirectory() as tmp:
            p = plan(sys.argv[2], overlay_at(BASE_REV, tmp))
        for path, (old, chs) in p.items():
            for i1, i2, part, a, s, text in chs:
                print(f"{s:2d} {path}:{i1 + 1} -{len(a)} +{len(part)} "
                      f"{' | '.join(x.strip() for x in (a + part) if x.strip())[:100]}")
        return 0
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    pristine, overlay, step, outdir = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    if not 0 <= step <= len(SERIES) + len(LAYERS):
        sys.exit(f"series.py: step must be 0..{len(SERIES) + len(LAYERS)}")
    with tempfile.TemporaryDirectory() as tmp:
        if step > len(SERIES):
            # A layer's step is the whole overlay of its commit.
            rev = LAYERS[step - len(SERIES) - 1][1]
            if rev is not None:
                os.makedirs(os.path.join(tmp, "layer"))
                overlay = overlay_at(rev, os.path.join(tmp, "layer"))
            have = write_overlay(overlay, outdir)
            for path in overlay_files(overlay_at(BASE_REV, tmp)):
                dest = os.path.join(outdir, path)
                if path not in have and os.path.exists(dest):
                    os.unlink(dest)
            return 0
        write_step(pristine, overlay_at(BASE_REV, tmp), step, outdir)
    return 0


def write_step(pristine, overlay, step, outdir):
    for path, (old, chs) in plan(pristine, overlay).items():
        lines = state(path, old, chs, step)
        dest = os.path.join(outdir, path)
        if lines is None:
            if os.path.exists(dest):
                os.unlink(dest)
            continue
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, "w") as f:
            f.write("\n".join(lines))


if __name__ == "__main__":
    sys.exit(main())
