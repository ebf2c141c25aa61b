// SPDX-License-Identifier: GPL-2.0
/*
 * A seeded fuzzer for futex_wake(), futex_wait(), futex_requeue(),
 * futex_waitv() and legacy futex(): random and edge-case flags, addresses
 * (aligned, unaligned, unmapped, read-only, PROT_NONE, kernel, NULL, page
 * ends), values and masks at and past each size, NUMA node words good and
 * bad, timeouts past, future, invalid and unmapped, and counts negative and
 * huge -- while other threads wait on the same memory and one keeps
 * unmapping and remapping it.
 *
 * Every return must be a success or an errno the call documents. The main
 * thread's call sequence depends only on the seed: a failing case prints
 * its seed and call number, and "-s SEED -n N" replays it.
 *
 * With -f PERCENT, CONFIG_FAIL_FUTEX fault injection (debugfs) makes that
 * share of shared-futex key lookups fail with EFAULT while the fuzzer runs.
 *
 * Usage: futex2_fuzz [-s SEED] [-n CALLS] [-t SECONDS] [-f PERCENT]
 */

#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "futextest.h"
#include "futex2_helpers.h"

#define PAGES		6
enum { P_RW, P_RW2, P_RO, P_NONE, P_SHARED, P_FLAKY };	/* page roles */

static uint8_t *pages[PAGES];
static long pg;
static uint64_t rng;
static unsigned long long fuzz_seed;
static volatile int stop;

static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static unsigned long pick(const unsigned long *v, size_t n)
{
	return v[next() % n];
}

#define PICK(arr) pick(arr, sizeof(arr) / sizeof(arr[0]))

/* errno histogram */
static unsigned long calls, ok_calls, by_errno[256], failures;

static unsigned int rnd_flags(void)
{
	switch (next() % 4) {
	case 0:	return next();				/* any bit pattern */
	case 1:	return next() & 0xff;			/* low byte */
	default: return next() & (FUTEX2_SIZE_MASK | FUTEX2_NUMA | FUTEX2_PRIVATE);
	}
}

static void *rnd_addr(void)
{
	static const unsigned long offs[] = { 0, 1, 2, 3, 4, 6, 8, 12, 16, 62, 63 };
	uint8_t *base;

	switch (next() % 10) {
	case 0:	return NULL;
	case 1:	return (void *)(uintptr_t)(sizeof(long) == 8 ?
					    0xffff888000000000UL : 0xc0000000UL);
	case 2: return (void *)(uintptr_t)next();
	default:
		base = pages[next() % PAGES];
		if (next() % 4 == 0)	/* the last bytes of a page */
			return base + pg - 1 - (next() % 8);
		return base + 64 * (next() % 8) + PICK(offs);
	}
}

static unsigned long rnd_val(void)
{
	static const unsigned long v[] = {
		0, 1, 0x7f, 0xff, 0x100, 0xffff, 0x10000, 0x7fffffff,
		0xffffffff, ULONG_MAX, ULONG_MAX - 1,
	};

	return next() % 4 ? PICK(v) : (unsigned long)next();
}

static int rnd_nr(void)
{
	static const unsigned long v[] = { 0, 1, 2, (unsigned long)-1, INT_MAX,
					   (unsigned long)INT_MIN, 128, 129 };

	return (int)PICK(v);
}

static struct timespec *rnd_timeout(struct timespec *ts, clockid_t *clk)
{
	static const clockid_t clocks[] = {
		CLOCK_MONOTONIC, CLOCK_REALTIME, CLOCK_MONOTONIC, CLOCK_REALTIME,
		CLOCK_BOOTTIME, CLOCK_PROCESS_CPUTIME_ID, -1, 1000,
	};

	*clk = clocks[next() % 8];
	clock_gettime(*clk == CLOCK_REALTIME ? CLOCK_REALTIME : CLOCK_MONOTONIC, ts);
	switch (next() % 8) {
	case 0:		/* none: the interval timer ends the wait (EINTR) */
		return NULL;
	case 1:		/* past */
		ts->tv_sec -= 10;
		return ts;
	case 2:		/* invalid */
		ts->tv_nsec = 1000000000;
		return ts;
	case 3:		/* negative */
		ts->tv_sec = -1;
		return ts;
	case 4:		/* unreadable */
		return (struct timespec *)pages[P_NONE];
	default:
		ts->tv_nsec += 1000000;				/* +1 ms */
		if (ts->tv_nsec >= 1000000000) {
			ts->tv_sec++;
			ts->tv_nsec -= 1000000000;
		}
		return ts;
	}
}

static void rnd_waitv(struct futex_waitv *v, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		v[i].uaddr = (uintptr_t)rnd_addr();
		v[i].val = rnd_val();
		v[i].flags = rnd_flags();
		v[i].__reserved = next() % 16 ? 0 : next();
	}
}

