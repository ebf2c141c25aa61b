// SPDX-License-Identifier: GPL-2.0
/*
 * Robust futexes: when the owner of a robust lock dies, the kernel walks its
 * robust list, sets FUTEX_OWNER_DIED in the lock word and wakes one waiter.
 * The waiter here is always asleep in the kernel before the owner dies, so
 * a death that marks the word but wakes nobody (or the wrong futex) shows
 * as a waiter that is not back within FUTEX_ROBUST_BOUND_MS.
 *
 * Owners die as a thread (SYS_exit, so that only the kernel walks the list)
 * or as a whole process, with the lock in private anonymous, shared
 * anonymous and file-backed shared memory. The lock is on the list, or only
 * in list_op_pending (held, or not yet taken: the "pending op" wake), or a
 * PI lock, or one of two on a list that mixes a PI and a plain lock (each
 * entry's own PI bit decides how it is handled), or a PI lock in
 * list_op_pending, or on a circular list. Then the same through glibc's
 * robust mutexes, plain and
 * PTHREAD_PRIO_INHERIT. A compat build walks the compat robust list. And,
 * without a death, a process-shared PI mutex handed over by FUTEX_UNLOCK_PI.
 */

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>

#include "futex2_helpers.h"
#include "kselftest.h"

/* A woken waiter must be back this soon after its owner was told to die. */
#define FUTEX_ROBUST_BOUND_MS	5000
/* The waiter's own timeout: long enough to tell "late" from "never". */
#define FUTEX_ROBUST_WAIT_S	10

enum owner_kind { OWNER_THREAD, OWNER_PROCESS };
enum mem_kind { MEM_PRIVATE, MEM_SHARED, MEM_FILE };
enum lock_mode {
	MODE_LIST,		/* held, on the robust list */
	MODE_PENDING_HELD,	/* held, only in list_op_pending */
	MODE_PENDING_FREE,	/* free (0), in list_op_pending: wake one */
	MODE_PI,		/* held PI lock on the list, waiter in LOCK_PI */
	MODE_PI_THEN_PLAIN,	/* PI lock, then the plain lock waited on */
	MODE_PLAIN_THEN_PI,	/* plain lock, then the PI lock waited on */
	MODE_PENDING_PI,	/* held PI lock only in list_op_pending */
	MODE_CIRCULAR,		/* held, on a list whose entry points to itself */
};

static const char * const owner_name[] = { "thread", "process" };
static const char * const mem_name[] = {
	"private anonymous", "shared anonymous", "shared file"
};
static const char * const mode_name[] = {
	"on the list", "held in list_op_pending", "free in list_op_pending",
	"PI on the list", "plain after a PI lock on the list",
	"PI after a plain lock on the list", "PI held in list_op_pending",
	"on a circular list"
};

/* The modes whose waiter sleeps in FUTEX_LOCK_PI, not FUTEX_WAIT. */
static bool mode_waits_pi(enum lock_mode mode)
{
	return mode == MODE_PI || mode == MODE_PLAIN_THEN_PI ||
	       mode == MODE_PENDING_PI;
}

/* A robust lock as the kernel sees it: list entry, then the futex word. */
struct rlock {
	struct robust_list next;
	uint32_t futex;
};

/* Everything both sides touch, in the memory under test. */
struct shared {
	struct robust_list_head head;
	struct rlock lock;	/* the lock the waiter waits on */
	struct rlock other;	/* the mixed modes' other lock, not waited on */
	volatile int ready;	/* owner has registered and locked */
	volatile int die;	/* owner: exit now */
	pthread_mutex_t mutex;	/* the glibc cases */
};

static long sys_futex(volatile uint32_t *uaddr, int op, uint32_t val,
		      const struct timespec *ts)
{
	return syscall(SYS_futex, uaddr, op, val, ts, NULL, 0);
}

static long elapsed_ms(const struct timespec *from)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - from->tv_sec) * 1000 +
	       (now.tv_nsec - from->tv_nsec) / 1000000;
}

static struct shared *map_shared(enum mem_kind mem)
{
	size_t len = getpagesize();
	char path[] = "/tmp/futex_robust.XXXXXX";
	void *p;
	int fd;

