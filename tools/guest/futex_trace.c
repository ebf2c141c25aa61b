// SPDX-License-Identifier: GPL-2.0
/*
 * Differential futex tracer: seeded sequences of single-threaded futex
 * calls, each traced as its arguments, its return value and errno, and the
 * futex words afterwards. The same seed gives the same calls on every
 * kernel, so two kernels that behave alike print the same hashes; the host
 * (tools/oracle-compare.py) compares them.
 *
 *   futex_trace -a legacy|futex2 [-s SEED] [-n CALLS] [-k CHUNK [-v]]
 *
 * Calls come in chunks of CHUNK_CALLS. Each chunk starts from a fresh state
 * (words, robust list) and its own generator seed, so that chunk K replays
 * alone: -k K runs only that chunk, -v prints every call of it.
 *
 * legacy: futex() with every op code (valid, invalid, PI, requeue-PI,
 * FUTEX_FD), FUTEX_PRIVATE_FLAG and FUTEX_CLOCK_REALTIME at random, aligned,
 * misaligned, read-only, unmapped, NULL and kernel addresses, zero, expired,
 * invalid and unmapped timeouts, and set_robust_list()/get_robust_list().
 * On 32-bit ABIs both futex() (32-bit time) and futex_time64().
 * futex2: futex_wake(), futex_wait(), futex_requeue() and futex_waitv() on
 * 32-bit futexes with every FUTEX2 flag bit but the size and FUTEX2_NUMA
 * (whose behaviour differs from mainline 6.12 on purpose).
 *
 * The trace runs as PID 1 of a new PID namespace, so that its TID, which
 * PI calls write into futex words (and FUTEX_WAKE_OP then does sums with),
 * is the same on every kernel and in every run.
 *
 * No call may block: a wait whose value would match gets an expired
 * timeout, and PI words only ever name this task, nobody, or a task that
 * does not exist (other TIDs a call writes are mapped to such a one).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <linux/futex.h>

#ifndef __NR_futex_waitv
#define __NR_futex_waitv 449
#endif
#ifndef __NR_futex_wake
#define __NR_futex_wake 454
#define __NR_futex_wait 455
#define __NR_futex_requeue 456
#endif
#ifndef FUTEX2_SIZE_U32
#define FUTEX2_SIZE_U32 0x02
#define FUTEX2_PRIVATE FUTEX_PRIVATE_FLAG
#endif
#if defined(__NR_futex_time64) && !defined(__LP64__)
#define HAVE_TIME32 1	/* futex() takes a 32-bit timespec here */
#endif

#define CHUNK_CALLS	10000
#define ARENA		((uintptr_t)0x20000000)
#define NWORDS		16	/* futex words at the start of each data page */
#define TID_MASK	FUTEX_TID_MASK
#define NO_TASK		0x3fff0000u	/* TIDs from here on do not exist */

/* Arena pages; PG_HOLE and PG_END are never mapped. */
enum { PG_PRIV, PG_RO, PG_HOLE, PG_SHARED, PG_FILE, PG_MISC, PG_WAITV, PG_END, NPAGES };

struct k_timespec64 { int64_t tv_sec, tv_nsec; };
struct k_timespec32 { int32_t tv_sec, tv_nsec; };

static long pagesz;
static uint32_t tid;
static uint64_t rng;
static bool verbose;
static uint64_t hash;

