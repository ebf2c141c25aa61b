// SPDX-License-Identifier: GPL-2.0
/*
 * Bad input to futex_wake(), futex_wait(), futex_requeue() and
 * futex_waitv(): every undefined flag bit, FUTEX2_SIZE_U64 (never valid:
 * not implemented, and never for compat tasks or 32-bit kernels), zero
 * masks, bad clocks and timespecs, non-zero requeue flags and reserved
 * fields, and unmapped memory. Each gets its documented errno.
 */

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

#include "futex2_helpers.h"
#include "kselftest.h"

#define VALID_FLAGS	(FUTEX2_SIZE_MASK | FUTEX2_NUMA | FUTEX2_MPOL | FUTEX2_PRIVATE)
#define U32P		(FUTEX2_SIZE_U32 | FUTEX2_PRIVATE)

static uint32_t f[4] __attribute__((aligned(16)));

static bool is_err(long res, int want)
{
	return res == -1 && errno == want;
}

static void expect(bool ok, const char *what, long res)
{
	ksft_test_result(ok, "%s (got %ld %s)\n", what, res,
			 res < 0 ? strerror(errno) : "");
}

static struct timespec *in_a_second(struct timespec *ts)
{
	futex2_abs_timeout(CLOCK_MONOTONIC, 1, ts);
	return ts;
}

static void test_undefined_flag_bits(void)
{
	struct futex_waitv v[2];
	struct timespec ts;
	unsigned int bit, bad_wake = 0, bad_wait = 0, bad_waitv = 0, bad_rq = 0;

	for (bit = 0; bit < 32; bit++) {
		unsigned int flags = (1u << bit);

		if (flags & VALID_FLAGS)
			continue;
		flags |= U32P;
		if (!is_err(futex2_wake(f, 1, 1, flags), EINVAL))
			bad_wake |= 1u << bit;
		if (!is_err(futex2_wait(f, 0, 1, flags, in_a_second(&ts),
					CLOCK_MONOTONIC), EINVAL))
			bad_wait |= 1u << bit;

		memset(v, 0, sizeof(v));
		v[0].uaddr = (uintptr_t)&f[0];
		v[0].flags = flags;
		if (!is_err(futex_waitv(v, 1, 0, in_a_second(&ts), CLOCK_MONOTONIC),
			    EINVAL))
			bad_waitv |= 1u << bit;

		v[1].uaddr = (uintptr_t)&f[1];
		v[1].flags = U32P;
		if (!is_err(futex2_requeue(v, 0, 1, 1), EINVAL))
			bad_rq |= 1u << bit;
		v[0].flags = U32P;
		v[1].flags = flags;
		if (!is_err(futex2_requeue(v, 0, 1, 1), EINVAL))
			bad_rq |= 1u << bit;
	}
	ksft_test_result(!bad_wake, "futex_wake: every undefined flag bit is EINVAL (accepted: 0x%x)\n", bad_wake);
	ksft_test_result(!bad_wait, "futex_wait: every undefined flag bit is EINVAL (accepted: 0x%x)\n", bad_wait);
	ksft_test_result(!bad_waitv, "futex_waitv: every undefined flag bit is EINVAL (accepted: 0x%x)\n", bad_waitv);
	ksft_test_result(!bad_rq, "futex_requeue: every undefined flag bit is EINVAL (accepted: 0x%x)\n", bad_rq);
}

static void test_u64(void)
{
	unsigned int u64 = FUTEX2_SIZE_U64 | FUTEX2_PRIVATE;
	struct futex_waitv v[2] = {
		{ .uaddr = (uintptr_t)&f[0], .flags = u64 },
		{ .uaddr = (uintptr_t)&f[2], .flags = U32P },
	};
	struct timespec ts;
	long res;

	res = futex2_wake(f, 1, 1, u64);
	expect(is_err(res, EINVAL), "futex_wake: FUTEX2_SIZE_U64 is EINVAL", res);
	res = futex2_wait(f, 0, 1, u64, in_a_second(&ts), CLOCK_MONOTONIC);
	expect(is_err(res, EINVAL), "futex_wait: FUTEX2_SIZE_U64 is EINVAL", res);
	res = futex_waitv(v, 1, 0, in_a_second(&ts), CLOCK_MONOTONIC);
	expect(is_err(res, EINVAL), "futex_waitv: FUTEX2_SIZE_U64 is EINVAL", res);
	res = futex2_requeue(v, 0, 1, 1);
	expect(is_err(res, EINVAL), "futex_requeue: FUTEX2_SIZE_U64 is EINVAL", res);
	res = futex2_wake(f, 1, 1, u64 | FUTEX2_NUMA);
	expect(is_err(res, EINVAL), "futex_wake: FUTEX2_SIZE_U64 | FUTEX2_NUMA is EINVAL", res);
}

