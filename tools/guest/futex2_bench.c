// SPDX-License-Identifier: GPL-2.0
/*
 * futex2_bench: what the futex2 series costs and buys, measured from
 * userspace in the guest, in the manner of perf bench futex (hash, wake,
 * wake-parallel, requeue).
 *
 *   wake0.*      wake with no waiters (the uncontended fast path)
 *   waitmm.*     wait whose value does not match (returns EAGAIN at once)
 *   pingpong.*   two threads on one CPU handing a turn back and forth
 *                through wait/wake: one round trip
 *   requeue.*    one requeue call moving NREQ sleeping waiters between two
 *                futexes, per waiter moved
 *   hash.*       perf bench futex hash: THREADS threads, each with HASHF
 *                private futexes, mismatching waits round-robin; per op
 *   pi.*         an uncontended FUTEX_LOCK_PI + FUTEX_UNLOCK_PI pair
 *   robust.*     the kernel's walk of a robust list at thread exit, per
 *                entry: a dead owner's futex with FUTEX_WAITERS set is
 *                marked FUTEX_OWNER_DIED and woken (nobody waits)
 *   wake0/waitmm.futex2.u32.mpol
 *                FUTEX2_MPOL without FUTEX2_NUMA: no node word, so every
 *                call looks the VMA's policy up under mmap_read_lock()
 *   mprot.*      a wake's latency behind a long mprotect(2): mprotect
 *                holds mmap_write_lock() for the whole call; a SCHED_FIFO
 *                thread that wakes every MPROT_SLEEP_NS preempts it and
 *                times one futex_wake (the worst of MPROT_SAMPLES);
 *                mprot.mprotect is one mprotect of MPROT_BYTES
 *
 * Keys are "<bench>.legacy.<op>" for futex(2) and "<bench>.futex2.u<N>[.numa]"
 * for the new syscalls. Every key is timed REPEATS times; the line
 *
 *   # BENCH <key> <median ns/op> <min> <max>
 *
 * gives the median and range over them (guest clock: under QEMU -icount it
 * counts executed instructions, one ns each). On a kernel without futex2
 * (pristine 6.1) the futex2 keys are skipped and said so.
 *
 * Usage: futex2_bench [-n ITERATIONS] [-r REPEATS] [-t THREADS]
 * Output is KTAP: one case per bench group, failing if an operation
 * returned something other than what the bench expects.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <stddef.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <linux/futex.h>

#include "futex2_helpers.h"

#define MAX_REPEATS	32
#define NREQ		32	/* waiters moved by one requeue */
#define HASHF		256	/* futexes per thread in the hash bench */
#define NROBUST		1024	/* robust list entries of one exiting thread */
#define MPROT_BYTES	(64ul << 20)	/* the region mprotect(2) flips */
#define MPROT_SAMPLES	64	/* wakes timed against it, per repeat */
#define MPROT_SLEEP_NS	300000	/* between them */