static uint64_t rnd(void)
{
	/* splitmix64 */
	uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static unsigned int pick(unsigned int n)
{
	return rnd() % n;
}

static void *page(int pg)
{
	return (void *)(ARENA + pg * pagesz);
}

static uint32_t *word(int pg, int i)
{
	return (uint32_t *)page(pg) + i;
}

static void mix(uint64_t v)
{
	/* FNV-1a over the 8 bytes of v */
	int i;

	for (i = 0; i < 8; i++) {
		hash ^= (v >> (8 * i)) & 0xff;
		hash *= 0x100000001b3ULL;
	}
}

/* A futex word value: free, ours, nobody's, with the PI bits at random. */
static uint32_t gen_value(void)
{
	static const uint32_t bits[] = {
		0, FUTEX_WAITERS, FUTEX_OWNER_DIED, FUTEX_WAITERS | FUTEX_OWNER_DIED,
	};

	switch (pick(6)) {
	case 0: return 0;
	case 1: return pick(4);
	case 2: return tid | bits[pick(4)];
	case 3: return (NO_TASK + pick(256)) | bits[pick(4)];
	case 4: return bits[pick(4)];
	default: return 0xffffffffu;
	}
}

/* Keep PI ops from blocking: a TID a call wrote that is not ours or none. */
static void sanitize(void)
{
	static const int pgs[] = { PG_PRIV, PG_SHARED, PG_FILE };
	int p, i;

	for (p = 0; p < 3; p++) {
		for (i = 0; i < NWORDS; i++) {
			uint32_t *w = word(pgs[p], i), t = *w & TID_MASK;

			if (t && t != tid && t < NO_TASK)
				*w = (*w & ~TID_MASK) | NO_TASK | (t & 0xff);
		}
	}
}

/* The words after a call, with our TID written as a marker. */
static void mix_words(void)
{
	static const int pgs[] = { PG_PRIV, PG_SHARED, PG_FILE };
	int p, i;

	for (p = 0; p < 3; p++) {
		for (i = 0; i < NWORDS; i++) {
			uint32_t w = *word(pgs[p], i);

			if ((w & TID_MASK) == tid)
				w = (w & ~TID_MASK) | 0x3ffffffe;
			mix(w);
		}
	}
	/* What get_robust_list() wrote. */
	for (i = 0; i < 4; i++)
		mix(((uint64_t *)page(PG_MISC))[64 + i]);
}

/* A futex address: mostly a word of a data page, sometimes bad. */
static void *gen_addr(void)
{
	static const int pgs[] = { PG_PRIV, PG_SHARED, PG_FILE };

	switch (pick(16)) {
	case 0: return word(PG_RO, pick(NWORDS));
	case 1: return word(PG_HOLE, pick(NWORDS));
	case 2: return (char *)word(pgs[pick(3)], pick(NWORDS)) + 1 + pick(3);
	case 3: return pick(2) ? NULL : (void *)(uintptr_t)-4096L;
	default: return word(pgs[pick(3)], pick(NWORDS));
	}
}

static bool readable(void *a)
{
	uintptr_t p = (uintptr_t)a;

	return p >= ARENA && p < ARENA + NPAGES * pagesz && !(p & 3) &&
	       (p - ARENA) / pagesz != PG_HOLE;
}

/* A value to compare with: the word's own, or another. */
static uint32_t gen_val(void *a)
{
	switch (pick(4)) {
	case 0:
	case 1: return readable(a) ? *(uint32_t *)a : 0;
	case 2: return gen_value();
	default: return (uint32_t)rnd();
	}
}

enum tmo { TMO_NULL, TMO_ZERO, TMO_PAST, TMO_BADNSEC, TMO_NEGSEC, TMO_UNMAPPED };

/* A timeout in the misc page (or not): never one that lets a call sleep. */
static void *gen_timeout(int kind, bool time32)
{
	void *p = (char *)page(PG_MISC) + 16 * pick(4);
	int64_t sec = 0, nsec = 0;

	switch (kind) {
	case TMO_NULL: return NULL;
	case TMO_UNMAPPED: return page(PG_HOLE);
	case TMO_ZERO: break;
	case TMO_PAST: nsec = 1; break;
	case TMO_BADNSEC: nsec = pick(2) ? 1000000000 : -1; break;
	case TMO_NEGSEC: sec = -1; break;
	}
	if (time32) {
		struct k_timespec32 *t = p;

		t->tv_sec = sec;
		t->tv_nsec = nsec;
	} else {
		struct k_timespec64 *t = p;

		t->tv_sec = sec;
		t->tv_nsec = nsec;
	}
	return p;
}

static int gen_tmo_kind(void)
{
	static const int kinds[] = {
		TMO_NULL, TMO_NULL, TMO_NULL, TMO_ZERO, TMO_PAST, TMO_BADNSEC,
		TMO_NEGSEC, TMO_UNMAPPED,
	};

	return kinds[pick(8)];
}

static long legacy_call(unsigned int n, char *desc, size_t len)
{
	static const int cmds[] = {
		FUTEX_WAIT, FUTEX_WAKE, FUTEX_FD, FUTEX_REQUEUE, FUTEX_CMP_REQUEUE,
		FUTEX_WAKE_OP, FUTEX_LOCK_PI, FUTEX_UNLOCK_PI, FUTEX_TRYLOCK_PI,
		FUTEX_WAIT_BITSET, FUTEX_WAKE_BITSET, FUTEX_WAIT_REQUEUE_PI,
		FUTEX_CMP_REQUEUE_PI, FUTEX_LOCK_PI2, 14, 15, 0x7f,
	};
	int r = pick(100);
	long ret;

	if (r < 4) {
		/* set_robust_list(head, len) */
		void *head = (char *)page(PG_MISC) + 256;
		size_t sz = 3 * sizeof(long);

		switch (pick(5)) {
		case 0: head = NULL; break;
		case 1: head = page(PG_HOLE); break;
		case 2: head = (char *)head + 1; break;
		}
		if (!pick(4))
			sz += pick(2) ? 1 : -1;
		snprintf(desc, len, "set_robust_list(%p, %zu)", head, sz);
		return syscall(SYS_set_robust_list, head, sz);
	}
	if (r < 8) {
		/* get_robust_list(pid, head_ptr, len_ptr) */
		static const int pids[] = { 0, -1, 99999, 0x7fffffff };
		int pid = pick(5) ? pids[pick(4)] : getpid();
		void *hp = (uint64_t *)page(PG_MISC) + 64;
		void *lp = (uint64_t *)page(PG_MISC) + 66;

		if (!pick(6))
			hp = pick(2) ? NULL : page(PG_HOLE);
		if (!pick(6))
			lp = pick(2) ? NULL : page(PG_HOLE);
		snprintf(desc, len, "get_robust_list(%s, %p, %p)",
			 pid == getpid() ? "self" : pid ? "other" : "0", hp, lp);
		ret = syscall(SYS_get_robust_list, pid, hp, lp);
		return ret;
	}

	{
		int cmd = cmds[pick(sizeof(cmds) / sizeof(cmds[0]))];
		int op = cmd | (pick(2) ? FUTEX_PRIVATE_FLAG : 0) |
			 (pick(8) ? 0 : FUTEX_CLOCK_REALTIME);
		void *uaddr = gen_addr(), *uaddr2 = gen_addr();
		uint32_t val = gen_val(uaddr), val3;
		int kind = gen_tmo_kind();
		bool time32 = false, waits, pi;
		void *timeout;
		long sysno = SYS_futex;

#ifdef HAVE_TIME32
		if (pick(2))
			time32 = true;
		else
			sysno = __NR_futex_time64;
#endif
		switch (pick(4)) {
		case 0: val3 = FUTEX_BITSET_MATCH_ANY; break;
		case 1: val3 = gen_val(uaddr); break;
		case 2: val3 = (uint32_t)rnd(); break;
		default:
			/* A FUTEX_WAKE_OP encoding, shift flag and all. */
			val3 = (pick(8) << 28) | (pick(6) << 24) |
			       ((pick(4096)) << 12) | pick(4096);
			break;
		}
		if (pick(8) == 0)
			val = pick(2) ? INT_MAX : (uint32_t)-1;

		/*
		 * Calls that could sleep get a timeout that cannot let them:
		 * a wait whose value matches, every PI lock.
		 */
		waits = cmd == FUTEX_WAIT || cmd == FUTEX_WAIT_BITSET ||
			cmd == FUTEX_WAIT_REQUEUE_PI;
		pi = cmd == FUTEX_LOCK_PI || cmd == FUTEX_LOCK_PI2;
		if (kind == TMO_NULL &&
		    ((waits && readable(uaddr) && *(uint32_t *)uaddr == val) || pi))
			kind = TMO_ZERO;
		/* FUTEX_WAIT's timeout is relative: zero must still be past. */
		timeout = gen_timeout(kind, time32);
		if (!(waits || pi) && pick(2)) {
			/* val2 of the requeue and wake-op calls, in the timeout. */
			static const long v2[] = { 0, 1, 2, INT_MAX, -1 };

			timeout = (void *)v2[pick(5)];
		}
		snprintf(desc, len, "futex%s(%p, 0x%x, %u, %p:%d, %p, 0x%x)",
			 time32 ? "" : "64", uaddr, op, val, timeout, kind,
			 uaddr2, val3);
		return syscall(sysno, uaddr, op, val, timeout, uaddr2, val3);
	}
}

/*
 * FUTEX2 flags: 32-bit (or the invalid 64-bit), any bit but size, NUMA and
 * MPOL. FUTEX2_MPOL (0x08) is mainline 6.16's, past the 6.12 reference
 * kernel, which rejects it: futex2_mpol and KUnit's futex_mpol test it.
 */
static unsigned int gen_flags2(void)
{
	unsigned int f = pick(16) ? FUTEX2_SIZE_U32 : FUTEX2_SIZE_U32 + 1;

	if (pick(2))
		f |= FUTEX2_PRIVATE;
	if (!pick(16))
		f |= 0x10u << pick(3);		/* 0x10..0x40 */
	if (!pick(16))
		f |= 0x100u << pick(24);	/* above FUTEX2_PRIVATE */
	return f;
}

/* A bitmask: all 32 bits mostly; zero, too wide, or a value sometimes. */
static unsigned long gen_mask(void *uaddr)
{
	switch (pick(16)) {
	case 0: return 0;
	case 1: return (unsigned long)-1;
	case 2:
	case 3: return gen_val(uaddr);
	default: return 0xffffffffUL;
	}
}

static void *gen_timeout2(bool *expired)
{
	int kind = gen_tmo_kind();

	*expired = kind != TMO_NULL;
	return gen_timeout(kind, false);
}

static int gen_clock(void)
{
	static const int clocks[] = {
		CLOCK_MONOTONIC, CLOCK_MONOTONIC, CLOCK_REALTIME, CLOCK_REALTIME,
		CLOCK_BOOTTIME, CLOCK_PROCESS_CPUTIME_ID, -1, 100,
	};

	return clocks[pick(8)];
}

static void gen_waitv(struct futex_waitv *v, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		void *a = gen_addr();

		v[i].uaddr = (uintptr_t)a;
		v[i].val = gen_val(a);
		if (!pick(16))
			v[i].val |= (uint64_t)1 << (32 + pick(32));
		v[i].flags = gen_flags2();
		v[i].__reserved = pick(32) ? 0 : 1;
	}
}

