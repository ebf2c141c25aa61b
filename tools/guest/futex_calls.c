// SPDX-License-Identifier: GPL-2.0
/*
 * futex_calls - the guest's /init for tools/trace-call.sh: a fixed list of
 * futex calls, each made TRACE_REPEAT times with a tag in one argument, so
 * that gdb can stop on the syscall entry of exactly that call and step it
 * to its return (tools/trace-call.py). Then one robust list entry is
 * walked at a thread's exit (handle_futex_death()), and the guest powers
 * off.
 *
 * The calls are the benchmark's (tools/guest/futex2_bench.c): wakes with
 * no waiter, waits whose value does not match. The tag is the wake count
 * or the expected value; neither changes the path a call takes (no waiter
 * is woken, no value matches). The futex2 calls return ENOSYS on pristine
 * 6.1 and are traced on the patched kernel only: started as "/init
 * pristine" (the kernel passes what follows "--" on its command line), the
 * guest reports them as skipped; on the patched kernel ("/init patched")
 * ENOSYS is a failure.
 *
 * The guest prints KTAP, one result per call, and FUTEX-CALLS-DONE, for the
 * host's one console reader (tools/console.py).
 *
 * "futex_calls --list" prints the list as "LABEL ENTRY ARG TAG" lines (the
 * syscall, and the argument that carries the tag) and exits: built for the
 * host, that is what tools/trace-call.sh gives gdb, so that the list is
 * written in one place. The robust walk is the line "robust-exit
 * handle_futex_death - -".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/reboot.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef __NR_futex_wake
#define __NR_futex_wake		454
#define __NR_futex_wait		455
#endif
#ifndef FUTEX2_SIZE_U8
#define FUTEX2_SIZE_U8		0x00
#define FUTEX2_SIZE_U16		0x01
#define FUTEX2_SIZE_U32		0x02
#define FUTEX2_NUMA		0x04
#define FUTEX2_PRIVATE		FUTEX_PRIVATE_FLAG
#endif

/* Calls made of each; gdb traces the last (the first ones fault pages in). */
#define TRACE_REPEAT	3

/* Value and node word (node 0) at each size, aligned for FUTEX2_NUMA. */
static uint32_t word32[2] __attribute__((aligned(8)));
static uint16_t word16[2] __attribute__((aligned(4)));
static uint8_t word8[2] __attribute__((aligned(2)));


enum kind { LEGACY, WAKE2, WAIT2 };

struct call {
	const char *label;
	enum kind kind;
	int op;			/* legacy futex() op */
	unsigned int flags;	/* futex2 flags */
	void *uaddr;		/* NULL: the shared page */
	long tag;		/* the wake count, or the expected value */
};

static const struct call calls[] = {
	{ "legacy-wake",        LEGACY, FUTEX_WAKE | FUTEX_PRIVATE_FLAG, 0, word32, 1001 },
	{ "legacy-wait",        LEGACY, FUTEX_WAIT | FUTEX_PRIVATE_FLAG, 0, word32, 1002 },
	{ "legacy-wake-shared", LEGACY, FUTEX_WAKE, 0, word32, 1003 },
	{ "legacy-wake-shmem",  LEGACY, FUTEX_WAKE, 0, NULL, 1004 },
	{ "futex2-wake-u32",    WAKE2, 0, FUTEX2_SIZE_U32 | FUTEX2_PRIVATE, word32, 1005 },
	{ "futex2-wake-u8",     WAKE2, 0, FUTEX2_SIZE_U8 | FUTEX2_PRIVATE, word8, 1006 },
	{ "futex2-wake-u32-numa", WAKE2, 0, FUTEX2_SIZE_U32 | FUTEX2_NUMA | FUTEX2_PRIVATE, word32, 1007 },
	{ "futex2-wake-u8-numa", WAKE2, 0, FUTEX2_SIZE_U8 | FUTEX2_NUMA | FUTEX2_PRIVATE, word8, 1008 },
	{ "futex2-wait-u32",    WAIT2, 0, FUTEX2_SIZE_U32 | FUTEX2_PRIVATE, word32, 0x71 },
	{ "futex2-wait-u16",    WAIT2, 0, FUTEX2_SIZE_U16 | FUTEX2_PRIVATE, word16, 0x72 },
	{ "futex2-wait-u8",     WAIT2, 0, FUTEX2_SIZE_U8 | FUTEX2_PRIVATE, word8, 0x73 },
	{ "futex2-wait-u32-numa", WAIT2, 0, FUTEX2_SIZE_U32 | FUTEX2_NUMA | FUTEX2_PRIVATE, word32, 0x74 },
	{ "futex2-wait-u16-numa", WAIT2, 0, FUTEX2_SIZE_U16 | FUTEX2_NUMA | FUTEX2_PRIVATE, word16, 0x75 },
	{ "futex2-wait-u8-numa", WAIT2, 0, FUTEX2_SIZE_U8 | FUTEX2_NUMA | FUTEX2_PRIVATE, word8, 0x76 },
};