static long iters = 20000;
static int repeats = 5;
static int nthreads = 4;
static bool have_futex2;
static int errors;		/* unexpected returns in the current group */

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static void pin_to(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Time fn(arg) REPEATS times; fn returns ns per op; print the BENCH line. */
static void bench(const char *key, double (*fn)(void *), void *arg)
{
	double v[MAX_REPEATS];
	int i;

	fn(arg);	/* warm up: fault in, fill caches, first-touch node word */
	for (i = 0; i < repeats; i++)
		v[i] = fn(arg);
	qsort(v, repeats, sizeof(v[0]), cmp_double);
	printf("# BENCH %s %.1f %.1f %.1f\n", key, v[repeats / 2], v[0], v[repeats - 1]);
	fflush(stdout);
}

static void expect(bool ok, const char *what, long r)
{
	if (!ok && errors++ < 5)
		printf("# unexpected: %s returned %ld (%s)\n", what, r, strerror(errno));
}

/* ---- fast paths ---- */

struct fast {
	int legacy_op;		/* FUTEX_* op, or -1 for futex2 */
	unsigned int flags;	/* FUTEX2 flags */
	bool wait;
	void *word;		/* the futex: fast_word unless set */
};

static uint32_t fast_word[2] __attribute__((aligned(8)));

static double fast_fn(void *arg)
{
	struct fast *f = arg;
	void *p = f->word ? f->word : fast_word;
	uint32_t mask = futex2_size_max(f->flags);
	uint64_t t0, t1;
	long i, r = 0;

	t0 = now_ns();
	if (f->legacy_op >= 0) {
		for (i = 0; i < iters; i++)
			/* val 1: a wait's mismatching value, a wake's count */
			r |= syscall(SYS_futex, p, f->legacy_op, 1, NULL, NULL,
				     FUTEX_BITSET_MATCH_ANY);
	} else if (f->wait) {
		for (i = 0; i < iters; i++)
			r |= futex2_wait(p, 1, mask, f->flags, NULL, 0);
	} else {
		for (i = 0; i < iters; i++)
			r |= futex2_wake(p, mask, 1, f->flags);
	}
	t1 = now_ns();
	/* Waits must all fail with EAGAIN (-1), wakes find nobody (0). */
	expect(f->wait ? (r == -1 && errno == EAGAIN) : r == 0, "fast path", r);
	return (double)(t1 - t0) / iters;
}

static const unsigned int sizes[] = { FUTEX2_SIZE_U8, FUTEX2_SIZE_U16, FUTEX2_SIZE_U32 };

static void group_fast(bool wait)
{
	const char *b = wait ? "waitmm" : "wake0";
	struct fast f;
	char key[64];
	unsigned int i, numa;

	memset(fast_word, 0, sizeof(fast_word));
	/* The node word after the value (at each size): node 0. */
	f = (struct fast){ .wait = wait, .legacy_op = (wait ? FUTEX_WAIT : FUTEX_WAKE) | FUTEX_PRIVATE_FLAG };
	snprintf(key, sizeof(key), "%s.legacy.%s", b, wait ? "wait" : "wake");
	bench(key, fast_fn, &f);
	f.legacy_op = (wait ? FUTEX_WAIT_BITSET : FUTEX_WAKE_BITSET) | FUTEX_PRIVATE_FLAG;
	snprintf(key, sizeof(key), "%s.legacy.%s_bitset", b, wait ? "wait" : "wake");
	bench(key, fast_fn, &f);
	if (!wait) {
		/*
		 * Process-shared wakes: of a private mapping (an mm based key)
		 * and of a MAP_SHARED one (shmem: an inode based key).
		 */
		void *shm = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
				 MAP_SHARED | MAP_ANONYMOUS, -1, 0);

		f = (struct fast){ .legacy_op = FUTEX_WAKE };
		bench("wake0.legacy.wake_shared", fast_fn, &f);
		if (shm == MAP_FAILED) {
			expect(false, "mmap of a shared page", -1);
		} else {
			memset(shm, 0, 4096);
			f.word = shm;
			bench("wake0.legacy.wake_shmem", fast_fn, &f);
			munmap(shm, 4096);
		}
	}
	if (!have_futex2)
		return;
	for (numa = 0; numa < 2; numa++) {
		for (i = 0; i < 3; i++) {
			unsigned int s = futex2_bytes(sizes[i]);

			memset(fast_word, 0, sizeof(fast_word));
			f = (struct fast){ .wait = wait, .legacy_op = -1,
					   .flags = sizes[i] | FUTEX2_PRIVATE | (numa ? FUTEX2_NUMA : 0) };
			if (numa)
				futex2_store((uint8_t *)fast_word + s, sizes[i], 0);
			snprintf(key, sizeof(key), "%s.futex2.u%u%s", b, 8 * s, numa ? ".numa" : "");
			bench(key, fast_fn, &f);
		}
	}
	/* FUTEX2_MPOL alone: the policy's node, looked up on every call. */
	memset(fast_word, 0, sizeof(fast_word));
	f = (struct fast){ .wait = wait, .legacy_op = -1,
			   .flags = FUTEX2_SIZE_U32 | FUTEX2_PRIVATE | FUTEX2_MPOL };
	snprintf(key, sizeof(key), "%s.futex2.u32.mpol", b);
	bench(key, fast_fn, &f);
}

/* ---- ping-pong ---- */

struct pingpong {
	bool legacy;
	unsigned int flags;
	uint32_t mask;		/* futex2_size_max(flags), computed once */
	uint32_t turn __attribute__((aligned(8)));
};

/* A bench that cannot go on (a wait that can never sleep) ends the run. */
static void fatal(const char *what)
{
	printf("# fatal: %s: %s\nnot ok 1 futex2_bench\n", what, strerror(errno));
	exit(1);
}