static long futex2_call(unsigned int n, char *desc, size_t len)
{
	struct futex_waitv *v = page(PG_WAITV);
	int r = pick(4);

	if (r == 0) {
		void *uaddr = gen_addr();
		unsigned long mask = gen_mask(uaddr);
		static const int nrs[] = { 0, 1, 2, INT_MAX, -1 };
		int nr = nrs[pick(5)];
		unsigned int flags = gen_flags2();

		snprintf(desc, len, "futex_wake(%p, 0x%lx, %d, 0x%x)", uaddr, mask, nr, flags);
		return syscall(__NR_futex_wake, uaddr, mask, nr, flags);
	}
	if (r == 1) {
		void *uaddr = gen_addr();
		unsigned long val = gen_val(uaddr);
		unsigned long mask = gen_mask(uaddr);
		unsigned int flags = gen_flags2();
		int clk = gen_clock();
		bool expired;
		void *to = gen_timeout2(&expired);

		if (!expired && readable(uaddr) && *(uint32_t *)uaddr == val)
			to = gen_timeout(TMO_ZERO, false);
		snprintf(desc, len, "futex_wait(%p, %lu, 0x%lx, 0x%x, %p, %d)",
			 uaddr, val, mask, flags, to, clk);
		return syscall(__NR_futex_wait, uaddr, val, mask, flags, to, clk);
	}
	if (r == 2) {
		static const int nrs[] = { 0, 1, 2, INT_MAX, -1 };
		int nr_wake = nrs[pick(5)], nr_requeue = nrs[pick(5)];
		unsigned int flags = pick(16) ? 0 : 1u << pick(32);
		void *w = v;

		gen_waitv(v, 2);
		/* Mostly the same flags on both, as real callers have. */
		if (pick(4))
			v[1].flags = v[0].flags;
		switch (pick(12)) {
		case 0: w = NULL; break;
		case 1: w = page(PG_HOLE); break;
		case 2:
			/*
			 * A good first entry on the last bytes of a page, the
			 * second on the unmapped page after it: the entries are
			 * checked in order (and the first must be one of those
			 * we generate: 32-bit, as mainline has only that size).
			 */
			w = (struct futex_waitv *)page(PG_END) - 1;
			memcpy(w, &v[0], sizeof(*v));
			break;
		}
		snprintf(desc, len, "futex_requeue(%p, 0x%x, %d, %d)", w, flags, nr_wake, nr_requeue);
		return syscall(__NR_futex_requeue, w, flags, nr_wake, nr_requeue);
	}
	{
		static const unsigned int nrs[] = { 0, 1, 2, 3, 129 };
		unsigned int nr = nrs[pick(5)], i, flags = pick(16) ? 0 : 1u << pick(32);
		int clk = gen_clock();
		bool expired, block = true;
		void *to = gen_timeout2(&expired);
		void *w = v;

		gen_waitv(v, 3);
		for (i = 0; i < nr && i < 3; i++) {
			void *a = (void *)(uintptr_t)v[i].uaddr;

			if (!readable(a) || *(uint32_t *)a != v[i].val)
				block = false;
		}
		if (!expired && block)
			to = gen_timeout(TMO_ZERO, false);
		switch (pick(12)) {
		case 0: w = NULL; break;
		case 1: w = page(PG_HOLE); break;
		}
		snprintf(desc, len, "futex_waitv(%p, %u, 0x%x, %p, %d)", w, nr, flags, to, clk);
		return syscall(__NR_futex_waitv, w, nr, flags, to, clk);
	}
}

