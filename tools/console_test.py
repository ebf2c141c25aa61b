#!/usr/bin/env python3
"""Tests of the one console reader (tools/console.py) and of the tools that
turn its records into verdicts, on saved and synthetic consoles
(tools/test_data/). Each test names the issue-27 item it guards. Runs first
in make test (seconds); records its own layer, console-tests.

Usage: tools/console_test.py [-v]
"""
import io
import contextlib
import os
import subprocess
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True
TOOLS = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, TOOLS)
import console  # noqa: E402

DATA = os.path.join(TOOLS, "test_data")
DONE = "FUTEX2-SELFTESTS-DONE"


def data(name):
    with open(os.path.join(DATA, name), errors="replace") as f:
        return f.read()


def verdict(text, done=DONE, rc=None):
    v, _ = console.guest_verdict("t", text, done, rc)
    return v


PASS = data("selftest-pass.console")


class GuestConsole(unittest.TestCase):
    def test_clean_console_passes(self):
        v = verdict(PASS)
        self.assertEqual((v.passed, v.failed, v.skipped), (5, 0, 1), v.problems)

    def test_exit_status_after_ok_lines_fails(self):  # item 3
        t = PASS.replace("ok 1 x86_64/futex_wait\n",
                         "not ok 1 x86_64/futex_wait # exit 139, 2 passed, 0 failed\n")
        self.assertEqual(verdict(t).failed, 1)

    def test_killed_at_timeout_fails(self):  # item 3
        t = PASS.replace("ok 2 x86_64/futex2_sizes\n",
                         "not ok 2 x86_64/futex2_sizes # exit 137, 2 passed, 0 failed\n")
        self.assertEqual(verdict(t).failed, 1)

    def test_done_without_results_is_not_zero_zero(self):  # item 4
        t = "KTAP version 1\n1..0\n# futex2-vm-test: 0 passed, 0 failed, 0 skipped\n" \
            "FUTEX2-SELFTESTS-DONE\nQEMU-EXIT-STATUS 0\n"
        v = verdict(t)
        self.assertEqual((v.passed, v.failed), (0, 1))

    def test_torn_summary_line_does_not_matter(self):  # item 4
        t = PASS.replace("# futex2-selftests: 5 passed, 0 failed, 1 skipped\n",
                         "# futex2-selftests: 5 pas[   12.3] random: crng init done\n")
        v = verdict(t)
        self.assertEqual((v.passed, v.failed, v.skipped), (5, 0, 1), v.problems)

    def test_guest_summary_is_never_the_source(self):  # item 4
        t = PASS.replace("ok 3 x86_64/futex2_hello\n", "not ok 3 x86_64/futex2_hello # exit 1\n")
        self.assertEqual(verdict(t).failed, 1)

    def test_kernel_reports_fail(self):  # item 5
        for line in ["kernel BUG at kernel/futex/core.c:123!",
                     "invalid opcode: 0000 [#1] PREEMPT SMP NOPTI",
                     "general protection fault, probably for non-canonical address",
                     "Internal error: Oops - BUG: 00000000f2000800 [#1] SMP",
                     "Unable to handle kernel NULL pointer dereference at virtual address 0",
                     "list_add corruption. next->prev should be prev",
                     "refcount_t: underflow; use-after-free.",
                     "Kernel panic - not syncing: stack-protector: Kernel stack is corrupted",
                     "WARNING: CPU: 1 PID: 77 at kernel/futex/core.c:1 x",
                     "BUG: KASAN: slab-use-after-free in futex_wake",
                     "UBSAN: shift-out-of-bounds in kernel/futex/core.c:9:1",
                     "WARNING: possible circular locking dependency detected",
                     "INFO: task futex_wait:77 blocked for more than 120 seconds.",
                     "rcu: INFO: rcu_preempt detected stalls on CPUs/tasks:"]:
            with self.subTest(line=line):
                t = PASS.replace("    hello\n", f"[    3.1] {line}\n    hello\n")
                self.assertEqual(verdict(t).failed, 1, line)

    def test_oops_in_child_ends_boot(self):  # item 5: oops=panic
        t = PASS[:PASS.index("# x86_64/futex2_hello")] + \
            "[    3.1] Kernel panic - not syncing: Fatal exception\nQEMU-EXIT-STATUS 0\n"
        self.assertGreaterEqual(verdict(t).failed, 2)
        sh = subprocess.run(["bash", "-c", f". {TOOLS}/env.sh; echo $GUEST_CMDLINE_EXTRA"],
                            capture_output=True, text=True, check=True).stdout
        self.assertIn("oops=panic", sh.split())

    def test_all_skipped_program_is_skipped(self):  # item 7
        t = PASS.replace("    ok 1 u8\n    ok 2 u16\n",
                         "    ok 1 u8 # SKIP no\n    ok 2 u16 # skip no\n")
        t = t.replace("ok 2 x86_64/futex2_sizes\n",
                      "ok 2 x86_64/futex2_sizes # SKIP all 3 cases skipped\n")
        v = verdict(t)
        self.assertEqual((v.passed, v.failed, v.skipped), (3, 0, 3), v.problems)

    def test_lower_case_skip_and_xfail_are_not_passes(self):  # item 7
        t = PASS.replace("    ok 2 u16\n", "    ok 2 u16 # skip no u16\n")
        t = t.replace("    ok 1 u8\n", "    ok 1 u8 # XFAIL known\n")
        v = verdict(t)
        self.assertEqual((v.passed, v.skipped), (3, 3))

    def test_plan_is_checked(self):  # item 7
        t = PASS.replace("    ok 2 futex_wait shared\n", "")
        self.assertEqual(verdict(t).failed, 1)
        t = PASS.replace("1..3\n# x86_64/futex_wait", "1..4\n# x86_64/futex_wait")
        self.assertEqual(verdict(t).failed, 1)

    def test_hang_after_done_fails(self):  # item 14
        t = PASS.replace("QEMU-EXIT-STATUS 0", "QEMU-EXIT-STATUS 124")
        self.assertEqual(verdict(t).failed, 1)
        self.assertEqual(verdict(PASS, rc=137).failed, 1)

    def test_no_done_marker_fails(self):  # item 4, 14
        t = PASS.replace("FUTEX2-SELFTESTS-DONE\n", "")
        self.assertEqual(verdict(t).failed, 1)

    def test_cut_console_fails(self):  # item 3
        t = PASS[:PASS.index("ok 2 x86_64/futex2_sizes")]
        self.assertGreaterEqual(verdict(t).failed, 2)

    def test_saved_consoles(self):
        for name in sorted(os.listdir(DATA)):
            if not name.endswith(".console") or name.startswith("kunit"):
                continue
            with self.subTest(console=name):
                want = data(name.replace(".console", ".expected")).split() \
                    if os.path.exists(os.path.join(DATA, name.replace(".console", ".expected"))) \
                    else None
                if want is None:
                    continue
                v = verdict(data(name))
                self.assertEqual([str(v.passed), str(v.failed), str(v.skipped)], want,
                                 v.problems[:5])


