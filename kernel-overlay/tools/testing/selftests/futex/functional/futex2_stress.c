// SPDX-License-Identifier: GPL-2.0
/*
 * futex2 stress with accounting: threads and processes hammer wait, wake,
 * requeue and waitv on 8-, 16- and 32-bit futexes, private and shared,
 * NUMA and not, with timeouts and with signals hitting the waiters. Every
 * round checks that
 *
 *  - no wakeup is lost: every waiter returns before its (long) timeout;
 *  - wakes return the number of tasks they actually woke: the sum of the
 *    wake/requeue results equals the number of waiters that saw 0;
 *  - requeued waiters are on the target: a wake of the source finds none,
 *    a wake of the target finds them all;
 *  - no waiter on another size of the same address is ever woken.
 *
 * Usage: futex2_stress [-t SECONDS] [-i ROUNDS] [-p PROCS] [-s SEED] [-L]
 * Prints the operations done and the checks that held; exits non-zero on
 * any failed check.
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
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "futex2_helpers.h"

#define NWAITERS	6
#define WAIT_TIMEOUT_S	30	/* a waiter still asleep by then lost its wakeup */

struct stats {
	unsigned long rounds, ops, checks, failed, woken, timeouts, eintr, rewaits;
};

static struct stats *st;	/* shared between the processes */
static unsigned int seed;
static char phase[160];		/* what this process is doing, for the watchdog */
static time_t deadline;

#define PHASE(fmt, ...) snprintf(phase, sizeof(phase), fmt, ##__VA_ARGS__)

/* A hang is a failure with a message: say where, then give up. */
static void *watchdog(void *arg)
{
	(void)arg;
	while (time(NULL) < deadline)
		sleep(1);
	fprintf(stderr, "FAILED (pid %d, seed %u): hung in: %s\n", getpid(), seed, phase);
	__atomic_add_fetch(&st->failed, 1, __ATOMIC_RELAXED);
	_exit(3);
}

#define CHECK(cond, fmt, ...) do {					\
	__atomic_add_fetch(&st->checks, 1, __ATOMIC_RELAXED);		\
	if (!(cond)) {							\
		__atomic_add_fetch(&st->failed, 1, __ATOMIC_RELAXED);	\
		fprintf(stderr, "FAILED (pid %d, seed %u): " fmt "\n",	\
			getpid(), seed, ##__VA_ARGS__);			\
	}								\
} while (0)

/*
 * -L: legacy futex() calls only (32-bit futexes, no NUMA), so the same
 * accounting runs on a kernel without futex2 (pristine 6.1) for comparison.
 */
static bool legacy;

static int f_wait(volatile void *uaddr, unsigned long val, unsigned long mask,
		  unsigned int flags, struct timespec *to, clockid_t clk)
{
	if (!legacy)
		return futex2_wait(uaddr, val, mask, flags, to, clk);
	return syscall(SYS_futex, uaddr, FUTEX_WAIT_BITSET |
		       (flags & FUTEX2_PRIVATE ? FUTEX_PRIVATE_FLAG : 0) |
		       (clk == CLOCK_REALTIME ? FUTEX_CLOCK_REALTIME : 0),
		       (int)val, to, NULL, (int)mask);
}

static int f_wake(volatile void *uaddr, unsigned long mask, int nr,
		  unsigned int flags)
{
	if (!legacy)
		return futex2_wake(uaddr, mask, nr, flags);
	return syscall(SYS_futex, uaddr, FUTEX_WAKE_BITSET |
		       (flags & FUTEX2_PRIVATE ? FUTEX_PRIVATE_FLAG : 0),
		       nr, NULL, NULL, (int)mask);
}

static int f_requeue(struct futex_waitv *v, int nr_wake, int nr_requeue)
{
	if (!legacy)
		return futex2_requeue(v, 0, nr_wake, nr_requeue);
	return syscall(SYS_futex, (void *)(uintptr_t)v[0].uaddr, FUTEX_CMP_REQUEUE |
		       (v[0].flags & FUTEX2_PRIVATE ? FUTEX_PRIVATE_FLAG : 0),
		       nr_wake, (void *)(uintptr_t)nr_requeue,
		       (void *)(uintptr_t)v[1].uaddr, (int)v[0].val);
}

static void op(void)
{
	__atomic_add_fetch(&st->ops, 1, __ATOMIC_RELAXED);
}

/*
 * A waiter: wait while the word holds 0 (retrying on signals). Counts how
 * often it was woken (futex2_wait returned 0).
 */
struct waiter {
	pthread_t th;
	volatile void *uaddr;
	unsigned int flags;
	bool timed;		/* realtime-clock timeout instead of monotonic */
	int woken;
	int timedout;
	int retries;		/* waits that returned EAGAIN or EINTR */
	int value_changed;	/* left because the word changed (no wake needed) */
	int last_err;
	volatile int running;
};