static void test_zero_mask(void)
{
	struct timespec ts;
	long res;

	res = futex2_wake(f, 0, 1, U32P);
	expect(is_err(res, EINVAL), "futex_wake: zero mask is EINVAL", res);
	res = futex2_wait(f, 0, 0, U32P, in_a_second(&ts), CLOCK_MONOTONIC);
	expect(is_err(res, EINVAL), "futex_wait: zero mask is EINVAL", res);
}

static void test_clocks_and_timespecs(void)
{
	static const clockid_t bad_clocks[] = {
		CLOCK_PROCESS_CPUTIME_ID, CLOCK_THREAD_CPUTIME_ID,
		CLOCK_MONOTONIC_RAW, CLOCK_BOOTTIME, CLOCK_TAI, -1, 100,
	};
	struct timespec ts;
	unsigned int i, bad = 0;
	long res;

	for (i = 0; i < sizeof(bad_clocks) / sizeof(bad_clocks[0]); i++) {
		if (!is_err(futex2_wait(f, 0, 1, U32P, in_a_second(&ts),
					bad_clocks[i]), EINVAL))
			bad |= 1u << i;
	}
	ksft_test_result(!bad, "futex_wait: clocks other than MONOTONIC and REALTIME are EINVAL (accepted mask 0x%x)\n", bad);

	in_a_second(&ts);
	ts.tv_nsec = 1000000000;
	res = futex2_wait(f, 0, 1, U32P, &ts, CLOCK_MONOTONIC);
	expect(is_err(res, EINVAL), "futex_wait: tv_nsec of one second is EINVAL", res);
	ts.tv_nsec = -1;
	res = futex2_wait(f, 0, 1, U32P, &ts, CLOCK_MONOTONIC);
	expect(is_err(res, EINVAL), "futex_wait: negative tv_nsec is EINVAL", res);
	ts.tv_sec = -1;
	ts.tv_nsec = 0;
	res = futex2_wait(f, 0, 1, U32P, &ts, CLOCK_REALTIME);
	expect(is_err(res, EINVAL), "futex_wait: negative tv_sec is EINVAL", res);

	/* A timeout in the past times out at once. */
	ts.tv_sec = 0;
	res = futex2_wait(f, 0, 1, U32P, &ts, CLOCK_MONOTONIC);
	expect(is_err(res, ETIMEDOUT), "futex_wait: a past timeout is ETIMEDOUT", res);
}

static void test_requeue_fields(void)
{
	struct futex_waitv v[2] = {
		{ .uaddr = (uintptr_t)&f[0], .flags = U32P },
		{ .uaddr = (uintptr_t)&f[1], .flags = U32P },
	};
	long res;

	res = futex2_requeue(v, 1, 1, 1);
	expect(is_err(res, EINVAL), "futex_requeue: non-zero flags are EINVAL", res);
	res = futex2_requeue(v, FUTEX2_PRIVATE, 1, 1);
	expect(is_err(res, EINVAL), "futex_requeue: FUTEX2_PRIVATE as syscall flags is EINVAL", res);
	v[1].__reserved = 1;
	res = futex2_requeue(v, 0, 1, 1);
	expect(is_err(res, EINVAL), "futex_requeue: non-zero __reserved is EINVAL", res);
	v[1].__reserved = 0;
	res = futex2_requeue(NULL, 0, 1, 1);
	expect(is_err(res, EINVAL), "futex_requeue: NULL waiters is EINVAL", res);
	f[0] = 1;
	res = futex2_requeue(v, 0, 1, 1);
	expect(is_err(res, EAGAIN), "futex_requeue: compare value mismatch is EAGAIN", res);
	f[0] = 0;
	res = futex2_requeue(v, 0, 1, 1);
	expect(res == 0, "futex_requeue: nothing to wake or requeue is 0", res);
}