class NotPassed(unittest.TestCase):
    def test_lists_failed_and_skipped_cases_only(self):  # item 15
        t = PASS.replace("    ok 1 ", "    not ok 1 ", 1)
        lines = console.not_passed(t, DONE)
        self.assertTrue(any(": not ok 1 " in x for x in lines), lines)
        self.assertTrue(any("SKIP" in x.upper() for x in lines), lines)
        self.assertFalse(console.not_passed(PASS.replace("# SKIP", "").replace("# skip", ""), DONE))


class PlainKtapGuest(unittest.TestCase):
    """A guest that is one program printing plain KTAP (futex_calls)."""
    CALLS = ("KTAP version 1\n1..3\n"
             "ok 1 legacy-wake # returned 0 errno 0, want errno 0\n"
             "ok 2 wake2-u32 # returned 0 errno 0, want errno 0\n"
             "ok 3 wait2-u32 # returned -1 errno 11, want errno 11\n"
             "FUTEX-CALLS-DONE\nQEMU-EXIT-STATUS 0\n")

    def test_calls_pass(self):
        v = verdict(self.CALLS, "FUTEX-CALLS-DONE")
        self.assertEqual((v.passed, v.failed, v.skipped), (3, 0, 0), v.problems)

    def test_enosys_on_the_patched_kernel_fails(self):  # item 11
        t = self.CALLS.replace("ok 2 wake2-u32 # returned 0 errno 0, want errno 0",
                               "not ok 2 wake2-u32 # returned -1 errno 38, want errno 0")
        self.assertEqual(verdict(t, "FUTEX-CALLS-DONE").failed, 1)
        with open(f"{TOOLS}/guest/futex_calls.c") as f:
            src = f.read()
        # ENOSYS is a skip only when the guest was told it is pristine 6.1.
        self.assertIn("if (pristine && calls[i].kind != LEGACY && got == ENOSYS)", src)

    def test_pristine_skips_are_visible(self):  # item 11, 13
        t = self.CALLS.replace("ok 2 wake2-u32 # returned 0 errno 0, want errno 0",
                               "ok 2 wake2-u32 # SKIP no futex2 on pristine 6.1")
        v = verdict(t, "FUTEX-CALLS-DONE")
        self.assertEqual((v.passed, v.failed, v.skipped), (2, 0, 1))