static void map_arena(void)
{
	char path[] = "/tmp/futex_trace.XXXXXX";
	int pg, fd = mkstemp(path);

	if (fd < 0 || ftruncate(fd, pagesz)) {
		perror("futex_trace: file");
		exit(2);
	}
	unlink(path);
	for (pg = 0; pg < NPAGES; pg++) {
		int flags = MAP_FIXED_NOREPLACE, fdp = -1, prot = PROT_READ | PROT_WRITE;

		if (pg == PG_HOLE || pg == PG_END)
			continue;
		if (pg == PG_SHARED)
			flags |= MAP_SHARED | MAP_ANONYMOUS;
		else if (pg == PG_FILE)
			flags |= MAP_SHARED, fdp = fd;
		else
			flags |= MAP_PRIVATE | MAP_ANONYMOUS;
		if (mmap(page(pg), pagesz, prot, flags, fdp, 0) != page(pg)) {
			perror("futex_trace: mmap");
			exit(2);
		}
	}
	close(fd);
}

static void reset(uint64_t seed, unsigned int chunk)
{
	static const int pgs[] = { PG_PRIV, PG_SHARED, PG_FILE };
	int p, i;

	rng = seed * 0x100000001b3ULL + chunk;
	mprotect(page(PG_RO), pagesz, PROT_READ | PROT_WRITE);
	for (p = 0; p < NPAGES; p++) {
		if (p != PG_HOLE && p != PG_END)
			memset(page(p), 0, pagesz);
	}
	for (p = 0; p < 3; p++) {
		for (i = 0; i < NWORDS; i++)
			*word(pgs[p], i) = gen_value();
	}
	for (i = 0; i < NWORDS; i++)
		*word(PG_RO, i) = gen_value();
	mprotect(page(PG_RO), pagesz, PROT_READ);
	sanitize();
	/* A valid, empty robust list: the same start on every kernel. */
	{
		long *head = (long *)((char *)page(PG_MISC) + 256);

		head[0] = (long)head;
		head[1] = 0;
		head[2] = 0;
		syscall(SYS_set_robust_list, head, 3 * sizeof(long));
	}
	hash = 0xcbf29ce484222325ULL;
}