/* Plant random NUMA node words (good, all ones, bad) in the RW pages. */
static void rnd_nodes(void)
{
	static const unsigned long nodes[] = { 0, 1, 0xff, 0xffff, 0xffffffff, 2, 200, 4000 };
	uint8_t *p = pages[next() % 2 ? P_RW : P_SHARED] + 64 * (next() % 8) + 4;

	*(volatile uint32_t *)p = PICK(nodes);
}

static void check(const char *call, long ret, const int *allowed, int n,
		  unsigned long i)
{
	int e = errno, k;

	calls++;
	if (ret >= 0) {
		ok_calls++;
		return;
	}
	by_errno[e & 0xff]++;
	for (k = 0; k < n; k++)
		if (allowed[k] == e)
			return;
	failures++;
	printf("# FAIL seed %llu call %lu: %s returned %ld errno %d (%s)\n",
	       fuzz_seed, i, call, ret, e, strerror(e));
}

#define CHECK_CALL(name, expr, ...) do {				\
	static const int allowed[] = { __VA_ARGS__ };			\
	long __r = (expr);						\
	check(name, __r, allowed, sizeof(allowed) / sizeof(int), i);	\
} while (0)

static void one_call(unsigned long i)
{
	struct futex_waitv v[FUTEX_WAITV_MAX + 2];
	struct timespec ts, *to;
	clockid_t clk;
	int n;

	if (next() % 4 == 0)
		rnd_nodes();

	switch (next() % 6) {
	case 0:
		CHECK_CALL("futex_wake", futex2_wake(rnd_addr(), rnd_val(), rnd_nr(),
						     rnd_flags()),
			   EINVAL, EFAULT);
		break;
	case 1:
		to = rnd_timeout(&ts, &clk);
		CHECK_CALL("futex_wait", futex2_wait(rnd_addr(), rnd_val(), rnd_val(),
						     rnd_flags(), to, clk),
			   EINVAL, EFAULT, EAGAIN, ETIMEDOUT, EINTR);
		break;
	case 2:
		rnd_waitv(v, 2);
		CHECK_CALL("futex_requeue",
			   futex2_requeue(next() % 8 ? v : (struct futex_waitv *)rnd_addr(),
					  next() % 8 ? 0 : rnd_flags(), rnd_nr(), rnd_nr()),
			   EINVAL, EFAULT, EAGAIN);
		break;
	case 3:
		n = next() % 4 ? 1 + next() % 4 : rnd_nr();
		rnd_waitv(v, n > 0 && n <= FUTEX_WAITV_MAX + 2 ? n : 2);
		to = rnd_timeout(&ts, &clk);
		CHECK_CALL("futex_waitv",
			   futex_waitv(next() % 8 ? v : (struct futex_waitv *)rnd_addr(),
				       n, next() % 8 ? 0 : rnd_flags(), to, clk),
			   EINVAL, EFAULT, EAGAIN, ETIMEDOUT, EINTR, ENOMEM);
		break;
	default: {
		static const unsigned long ops[] = {
			FUTEX_WAIT, FUTEX_WAKE, FUTEX_REQUEUE, FUTEX_CMP_REQUEUE,
			FUTEX_WAKE_OP, FUTEX_WAIT_BITSET, FUTEX_WAKE_BITSET,
		};
		int op = PICK(ops) | (next() % 2 ? FUTEX_PRIVATE_FLAG : 0) |
			 (next() % 8 ? 0 : FUTEX_CLOCK_REALTIME);

		to = rnd_timeout(&ts, &clk);
		if ((op & FUTEX_CMD_MASK) == FUTEX_WAIT && to == &ts)
			ts.tv_sec = 0, ts.tv_nsec = 1000000;	/* relative */
		CHECK_CALL("futex", syscall(SYS_futex, rnd_addr(), op, (int)rnd_val(),
					    to, rnd_addr(), (int)rnd_val()),
			   EINVAL, EFAULT, EAGAIN, ETIMEDOUT, EINTR, ENOSYS);
		break;
	}
	}
}

/* Waiters on random words of the shared pages, woken by the fuzzing. */
static void *waiter(void *arg)
{
	unsigned int s = (uintptr_t)arg;

	while (!stop) {
		struct timespec to;
		uint8_t *p = pages[s % 2 ? P_RW : P_FLAKY] + 64 * (rand_r(&s) % 8);

		futex2_abs_timeout(CLOCK_MONOTONIC, 0, &to);
		to.tv_nsec = (to.tv_nsec + 5000000) % 1000000000;
		futex2_wait(p, 0, ~0U, FUTEX2_SIZE_U32 | FUTEX2_PRIVATE, &to,
			    CLOCK_MONOTONIC);
		futex2_wait(p, 0, 0xff, FUTEX2_SIZE_U8, &to, CLOCK_MONOTONIC);
	}
	return NULL;
}