class Suites(unittest.TestCase):
    def test_host_programs_are_visible_skips_on_a_foreign_arch(self):  # item 13
        env = dict(os.environ, STRESS_SECONDS="1", FUZZ_SECONDS="1", FUZZ_SEED="1",
                   REAL_SECONDS="1")
        r = subprocess.run([sys.executable, f"{TOOLS}/suite.py", "stress", "--list",
                            "--foreign"], env=env, capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("!skip stress-ng -- ", r.stdout)
        self.assertIn("!skip trinity -- ", r.stdout)
        out = subprocess.run(
            ["sh", "-c", f'TEST_TIMEOUT=5; . {TOOLS}/guest/ktap-run.sh; echo "KTAP version 1";'
             f' echo "1..1"; ktap_skip arm64/stress-ng "a host program"; echo {DONE}'],
            capture_output=True, text=True, check=True).stdout
        v = verdict(out)
        self.assertEqual((v.passed, v.failed, v.skipped), (0, 0, 1), out)

    def test_a_missing_budget_is_an_error(self):
        env = {k: v for k, v in os.environ.items() if k != "STRESS_SECONDS"}
        r = subprocess.run([sys.executable, f"{TOOLS}/suite.py", "stress", "--list"],
                           env=env, capture_output=True, text=True)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("STRESS_SECONDS", r.stderr)

    def test_oracle_runs_the_timing_bound_programs_three_times_on_every_kernel(self):  # item 2
        env = dict(os.environ, ORACLE_SEED="1", ORACLE_CALLS="10")
        with tempfile.TemporaryDirectory() as d:
            os.makedirs(f"{d}/tools/testing/selftests/futex/functional")
            with open(f"{d}/tools/testing/selftests/futex/functional/run.sh", "w") as f:
                f.write("./futex_wait $COLOR\n./futex_requeue\n./futex_waitv\n")
            for variant in ("patched", "pristine", "mainline"):
                r = subprocess.run([sys.executable, f"{TOOLS}/suite.py", "oracle", "--list",
                                    "--mainline", d, "--variant", variant],
                                   env=env, capture_output=True, text=True)
                lines = r.stdout.splitlines()
                self.assertEqual(lines.count("futex_wait"), 3, r.stdout + r.stderr)
                self.assertEqual(lines.count("futex_requeue"), 3)
                self.assertEqual(any("-a legacy" in ln for ln in lines), variant != "mainline")
                self.assertEqual(any("-a futex2" in ln for ln in lines), variant != "pristine")


class KtapRun(unittest.TestCase):
    """tools/guest/ktap-run.sh, run by the host's sh: kselftest's runner."""

    def run_prog(self, script):
        with tempfile.TemporaryDirectory() as d:
            prog = os.path.join(d, "prog")
            with open(prog, "w") as f:
                f.write("#!/bin/sh\n" + script)
            os.chmod(prog, 0o755)
            out = subprocess.run(
                ["sh", "-c", f'TEST_TIMEOUT=5; . {TOOLS}/guest/ktap-run.sh; '
                 f'echo "KTAP version 1"; echo "1..1"; ktap_run a/prog {prog}; '
                 f'echo {DONE}'],
                capture_output=True, text=True, check=True).stdout
        return out, verdict(out)

    def test_exit_4_is_skip(self):  # item 7
        out, v = self.run_prog("exit 4\n")
        self.assertIn("# SKIP", out)
        self.assertEqual((v.passed, v.failed, v.skipped), (0, 0, 1))

    def test_all_cases_skipped_is_skip(self):  # item 7
        out, v = self.run_prog('echo "1..2"; echo "ok 1 a # SKIP x"; echo "ok 2 b # skip y"\n')
        self.assertIn("ok 1 a/prog # SKIP", out)
        self.assertEqual((v.passed, v.failed, v.skipped), (0, 0, 2))

    def test_crash_after_ok_fails(self):  # item 3
        out, v = self.run_prog('echo "1..1"; echo "ok 1 a"; kill -SEGV $$\n')
        self.assertIn("not ok 1 a/prog # exit", out)
        self.assertEqual(v.failed, 1)

    def test_timeout_fails(self):  # item 3, 14
        out, v = self.run_prog('echo "1..1"; echo "ok 1 a"; sleep 30\n')
        self.assertIn("# exit 137", out)
        self.assertEqual(v.failed, 1)


def run_tool(args, **kw):
    return subprocess.run([sys.executable] + args, capture_output=True, text=True, **kw)


class Summary(unittest.TestCase):
    def setUp(self):
        self.d = tempfile.mkdtemp()
        self.layers = os.path.join(self.d, "layers")
        with open(self.layers, "w") as f:
            f.write("# comment\na\nb\n")

    def rec(self, layer, line):
        with open(os.path.join(self.d, layer + ".counts"), "w") as f:
            f.write(line)

    def summary(self):
        return run_tool([f"{TOOLS}/summary.py", "--layers", self.layers, "--run", "R1",
                         "--results", self.d])

    def test_all_present(self):
        self.rec("a", "3 0 1 R1\n")
        self.rec("b", "2 0 0 R1\n")
        r = self.summary()
        self.assertEqual(r.returncode, 0, r.stdout)
        self.assertTrue(r.stdout.endswith("5 passed, 0 failed\n"), r.stdout)
        self.assertIn("1 skipped", r.stdout)

    def test_missing_layer_fails(self):  # item 9
        self.rec("a", "3 0 0 R1\n")
        r = self.summary()
        self.assertEqual(r.returncode, 1)
        self.assertTrue(r.stdout.endswith("3 passed, 1 failed\n"), r.stdout)

    def test_other_run_fails(self):  # item 10
        self.rec("a", "3 0 0 R1\n")
        self.rec("b", "9 0 0 R0\n")
        r = self.summary()
        self.assertTrue(r.stdout.endswith("3 passed, 1 failed\n"), r.stdout)

    def test_zero_cases_fails(self):  # item 4
        self.rec("a", "3 0 0 R1\n")
        self.rec("b", "0 0 0 R1\n")
        r = self.summary()
        self.assertTrue(r.stdout.endswith("3 passed, 1 failed\n"), r.stdout)

    def test_old_two_field_record_fails(self):  # item 10
        self.rec("a", "3 0 0 R1\n")
        self.rec("b", "7 0\n")
        self.assertEqual(self.summary().returncode, 1)

    def test_layer_list_is_not_from_arch_matrix(self):  # item 9
        with open(f"{TOOLS}/layers") as f:
            layers = f.read()
        for layer in ("selftest-x86_64", "selftest-arm64", "kunit-x86_64", "kunit-arm64",
                      "oracle-x86_64", "stress-debug-arm64"):
            self.assertIn(f"\n{layer}\n", layers)


class MatrixValues(unittest.TestCase):
    def test_typo_in_arch_matrix_is_named(self):  # item 9
        with tempfile.TemporaryDirectory() as d:
            m = os.path.join(d, "arch-matrix")
            with open(f"{TOOLS}/../arch-matrix") as f:
                text = f.read()
            with open(m, "w") as f:
                f.write(text.replace("arch arm64   kunit=yes selftest=yes",
                                     "arch arm64   kunit=yes selftest=Yes"))
            r = run_tool([f"{TOOLS}/check-tables.py", "--matrix-only", m])
            self.assertNotEqual(r.returncode, 0, r.stdout)
            self.assertIn("selftest=Yes", r.stdout + r.stderr)
            r = run_tool([f"{TOOLS}/check-tables.py", "--matrix-only", f"{TOOLS}/../arch-matrix"])
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)


