// SPDX-License-Identifier: GPL-2.0
/*
 * Where mainline's merged futex2 differs from the v2 series, a program
 * written for mainline must get mainline's answer here too:
 *  - futex_wake() with nr == 0 wakes nobody and returns 0, after checking
 *    the address (and filling in an unset FUTEX2_NUMA node word); legacy
 *    FUTEX_WAKE with 0 still wakes one;
 *  - futex_requeue()'s two entries must have the same flags (here: apart
 *    from the size), and entries are checked one after the other.
 */

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

#include "futex2_helpers.h"
#include "kselftest.h"

#define P	FUTEX2_PRIVATE
#define U8	FUTEX2_SIZE_U8
#define U16	FUTEX2_SIZE_U16
#define U32	FUTEX2_SIZE_U32
#define NUMA	FUTEX2_NUMA

static uint32_t mem[8] __attribute__((aligned(32)));

static const char *err_name(long res)
{
	return res < 0 ? strerror(errno) : "ok";
}

/* A sleeping waiter is not woken by nr == 0, and is by nr == 1. */
static void test_wake_nr0_wakes_nobody(unsigned int flags)
{
	struct futex2_waiter w = {
		.uaddr = mem, .val = 0, .mask = futex2_size_max(flags),
		.flags = flags,
	};
	long zero = -2, one = -2;
	bool asleep, still;

	memset(mem, 0, sizeof(mem));
	asleep = futex2_start_waiter(&w);
	if (asleep) {
		zero = futex2_wake(mem, futex2_size_max(flags), 0, flags);
		/* Give a wrongly woken waiter time to show it. */
		usleep(20000);
		still = !__atomic_load_n(&w.done, __ATOMIC_ACQUIRE) &&
			futex2_task_state(getpid(), w.tid) == 'S';
		one = futex2_wake(mem, futex2_size_max(flags), 1, flags);
	}
	futex2_join_woken(&w);
	ksft_test_result(asleep && zero == 0 && still && one == 1 && w.ret == 0,
			 "futex_wake U%u%s: nr 0 returns 0 and leaves the waiter asleep, nr 1 wakes it (got %ld, then %ld)\n",
			 8 * futex2_bytes(flags), flags & P ? " private" : " shared",
			 zero, one);
}

/* Legacy FUTEX_WAKE keeps its old meaning of 0: wake one. */
static void test_legacy_wake_0_wakes_one(void)
{
	struct futex2_waiter w = {
		.uaddr = mem, .val = 0, .mask = UINT32_MAX, .flags = U32 | P,
	};
	long res = -2;
	bool asleep;

	memset(mem, 0, sizeof(mem));
	asleep = futex2_start_waiter(&w);
	if (asleep)
		res = syscall(SYS_futex, mem, FUTEX_WAKE_PRIVATE, 0, NULL, NULL, 0);
	if (res != 1)
		futex2_wake(mem, UINT32_MAX, 1, U32 | P);
	futex2_join_woken(&w);
	ksft_test_result(asleep && res == 1 && w.ret == 0,
			 "FUTEX_WAKE with 0 still wakes one waiter (got %ld)\n", res);
}