static void test_unmapped(void)
{
	long pg = getpagesize();
	uint8_t *p = mmap(NULL, pg, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct futex_waitv v[2] = {
		{ .uaddr = (uintptr_t)p, .flags = U32P },
		{ .uaddr = (uintptr_t)&f[1], .flags = U32P },
	};
	struct timespec ts;
	long res;

	munmap(p, pg);

	res = futex2_wait(p, 0, 1, U32P, in_a_second(&ts), CLOCK_MONOTONIC);
	expect(is_err(res, EFAULT), "futex_wait: unmapped futex is EFAULT", res);
	res = futex2_wake(p, 1, 1, FUTEX2_SIZE_U8);
	expect(is_err(res, EFAULT), "futex_wake: unmapped shared U8 futex is EFAULT", res);
	res = futex2_wait(f, 0, 1, U32P, (struct timespec *)p, CLOCK_MONOTONIC);
	expect(is_err(res, EFAULT), "futex_wait: unmapped timeout is EFAULT", res);
	res = futex2_requeue((struct futex_waitv *)p, 0, 1, 1);
	expect(is_err(res, EFAULT), "futex_requeue: unmapped waiters array is EFAULT", res);
	res = futex2_requeue(v, 0, 1, 1);
	expect(is_err(res, EFAULT), "futex_requeue: unmapped source futex is EFAULT", res);
	res = futex_waitv((struct futex_waitv *)p, 1, 0, NULL, 0);
	expect(is_err(res, EFAULT), "futex_waitv: unmapped waiters array is EFAULT", res);
	res = futex_waitv(v, 1, 0, NULL, 0);
	expect(is_err(res, EFAULT), "futex_waitv: unmapped futex is EFAULT", res);
}

/*
 * Addresses no user may name: every call, at every size and flag
 * combination, fails with EFAULT there, before anything is read or any
 * wait sleeps (a wait that slept would time out after a second: not
 * EFAULT). The top page of a 64-bit address space, a non-canonical x86_64
 * address and the usual start of the kernel's text and direct map are
 * kernel addresses or none; a 32-bit process has no such addresses (its
 * whole space is user space), so there each is a visible skip.
 */
static void test_kernel_addresses(void)
{
	static const char * const calls[] = {
		"futex_wake", "futex_wait", "futex_requeue", "futex_waitv",
	};
	uintptr_t addrs[] = {
		(uintptr_t)-4096,
#if defined(__x86_64__)
		(uintptr_t)0x8000000000000000ull,
		(uintptr_t)0xffffffff81000000ull,
		(uintptr_t)0xffff888000000000ull,
#elif defined(__aarch64__)
		(uintptr_t)0xffff800008000000ull,
#endif
	};
	unsigned int call, flags, i, bad[4] = { 0 }, first[4] = { 0 };
	long res, got[4] = { 0 };
	struct timespec ts;

	if (sizeof(long) < 8) {
		for (call = 0; call < 4; call++)
			ksft_test_result_skip("%s at kernel addresses: a 32-bit process has none\n",
					      calls[call]);
		return;
	}
	for (flags = 0; flags <= VALID_FLAGS; flags++) {
		if ((flags & ~VALID_FLAGS) || (flags & FUTEX2_SIZE_MASK) == FUTEX2_SIZE_U64)
			continue;
		for (i = 0; i < ARRAY_SIZE(addrs); i++) {
			void *k = (void *)addrs[i];
			/* The requeue target of the same kind, at a valid address. */
			struct futex_waitv v[2] = {
				{ .uaddr = addrs[i], .flags = flags },
				{ .uaddr = (uintptr_t)&f[2],
				  .flags = (flags & ~FUTEX2_SIZE_MASK) | FUTEX2_SIZE_U32 },
			};

			for (call = 0; call < 4; call++) {
				errno = 0;
				switch (call) {
				case 0:
					res = futex2_wake(k, 1, 1, flags);
					break;
				case 1:
					res = futex2_wait(k, 0, 1, flags, in_a_second(&ts),
							  CLOCK_MONOTONIC);
					break;
				case 2:
					res = futex2_requeue(v, 0, 1, 1);
					break;
				default:
					/*
					 * waitv entries take no node flags, and an
					 * entry without a size bit (U8's 0) is
					 * EINVAL, as in 6.1 (docs/design.md).
					 */
					if ((flags & (FUTEX2_NUMA | FUTEX2_MPOL)) ||
					    (flags & FUTEX2_SIZE_MASK) == FUTEX2_SIZE_U8)
						continue;
					res = futex_waitv(v, 1, 0, in_a_second(&ts),
							  CLOCK_MONOTONIC);
					break;
				}
				if (!is_err(res, EFAULT) && !bad[call]++) {
					first[call] = flags;
					got[call] = res < 0 ? -errno : res;
				}
			}
		}
	}
	for (call = 0; call < 4; call++)
		ksft_test_result(!bad[call],
				 "%s at kernel addresses: EFAULT for every size and flag (%u not; first flags 0x%x gave %ld)\n",
				 calls[call], bad[call], first[call], got[call]);
}

/*
 * futex_waitv() takes no flags of its own yet: every bit is EINVAL. The
 * array is valid and its value differs from the futex, so a kernel that
 * accepted a bit would return EAGAIN at once instead.
 */
static void test_waitv_syscall_flags(void)
{
	struct futex_waitv v = {
		.uaddr = (uintptr_t)&f[0], .val = 1, .flags = U32P,
	};
	unsigned int bit, bad = 0;

	f[0] = 0;
	for (bit = 0; bit < 32; bit++) {
		if (!is_err(futex_waitv(&v, 1, 1u << bit, NULL, 0), EINVAL))
			bad |= 1u << bit;
	}
	ksft_test_result(!bad, "futex_waitv: every bit of the syscall's flags is EINVAL (accepted: 0x%x)\n", bad);
}

/*
 * A value or mask wider than the futex is EINVAL, for every size and in
 * every place a value is given: futex_wait()'s value and mask,
 * futex_wake()'s mask, each futex_waitv() entry, and both futex_requeue()
 * entries (the target's value is unused, but checked all the same). The
 * futexes hold 0 and the values are all ones of the size plus one, so a
 * kernel that skipped a check would give EAGAIN or 0 instead.
 */
static void test_values_wider_than_size(void)
{
	static const unsigned int sizes[] = {
		FUTEX2_SIZE_U8, FUTEX2_SIZE_U16, FUTEX2_SIZE_U32,
	};
	unsigned int i, bad_wait = 0, bad_wake = 0, bad_waitv = 0, bad_rq = 0;
	struct timespec ts;

	memset(f, 0, sizeof(f));
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		unsigned int flags = sizes[i] | FUTEX2_PRIVATE;
		uint64_t wide = (uint64_t)futex2_size_max(flags) + 1;
		struct futex_waitv v[2] = {
			{ .uaddr = (uintptr_t)&f[0], .flags = flags },
			{ .uaddr = (uintptr_t)&f[1], .flags = flags },
		};

		/* futex_wait()'s value is a long: 32 bits for compat tasks. */
		if (wide <= (unsigned long)-1) {
			if (!is_err(futex2_wait(f, wide, 1, flags, in_a_second(&ts),
						CLOCK_MONOTONIC), EINVAL))
				bad_wait |= 1u << i;
			if (!is_err(futex2_wait(f, 0, wide, flags, in_a_second(&ts),
						CLOCK_MONOTONIC), EINVAL))
				bad_wait |= 0x10u << i;
			if (!is_err(futex2_wake(f, wide, 1, flags), EINVAL))
				bad_wake |= 1u << i;
		}

		/* futex_waitv() takes no 8-bit futex (no size bits is EINVAL). */
		if (sizes[i] != FUTEX2_SIZE_U8) {
			v[0].val = wide;
			if (!is_err(futex_waitv(v, 1, 0, in_a_second(&ts), CLOCK_MONOTONIC),
				    EINVAL))
				bad_waitv |= 1u << i;
			v[0].val = 0;
		}
		v[1].val = wide;
		if (sizes[i] != FUTEX2_SIZE_U8 &&
		    !is_err(futex_waitv(v, 2, 0, in_a_second(&ts), CLOCK_MONOTONIC), EINVAL))
			bad_waitv |= 0x10u << i;

		/* v[1] is still wide: the target's value is checked too. */
		if (!is_err(futex2_requeue(v, 0, 1, 1), EINVAL))
			bad_rq |= 0x10u << i;
		v[1].val = 0;
		v[0].val = wide;
		if (!is_err(futex2_requeue(v, 0, 1, 1), EINVAL))
			bad_rq |= 1u << i;
	}
	/* Bit n: size U(8 << n); bit 4 + n: the mask, or the second entry. */
	ksft_test_result(!bad_wait, "futex_wait: a value or mask wider than the size is EINVAL, each size (accepted: 0x%x)\n", bad_wait);
	ksft_test_result(!bad_wake, "futex_wake: a mask wider than the size is EINVAL, each size (accepted: 0x%x)\n", bad_wake);
	ksft_test_result(!bad_waitv, "futex_waitv: an entry's value wider than its size is EINVAL, U16 and U32, first and second entry (accepted: 0x%x)\n", bad_waitv);
	ksft_test_result(!bad_rq, "futex_requeue: a source or target value wider than its size is EINVAL, each size (accepted: 0x%x)\n", bad_rq);
}

int main(int argc, char *argv[])
{
	ksft_print_header();
	ksft_set_plan(4 + 5 + 2 + 5 + 6 + 7 + 4 + 1 + 4);
	ksft_print_msg("%d-bit process\n", (int)sizeof(long) * 8);

	test_undefined_flag_bits();
	test_u64();
	test_zero_mask();
	test_clocks_and_timespecs();
	test_requeue_fields();
	test_unmapped();
	test_kernel_addresses();
	test_waitv_syscall_flags();
	test_values_wider_than_size();

	ksft_finished();
}