def oracle_console(trace_chunks=3, legacy_hash="aa", extra_wait_runs=(), wait_cases="ok"):
    lines = ["KTAP version 1", "1..9"]
    n = 0

    def prog(name, body, top="ok"):
        nonlocal n
        n += 1
        lines.append(f"# {name}")
        lines.extend("    " + b for b in body)
        lines.append(f"{top} {n} {name}")

    for st in (("ok",) + tuple(extra_wait_runs))[:3] if extra_wait_runs else ("ok", "ok", "ok"):
        ok = st == "ok"
        prog("x86_64/futex_wait", ["1..2", "ok 1 a", f"{'ok' if ok else 'not ok'} 2 b"],
             "ok" if ok else "not ok")
    prog("x86_64/futex_waitv", ["1..1", f"{wait_cases} 1 waitv"],
         "ok" if wait_cases == "ok" else "not ok")
    body = ["1..1"] + [f"# chunk legacy 1 {c} {legacy_hash}{c}" for c in range(trace_chunks)]
    body.append(f"ok 1 futex_trace -a legacy -s 1: {trace_chunks * 10000} calls")
    prog("x86_64/futex_trace -a legacy -s 1 -n 30000", body)
    body = ["1..1"] + [f"# chunk futex2 1 {c} bb{c}" for c in range(trace_chunks)]
    body.append(f"ok 1 futex_trace -a futex2 -s 1: {trace_chunks * 10000} calls")
    prog("x86_64/futex_trace -a futex2 -s 1 -n 30000", body)
    lines[1] = f"1..{n}"
    lines += ["FUTEX2-SELFTESTS-DONE", "QEMU-EXIT-STATUS 0"]
    return "\n".join(lines) + "\n"