static void *waiter_fn(void *arg)
{
	struct waiter *w = arg;
	struct timespec to;
	clockid_t clk = w->timed ? CLOCK_REALTIME : CLOCK_MONOTONIC;

	futex2_abs_timeout(clk, WAIT_TIMEOUT_S, &to);
	while (futex2_load(w->uaddr, w->flags) == 0) {
		int r = f_wait(w->uaddr, 0, futex2_size_max(w->flags), w->flags, &to, clk);

		op();
		if (r == 0) {
			w->woken++;
			break;	/* woken: the word may still be 0 after a requeue */
		}
		if (errno == ETIMEDOUT) {
			w->timedout++;
			break;
		}
		w->retries++;
		w->last_err = errno;
		if (errno == EINTR)
			__atomic_add_fetch(&st->eintr, 1, __ATOMIC_RELAXED);
		else if (errno != EAGAIN)
			CHECK(0, "futex_wait: unexpected errno %d", errno);
	}
	if (!w->woken && !w->timedout)
		w->value_changed = 1;
	__atomic_store_n(&w->running, 0, __ATOMIC_RELEASE);
	return NULL;
}

static void sigusr1(int sig)
{
	(void)sig;
}

static void start(struct waiter *w, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		w[i].woken = w[i].timedout = w[i].retries = w[i].last_err = 0;
		w[i].value_changed = 0;
		w[i].running = 1;
		pthread_create(&w[i].th, NULL, waiter_fn, &w[i]);
	}
}

/* Poke the waiters with signals a few times (they must retry, not miss). */
static void poke(struct waiter *w, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (__atomic_load_n(&w[i].running, __ATOMIC_ACQUIRE))
			pthread_kill(w[i].th, SIGUSR1);
}

static int join(struct waiter *w, int n, int *woken)
{
	int i, timedout = 0, changed = 0;

	*woken = 0;
	for (i = 0; i < n; i++) {
		pthread_join(w[i].th, NULL);
		*woken += w[i].woken;
		timedout += w[i].timedout;
		changed += w[i].value_changed;
	}
	CHECK(*woken + timedout + changed == n, "waiters: %d woken, %d timed out, %d saw the value change, of %d",
	      *woken, timedout, changed, n);
	__atomic_add_fetch(&st->woken, *woken, __ATOMIC_RELAXED);
	__atomic_add_fetch(&st->timeouts, timedout, __ATOMIC_RELAXED);
	return timedout;
}

/* Wake everyone by setting the word and waking; the sum must match. */
static void round_wake(volatile uint8_t *mem, unsigned int flags)
{
	struct waiter w[NWAITERS];
	volatile void *f = mem + 8 * futex2_bytes(flags);
	int i, sum = 0, woken, timedout, r, tries;

	PHASE("wake round, flags 0x%x", flags);
	futex2_store(f, flags, 0);
	for (i = 0; i < NWAITERS; i++)
		w[i] = (struct waiter){ .uaddr = f, .flags = flags, .timed = i & 1 };
	start(w, NWAITERS);
	usleep(rand_r(&seed) % 2000);
	poke(w, NWAITERS);
	/* Wake some one at a time while the word still says "wait". */
	for (i = 0; i < NWAITERS / 2; i++) {
		r = f_wake(f, futex2_size_max(flags), 1, flags);
		op();
		CHECK(r == 0 || r == 1, "wake 1 returned %d", r);
		if (r > 0)
			sum += r;
	}
	futex2_store(f, flags, 1);
	/* Then everyone: keep waking until all have returned. */
	for (tries = 0; tries < 100000; tries++) {
		bool any = false;

		r = f_wake(f, futex2_size_max(flags), INT_MAX, flags);
		op();
		CHECK(r >= 0, "wake all returned %d errno %d", r, errno);
		if (r > 0)
			sum += r;
		for (i = 0; i < NWAITERS; i++)
			any |= __atomic_load_n(&w[i].running, __ATOMIC_ACQUIRE);
		if (!any)
			break;
		usleep(200);
	}
	timedout = join(w, NWAITERS, &woken);
	CHECK(timedout == 0, "U%u flags 0x%x: %d waiters timed out: lost wakeup",
	      8 * futex2_bytes(flags), flags, timedout);
	CHECK(sum == woken, "U%u flags 0x%x: wakes reported %d, waiters saw %d",
	      8 * futex2_bytes(flags), flags, sum, woken);
}