static struct {
	struct robust_list_head head;
	struct {
		struct robust_list list;
		uint32_t futex;
	} entry;
} robust;

/* Own the entry's futex, with waiters, and exit: the kernel walks it. */
static void *robust_thread(void *arg)
{
	uint32_t tid = syscall(SYS_gettid);

	(void)arg;
	robust.head.futex_offset = offsetof(typeof(robust.entry), futex) -
				   offsetof(typeof(robust.entry), list);
	robust.head.list.next = &robust.entry.list;
	robust.entry.list.next = &robust.head.list;
	robust.entry.futex = tid | FUTEX_WAITERS;
	syscall(SYS_set_robust_list, &robust.head, sizeof(robust.head));
	return NULL;
}

static long do_call(const struct call *c, void *shm)
{
	void *uaddr = c->uaddr ? c->uaddr : shm;
	/* Every bit of the futex's size: a wider mask is EINVAL. */
	unsigned long mask = (1ULL << (8 << (c->flags & 3))) - 1;

	switch (c->kind) {
	case LEGACY:
		return syscall(SYS_futex, uaddr, c->op, c->tag, NULL, NULL, 0);
	case WAKE2:
		return syscall(__NR_futex_wake, uaddr, mask, c->tag, c->flags);
	default:
		return syscall(__NR_futex_wait, uaddr, c->tag, mask, c->flags,
			       NULL, CLOCK_MONOTONIC);
	}
}

int main(int argc, char **argv)
{
	void *shm = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	size_t i, n = sizeof(calls) / sizeof(calls[0]);
	int r, pristine = argc > 1 && !strcmp(argv[1], "pristine");
	pthread_t th;

	if (argc > 1 && !pristine && strcmp(argv[1], "patched")) {
		if (strcmp(argv[1], "--list")) {
			fprintf(stderr, "usage: futex_calls [--list | patched | pristine]\n");
			return 2;
		}
		for (i = 0; i < sizeof(calls) / sizeof(calls[0]); i++)
			printf("%s %s %d %ld\n", calls[i].label,
			       calls[i].kind == LEGACY ? "futex" :
			       calls[i].kind == WAKE2 ? "futex_wake" : "futex_wait",
			       calls[i].kind == WAIT2 ? 1 : 2, calls[i].tag);
		printf("robust-exit handle_futex_death - -\n");
		return 0;
	}

	if (shm == MAP_FAILED)
		perror("mmap");

	printf("KTAP version 1\n1..%zu\n", n);
	for (i = 0; i < n; i++) {
		long ret = 0;
		int want, got;

		for (r = 0; r < TRACE_REPEAT; r++)
			ret = do_call(&calls[i], shm);
		/*
		 * What the traced path is: a wake that wakes nobody, a wait
		 * whose value does not match. On pristine 6.1 the futex2
		 * calls are ENOSYS, and not traced.
		 */
		want = calls[i].kind == WAKE2 || (calls[i].kind == LEGACY &&
						  calls[i].op != (FUTEX_WAIT | FUTEX_PRIVATE_FLAG)) ? 0 : EAGAIN;
		got = ret < 0 ? errno : 0;
		if (pristine && calls[i].kind != LEGACY && got == ENOSYS)
			printf("ok %zu %s # SKIP no futex2 on pristine 6.1\n",
			       i + 1, calls[i].label);
		else
			printf("%s %zu %s # returned %ld errno %d, want errno %d\n",
			       got == want ? "ok" : "not ok", i + 1, calls[i].label,
			       ret, got, want);
	}
	for (r = 0; r < TRACE_REPEAT; r++) {
		pthread_create(&th, NULL, robust_thread, NULL);
		pthread_join(th, NULL);
	}
	printf("FUTEX-CALLS-DONE\n");
	fflush(stdout);
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}