class Oracle(unittest.TestCase):
    def compare(self, patched, pristine, mainline, calls=30000):
        d = tempfile.mkdtemp()
        paths = []
        for name, text in (("patched", patched), ("pristine", pristine),
                           ("mainline", mainline)):
            p = os.path.join(d, name + ".console")
            with open(p, "w") as f:
                f.write(text)
            paths.append(p)
        r = run_tool([f"{TOOLS}/oracle-compare.py", "--arch", "x86_64", "--calls", str(calls),
                      "--record", d, "--run", "R", "--diffs", os.path.join(d, "diffs")] + paths)
        return r, console.read_record(os.path.join(d, "oracle-x86_64.counts")), d

    def test_equal_kernels_pass(self):
        c = oracle_console()
        r, rec, _ = self.compare(c, c, c)
        self.assertEqual(r.returncode, 0, r.stdout)
        self.assertEqual(rec[1], 0)

    def test_difference_is_recorded_failed(self):  # item 1
        r, rec, d = self.compare(oracle_console(legacy_hash="ff"), oracle_console(),
                                 oracle_console())
        self.assertEqual(r.returncode, 1)
        self.assertEqual(rec[1], 1, r.stdout)
        with open(os.path.join(d, "diffs")) as f:
            self.assertIn("legacy x86_64 1 0 patched pristine", f.read())
        # The replay compares, and records nothing.
        before = sorted(os.listdir(d))
        run_tool([f"{TOOLS}/oracle-compare.py", "--replay", "legacy",
                  os.path.join(d, "patched.console"), os.path.join(d, "pristine.console")])
        self.assertEqual(sorted(os.listdir(d)), before)
        with open(f"{TOOLS}/oracle.sh") as f:
            self.assertIn("RECORD=no", f.read())

    def test_two_of_three_failed_runs_is_a_difference(self):  # item 2
        r, rec, _ = self.compare(oracle_console(extra_wait_runs=("not", "not")),
                                 oracle_console(), oracle_console())
        self.assertEqual(r.returncode, 1, r.stdout)
        self.assertIn("fails 2 of 3 runs", r.stdout)
        self.assertIn("run 3 of 3", r.stdout)

    def test_one_failed_run_is_within_the_rule(self):  # item 2
        r, rec, _ = self.compare(oracle_console(extra_wait_runs=("ok", "not")),
                                 oracle_console(), oracle_console())
        self.assertEqual(r.returncode, 0, r.stdout)

    def test_truncated_traces_fail(self):  # item 3
        c = oracle_console(trace_chunks=2)
        r, rec, _ = self.compare(c, c, c)
        self.assertEqual(r.returncode, 1)
        self.assertIn("incomplete", r.stdout)

    def test_crashed_program_is_not_equal_to_passing(self):  # item 3
        c = oracle_console()
        bad = c.replace("ok 4 x86_64/futex_waitv", "not ok 4 x86_64/futex_waitv # exit 139")
        r, _, _ = self.compare(bad, c, c)
        self.assertEqual(r.returncode, 1, r.stdout)

    def test_glibc_shared_failure_is_a_visible_skip(self):  # item 15
        c = oracle_console(wait_cases="not ok")
        d = tempfile.mkdtemp()
        paths = []
        for name in ("patched", "pristine"):
            p = os.path.join(d, name + ".console")
            with open(p, "w") as f:
                f.write(c)
            paths.append(p)
        r = run_tool([f"{TOOLS}/oracle-compare.py", "--pair", "patched", "pristine",
                      "--label", "glibc", "--arch", "x86_64", "--record", d, "--run", "R"]
                     + paths)
        self.assertIn("# SKIP fails on both kernels", r.stdout)
        rec = console.read_record(os.path.join(d, "glibc-x86_64.counts"))
        self.assertEqual(rec[2], 1, r.stdout)


