// SPDX-License-Identifier: GPL-2.0
/*
 * 8- and 16-bit futexes through futex_wait(), futex_wake(), futex_waitv()
 * and futex_requeue(): each size reads and matches only its own bytes,
 * sizes never wake each other, and a 32-bit futex2 futex is the same futex
 * as a legacy futex() one.
 */

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "futextest.h"
#include "futex2_helpers.h"
#include "kselftest.h"

/* A futex word with non-zero neighbours on both sides. */
static union {
	uint8_t b[16];
	uint16_t h[8];
	uint32_t w[4];
} mem __attribute__((aligned(16)));

static void fill_neighbours(void)
{
	memset(&mem, 0xa5, sizeof(mem));
}

/*
 * Wait on @uaddr (holding 0 amid non-zero neighbours) in a thread, then
 * wake it. The waiter must sleep although the word around its futex does
 * not match, and the wake must find exactly it.
 */
static void test_wait_wake_own_bytes(volatile void *uaddr, unsigned int flags,
				     const char *name)
{
	struct futex2_waiter w = {
		.uaddr = uaddr, .val = 0, .mask = futex2_size_max(flags),
		.flags = flags | FUTEX2_PRIVATE,
	};
	bool asleep, woken;
	int res;

	asleep = futex2_start_waiter(&w);
	res = asleep ? futex2_wake(uaddr, futex2_size_max(flags), 1,
				   flags | FUTEX2_PRIVATE) : -1;
	woken = futex2_join_woken(&w);
	ksft_test_result(asleep && res == 1 && woken,
			 "%s: waits on its own bytes amid non-zero neighbours (asleep %d, wake %d, waiter %d/%s)\n",
			 name, asleep, res, w.ret, strerror(w.err));
}

/* A value that differs in the futex's own bytes does not wait. */
static void test_value_mismatch(volatile void *uaddr, unsigned int flags,
				unsigned long val, const char *name)
{
	struct timespec to;
	int res;

	futex2_abs_timeout(CLOCK_MONOTONIC, 1, &to);
	res = futex2_wait(uaddr, val, futex2_size_max(flags), flags | FUTEX2_PRIVATE,
			  &to, CLOCK_MONOTONIC);
	ksft_test_result(res == -1 && errno == EAGAIN,
			 "%s: value 0x%lx does not match: EAGAIN (got %d %s)\n",
			 name, val, res, res ? strerror(errno) : "");
}

static void test_alignment(void)
{
	static const struct {
		unsigned int flags;
		unsigned int offset;
		bool ok;
	} cases[] = {
		{ FUTEX2_SIZE_U8,  1, true },  { FUTEX2_SIZE_U8,  3, true },
		{ FUTEX2_SIZE_U16, 1, false }, { FUTEX2_SIZE_U16, 2, true },
		{ FUTEX2_SIZE_U32, 2, false }, { FUTEX2_SIZE_U32, 4, true },
	};
	unsigned int i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		void *uaddr = &mem.b[cases[i].offset];
		int res = futex2_wake(uaddr, 1, 1, cases[i].flags | FUTEX2_PRIVATE);
		const char *want = "EINVAL", *why = "";
		bool ok;

		if (res < 0)
			why = strerror(errno);
		if (cases[i].ok) {
			ok = res == 0;
			want = "accepted";
		} else {
			ok = res == -1 && errno == EINVAL;
		}
		ksft_test_result(ok, "alignment: U%u at offset %u %s (got %d %s)\n",
				 8 << cases[i].flags, cases[i].offset, want, res, why);
	}
}