static void pp_wait(struct pingpong *pp, uint32_t val)
{
	long r;

	if (pp->legacy)
		r = syscall(SYS_futex, &pp->turn, FUTEX_WAIT_PRIVATE, val, NULL, NULL, 0);
	else
		r = futex2_wait(&pp->turn, val, pp->mask, pp->flags, NULL, 0);
	if (r && errno != EAGAIN && errno != EINTR)
		fatal("ping-pong wait");
}

static void pp_wake(struct pingpong *pp)
{
	if (pp->legacy)
		syscall(SYS_futex, &pp->turn, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
	else
		futex2_wake(&pp->turn, pp->mask, 1, pp->flags);
}

/* Player @me waits for its turn, hands it over, wakes the other. */
static void pp_play(struct pingpong *pp, uint32_t me, long rounds)
{
	long i;

	for (i = 0; i < rounds; i++) {
		uint32_t t;

		while ((t = futex2_load(&pp->turn, pp->flags)) != me)
			pp_wait(pp, t);
		futex2_store(&pp->turn, pp->flags, !me);
		pp_wake(pp);
	}
}

static void *pp_thread(void *arg)
{
	struct pingpong *pp = arg;

	pin_to(0);
	pp_play(pp, 1, iters / 10);
	return NULL;
}

static double pp_fn(void *arg)
{
	struct pingpong *pp = arg;
	uint64_t t0, t1;
	pthread_t th;

	/* Only the calls differ between the keys: no per-call helper work. */
	pp->mask = futex2_size_max(pp->flags);
	futex2_store(&pp->turn, pp->flags, 0);
	t0 = now_ns();
	pthread_create(&th, NULL, pp_thread, pp);
	pp_play(pp, 0, iters / 10);
	pthread_join(th, NULL);
	t1 = now_ns();
	return (double)(t1 - t0) / (iters / 10);
}

static void group_pingpong(void)
{
	struct pingpong pp = { .legacy = true, .flags = FUTEX2_SIZE_U32 };

	pin_to(0);
	bench("pingpong.legacy.wait_wake", pp_fn, &pp);
	if (have_futex2) {
		pp = (struct pingpong){ .flags = FUTEX2_SIZE_U32 | FUTEX2_PRIVATE };
		bench("pingpong.futex2.u32", pp_fn, &pp);
		pp = (struct pingpong){ .flags = FUTEX2_SIZE_U8 | FUTEX2_PRIVATE };
		bench("pingpong.futex2.u8", pp_fn, &pp);
	}
}

/* ---- requeue ---- */

struct requeue {
	bool legacy;
	uint32_t f[2] __attribute__((aligned(8)));
	pthread_t th[NREQ];
};

static void *rq_waiter(void *arg)
{
	struct requeue *rq = arg;

	/* Sleep on f[0] (then wherever the requeues take us) until f[0] is 1. */
	while (__atomic_load_n(&rq->f[0], __ATOMIC_ACQUIRE) == 0) {
		long r;

		if (rq->legacy)
			r = syscall(SYS_futex, &rq->f[0], FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0);
		else
			r = futex2_wait(&rq->f[0], 0, UINT32_MAX,
					FUTEX2_SIZE_U32 | FUTEX2_PRIVATE, NULL, 0);
		if (r && errno != EAGAIN && errno != EINTR)
			fatal("requeue waiter");
	}
	return NULL;
}

static long rq_move(struct requeue *rq, int from)
{
	struct futex_waitv v[2] = {
		{ .uaddr = (uintptr_t)&rq->f[from], .val = 0,
		  .flags = FUTEX2_SIZE_U32 | FUTEX2_PRIVATE },
		{ .uaddr = (uintptr_t)&rq->f[!from],
		  .flags = FUTEX2_SIZE_U32 | FUTEX2_PRIVATE },
	};

	if (rq->legacy)
		return syscall(SYS_futex, &rq->f[from], FUTEX_CMP_REQUEUE_PRIVATE, 0,
			       (void *)(uintptr_t)INT_MAX, &rq->f[!from], 0);
	return futex2_requeue(v, 0, 0, INT_MAX);
}

static double rq_fn(void *arg)
{
	struct requeue *rq = arg;
	long calls = iters / 100 + 2, i, r, bad = 0;
	uint64_t t0, t1;

	/* The waiters sit on f[1] between runs; move them there and back. */
	t0 = now_ns();
	for (i = 0; i < calls; i++) {
		r = rq_move(rq, (i + 1) & 1);
		bad += r != NREQ;
	}
	t1 = now_ns();
	expect(!bad, "requeue of all waiters", bad);
	return (double)(t1 - t0) / (calls * NREQ);
}

static void rq_one(const char *key, bool legacy)
{
	struct requeue *rq = calloc(1, sizeof(*rq));
	long moved = 0, r;
	int i, tries;

	rq->legacy = legacy;
	for (i = 0; i < NREQ; i++)
		pthread_create(&rq->th[i], NULL, rq_waiter, rq);
	/* Gather them all on f[1] as they fall asleep on f[0]. */
	for (tries = 0; moved < NREQ && tries < 100000; tries++) {
		r = rq_move(rq, 0);
		if (r > 0)
			moved += r;
		else
			usleep(1000);
	}
	expect(moved == NREQ, "gathering the requeue waiters", moved);
	if (moved == NREQ)
		bench(key, rq_fn, rq);
	/* Release: f[0] = 1, and wake them wherever they are. */
	__atomic_store_n(&rq->f[0], 1, __ATOMIC_RELEASE);
	__atomic_store_n(&rq->f[1], 1, __ATOMIC_RELEASE);
	for (i = 0; i < 2; i++)
		syscall(SYS_futex, &rq->f[i], FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
	for (i = 0; i < NREQ; i++)
		pthread_join(rq->th[i], NULL);
	free(rq);
}

static void group_requeue(void)
{
	rq_one("requeue.legacy.cmp_requeue", true);
	if (have_futex2)
		rq_one("requeue.futex2.u32", false);
}

/* ---- hash: many threads, many futexes ---- */

struct hash {
	bool legacy;
	unsigned int flags;
	uint64_t start, end;
};

struct hash_thread {
	struct hash *h;
	int cpu;
	long bad;
	pthread_t th;
	uint32_t f[2 * HASHF] __attribute__((aligned(8)));
};

static void *hash_thread(void *arg)
{
	struct hash_thread *t = arg;
	unsigned int flags = t->h->flags, s = futex2_bytes(flags);
	uint32_t mask = futex2_size_max(flags);
	long i, r;

	pin_to(t->cpu);
	for (i = 0; i < iters / nthreads; i++) {
		/* Value 0 everywhere: waiting for 1 returns EAGAIN. */
		void *p = (uint8_t *)t->f + (i % HASHF) * 2 * s;

		if (t->h->legacy)
			r = syscall(SYS_futex, p, FUTEX_WAIT_PRIVATE, 1, NULL, NULL, 0);
		else
			r = futex2_wait(p, 1, mask, flags, NULL, 0);
		t->bad += !(r == -1 && errno == EAGAIN);
	}
	return NULL;
}

static int ncpus;

static double hash_fn(void *arg)
{
	struct hash *h = arg;
	struct hash_thread *t = calloc(nthreads, sizeof(*t));
	uint64_t t0, t1;
	long bad = 0;
	int i;

	t0 = now_ns();
	for (i = 0; i < nthreads; i++) {
		t[i].h = h;
		t[i].cpu = i % ncpus;
		pthread_create(&t[i].th, NULL, hash_thread, &t[i]);
	}
	for (i = 0; i < nthreads; i++) {
		pthread_join(t[i].th, NULL);
		bad += t[i].bad;
	}
	t1 = now_ns();
	free(t);
	expect(!bad, "hash bench waits", bad);
	return (double)(t1 - t0) / ((iters / nthreads) * nthreads);
}

static void group_hash(void)
{
	struct hash h = { .legacy = true, .flags = FUTEX2_SIZE_U32 };
	unsigned int i;
	char key[64];

	bench("hash.legacy.wait", hash_fn, &h);
	if (!have_futex2)
		return;
	for (i = 0; i < 3; i++) {
		h = (struct hash){ .flags = sizes[i] | FUTEX2_PRIVATE };
		snprintf(key, sizeof(key), "hash.futex2.u%u", 8 * futex2_bytes(sizes[i]));
		bench(key, hash_fn, &h);
	}
}

/* ---- PI and robust futexes (legacy futex() only) ---- */

static double pi_fn(void *arg)
{
	uint32_t *word = arg;
	uint64_t t0, t1;
	long i, r = 0;

	__atomic_store_n(word, 0, __ATOMIC_RELAXED);
	t0 = now_ns();
	for (i = 0; i < iters; i++) {
		/* Free: the kernel makes us the owner, then frees it again. */
		r |= syscall(SYS_futex, word, FUTEX_LOCK_PI_PRIVATE, 0, NULL, NULL, 0);
		r |= syscall(SYS_futex, word, FUTEX_UNLOCK_PI_PRIVATE, 0, NULL, NULL, 0);
	}
	t1 = now_ns();
	expect(r == 0 && *word == 0, "uncontended lock_pi/unlock_pi", r);
	return (double)(t1 - t0) / iters;
}

struct robust_entry {
	struct robust_list list;
	uint32_t futex;
};

struct robust {
	int n;			/* entries of this thread's list */
	struct robust_list_head head;
	struct robust_entry e[NROBUST];
};

/* Own every entry's futex, with waiters, and exit: the kernel walks it. */
static void *robust_thread(void *arg)
{
	struct robust *rb = arg;
	uint32_t tid = syscall(SYS_gettid);
	int i;

	rb->head.list.next = &rb->head.list;
	rb->head.futex_offset = offsetof(struct robust_entry, futex) -
				offsetof(struct robust_entry, list);
	rb->head.list_op_pending = NULL;
	for (i = rb->n - 1; i >= 0; i--) {
		rb->e[i].futex = tid | FUTEX_WAITERS;
		rb->e[i].list.next = rb->head.list.next;
		rb->head.list.next = &rb->e[i].list;
	}
	if (syscall(SYS_set_robust_list, &rb->head, sizeof(rb->head)))
		rb->n = -1;
	return NULL;
}

/* Create and join @threads threads with @n robust entries each: ns. */
static uint64_t robust_run(struct robust *rb, int n, long threads, long *bad)
{
	uint64_t t0 = now_ns();
	long i;
	int j;

	for (i = 0; i < threads; i++) {
		pthread_t th;

		rb->n = n;
		pthread_create(&th, NULL, robust_thread, rb);
		pthread_join(th, NULL);
		for (j = 0; j < n; j++)
			*bad += rb->e[j].futex != (FUTEX_WAITERS | FUTEX_OWNER_DIED);
		*bad += rb->n < 0;
	}
	return now_ns() - t0;
}

static double robust_fn(void *arg)
{
	struct robust *rb = arg;
	long threads = iters / 1000 + 1, bad = 0;
	uint64_t with, without;

	without = robust_run(rb, 0, threads, &bad);
	with = robust_run(rb, NROBUST, threads, &bad);
	expect(!bad, "robust list walk at exit", bad);
	return ((double)with - (double)without) / (threads * NROBUST);
}

static void group_pi_robust(void)
{
	static uint32_t pi_word;
	struct robust *rb = calloc(1, sizeof(*rb));

	bench("pi.legacy.lock_unlock", pi_fn, &pi_word);
	if (!rb) {
		expect(false, "calloc", 0);
		return;
	}
	bench("robust.legacy.exit_entry", robust_fn, rb);
	free(rb);
}

/* ---- FUTEX2_MPOL behind mprotect(2) ---- */

struct mprot {
	char *region;
	volatile bool stop;
	unsigned int flags;	/* of the timed wake */
	uint64_t mprotect_ns;	/* the last mprotect's duration */
};

/* Flip the region's protection until told to stop; time each call. */
static void *mprot_thread(void *arg)
{
	struct mprot *m = arg;
	struct sched_param sp = { .sched_priority = 0 };
	int prot = PROT_READ;

	/* Not the creator's SCHED_FIFO: the timed thread must preempt this one. */
	if (sched_setscheduler(0, SCHED_OTHER, &sp))
		expect(false, "sched_setscheduler(SCHED_OTHER)", -1);
	pin_to(0);
	while (!m->stop) {
		uint64_t t0 = now_ns();

		if (mprotect(m->region, MPROT_BYTES, prot))
			expect(false, "mprotect", -1);
		m->mprotect_ns = now_ns() - t0;
		prot ^= PROT_WRITE;
	}
	return NULL;
}

/* The worst latency of one wake of nobody while the region flips. */
static double mprot_fn(void *arg)
{
	struct mprot *m = arg;
	struct timespec ts = { 0, MPROT_SLEEP_NS };
	uint64_t worst = 0;
	pthread_t th;
	int i;

	m->stop = false;
	if (pthread_create(&th, NULL, mprot_thread, m)) {
		expect(false, "pthread_create", -1);
		return 0;
	}
	for (i = 0; i < MPROT_SAMPLES; i++) {
		uint64_t t0, t1;
		long r;

		nanosleep(&ts, NULL);
		t0 = now_ns();
		r = futex2_wake(fast_word, ~0u, 1, m->flags);
		t1 = now_ns();
		expect(r == 0, "wake behind mprotect", r);
		if (t1 - t0 > worst)
			worst = t1 - t0;
	}
	m->stop = true;
	pthread_join(th, NULL);
	return worst;
}

/* One mprotect of the region (the mean of a flip to read-only and back). */
static double mprot_len_fn(void *arg)
{
	struct mprot *m = arg;
	uint64_t t0 = now_ns();

	if (mprotect(m->region, MPROT_BYTES, PROT_READ) ||
	    mprotect(m->region, MPROT_BYTES, PROT_READ | PROT_WRITE))
		expect(false, "mprotect", -1);
	return (now_ns() - t0) / 2.0;
}

static void group_mpol(void)
{
	struct sched_param sp = { .sched_priority = 1 };
	struct mprot m = { 0 };
	cpu_set_t old;

	if (!have_futex2) {
		printf("# futex2 absent: no FUTEX2_MPOL keys\n");
		return;
	}
	m.region = mmap(NULL, MPROT_BYTES, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	if (m.region == MAP_FAILED) {
		expect(false, "mmap of the mprotect region", -1);
		return;
	}
	memset(m.region, 1, MPROT_BYTES);	/* every PTE present */
	bench("mprot.mprotect", mprot_len_fn, &m);
	/* One CPU for both: the timer wakes the FIFO thread mid-mprotect. */
	sched_getaffinity(0, sizeof(old), &old);
	pin_to(0);
	if (sched_setscheduler(0, SCHED_FIFO, &sp)) {
		expect(false, "sched_setscheduler(SCHED_FIFO)", -1);
	} else {
		m.flags = FUTEX2_SIZE_U32 | FUTEX2_PRIVATE;
		bench("mprot.futex2.u32", mprot_fn, &m);
		m.flags |= FUTEX2_MPOL;
		bench("mprot.futex2.u32.mpol", mprot_fn, &m);
		sp.sched_priority = 0;
		sched_setscheduler(0, SCHED_OTHER, &sp);
	}
	sched_setaffinity(0, sizeof(old), &old);
	munmap(m.region, MPROT_BYTES);
}

static void group_wake0(void)
{
	group_fast(false);
}

static void group_waitmm(void)
{
	group_fast(true);
}

int main(int argc, char *argv[])
{
	static const struct { const char *name; void (*fn)(void); } groups[] = {
		{ "wake with no waiters", group_wake0 },
		{ "wait on a mismatching value", group_waitmm },
		{ "wait/wake ping-pong", group_pingpong },
		{ "requeue of many waiters", group_requeue },
		{ "hash: many threads, many futexes", group_hash },
		{ "PI and robust futexes", group_pi_robust },
		{ "FUTEX2_MPOL and the mm lock", group_mpol },
	};
	unsigned int g;
	int c, failed = 0;

	while ((c = getopt(argc, argv, "n:r:t:")) != -1) {
		switch (c) {
		case 'n': iters = atol(optarg); break;
		case 'r': repeats = atoi(optarg); break;
		case 't': nthreads = atoi(optarg); break;
		default:
			fprintf(stderr, "usage: %s [-n ITERATIONS] [-r REPEATS] [-t THREADS]\n", argv[0]);
			return 2;
		}
	}
	if (iters < 1000 || repeats < 1 || repeats > MAX_REPEATS || nthreads < 1) {
		fprintf(stderr, "%s: need -n >= 1000, 1 <= -r <= %d, -t >= 1\n",
			argv[0], MAX_REPEATS);
		return 2;
	}
	ncpus = sysconf(_SC_NPROCESSORS_ONLN);
	/* Probe: futex_wake of nobody is 0 on a futex2 kernel, ENOSYS before. */
	have_futex2 = futex2_wake(fast_word, 1, 1, FUTEX2_SIZE_U32 | FUTEX2_PRIVATE) == 0;

	printf("TAP version 13\n1..%zu\n", sizeof(groups) / sizeof(groups[0]));
	printf("# futex2_bench: %ld iterations, %d repeats, %d threads, %d CPUs, futex2 %s\n",
	       iters, repeats, nthreads, ncpus, have_futex2 ? "present" : "absent (pristine kernel)");
	for (g = 0; g < sizeof(groups) / sizeof(groups[0]); g++) {
		errors = 0;
		groups[g].fn();
		failed += !!errors;
		printf("%s %u %s\n", errors ? "not ok" : "ok", g + 1, groups[g].name);
		fflush(stdout);
	}
	return !!failed;
}