BENCH_KEYS = None


def bench_console(ratio=1.0, keys=None, done=True):
    sys.path.insert(0, TOOLS)
    import importlib.util
    spec = importlib.util.spec_from_file_location("bench_report", f"{TOOLS}/bench-report.py")
    br = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(br)
    lines = ["KTAP version 1", "1..1", "# x86_64/futex2_bench -n 2000 -r 1"]
    for k in keys or br.ALL_KEYS["patched"]:
        v = 100.0 * (ratio if ".futex2." in k else 1.0)
        lines.append(f"    # BENCH {k} {v} {v} {v}")
    lines += ["    1..1", "    ok 1 futex2_bench", "ok 1 x86_64/futex2_bench"]
    if done:
        lines.append(DONE)
    lines.append("QEMU-EXIT-STATUS 0")
    return "\n".join(lines) + "\n", br


class Bench(unittest.TestCase):
    def report(self, patched, pristine, smoke):
        d = tempfile.mkdtemp()
        for name, text in (("patched-1", patched), ("pristine-1", pristine)):
            with open(os.path.join(d, name + ".console"), "w") as f:
                f.write(text)
        r = run_tool([f"{TOOLS}/bench-report.py", "--arch", "x86_64", "--record", d,
                      "--run", "R"] + (["--smoke"] if smoke else [])
                     + [os.path.join(d, "patched-1.console"),
                        os.path.join(d, "pristine-1.console")])
        return r, console.read_record(os.path.join(d, "bench-x86_64.counts"))

    def test_smoke_counts_only_boots(self):  # item 8
        p, br = bench_console()
        q, _ = bench_console(keys=br.LEGACY_KEYS)
        r, rec = self.report(p, q, True)
        self.assertEqual(rec[:2], (2, 0), r.stdout)

    def test_smoke_boot_that_did_not_finish_fails(self):  # item 8
        p, br = bench_console(done=False)
        q, _ = bench_console(keys=br.LEGACY_KEYS)
        r, rec = self.report(p, q, True)
        self.assertEqual(rec[:2], (1, 1), r.stdout)

    def test_missed_target_fails_make_bench(self):  # item 8
        p, br = bench_console(ratio=1.2)
        q, _ = bench_console(keys=br.LEGACY_KEYS)
        r, rec = self.report(p, q, False)
        self.assertEqual(r.returncode, 1)
        self.assertGreater(rec[1], 0, r.stdout)