static void test_too_wide(void)
{
	static const struct {
		unsigned int flags;
		unsigned long val, mask;
	} cases[] = {
		{ FUTEX2_SIZE_U8,  0x100, 0xff },
		{ FUTEX2_SIZE_U8,  0, 0x1ff },
		{ FUTEX2_SIZE_U16, 0x10000, 0xffff },
		{ FUTEX2_SIZE_U16, 0, 0x18000 },
#if ULONG_MAX > 0xffffffffUL
		{ FUTEX2_SIZE_U32, 0x100000000UL, 0xffffffff },
		{ FUTEX2_SIZE_U32, 0, 0x1ffffffffUL },
#endif
	};
	unsigned int i;

#if ULONG_MAX <= 0xffffffffUL
	/* A 32-bit ABI's long cannot hold a value or mask wider than U32. */
	ksft_test_result_skip("too wide for U32: val 0x100000000 needs a 64-bit long\n");
	ksft_test_result_skip("too wide for U32: mask 0x1ffffffff needs a 64-bit long\n");
#endif

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		unsigned int flags = cases[i].flags | FUTEX2_PRIVATE;
		int res_wait, err_wait, res_wake, err_wake;
		bool wake_ok;

		res_wait = futex2_wait(&mem.w[0], cases[i].val, cases[i].mask,
				       flags, NULL, 0);
		err_wait = errno;
		res_wake = futex2_wake(&mem.w[0], cases[i].mask, 1, flags);
		err_wake = errno;
		/* futex_wake() takes no value: only a wide mask is its error. */
		if (cases[i].mask > futex2_size_max(flags))
			wake_ok = res_wake == -1 && err_wake == EINVAL;
		else
			wake_ok = res_wake == 0;
		ksft_test_result(res_wait == -1 && err_wait == EINVAL && wake_ok,
				 "too wide for U%u: val 0x%lx mask 0x%lx is EINVAL (wait %d/%d, wake %d/%d)\n",
				 8 << cases[i].flags, cases[i].val, cases[i].mask,
				 res_wait, err_wait, res_wake, err_wake);
	}
}

struct waitv_thread {
	struct futex_waitv v[3];
	int ret;
	int err;
	pid_t tid;
	volatile int started, done;
};