int main(int argc, char *argv[])
{
	unsigned long calls = 100000, done = 0;
	uint64_t seed = 1, total = 0xcbf29ce484222325ULL;
	long only = -1;
	const char *abi = NULL;
	unsigned int chunk, chunks;
	int c;

	while ((c = getopt(argc, argv, "a:s:n:k:v")) != -1) {
		switch (c) {
		case 'a': abi = optarg; break;
		case 's': seed = strtoull(optarg, NULL, 0); break;
		case 'n': calls = strtoul(optarg, NULL, 0); break;
		case 'k': only = strtol(optarg, NULL, 0); break;
		case 'v': verbose = true; break;
		default: abi = NULL; optind = argc; break;
		}
	}
	if (!abi || (strcmp(abi, "legacy") && strcmp(abi, "futex2")) || !calls) {
		fprintf(stderr, "usage: %s -a legacy|futex2 [-s SEED] [-n CALLS] [-k CHUNK [-v]]\n",
			argv[0]);
		return 2;
	}
	/* Our own TID, the same everywhere: PID 1 of a new namespace. */
	if (unshare(CLONE_NEWPID)) {
		perror("futex_trace: unshare(CLONE_NEWPID)");
		return 2;
	}
	fflush(stdout);
	{
		pid_t pid = fork();
		int status;

		if (pid < 0) {
			perror("futex_trace: fork");
			return 2;
		}
		if (pid) {
			if (waitpid(pid, &status, 0) != pid)
				return 2;
			return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
		}
	}
	pagesz = getpagesize();
	tid = syscall(SYS_gettid);
	map_arena();
	chunks = (calls + CHUNK_CALLS - 1) / CHUNK_CALLS;

	printf("TAP version 13\n1..1\n");
	for (chunk = 0; chunk < chunks; chunk++) {
		unsigned int i;

		if (only >= 0 && chunk != only)
			continue;
		reset(seed, chunk);
		for (i = 0; i < CHUNK_CALLS; i++) {
			char desc[160];
			long ret;
			int err;

			errno = 0;
			if (abi[0] == 'l')
				ret = legacy_call(i, desc, sizeof(desc));
			else
				ret = futex2_call(i, desc, sizeof(desc));
			err = ret < 0 ? errno : 0;
			mix(ret);
			mix(err);
			mix_words();
			if (verbose)
				printf("# call %u.%u %s = %ld %s words %016" PRIx64 "\n",
				       chunk, i, desc, ret, err ? strerror(err) : "",
				       hash);
			sanitize();
			done++;
		}
		printf("# chunk %s %" PRIu64 " %u %016" PRIx64 "\n", abi, seed, chunk, hash);
		total = (total ^ hash) * 0x100000001b3ULL;
	}
	printf("ok 1 futex_trace -a %s -s %" PRIu64 ": %lu calls in %u chunks, hash %016" PRIx64 "\n",
	       abi, seed, done, only >= 0 ? 1 : chunks, total);
	return 0;
}