/* nr == 0 still checks the address first. */
static void test_wake_nr0_checks_address(void)
{
	long pg = getpagesize();
	void *p = mmap(NULL, pg, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	long res;

	munmap(p, pg);
	res = futex2_wake(p, 1, 0, U32);
	ksft_test_result(res == -1 && errno == EFAULT,
			 "futex_wake nr 0: unmapped shared futex is EFAULT (got %ld %s)\n",
			 res, err_name(res));
	res = futex2_wake((char *)mem + 1, 1, 0, U32 | P);
	ksft_test_result(res == -1 && errno == EINVAL,
			 "futex_wake nr 0: misaligned futex is EINVAL (got %ld %s)\n",
			 res, err_name(res));
	res = futex2_wake(mem, 0, 0, U32 | P);
	ksft_test_result(res == -1 && errno == EINVAL,
			 "futex_wake nr 0: zero mask is EINVAL (got %ld %s)\n",
			 res, err_name(res));
}

/* nr == 0 fills in an unset node word, at every size. */
static void test_wake_nr0_fills_node(unsigned int size)
{
	unsigned int flags = size | NUMA | P;
	volatile uint8_t *node = (uint8_t *)mem + futex2_bytes(flags);
	uint32_t got;
	long res;

	memset(mem, 0, sizeof(mem));
	futex2_store(node, flags, futex2_size_max(flags));
	res = futex2_wake(mem, futex2_size_max(flags), 0, flags);
	got = futex2_load(node, flags);
	ksft_test_result(res == 0 && got < (uint32_t)futex2_numa_nodes(),
			 "futex_wake U%u|NUMA nr 0: returns 0 and fills in the node word (got %ld, node %u)\n",
			 8 * futex2_bytes(flags), res, got);
}

/*
 * futex_requeue(): source and target flags must be equal apart from the
 * size (mainline: equal, while it has only one size).
 */
static void test_requeue_flag_rule(void)
{
	static const struct {
		unsigned int src, dst;
		bool allowed;
	} cases[] = {
		{ U32 | P, U32 | P, true },
		{ U32, U32, true },
		{ U32 | P, U32, false },
		{ U32, U32 | P, false },
		{ U32 | P | NUMA, U32 | P, false },
		{ U32 | P, U32 | P | NUMA, false },
		{ U32 | NUMA, U32 | NUMA, true },
		{ U8 | P, U32 | P, true },
		{ U16 | P, U8 | P, true },
		{ U16 | NUMA, U32 | NUMA, true },
		{ U8 | P | NUMA, U8 | NUMA, false },
		{ U16, U16 | P, false },
	};
	unsigned int i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct futex_waitv v[2] = {
			{ .uaddr = (uintptr_t)&mem[0], .flags = cases[i].src },
			{ .uaddr = (uintptr_t)&mem[4], .flags = cases[i].dst },
		};
		const char *want = "EINVAL";
		long res;
		bool pass;

		/* Values 0, node words 0: every case is otherwise valid. */
		memset(mem, 0, sizeof(mem));
		res = futex2_requeue(v, 0, 1, 1);
		if (cases[i].allowed) {
			pass = res == 0;
			want = "allowed";
		} else {
			pass = res == -1 && errno == EINVAL;
		}
		ksft_test_result(pass, "futex_requeue 0x%x -> 0x%x: %s (got %ld %s)\n",
				 cases[i].src, cases[i].dst, want, res, err_name(res));
	}
}

/*
 * Entries are read and checked one at a time: a bad first entry is EINVAL
 * even if the second cannot be read, and a good first entry with an
 * unreadable second is EFAULT.
 */
static void test_requeue_entry_order(void)
{
	long pg = getpagesize();
	char *p = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct futex_waitv *v = (struct futex_waitv *)(p + pg) - 1;
	long res;

	munmap(p + pg, pg);
	memset(mem, 0, sizeof(mem));
	v->uaddr = (uintptr_t)mem;
	v->val = 0;
	v->__reserved = 0;
	v->flags = U32 | P | 0x40;
	res = futex2_requeue(v, 0, 1, 1);
	ksft_test_result(res == -1 && errno == EINVAL,
			 "futex_requeue: bad first entry, unmapped second: EINVAL (got %ld %s)\n",
			 res, err_name(res));
	v->flags = U32 | P;
	res = futex2_requeue(v, 0, 1, 1);
	ksft_test_result(res == -1 && errno == EFAULT,
			 "futex_requeue: good first entry, unmapped second: EFAULT (got %ld %s)\n",
			 res, err_name(res));
	munmap(p, pg);
}

int main(void)
{
	static const unsigned int sizes[] = { U8, U16, U32 };
	unsigned int i;

	ksft_print_header();
	ksft_set_plan(6 + 1 + 3 + 3 + 12 + 2);

	for (i = 0; i < 3; i++) {
		test_wake_nr0_wakes_nobody(sizes[i] | P);
		test_wake_nr0_wakes_nobody(sizes[i]);
	}
	test_legacy_wake_0_wakes_one();
	test_wake_nr0_checks_address();
	for (i = 0; i < 3; i++)
		test_wake_nr0_fills_node(sizes[i]);
	test_requeue_flag_rule();
	test_requeue_entry_order();

	ksft_finished();
}