/* Unmap and remap the "flaky" page under the waiters. */
static void *unmapper(void *arg)
{
	(void)arg;
	while (!stop) {
		munmap(pages[P_FLAKY], pg);
		usleep(500);
		mmap(pages[P_FLAKY], pg, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
		usleep(500);
	}
	return NULL;
}

/* Set a fail_futex debugfs attribute; false if there is none. */
static bool fail_futex(const char *attr, const char *val)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "/sys/kernel/debug/fail_futex/%s", attr);
	f = fopen(path, "w");
	if (!f)
		return false;
	fputs(val, f);
	return fclose(f) == 0;
}

static void on_alarm(int sig)
{
	(void)sig;
}

int main(int argc, char *argv[])
{
	unsigned long long seed = time(NULL);
	unsigned long n = 20000, i;
	int secs = 0, c, e, k, classes = 0, inject = 0;
	struct sigaction sa = { .sa_handler = on_alarm };
	struct itimerval it = { { 0, 2000 }, { 0, 2000 } };
	pthread_t th[4];
	sigset_t block;
	time_t end;

	while ((c = getopt(argc, argv, "s:n:t:f:c")) != -1) {
		switch (c) {
		case 'f':
			inject = atoi(optarg);
			break;
		case 's':
			seed = strtoull(optarg, NULL, 0);
			break;
		case 'n':
			n = strtoul(optarg, NULL, 0);
			break;
		case 't':
			secs = atoi(optarg);
			break;
		case 'c':
			break;
		default:
			fprintf(stderr, "usage: %s [-s SEED] [-n CALLS] [-t SECONDS] [-f PERCENT]\n",
				argv[0]);
			return 2;
		}
	}
	fuzz_seed = seed;
	rng = seed ? seed : 1;
	pg = getpagesize();
	for (k = 0; k < PAGES; k++) {
		int prot = k == P_RO ? PROT_READ : k == P_NONE ? PROT_NONE :
			   PROT_READ | PROT_WRITE;
		int flags = (k == P_SHARED ? MAP_SHARED : MAP_PRIVATE) | MAP_ANONYMOUS;

		pages[k] = mmap(NULL, pg, prot, flags, -1, 0);
		if (pages[k] == MAP_FAILED)
			return 2;
	}

	/* Blocking waits end with EINTR from this timer (no SA_RESTART). */
	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &it, NULL);

	/* The helpers never take SIGALRM: it is for the fuzzing thread. */
	sigemptyset(&block);
	sigaddset(&block, SIGALRM);
	pthread_sigmask(SIG_BLOCK, &block, NULL);
	for (k = 0; k < 3; k++)
		pthread_create(&th[k], NULL, waiter, (void *)(uintptr_t)(k + 1));
	pthread_create(&th[3], NULL, unmapper, NULL);
	pthread_sigmask(SIG_UNBLOCK, &block, NULL);

	printf("TAP version 13\n1..1\n# futex2_fuzz: seed %llu, %lu calls%s\n",
	       seed, n, secs ? " (or the time limit)" : "");
	if (inject) {
		char pct[16];

		snprintf(pct, sizeof(pct), "%d", inject);
		/*
		 * verbose 0: no stack trace on the console per injected fault.
		 * ignore-private: glibc's own locks (private futexes) abort
		 * the process on EFAULT; the fuzzer's shared futexes take it.
		 */
		if (!fail_futex("verbose", "0") || !fail_futex("ignore-private", "Y") ||
		    !fail_futex("times", "-1") || !fail_futex("probability", pct)) {
			printf("not ok 1 futex2_fuzz # no fail_futex in debugfs\n");
			return 1;
		}
		printf("# fail_futex: %d%% of shared futex key lookups fail\n", inject);
	}
	end = time(NULL) + secs;
	for (i = 0; i < n && (!secs || time(NULL) < end); i++)
		one_call(i);

	/*
	 * Injection off first: pthread_join() and the kernel's wake at thread
	 * exit use shared futexes, and glibc aborts on their EFAULT.
	 */
	if (inject)
		fail_futex("probability", "0");
	stop = 1;
	for (k = 0; k < 4; k++)
		pthread_join(th[k], NULL);

	printf("# calls %lu: success %lu", calls, ok_calls);
	for (e = 1; e < 256; e++) {
		if (by_errno[e]) {
			printf(", %s %lu", strerrorname_np(e) ?: "?", by_errno[e]);
			classes++;
		}
	}
	printf("\n# errno classes %d, undocumented returns %lu (replay: -s %llu -n %lu)\n",
	       classes, failures, seed, i);
	printf("%s 1 futex2_fuzz\n", failures ? "not ok" : "ok");
	return failures != 0;
}