/* Requeue all waiters from a source of one size to a target of another. */
static void round_requeue(volatile uint8_t *mem, unsigned int sflags,
			  unsigned int tflags)
{
	struct waiter w[NWAITERS];
	volatile void *src = mem + 64, *dst = mem + 128;
	struct futex_waitv rq[2] = {
		{ .uaddr = (uintptr_t)src, .val = 0, .flags = sflags },
		{ .uaddr = (uintptr_t)dst, .flags = tflags },
	};
	int i, requeued = 0, woken_dst = 0, woken_src, r, left, woken, timedout, tries;

	PHASE("requeue round, flags 0x%x -> 0x%x", sflags, tflags);
	futex2_store(src, sflags, 0);
	futex2_store(dst, tflags, 0);
	for (i = 0; i < NWAITERS; i++)
		w[i] = (struct waiter){ .uaddr = src, .flags = sflags };
	start(w, NWAITERS);
	/* Requeue until every waiter has been moved (they arrive over time). */
	for (tries = 0; tries < 100000 && requeued < NWAITERS; tries++) {
		r = f_requeue(rq, 0, INT_MAX);
		op();
		CHECK(r >= 0, "requeue returned %d errno %d", r, errno);
		if (r > 0)
			requeued += r;
		else
			usleep(200);
	}
	/*
	 * A waiter woken spuriously after its requeue re-waits, inside the
	 * kernel, on the address it first waited on (upstream semantics of
	 * futex_wait's retry): it is then requeued once more. Count those.
	 */
	CHECK(requeued >= NWAITERS, "flags 0x%x->0x%x: requeued %d of %d",
	      sflags, tflags, requeued, NWAITERS);
	__atomic_add_fetch(&st->rewaits, requeued - NWAITERS, __ATOMIC_RELAXED);
	r = f_wake(src, futex2_size_max(sflags), INT_MAX, sflags);
	op();
	CHECK(r >= 0, "source wake after the requeue: %d errno %d", r, errno);
	woken_src = r > 0 ? r : 0;
	/* Other sizes at the target's address must not see them. */
	for (i = 0; i < 3 && !legacy; i++) {
		unsigned int other = (tflags & ~FUTEX2_SIZE_MASK) | i;

		if (i == (int)(tflags & FUTEX2_SIZE_MASK))
			continue;
		r = futex2_wake(dst, futex2_size_max(other), INT_MAX, other);
		op();
		CHECK(r == 0, "a U%u wake woke %d U%u waiters", 8 << i, r,
		      8 * futex2_bytes(tflags));
	}
	futex2_store(dst, tflags, 1);
	futex2_store(src, sflags, 1);
	for (tries = 0, left = NWAITERS; tries < 100000 && left; tries++) {
		r = f_wake(dst, futex2_size_max(tflags), INT_MAX, tflags);
		op();
		if (r > 0)
			woken_dst += r;
		r = f_wake(src, futex2_size_max(sflags), INT_MAX, sflags);
		op();
		if (r > 0)
			woken_src += r;
		for (i = 0, left = 0; i < NWAITERS; i++)
			left += __atomic_load_n(&w[i].running, __ATOMIC_ACQUIRE);
		if (left)
			usleep(200);
	}
	timedout = join(w, NWAITERS, &woken);
	CHECK(timedout == 0, "requeue flags 0x%x->0x%x: %d waiters timed out",
	      sflags, tflags, timedout);
	/* Every waiter was woken, and the wakes reported exactly those. */
	CHECK(woken_dst + woken_src == woken && woken_dst > 0,
	      "requeue flags 0x%x->0x%x: target woke %d, source %d, waiters woken %d of %d",
	      sflags, tflags, woken_dst, woken_src, woken, NWAITERS);
}

/*
 * futex_waitv over both of its sizes (it takes no 8-bit futex); the one
 * woken is the one reported. Each entry has room for a node word.
 */
struct waitv_arg {
	struct futex_waitv v[3];
	int ret;
	volatile int done;
};