class CheckMutants(unittest.TestCase):
    def test_malformed_line_fails_the_layer(self):  # item 6
        with tempfile.TemporaryDirectory() as d:
            m = os.path.join(d, "mutants.txt")
            with open(f"{TOOLS}/mutation/mutants.txt") as f:
                lines = f.read().splitlines()
            first = [ln for ln in lines if ln and not ln.startswith("#")][0]
            with open(m, "w") as f:
                f.write(first + "\nbroken line without fields\n" + first.replace(
                    first.split()[0], "after-the-broken-one", 1) + "\n")
            env = dict(os.environ, MUTANTS=m, FUTEX2_RESULTS=d, FUTEX2_RUN="R")
            r = subprocess.run(["bash", f"{TOOLS}/check-mutants.sh"], env=env,
                               capture_output=True, text=True)
            self.assertNotEqual(r.returncode, 0, r.stdout + r.stderr)
            rec = console.read_record(os.path.join(d, "mutants.counts"))
            self.assertGreater(rec[1], 0)


class KUnitConsole(unittest.TestCase):
    def test_empty_kunit_console_fails(self):  # item 10
        tree = os.environ.get("KUNIT_TREE")
        if not tree:
            with open(f"{TOOLS}/env.sh"):
                pass
            tree = subprocess.run(["bash", "-c", f". {TOOLS}/env.sh; echo $TREE_DIR"],
                                  capture_output=True, text=True).stdout.strip()
        if not os.path.exists(os.path.join(tree, "tools/testing/kunit/kunit_parser.py")):
            self.skipTest("no kernel tree yet")
        v, _ = console.kunit_verdict("k", "", tree)
        self.assertGreater(v.failed, 0)
        if os.path.exists(os.path.join(DATA, "kunit-x86_64.console")):
            v, _ = console.kunit_verdict("k", data("kunit-x86_64.console"), tree)
            self.assertEqual(v.failed, 0, v.problems[:5])
            self.assertGreater(v.passed, 50)
            t = data("kunit-x86_64.console").replace(
                "    ok 1 ", "    not ok 1 ", 1)
            v, _ = console.kunit_verdict("k", t, tree)
            self.assertGreater(v.failed, 0)


def main():
    loader = unittest.TestLoader()
    suite = loader.loadTestsFromModule(sys.modules[__name__])
    stream = io.StringIO()
    verbosity = 2 if "-v" in sys.argv else 1
    res = unittest.TextTestRunner(stream=stream, verbosity=verbosity).run(suite)
    out = stream.getvalue()
    print(out, end="")
    v = console.Verdict("console-tests")
    ran = res.testsRun
    bad = len(res.failures) + len(res.errors)
    v.add(ran - bad - len(res.skipped), bad, len(res.skipped))
    v.finish()
    print(v.line())
    results = os.environ.get("FUTEX2_RESULTS") or subprocess.run(
        ["bash", "-c", f". {TOOLS}/env.sh; echo $RESULTS_DIR"],
        capture_output=True, text=True).stdout.strip()
    if os.environ.get("FUTEX2_RUN"):
        console.write_record(os.path.join(results, "console-tests.counts"), v,
                             os.environ["FUTEX2_RUN"])
    return 1 if v.failed else 0


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(main())