	switch (mem) {
	case MEM_PRIVATE:
		p = mmap(NULL, len, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		break;
	case MEM_SHARED:
		p = mmap(NULL, len, PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		break;
	default:
		fd = mkstemp(path);
		if (fd < 0 || ftruncate(fd, len))
			ksft_exit_fail_msg("%s: %s\n", path, strerror(errno));
		p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		unlink(path);
		close(fd);
		break;
	}
	if (p == MAP_FAILED)
		ksft_exit_fail_msg("mmap: %s\n", strerror(errno));
	memset(p, 0, len);
	return p;
}

/* The owner: register the list, take the lock as @mode says, wait, die. */
static void owner_run(struct shared *s, enum lock_mode mode)
{
	struct robust_list *entry = &s->lock.next;
	uint32_t tid = syscall(SYS_gettid);

	s->head.futex_offset = offsetof(struct rlock, futex) -
			       offsetof(struct rlock, next);
	s->head.list.next = &s->head.list;
	s->head.list_op_pending = NULL;
	s->lock.next.next = &s->head.list;

	switch (mode) {
	case MODE_LIST:
		s->lock.futex = tid;
		s->head.list.next = entry;
		break;
	case MODE_PENDING_HELD:
		s->lock.futex = tid;
		s->head.list_op_pending = entry;
		break;
	case MODE_PENDING_FREE:
		s->lock.futex = 0;
		s->head.list_op_pending = entry;
		break;
	case MODE_PI:
		/* Uncontended PI lock: the owner's TID, set by userspace. */
		s->lock.futex = tid;
		/* Bit 0 of a list pointer marks a PI futex. */
		s->head.list.next = (struct robust_list *)((uintptr_t)entry | 1);
		break;
	case MODE_PI_THEN_PLAIN:
		/* head -> other (PI) -> lock (plain) -> head */
		s->lock.futex = tid;
		s->other.futex = tid;
		s->head.list.next = (struct robust_list *)((uintptr_t)&s->other.next | 1);
		s->other.next.next = entry;
		break;
	case MODE_PLAIN_THEN_PI:
		/* head -> other (plain) -> lock (PI) -> head */
		s->lock.futex = tid;
		s->other.futex = tid;
		s->head.list.next = &s->other.next;
		s->other.next.next = (struct robust_list *)((uintptr_t)entry | 1);
		break;
	case MODE_PENDING_PI:
		s->lock.futex = tid;
		s->head.list_op_pending = (struct robust_list *)((uintptr_t)entry | 1);
		break;
	case MODE_CIRCULAR:
		/* The kernel stops after ROBUST_LIST_LIMIT entries. */
		s->lock.futex = tid;
		s->head.list.next = entry;
		s->lock.next.next = entry;
		break;
	}
	if (syscall(SYS_set_robust_list, &s->head, sizeof(s->head)))
		ksft_exit_fail_msg("set_robust_list: %s\n", strerror(errno));

	__atomic_store_n(&s->ready, 1, __ATOMIC_SEQ_CST);
	while (!__atomic_load_n(&s->die, __ATOMIC_SEQ_CST))
		usleep(1000);
	/* The kernel's exit, without glibc's thread teardown. */
	syscall(SYS_exit, 0);
}

struct waiter {
	struct shared *s;
	enum lock_mode mode;
	pid_t tid;
	volatile int started;
	long ret;
	int err;
	struct timespec died;	/* when the owner was told to die */
	long ms;		/* from then until the waiter was back */
};

static void *waiter_fn(void *arg)
{
	struct waiter *w = arg;
	volatile uint32_t *f = &w->s->lock.futex;
	struct timespec to;
	uint32_t val;

	w->tid = syscall(SYS_gettid);
	if (mode_waits_pi(w->mode)) {
		__atomic_store_n(&w->started, 1, __ATOMIC_SEQ_CST);
		/* FUTEX_LOCK_PI: absolute CLOCK_REALTIME timeout. */
		futex2_abs_timeout(CLOCK_REALTIME, FUTEX_ROBUST_WAIT_S, &to);
		w->ret = sys_futex(f, FUTEX_LOCK_PI, 0, &to);
	} else {
		val = __atomic_load_n(f, __ATOMIC_SEQ_CST);
		/* A held lock: tell the owner there is a waiter. */
		if (val) {
			val |= FUTEX_WAITERS;
			__atomic_store_n(f, val, __ATOMIC_SEQ_CST);
		}
		__atomic_store_n(&w->started, 1, __ATOMIC_SEQ_CST);
		to.tv_sec = FUTEX_ROBUST_WAIT_S;
		to.tv_nsec = 0;
		/* Shared (no FUTEX_PRIVATE_FLAG), as robust futexes are. */
		w->ret = sys_futex(f, FUTEX_WAIT, val, &to);
	}
	w->err = w->ret ? errno : 0;
	w->ms = elapsed_ms(&w->died);
	return NULL;
}

/* Wait until the waiter sleeps in the kernel. */
static bool waiter_asleep(struct waiter *w)
{
	return futex2_wait_set(&w->started) &&
	       futex2_wait_asleep(getpid(), w->tid);
}

/* Start the owner: a thread of ours, or a child process. @fn never returns. */
static void owner_start(enum owner_kind owner, void *(*fn)(void *), void *arg,
			pthread_t *ot, pid_t *pid)
{
	if (owner == OWNER_THREAD) {
		if (pthread_create(ot, NULL, fn, arg))
			ksft_exit_fail_msg("pthread_create\n");
		return;
	}
	*pid = fork();
	if (*pid < 0)
		ksft_exit_fail_msg("fork: %s\n", strerror(errno));
	if (!*pid)
		fn(arg);
}

/* Tell the owner to die, note when, and reap it and the waiter. */
static void owner_die(struct shared *s, enum owner_kind owner, pthread_t ot,
		      pid_t pid, pthread_t wt, struct timespec *died)
{
	clock_gettime(CLOCK_MONOTONIC, died);
	__atomic_store_n(&s->die, 1, __ATOMIC_SEQ_CST);
	if (owner == OWNER_THREAD)
		pthread_join(ot, NULL);
	else
		waitpid(pid, NULL, 0);
	pthread_join(wt, NULL);
}

struct owner_arg {
	struct shared *s;
	enum lock_mode mode;
};

static void *owner_thread_fn(void *arg)
{
	struct owner_arg *o = arg;

	owner_run(o->s, o->mode);
	return NULL;
}

static void test_raw(enum owner_kind owner, enum mem_kind mem,
		     enum lock_mode mode)
{
	struct shared *s = map_shared(mem);
	struct waiter w = { .s = s, .mode = mode };
	struct owner_arg o = { .s = s, .mode = mode };
	pthread_t ot = 0, wt;
	pid_t pid = 0;
	bool asleep;
	uint32_t word, want, other = 0, other_want = 0;

	owner_start(owner, owner_thread_fn, &o, &ot, &pid);
	if (!futex2_wait_set(&s->ready))
		ksft_exit_fail_msg("the owner did not take the lock within %d s\n",
				   FUTEX2_TEST_TIMEOUT_S);

	if (pthread_create(&wt, NULL, waiter_fn, &w))
		ksft_exit_fail_msg("pthread_create\n");
	asleep = waiter_asleep(&w);
	owner_die(s, owner, ot, pid, wt, &w.died);

	word = __atomic_load_n(&s->lock.futex, __ATOMIC_SEQ_CST);
	if (mode == MODE_PI_THEN_PLAIN || mode == MODE_PLAIN_THEN_PI) {
		/* Held, nobody waiting: marked, nobody to wake. */
		other = __atomic_load_n(&s->other.futex, __ATOMIC_SEQ_CST);
		other_want = FUTEX_OWNER_DIED;
	}
	switch (mode) {
	case MODE_PI:
	case MODE_PLAIN_THEN_PI:
	case MODE_PENDING_PI:
		/* Handed over to the waiter, who sees that the owner died. */
		want = FUTEX_OWNER_DIED | w.tid;
		break;
	case MODE_PENDING_FREE:
		want = 0;	/* not ours to mark: just wake */
		break;
	default:
		want = FUTEX_OWNER_DIED | FUTEX_WAITERS;
		break;
	}
	ksft_test_result(asleep && w.ret == 0 && w.ms < FUTEX_ROBUST_BOUND_MS &&
			 (word & ~FUTEX_WAITERS) == (want & ~FUTEX_WAITERS) &&
			 (mode_waits_pi(mode) || word == want) && other == other_want,
			 "robust %s, %s owner dies, %s memory: sleeping waiter woken in %ld ms (ret %ld %s), word 0x%x want 0x%x, other lock 0x%x want 0x%x\n",
			 mode_name[mode], owner_name[owner], mem_name[mem], w.ms,
			 w.ret, w.ret ? strerror(w.err) : "ok", word, want,
			 other, other_want);
	munmap(s, getpagesize());
}

/* glibc's robust mutexes: the owner dies holding one, a waiter is asleep. */
struct glibc_waiter {
	struct shared *s;
	pid_t tid;
	volatile int started;
	int ret;
	struct timespec died;
	long ms;
};

static void *glibc_waiter_fn(void *arg)
{
	struct glibc_waiter *w = arg;
	struct timespec to;

	w->tid = syscall(SYS_gettid);
	__atomic_store_n(&w->started, 1, __ATOMIC_SEQ_CST);
	futex2_abs_timeout(CLOCK_REALTIME, FUTEX_ROBUST_WAIT_S, &to);
	w->ret = pthread_mutex_timedlock(&w->s->mutex, &to);
	w->ms = elapsed_ms(&w->died);
	if (w->ret == EOWNERDEAD) {
		pthread_mutex_consistent(&w->s->mutex);
		pthread_mutex_unlock(&w->s->mutex);
	} else if (!w->ret) {
		pthread_mutex_unlock(&w->s->mutex);
	}
	return NULL;
}

/* Once the owner holds the mutex: start a locker and wait until it sleeps. */
static bool start_glibc_waiter(struct shared *s, struct glibc_waiter *w,
			       pthread_t *wt)
{
	if (!futex2_wait_set(&s->ready))
		ksft_exit_fail_msg("the owner did not take the mutex within %d s\n",
				   FUTEX2_TEST_TIMEOUT_S);
	if (pthread_create(wt, NULL, glibc_waiter_fn, w))
		ksft_exit_fail_msg("pthread_create\n");
	return futex2_wait_set(&w->started) &&
	       futex2_wait_asleep(getpid(), w->tid);
}

static void glibc_owner(struct shared *s)
{
	if (pthread_mutex_lock(&s->mutex))
		ksft_exit_fail_msg("pthread_mutex_lock\n");
	__atomic_store_n(&s->ready, 1, __ATOMIC_SEQ_CST);
	while (!__atomic_load_n(&s->die, __ATOMIC_SEQ_CST))
		usleep(1000);
	syscall(SYS_exit, 0);
}

static void *glibc_owner_fn(void *arg)
{
	glibc_owner(arg);
	return NULL;
}

static void test_glibc(enum owner_kind owner, bool pi)
{
	struct shared *s = map_shared(owner == OWNER_THREAD ? MEM_PRIVATE : MEM_SHARED);
	struct glibc_waiter w = { .s = s };
	pthread_mutexattr_t attr;
	pthread_t ot = 0, wt;
	pid_t pid = 0;
	bool asleep;

	pthread_mutexattr_init(&attr);
	pthread_mutexattr_setrobust(&attr, PTHREAD_MUTEX_ROBUST);
	if (owner == OWNER_PROCESS)
		pthread_mutexattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
	if (pi)
		pthread_mutexattr_setprotocol(&attr, PTHREAD_PRIO_INHERIT);
	pthread_mutex_init(&s->mutex, &attr);
	pthread_mutexattr_destroy(&attr);

	owner_start(owner, glibc_owner_fn, s, &ot, &pid);
	asleep = start_glibc_waiter(s, &w, &wt);
	owner_die(s, owner, ot, pid, wt, &w.died);

	ksft_test_result(asleep && w.ret == EOWNERDEAD && w.ms < FUTEX_ROBUST_BOUND_MS,
			 "glibc robust%s mutex, %s owner dies: sleeping locker gets EOWNERDEAD in %ld ms (got %s)\n",
			 pi ? " PI" : "", owner_name[owner], w.ms,
			 w.ret == EOWNERDEAD ? "EOWNERDEAD" : strerror(w.ret));
	pthread_mutex_destroy(&s->mutex);
	munmap(s, getpagesize());
}

/*
 * Not a death: a process-shared PI mutex that its owner, another process,
 * unlocks while a locker of ours sleeps on it. FUTEX_UNLOCK_PI must find
 * the sleeper (by the shared key) and hand the mutex over while the owner
 * lives on.
 */
static void test_glibc_pi_unlock_handover(void)
{
	struct shared *s = map_shared(MEM_SHARED);
	struct glibc_waiter w = { .s = s };
	pthread_mutexattr_t attr;
	pthread_t wt;
	bool asleep;
	pid_t pid;

	pthread_mutexattr_init(&attr);
	pthread_mutexattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
	pthread_mutexattr_setprotocol(&attr, PTHREAD_PRIO_INHERIT);
	pthread_mutex_init(&s->mutex, &attr);
	pthread_mutexattr_destroy(&attr);

	pid = fork();
	if (pid < 0)
		ksft_exit_fail_msg("fork: %s\n", strerror(errno));
	if (!pid) {
		pthread_mutex_lock(&s->mutex);
		__atomic_store_n(&s->ready, 1, __ATOMIC_SEQ_CST);
		while (__atomic_load_n(&s->die, __ATOMIC_SEQ_CST) != 1)
			usleep(1000);
		pthread_mutex_unlock(&s->mutex);
		/* Live on until the locker is back (or gave up). */
		while (__atomic_load_n(&s->die, __ATOMIC_SEQ_CST) != 2)
			usleep(1000);
		_exit(0);
	}
	asleep = start_glibc_waiter(s, &w, &wt);
	clock_gettime(CLOCK_MONOTONIC, &w.died);
	__atomic_store_n(&s->die, 1, __ATOMIC_SEQ_CST);
	pthread_join(wt, NULL);
	__atomic_store_n(&s->die, 2, __ATOMIC_SEQ_CST);
	waitpid(pid, NULL, 0);
	ksft_test_result(asleep && w.ret == 0 && w.ms < FUTEX_ROBUST_BOUND_MS,
			 "glibc PI mutex shared between processes: the owner's unlock hands it to the sleeping locker in %ld ms (got %s)\n",
			 w.ms, w.ret ? strerror(w.ret) : "0");
	pthread_mutex_destroy(&s->mutex);
	munmap(s, getpagesize());
}

/* The list registered is the list reported, at the ABI's own size. */
static void test_get_robust_list(void)
{
	static struct robust_list_head head = { .list = { &head.list } };
	struct robust_list_head *glibc = NULL, *got = NULL;
	size_t len = 0, glibc_len = 0;
	long ret;

	syscall(SYS_get_robust_list, 0, &glibc, &glibc_len);
	ret = syscall(SYS_set_robust_list, &head, sizeof(head) + 1);
	ksft_test_result(ret == -1 && errno == EINVAL,
			 "set_robust_list: a wrong size is EINVAL\n");
	ret = syscall(SYS_set_robust_list, &head, sizeof(head));
	ret = ret ?: syscall(SYS_get_robust_list, 0, &got, &len);
	ksft_test_result(ret == 0 && got == &head && len == sizeof(head),
			 "get_robust_list returns the head set_robust_list set (len %zu)\n",
			 len);
	/* Give glibc its own list back. */
	syscall(SYS_set_robust_list, glibc, glibc_len);
}

int main(void)
{
	static const struct {
		enum owner_kind owner;
		enum mem_kind mem;
		enum lock_mode mode;
	} raw[] = {
		{ OWNER_THREAD, MEM_PRIVATE, MODE_LIST },
		{ OWNER_THREAD, MEM_PRIVATE, MODE_PENDING_HELD },
		{ OWNER_THREAD, MEM_PRIVATE, MODE_PENDING_FREE },
		{ OWNER_THREAD, MEM_PRIVATE, MODE_PI },
		{ OWNER_PROCESS, MEM_SHARED, MODE_LIST },
		{ OWNER_PROCESS, MEM_SHARED, MODE_PENDING_HELD },
		{ OWNER_PROCESS, MEM_SHARED, MODE_PENDING_FREE },
		{ OWNER_PROCESS, MEM_SHARED, MODE_PI },
		{ OWNER_PROCESS, MEM_FILE, MODE_LIST },
		{ OWNER_PROCESS, MEM_FILE, MODE_PENDING_FREE },
		{ OWNER_PROCESS, MEM_FILE, MODE_PI },
		{ OWNER_THREAD, MEM_PRIVATE, MODE_PI_THEN_PLAIN },
		{ OWNER_PROCESS, MEM_SHARED, MODE_PI_THEN_PLAIN },
		{ OWNER_THREAD, MEM_PRIVATE, MODE_PLAIN_THEN_PI },
		{ OWNER_PROCESS, MEM_SHARED, MODE_PLAIN_THEN_PI },
		{ OWNER_THREAD, MEM_PRIVATE, MODE_PENDING_PI },
		{ OWNER_PROCESS, MEM_SHARED, MODE_PENDING_PI },
		{ OWNER_THREAD, MEM_PRIVATE, MODE_CIRCULAR },
		{ OWNER_PROCESS, MEM_SHARED, MODE_CIRCULAR },
	};
	unsigned int i;

	ksft_print_header();
	ksft_set_plan(ARRAY_SIZE(raw) + 4 + 1 + 2);

	for (i = 0; i < ARRAY_SIZE(raw); i++)
		test_raw(raw[i].owner, raw[i].mem, raw[i].mode);
	test_glibc(OWNER_THREAD, false);
	test_glibc(OWNER_THREAD, true);
	test_glibc(OWNER_PROCESS, false);
	test_glibc(OWNER_PROCESS, true);
	test_glibc_pi_unlock_handover();
	test_get_robust_list();

	ksft_finished();
}