static void *waitv_fn(void *arg)
{
	struct waitv_arg *a = arg;
	struct timespec to;

	futex2_abs_timeout(CLOCK_MONOTONIC, WAIT_TIMEOUT_S, &to);
	do {
		a->ret = futex_waitv(a->v, 3, 0, &to, CLOCK_MONOTONIC);
	} while (a->ret < 0 && errno == EINTR);
	__atomic_store_n(&a->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

static void round_waitv(volatile uint8_t *mem, unsigned int extra)
{
	struct waitv_arg a = { .v = {
		{ .uaddr = (uintptr_t)(mem + 200), .flags = FUTEX2_SIZE_U16 | extra },
		{ .uaddr = (uintptr_t)(mem + 204), .flags = FUTEX2_SIZE_U16 | extra },
		{ .uaddr = (uintptr_t)(mem + 208), .flags = FUTEX2_SIZE_U32 | extra },
	} };
	unsigned int pick = rand_r(&seed) % 3, flags = a.v[pick].flags;
	pthread_t th;
	int r, tries;

	PHASE("waitv round, extra flags 0x%x, wake at %u", extra, pick);
	memset((void *)(mem + 200), 0, 16);
	pthread_create(&th, NULL, waitv_fn, &a);
	for (tries = 0; tries < 100000; tries++) {
		r = futex2_wake((void *)(uintptr_t)a.v[pick].uaddr, futex2_size_max(flags), 1, flags);
		op();
		if (r == 1 || __atomic_load_n(&a.done, __ATOMIC_ACQUIRE))
			break;
		usleep(200);
	}
	pthread_join(th, NULL);
	CHECK(a.ret == (int)pick, "waitv woke index %d, the wake was at %u", a.ret, pick);
}

static void run(int secs, unsigned long max_rounds)
{
	static const unsigned int extras[] = {
		FUTEX2_PRIVATE, 0, FUTEX2_PRIVATE | FUTEX2_NUMA, FUTEX2_NUMA,
	};
	time_t end = time(NULL) + secs;
	volatile uint8_t *priv, *shared;
	unsigned long r;
	pthread_t wd;

	/* Rounds are bounded by the waiters' timeouts; allow a few. */
	deadline = end + 4 * WAIT_TIMEOUT_S;
	pthread_create(&wd, NULL, watchdog, NULL);

	priv = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	shared = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (priv == MAP_FAILED || shared == MAP_FAILED)
		exit(2);

	for (r = 0; r < max_rounds && time(NULL) < end; r++) {
		unsigned int extra = extras[r % (legacy ? 2 : 4)];
		unsigned int size = legacy ? FUTEX2_SIZE_U32 : (r / 4) % 3;
		unsigned int tsize = legacy ? FUTEX2_SIZE_U32 : (size + 1 + r % 2) % 3;
		volatile uint8_t *mem = (extra & FUTEX2_PRIVATE) ? priv : shared;

		/* NUMA futexes need a node word after the value: "no node". */
		memset((void *)mem, 0xff, 256);
		round_wake(mem, size | extra);
		memset((void *)mem, 0xff, 256);
		round_requeue(mem, size | extra, tsize | extra);
		memset((void *)mem, 0xff, 256);
		if (!(extra & FUTEX2_NUMA) && !legacy)
			round_waitv(mem, extra);
		__atomic_add_fetch(&st->rounds, 1, __ATOMIC_RELAXED);
	}
}

int main(int argc, char *argv[])
{
	int secs = 30, procs = 2, c, i, status, bad = 0;
	unsigned long rounds = ULONG_MAX;
	struct sigaction sa = { .sa_handler = sigusr1 };

	seed = time(NULL);
	while ((c = getopt(argc, argv, "t:i:p:s:cL")) != -1) {
		switch (c) {
		case 'L':
			legacy = true;
			break;
		case 't':
			secs = atoi(optarg);
			break;
		case 'i':
			rounds = strtoul(optarg, NULL, 0);
			break;
		case 'p':
			procs = atoi(optarg);
			break;
		case 's':
			seed = strtoul(optarg, NULL, 0);
			break;
		case 'c':
			break;
		default:
			fprintf(stderr, "usage: %s [-t SECONDS] [-i ROUNDS] [-p PROCS] [-s SEED] [-L]\n",
				argv[0]);
			return 2;
		}
	}
	st = mmap(NULL, sizeof(*st), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	sigaction(SIGUSR1, &sa, NULL);	/* no SA_RESTART: waiters see EINTR */

	printf("TAP version 13\n1..1\n# futex2_stress: %d s, %d processes, seed %u\n",
	       secs, procs, seed);
	fflush(stdout);
	for (i = 0; i < procs; i++) {
		if (fork() == 0) {
			seed += i;
			run(secs, rounds);
			_exit(0);
		}
	}
	for (i = 0; i < procs; i++) {
		if (wait(&status) < 0 || !WIFEXITED(status) || WEXITSTATUS(status))
			bad++;
	}
	printf("# rounds %lu, operations %lu, waiters woken %lu, signals seen %lu, in-kernel re-waits after requeue %lu\n",
	       st->rounds, st->ops, st->woken, st->eintr, st->rewaits);
	printf("# checks %lu, held %lu, failed %lu, timed out waiters %lu, bad exits %d\n",
	       st->checks, st->checks - st->failed, st->failed, st->timeouts, bad);
	if (st->failed || bad || !st->checks)
		printf("not ok 1 futex2_stress\n");
	else
		printf("ok 1 futex2_stress\n");
	return st->failed || bad || !st->checks;
}