static void *waitv_fn(void *arg)
{
	struct waitv_thread *t = arg;
	struct timespec to;

	t->tid = syscall(SYS_gettid);
	__atomic_store_n(&t->started, 1, __ATOMIC_RELEASE);
	futex2_abs_timeout(CLOCK_MONOTONIC, FUTEX2_TEST_TIMEOUT_S, &to);
	t->ret = futex_waitv(t->v, 3, 0, &to, CLOCK_MONOTONIC);
	t->err = errno;
	__atomic_store_n(&t->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

/*
 * futex_waitv() on two 16-bit futexes and a 32-bit one; wake the second.
 * (futex_waitv() takes no 8-bit futex: test_waitv_no_size().)
 */
static void test_waitv_mixed(void)
{
	struct waitv_thread t = {
		.v = {
			{ .uaddr = (uintptr_t)&mem.h[1], .val = 0,
			  .flags = FUTEX2_SIZE_U16 | FUTEX2_PRIVATE },
			{ .uaddr = (uintptr_t)&mem.h[3], .val = 0,
			  .flags = FUTEX2_SIZE_U16 | FUTEX2_PRIVATE },
			{ .uaddr = (uintptr_t)&mem.w[3], .val = 0,
			  .flags = FUTEX2_SIZE_U32 | FUTEX2_PRIVATE },
		},
	};
	pthread_t th;
	bool asleep = false;
	int res = -1, i;

	fill_neighbours();
	mem.h[1] = 0;
	mem.h[3] = 0;
	mem.w[3] = 0;
	pthread_create(&th, NULL, waitv_fn, &t);
	if (!futex2_wait_set(&t.started))
		i = FUTEX2_TEST_TIMEOUT_S * 1000;	/* never started: fail */
	else
		i = 0;
	for (; i < FUTEX2_TEST_TIMEOUT_S * 1000 && !t.done; i++) {
		if (futex2_task_state(getpid(), t.tid) == 'S') {
			asleep = true;
			break;
		}
		usleep(1000);
	}
	if (asleep) {
		/* The other entries share no key with this wake. */
		res = futex2_wake(&mem.h[3], 0xffff, 1,
				  FUTEX2_SIZE_U16 | FUTEX2_PRIVATE);
	}
	pthread_join(th, NULL);
	ksft_test_result(asleep && res == 1 && t.ret == 1,
			 "futex_waitv mixing U16 and U32: woken at index 1 (asleep %d, wake %d, waitv %d %s)\n",
			 asleep, res, t.ret, t.ret < 0 ? strerror(t.err) : "");
}

/*
 * A futex_waitv() entry without size bits is EINVAL, as in 6.1 and
 * mainline (LTP's futex_waitv01 tests it): FUTEX2_SIZE_U8 is 0, so it
 * would read as an 8-bit futex. The byte holds the expected value, so a
 * kernel that took it as one would sleep until the timeout instead.
 */
static void test_waitv_no_size(void)
{
	struct futex_waitv v = {
		.uaddr = (uintptr_t)&mem.b[1], .val = 0, .flags = FUTEX2_PRIVATE,
	};
	struct timespec to;
	int res, err;

	fill_neighbours();
	mem.b[1] = 0;
	futex2_abs_timeout(CLOCK_MONOTONIC, 1, &to);
	res = futex_waitv(&v, 1, 0, &to, CLOCK_MONOTONIC);
	err = errno;
	ksft_test_result(res == -1 && err == EINVAL,
			 "futex_waitv: an entry without size bits is EINVAL, as in 6.1 (got %d %s)\n",
			 res, res < 0 ? strerror(err) : "");
}

/* Requeue a waiter from a 16-bit futex with non-zero neighbours to a u32. */
static void test_requeue_u16_source(void)
{
	static uint32_t target;
	struct futex2_waiter w = {
		.uaddr = &mem.h[5], .val = 0, .mask = 0xffff,
		.flags = FUTEX2_SIZE_U16 | FUTEX2_PRIVATE,
	};
	struct futex_waitv rq[2] = {
		{ .uaddr = (uintptr_t)&mem.h[5], .val = 0,
		  .flags = FUTEX2_SIZE_U16 | FUTEX2_PRIVATE },
		{ .uaddr = (uintptr_t)&target,
		  .flags = FUTEX2_SIZE_U32 | FUTEX2_PRIVATE },
	};
	int mismatch, mismatch_err, res = -1, res_old = -1, res_new = -1;
	bool asleep, woken;

	fill_neighbours();
	mem.h[5] = 0;
	target = 0;
	asleep = futex2_start_waiter(&w);

	/* A compare value that only matches the neighbours fails. */
	rq[0].val = 0xa5a5;
	mismatch = futex2_requeue(rq, 0, 0, 1);
	mismatch_err = errno;
	rq[0].val = 0;

	if (asleep) {
		res = futex2_requeue(rq, 0, 0, 1);
		res_old = futex2_wake(&mem.h[5], 0xffff, 1,
				      FUTEX2_SIZE_U16 | FUTEX2_PRIVATE);
		res_new = futex2_wake(&target, ~0U, 1,
				      FUTEX2_SIZE_U32 | FUTEX2_PRIVATE);
	}
	woken = futex2_join_woken(&w);
	ksft_test_result(mismatch == -1 && mismatch_err == EAGAIN,
			 "futex_requeue from U16: compare value read at 16 bits (got %d %s)\n",
			 mismatch, strerror(mismatch_err));
	ksft_test_result(asleep && res == 1 && res_old == 0 && res_new == 1 && woken,
			 "futex_requeue U16 -> U32 amid non-zero neighbours (requeue %d, wake old %d, wake new %d)\n",
			 res, res_old, res_new);
}

/* A 32-bit waiter is not woken by an 8- or 16-bit wake of its address. */
static void test_sizes_never_cross(void)
{
	struct futex2_waiter w = {
		.uaddr = &mem.w[2], .val = 0, .mask = ~0U,
		.flags = FUTEX2_SIZE_U32 | FUTEX2_PRIVATE,
	};
	int r8 = -1, r16 = -1, r32 = -1;
	bool asleep, woken;

	fill_neighbours();
	mem.w[2] = 0;
	asleep = futex2_start_waiter(&w);
	if (asleep) {
		r8 = futex2_wake(&mem.w[2], 0xff, INT_MAX,
				 FUTEX2_SIZE_U8 | FUTEX2_PRIVATE);
		r16 = futex2_wake(&mem.w[2], 0xffff, INT_MAX,
				  FUTEX2_SIZE_U16 | FUTEX2_PRIVATE);
		r32 = futex2_wake(&mem.w[2], ~0U, INT_MAX,
				  FUTEX2_SIZE_U32 | FUTEX2_PRIVATE);
	}
	woken = futex2_join_woken(&w);
	ksft_test_result(asleep && r8 == 0 && r16 == 0 && r32 == 1 && woken,
			 "sizes never cross: U8 wake %d, U16 wake %d, U32 wake %d\n",
			 r8, r16, r32);
}

struct legacy_waiter {
	volatile futex_t *uaddr;
	int opflags;
	pid_t tid;
	int ret;
	volatile int started;
};

static void *legacy_wait_fn(void *arg)
{
	struct legacy_waiter *l = arg;
	struct timespec to = { .tv_sec = FUTEX2_TEST_TIMEOUT_S };

	l->tid = syscall(SYS_gettid);
	__atomic_store_n(&l->started, 1, __ATOMIC_RELEASE);
	l->ret = futex_wait((futex_t *)l->uaddr, 0, &to, l->opflags);
	return NULL;
}

/* futex2 U32 and legacy futex() are one futex, private and shared. */
static void test_legacy_interop(bool private)
{
	unsigned int f2 = FUTEX2_SIZE_U32 | (private ? FUTEX2_PRIVATE : 0);
	int opflags = private ? FUTEX_PRIVATE_FLAG : 0;
	const char *kind = private ? "private" : "shared";
	struct futex2_waiter w = {
		.uaddr = &mem.w[1], .val = 0, .mask = ~0U, .flags = f2,
	};
	struct legacy_waiter l = { .uaddr = &mem.w[1], .opflags = opflags };
	pthread_t th;
	bool asleep;
	int res = -1;

	mem.w[1] = 0;
	asleep = futex2_start_waiter(&w);
	if (asleep)
		res = futex_wake(&mem.w[1], 1, opflags);
	ksft_test_result(futex2_join_woken(&w) && asleep && res == 1,
			 "%s futex2 U32 waiter woken by legacy FUTEX_WAKE (%d)\n",
			 kind, res);

	res = -1;
	pthread_create(&th, NULL, legacy_wait_fn, &l);
	asleep = futex2_wait_set(&l.started) &&
		 futex2_wait_asleep(getpid(), l.tid);
	if (asleep)
		res = futex2_wake(&mem.w[1], ~0U, 1, f2);
	pthread_join(th, NULL);
	ksft_test_result(asleep && res == 1 && l.ret == 0,
			 "%s legacy FUTEX_WAIT waiter woken by futex_wake U32 (%d)\n",
			 kind, res);
}

int main(int argc, char *argv[])
{
	ksft_print_header();
	ksft_set_plan(4 + 2 + 6 + 6 + 1 + 1 + 1 + 2 + 4);

	fill_neighbours();
	mem.b[5] = 0;
	test_wait_wake_own_bytes(&mem.b[5], FUTEX2_SIZE_U8, "U8");
	mem.h[3] = 0;
	test_wait_wake_own_bytes(&mem.h[3], FUTEX2_SIZE_U16, "U16");
	fill_neighbours();
	mem.b[9] = 0;
	test_wait_wake_own_bytes(&mem.b[9], FUTEX2_SIZE_U8, "U8 (second byte of a u16)");
	mem.h[6] = 0;
	test_wait_wake_own_bytes(&mem.h[6], FUTEX2_SIZE_U16, "U16 (upper half of a u32)");

	fill_neighbours();
	mem.b[5] = 0;
	test_value_mismatch(&mem.b[5], FUTEX2_SIZE_U8, 0xa5, "U8");
	mem.h[3] = 0x1234;
	test_value_mismatch(&mem.h[3], FUTEX2_SIZE_U16, 0xa5a5, "U16");

	test_alignment();
	test_too_wide();
	test_waitv_mixed();
	test_waitv_no_size();
	test_requeue_u16_source();
	test_sizes_never_cross();
	test_legacy_interop(true);
	test_legacy_interop(false);

	ksft_finished();
}
