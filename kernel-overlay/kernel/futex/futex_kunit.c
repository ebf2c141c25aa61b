// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the futex2 flags, the futex key, FUTEX2_MPOL's node and
 * the NUMA hash.
 *
 * The key tests run get_futex_key() on real user memory: the test thread
 * is given an mm of its own and maps pages into it, the way newer kernels
 * do in lib/kunit/user_alloc.c. The mm is released when the test thread
 * exits.
 *
 * The hash tests need the topology the test tooling gives QEMU: with
 * CONFIG_FUTEX_KUNIT_TEST_NODES set, they fail (not skip) when the kernel
 * sees another number of nodes.
 */

#include <kunit/test.h>
#include <linux/compat.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/kallsyms.h>
#include <linux/kthread.h>
#include <linux/log2.h>
#include <linux/mempolicy.h>
#include <linux/mm.h>
#include <linux/mman.h>
#include <linux/nodemask.h>
#include <linux/sched/mm.h>
#include <linux/sched/signal.h>
#include <linux/thread_info.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "futex.h"

/* Number of pages mapped for tests that walk many futex addresses. */
#define FUTEX_TEST_PAGES	16

/* ---------------------------------------------------------------------- */
/* Helpers                                                                 */
/* ---------------------------------------------------------------------- */

/* Give the test thread an mm of its own, unless it has one already. */
static int futex_test_attach_mm(void)
{
	struct mm_struct *mm;

	if (current->mm)
		return 0;

	/*
	 * alpha's switch_mm() sets the thread's ASN but not its page table
	 * base (pcb.ptbr, set at fork): a kernel thread that borrows an mm
	 * keeps walking init_mm's tables and faults on the first user access
	 * forever (measured: the guest spins there).
	 */
	if (IS_ENABLED(CONFIG_ALPHA))
		return -EOPNOTSUPP;

	mm = mm_alloc();
	if (!mm)
		return -ENOMEM;

	mm->task_size = TASK_SIZE;
	arch_pick_mmap_layout(mm, &current->signal->rlim[RLIMIT_STACK]);

	/* Dropped by exit_mm() when the test thread exits. */
	kthread_use_mm(mm);
	return 0;
}

/* Map @pages anonymous pages with @prot and @flags into the test's mm. */
static void __user *futex_test_mmap(struct kunit *test, unsigned long pages,
				    unsigned long prot, unsigned long flags)
{
	unsigned long addr;
	int ret = futex_test_attach_mm();

	if (ret == -EOPNOTSUPP)
		kunit_skip(test, "a kernel thread cannot use user memory on this architecture");
	KUNIT_ASSERT_EQ(test, ret, 0);

	addr = vm_mmap(NULL, 0, pages * PAGE_SIZE, prot,
		       flags | MAP_ANONYMOUS, 0);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR_VALUE(addr),
			       "vm_mmap failed: %ld", (long)addr);

	return (void __user *)addr;
}

static void __user *futex_test_rw_page(struct kunit *test)
{
	return futex_test_mmap(test, 1, PROT_READ | PROT_WRITE, MAP_PRIVATE);
}

/* Store @val as a word of @size bytes at @uaddr. */
static void futex_test_put(struct kunit *test, void __user *uaddr,
			   unsigned int size, u32 val)
{
	int ret = -EINVAL;

	switch (size) {
	case 1:
		ret = put_user((u8)val, (u8 __user *)uaddr);
		break;
	case 2:
		ret = put_user((u16)val, (u16 __user *)uaddr);
		break;
	case 4:
		ret = put_user(val, (u32 __user *)uaddr);
		break;
	}
	KUNIT_ASSERT_EQ(test, ret, 0);
}

/* Read a word of @size bytes at @uaddr. */
static u32 futex_test_get(struct kunit *test, void __user *uaddr,
			  unsigned int size)
{
	u32 val = 0;
	int ret = -EINVAL;
	u16 v16;
	u8 v8;

	/* Each size into its own type: see __futex_get_value(). */
	switch (size) {
	case 1:
		ret = get_user(v8, (u8 __user *)uaddr);
		val = v8;
		break;
	case 2:
		ret = get_user(v16, (u16 __user *)uaddr);
		val = v16;
		break;
	case 4:
		ret = get_user(val, (u32 __user *)uaddr);
		break;
	}
	KUNIT_ASSERT_EQ(test, ret, 0);
	return val;
}

/*
 * Enter (@on) or leave the compat syscall state, the way this architecture
 * tracks it for in_compat_syscall(). Returns false if the kernel has no
 * compat support to enter.
 */
static bool futex_test_set_compat(bool on)
{
#if defined(CONFIG_X86_64) && defined(CONFIG_IA32_EMULATION)
	if (on)
		current_thread_info()->status |= TS_COMPAT;
	else
		current_thread_info()->status &= ~TS_COMPAT;
	return true;
#elif defined(CONFIG_COMPAT) && defined(TIF_32BIT)
	/* arm64, powerpc, riscv, sparc, parisc: is_compat_task() */
	if (on)
		set_thread_flag(TIF_32BIT);
	else
		clear_thread_flag(TIF_32BIT);
	return true;
#elif defined(CONFIG_COMPAT) && defined(TIF_31BIT)
	/* s390 */
	if (on)
		set_thread_flag(TIF_31BIT);
	else
		clear_thread_flag(TIF_31BIT);
	return true;
#else
	return false;
#endif
}

/* Fail unless the kernel sees the number of nodes the test setup promised. */
static void futex_test_expect_topology(struct kunit *test)
{
	if (!CONFIG_FUTEX_KUNIT_TEST_NODES)
		return;

	KUNIT_ASSERT_EQ_MSG(test, num_possible_nodes(),
			    CONFIG_FUTEX_KUNIT_TEST_NODES,
			    "the test setup promised %d NUMA nodes (nr_node_ids:%u)",
			    CONFIG_FUTEX_KUNIT_TEST_NODES, nr_node_ids);
}

/* ---------------------------------------------------------------------- */
/* Suite: futex_flags -- FUTEX2_* and futex() op bits to FLAGS_*          */
/* ---------------------------------------------------------------------- */

struct futex_flags_case {
	const char *name;
	unsigned int in;
	unsigned int want;
};

/* Every combination of the bits in FUTEX2_VALID_MASK. */
static const struct futex_flags_case futex2_flags_cases[] = {
	{ "U8",			0x00, FLAGS_SIZE_8  | FLAGS_SHARED },
	{ "U16",		0x01, FLAGS_SIZE_16 | FLAGS_SHARED },
	{ "U32",		0x02, FLAGS_SIZE_32 | FLAGS_SHARED },
	{ "U64",		0x03, FLAGS_SIZE_64 | FLAGS_SHARED },
	{ "U8_NUMA",		0x04, FLAGS_SIZE_8  | FLAGS_SHARED | FLAGS_NUMA },
	{ "U16_NUMA",		0x05, FLAGS_SIZE_16 | FLAGS_SHARED | FLAGS_NUMA },
	{ "U32_NUMA",		0x06, FLAGS_SIZE_32 | FLAGS_SHARED | FLAGS_NUMA },
	{ "U64_NUMA",		0x07, FLAGS_SIZE_64 | FLAGS_SHARED | FLAGS_NUMA },
	{ "U8_PRIVATE",		0x80, FLAGS_SIZE_8 },
	{ "U16_PRIVATE",	0x81, FLAGS_SIZE_16 },
	{ "U32_PRIVATE",	0x82, FLAGS_SIZE_32 },
	{ "U64_PRIVATE",	0x83, FLAGS_SIZE_64 },
	{ "U8_NUMA_PRIVATE",	0x84, FLAGS_SIZE_8  | FLAGS_NUMA },
	{ "U16_NUMA_PRIVATE",	0x85, FLAGS_SIZE_16 | FLAGS_NUMA },
	{ "U32_NUMA_PRIVATE",	0x86, FLAGS_SIZE_32 | FLAGS_NUMA },
	{ "U64_NUMA_PRIVATE",	0x87, FLAGS_SIZE_64 | FLAGS_NUMA },
	{ "U8_MPOL",		0x08, FLAGS_SIZE_8  | FLAGS_SHARED | FLAGS_MPOL },
	{ "U16_MPOL",		0x09, FLAGS_SIZE_16 | FLAGS_SHARED | FLAGS_MPOL },
	{ "U32_MPOL",		0x0a, FLAGS_SIZE_32 | FLAGS_SHARED | FLAGS_MPOL },
	{ "U64_MPOL",		0x0b, FLAGS_SIZE_64 | FLAGS_SHARED | FLAGS_MPOL },
	{ "U8_NUMA_MPOL",	0x0c,
	  FLAGS_SIZE_8  | FLAGS_SHARED | FLAGS_NUMA | FLAGS_MPOL },
	{ "U16_NUMA_MPOL",	0x0d,
	  FLAGS_SIZE_16 | FLAGS_SHARED | FLAGS_NUMA | FLAGS_MPOL },
	{ "U32_NUMA_MPOL",	0x0e,
	  FLAGS_SIZE_32 | FLAGS_SHARED | FLAGS_NUMA | FLAGS_MPOL },
	{ "U64_NUMA_MPOL",	0x0f,
	  FLAGS_SIZE_64 | FLAGS_SHARED | FLAGS_NUMA | FLAGS_MPOL },
	{ "U8_MPOL_PRIVATE",	0x88, FLAGS_SIZE_8  | FLAGS_MPOL },
	{ "U16_MPOL_PRIVATE",	0x89, FLAGS_SIZE_16 | FLAGS_MPOL },
	{ "U32_MPOL_PRIVATE",	0x8a, FLAGS_SIZE_32 | FLAGS_MPOL },
	{ "U64_MPOL_PRIVATE",	0x8b, FLAGS_SIZE_64 | FLAGS_MPOL },
	{ "U8_NUMA_MPOL_PRIVATE",	0x8c, FLAGS_SIZE_8  | FLAGS_NUMA | FLAGS_MPOL },
	{ "U16_NUMA_MPOL_PRIVATE",	0x8d, FLAGS_SIZE_16 | FLAGS_NUMA | FLAGS_MPOL },
	{ "U32_NUMA_MPOL_PRIVATE",	0x8e, FLAGS_SIZE_32 | FLAGS_NUMA | FLAGS_MPOL },
	{ "U64_NUMA_MPOL_PRIVATE",	0x8f, FLAGS_SIZE_64 | FLAGS_NUMA | FLAGS_MPOL },
};

static void futex_flags_case_desc(const struct futex_flags_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(futex2_flags, futex2_flags_cases, futex_flags_case_desc);

static void futex2_to_flags_converts_every_combination(struct kunit *test)
{
	const struct futex_flags_case *c = test->param_value;

	/* The table is written against the uapi values. */
	KUNIT_EXPECT_EQ(test, c->in & ~FUTEX2_VALID_MASK, 0u);
	KUNIT_EXPECT_EQ(test, futex2_to_flags(c->in), c->want);
	KUNIT_EXPECT_EQ(test, futex_size(futex2_to_flags(c->in)),
			1u << (c->in & FUTEX2_SIZE_MASK));
}

/* futex() ops: the command bits never leak into the flags. */
static const struct futex_flags_case futex_op_cases[] = {
	{ "WAIT",			FUTEX_WAIT,
	  FLAGS_SIZE_32 | FLAGS_SHARED },
	{ "WAKE_PRIVATE",		FUTEX_WAKE_PRIVATE,
	  FLAGS_SIZE_32 },
	{ "WAIT_BITSET_REALTIME",	FUTEX_WAIT_BITSET | FUTEX_CLOCK_REALTIME,
	  FLAGS_SIZE_32 | FLAGS_SHARED | FLAGS_CLOCKRT },
	{ "WAIT_BITSET_PRIVATE_REALTIME",
	  FUTEX_WAIT_BITSET_PRIVATE | FUTEX_CLOCK_REALTIME,
	  FLAGS_SIZE_32 | FLAGS_CLOCKRT },
	{ "CMP_REQUEUE_PI",		FUTEX_CMP_REQUEUE_PI,
	  FLAGS_SIZE_32 | FLAGS_SHARED },
	{ "LOCK_PI2_PRIVATE",		FUTEX_LOCK_PI2 | FUTEX_PRIVATE_FLAG,
	  FLAGS_SIZE_32 },
};

KUNIT_ARRAY_PARAM(futex_op, futex_op_cases, futex_flags_case_desc);

static void futex_to_flags_is_32bit_and_keeps_private_and_clock(struct kunit *test)
{
	const struct futex_flags_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, futex_to_flags(c->in), c->want);
	KUNIT_EXPECT_EQ(test, futex_size(futex_to_flags(c->in)), 4u);
}

/*
 * futex_legacy_flags() only tells the compiler what futex_to_flags() made:
 * at run time it changes no legacy op's flags, nor a restart's.
 */
static void futex_legacy_flags_changes_no_legacy_op(struct kunit *test)
{
	const struct futex_flags_case *c = test->param_value;
	unsigned int flags = futex_to_flags(c->in);

	KUNIT_EXPECT_EQ(test, futex_legacy_flags(flags), flags);
	KUNIT_EXPECT_EQ(test, futex_legacy_flags(flags | FLAGS_HAS_TIMEOUT),
			flags | FLAGS_HAS_TIMEOUT);
	/* Nor can a futex2-only bit survive into a legacy body. */
	KUNIT_EXPECT_EQ(test, futex_legacy_flags(flags | FLAGS_NUMA | FLAGS_MPOL |
						 FLAGS_STRICT), flags);
}

/* A legacy futex and a 32-bit futex2 futex are the same kind of futex. */
static void futex_legacy_and_futex2_u32_flags_agree(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, futex_to_flags(FUTEX_WAIT_PRIVATE),
			futex2_to_flags(FUTEX2_SIZE_U32 | FUTEX2_PRIVATE));
	KUNIT_EXPECT_EQ(test, futex_to_flags(FUTEX_WAIT),
			futex2_to_flags(FUTEX2_SIZE_U32));
	KUNIT_EXPECT_EQ(test, FUTEX_32, FUTEX2_SIZE_U32);
}

static struct kunit_case futex_flags_test_cases[] = {
	KUNIT_CASE_PARAM(futex2_to_flags_converts_every_combination,
			 futex2_flags_gen_params),
	KUNIT_CASE_PARAM(futex_to_flags_is_32bit_and_keeps_private_and_clock,
			 futex_op_gen_params),
	KUNIT_CASE_PARAM(futex_legacy_flags_changes_no_legacy_op,
			 futex_op_gen_params),
	KUNIT_CASE(futex_legacy_and_futex2_u32_flags_agree),
	{}
};

static struct kunit_suite futex_flags_test_suite = {
	.name = "futex_flags",
	.test_cases = futex_flags_test_cases,
};

/* ---------------------------------------------------------------------- */
/* Suite: futex_flags_valid -- which futexes exist, native and compat     */
/* ---------------------------------------------------------------------- */

struct futex_valid_case {
	const char *name;
	unsigned int flags2;
	bool valid;
};

static const struct futex_valid_case futex_valid_cases[] = {
	{ "U8",		FUTEX2_SIZE_U8,				true },
	{ "U16",	FUTEX2_SIZE_U16,			true },
	{ "U32",	FUTEX2_SIZE_U32,			true },
	/* Not implemented; never for compat tasks or 32-bit kernels. */
	{ "U64",	FUTEX2_SIZE_U64,			false },
	{ "U8_NUMA",	FUTEX2_SIZE_U8 | FUTEX2_NUMA,		true },
	{ "U16_NUMA",	FUTEX2_SIZE_U16 | FUTEX2_NUMA,		true },
	{ "U32_NUMA",	FUTEX2_SIZE_U32 | FUTEX2_NUMA,		true },
	{ "U64_NUMA",	FUTEX2_SIZE_U64 | FUTEX2_NUMA,		false },
	{ "U8_PRIVATE",	FUTEX2_SIZE_U8 | FUTEX2_PRIVATE,	true },
	{ "U64_PRIVATE", FUTEX2_SIZE_U64 | FUTEX2_PRIVATE,	false },
};

static void futex_valid_case_desc(const struct futex_valid_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(futex_valid, futex_valid_cases, futex_valid_case_desc);

static void futex_flags_valid_native(struct kunit *test)
{
	const struct futex_valid_case *c = test->param_value;

	KUNIT_EXPECT_FALSE(test, in_compat_syscall());
	KUNIT_EXPECT_EQ(test, futex_flags_valid(futex2_to_flags(c->flags2)),
			c->valid);
}

static void futex_flags_valid_compat(struct kunit *test)
{
	const struct futex_valid_case *c = test->param_value;
	bool in_compat, valid;

	if (!futex_test_set_compat(true))
		kunit_skip(test, "no compat support in this kernel");

	in_compat = in_compat_syscall();
	valid = futex_flags_valid(futex2_to_flags(c->flags2));
	futex_test_set_compat(false);

	KUNIT_EXPECT_TRUE_MSG(test, in_compat, "compat state was not entered");
	KUNIT_EXPECT_FALSE(test, in_compat_syscall());
	KUNIT_EXPECT_EQ(test, valid, c->valid);
}

/* A FLAGS_NUMA node word must hold every node id and the all-ones value. */
static void futex_flags_valid_numa_fits_node_ids(struct kunit *test)
{
	unsigned int size;

	for (size = FLAGS_SIZE_8; size <= FLAGS_SIZE_32; size++) {
		unsigned int flags = size | FLAGS_NUMA;

		KUNIT_EXPECT_EQ_MSG(test, futex_flags_valid(flags),
				    nr_node_ids < futex_size_max(flags),
				    "size %u, nr_node_ids %u",
				    futex_size(flags), nr_node_ids);
	}
	KUNIT_EXPECT_EQ(test, futex_size_max(FLAGS_SIZE_8), 0xffu);
	KUNIT_EXPECT_EQ(test, futex_size_max(FLAGS_SIZE_16), 0xffffu);
	KUNIT_EXPECT_EQ(test, futex_size_max(FLAGS_SIZE_32), 0xffffffffu);
}

static struct kunit_case futex_flags_valid_test_cases[] = {
	KUNIT_CASE_PARAM(futex_flags_valid_native, futex_valid_gen_params),
	KUNIT_CASE_PARAM(futex_flags_valid_compat, futex_valid_gen_params),
	KUNIT_CASE(futex_flags_valid_numa_fits_node_ids),
	{}
};

static struct kunit_suite futex_flags_valid_test_suite = {
	.name = "futex_flags_valid",
	.test_cases = futex_flags_valid_test_cases,
};

/* ---------------------------------------------------------------------- */
/* Suite: futex_validate_input -- values and masks fit the size           */
/* ---------------------------------------------------------------------- */

struct futex_input_case {
	const char *name;
	unsigned int flags;
	u64 val;
	bool valid;
};

static const struct futex_input_case futex_input_cases[] = {
	{ "U8_zero",		FLAGS_SIZE_8,	0,			true },
	{ "U8_max",		FLAGS_SIZE_8,	0xff,			true },
	{ "U8_max_plus_1",	FLAGS_SIZE_8,	0x100,			false },
	{ "U8_top_bit",		FLAGS_SIZE_8,	1ULL << 63,		false },
	{ "U16_max",		FLAGS_SIZE_16,	0xffff,			true },
	{ "U16_max_plus_1",	FLAGS_SIZE_16,	0x10000,		false },
	{ "U32_max",		FLAGS_SIZE_32,	0xffffffff,		true },
	{ "U32_max_plus_1",	FLAGS_SIZE_32,	0x100000000ULL,		false },
	{ "U32_all_ones",	FLAGS_SIZE_32,	~0ULL,			false },
	{ "U64_all_ones",	FLAGS_SIZE_64,	~0ULL,			true },
	{ "U8_NUMA_max",	FLAGS_SIZE_8 | FLAGS_NUMA, 0xff,	true },
	{ "U8_NUMA_max_plus_1",	FLAGS_SIZE_8 | FLAGS_NUMA, 0x100,	false },
};

static void futex_input_case_desc(const struct futex_input_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(futex_input, futex_input_cases, futex_input_case_desc);

static void futex_validate_input_at_size_edges(struct kunit *test)
{
	const struct futex_input_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, futex_validate_input(c->flags, c->val), c->valid);
}

static struct kunit_case futex_validate_input_test_cases[] = {
	KUNIT_CASE_PARAM(futex_validate_input_at_size_edges,
			 futex_input_gen_params),
	{}
};

static struct kunit_suite futex_validate_input_test_suite = {
	.name = "futex_validate_input",
	.test_cases = futex_validate_input_test_cases,
};

/* ---------------------------------------------------------------------- */
/* Suite: futex_value -- sized reads of futex words                       */
/* ---------------------------------------------------------------------- */

/*
 * Every value of an 8- or 16-bit futex reads back as itself, zero-extended,
 * whatever the bytes around it hold: also those with the top bit set (a
 * sign-extending read made 0xff 0xffffffff on riscv), and all ones, which
 * is "no node" in a node word.
 */
static void futex_value_reads_zero_extended(struct kunit *test)
{
	static const u32 values[] = { 0, 1, 0x7f, 0x80, 0xfe, 0xff, 0x7fff,
				      0x8000, 0xffff, 0x80000000, 0xffffffff };
	unsigned int sizes[] = { FLAGS_SIZE_8, FLAGS_SIZE_16, FLAGS_SIZE_32 };
	void __user *page = futex_test_rw_page(test);
	unsigned int i, j;

	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		unsigned int size = futex_size(sizes[i]);
		void __user *uaddr = page + 8;

		for (j = 0; j < ARRAY_SIZE(values); j++) {
			u32 want = values[j] & futex_size_max(sizes[i]);
			u32 got = 0x5a5a5a5a, locked = 0x5a5a5a5a;

			/* Neighbours of the opposite pattern. */
			futex_test_put(test, page, 4, ~0U);
			futex_test_put(test, page + 4, 4, ~want);
			futex_test_put(test, page + 12, 4, ~want);
			futex_test_put(test, uaddr, size, want);

			KUNIT_EXPECT_EQ(test, futex_get_value(&got, uaddr, sizes[i]), 0);
			KUNIT_EXPECT_EQ_MSG(test, got, want, "U%u value 0x%x",
					    8 * size, want);
			KUNIT_EXPECT_EQ(test, futex_get_value_locked(&locked, uaddr,
								     sizes[i]), 0);
			KUNIT_EXPECT_EQ_MSG(test, locked, want, "U%u value 0x%x, locked",
					    8 * size, want);
		}
	}
}

/*
 * What futex_wait_value_locked() tells the wait: the word holds the
 * expected value, or not, judged in the futex's own width. Bytes around
 * the word hold the opposite pattern, so a read that is too wide fails to
 * match; expected values that differ from the word only in its top bit
 * must not match, so a compare that is too narrow fails too.
 */
static void futex_wait_value_compares_in_its_width(struct kunit *test)
{
	static const u32 values[] = { 0, 1, 0x7f, 0x80, 0xff, 0x7fff, 0x8000,
				      0xffff, 0x80000000, 0xffffffff };
	unsigned int sizes[] = { FLAGS_SIZE_8, FLAGS_SIZE_16, FLAGS_SIZE_32 };
	void __user *page = futex_test_rw_page(test);
	unsigned int i, j;

	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		unsigned int size = futex_size(sizes[i]);
		u32 max = futex_size_max(sizes[i]);
		u32 top = max ^ (max >> 1);
		void __user *uaddr = page + 8;

		for (j = 0; j < ARRAY_SIZE(values); j++) {
			u32 want = values[j] & max;
			u32 uval = 0x5a5a5a5a;
			int ret;

			futex_test_put(test, page + 4, 4, ~want);
			futex_test_put(test, page + 8, 4, ~want);
			futex_test_put(test, page + 12, 4, ~want);
			futex_test_put(test, uaddr, size, want);

			ret = futex_wait_value_locked(&uval, uaddr, want,
						      sizes[i]);
			KUNIT_EXPECT_EQ_MSG(test, ret, 0, "U%u 0x%x", 8 * size,
					    want);
			KUNIT_EXPECT_EQ_MSG(test, uval, want, "U%u 0x%x",
					    8 * size, want);

			uval = want;
			ret = futex_wait_value_locked(&uval, uaddr, want ^ top,
						      sizes[i]);
			KUNIT_EXPECT_TRUE_MSG(test, ret == 1 ||
					      (!ret && uval != (want ^ top)),
					      "U%u 0x%x matched 0x%x: %d, 0x%x",
					      8 * size, want, want ^ top, ret,
					      uval);
		}
	}
}

static struct kunit_case futex_value_test_cases[] = {
	KUNIT_CASE(futex_value_reads_zero_extended),
	KUNIT_CASE(futex_wait_value_compares_in_its_width),
	{}
};

static struct kunit_suite futex_value_test_suite = {
	.name = "futex_value",
	.test_cases = futex_value_test_cases,
};

/* ---------------------------------------------------------------------- */
/* Suite: futex_key -- get_futex_key() on real user memory                */
/* ---------------------------------------------------------------------- */

struct futex_align_case {
	const char *name;
	unsigned int flags;
	unsigned int offset;
	int err;
};

static const struct futex_align_case futex_align_cases[] = {
	{ "U8_at_1",		FLAGS_SIZE_8,			1, 0 },
	{ "U8_at_3",		FLAGS_SIZE_8,			3, 0 },
	{ "U16_at_1",		FLAGS_SIZE_16,			1, -EINVAL },
	{ "U16_at_2",		FLAGS_SIZE_16,			2, 0 },
	{ "U32_at_2",		FLAGS_SIZE_32,			2, -EINVAL },
	{ "U32_at_4",		FLAGS_SIZE_32,			4, 0 },
	{ "U8_NUMA_at_1",	FLAGS_SIZE_8 | FLAGS_NUMA,	1, -EINVAL },
	{ "U8_NUMA_at_2",	FLAGS_SIZE_8 | FLAGS_NUMA,	2, 0 },
	{ "U16_NUMA_at_2",	FLAGS_SIZE_16 | FLAGS_NUMA,	2, -EINVAL },
	{ "U16_NUMA_at_4",	FLAGS_SIZE_16 | FLAGS_NUMA,	4, 0 },
	{ "U32_NUMA_at_4",	FLAGS_SIZE_32 | FLAGS_NUMA,	4, -EINVAL },
	{ "U32_NUMA_at_8",	FLAGS_SIZE_32 | FLAGS_NUMA,	8, 0 },
	{ "U32_SHARED_at_2",	FLAGS_SIZE_32 | FLAGS_SHARED,	2, -EINVAL },
	{ "U16_SHARED_at_6",	FLAGS_SIZE_16 | FLAGS_SHARED,	6, 0 },
};

static void futex_align_case_desc(const struct futex_align_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(futex_align, futex_align_cases, futex_align_case_desc);

static void futex_key_requires_natural_alignment(struct kunit *test)
{
	const struct futex_align_case *c = test->param_value;
	union futex_key key = FUTEX_KEY_INIT;
	void __user *page = futex_test_rw_page(test);

	/* NUMA cases: an all-ones node word, filled in on success. */
	KUNIT_ASSERT_EQ(test, clear_user(page, PAGE_SIZE), 0);
	if (c->flags & FLAGS_NUMA) {
		futex_test_put(test, page + c->offset + futex_size(c->flags),
			       futex_size(c->flags), futex_size_max(c->flags));
	}

	KUNIT_EXPECT_EQ(test, get_futex_key(page + c->offset, c->flags, &key,
					    FUTEX_READ), c->err);
}

/*
 * Keys of the same address: equal only for equal sizes. A 32-bit key is
 * 6.1's own (the offset in the page, the kind bits in its two low bits);
 * the others have their kind bits above the page offset and a size code
 * above those.
 */
static void futex_key_encodes_size(struct kunit *test)
{
	static const struct {
		unsigned int flags;
		unsigned long offset;	/* at page offset 64, private */
	} sizes[] = {
		{ FLAGS_SIZE_8,		64 | (PAGE_SIZE << 2) * 2 },
		{ FLAGS_SIZE_16,	64 | (PAGE_SIZE << 2) * 3 },
		{ FLAGS_SIZE_32,	64 },
	};
	unsigned int shared, i, j;
	void __user *page = futex_test_rw_page(test);

	for (shared = 0; shared <= FLAGS_SHARED; shared += FLAGS_SHARED) {
		union futex_key keys[ARRAY_SIZE(sizes)];

		for (i = 0; i < ARRAY_SIZE(sizes); i++) {
			/*
			 * A private mapping: an mm based key when shared, its
			 * kind bit above the page offset unless 32-bit.
			 */
			unsigned long kind = shared ? FUT_OFF_MMSHARED : 0;

			if (sizes[i].flags != FLAGS_SIZE_32)
				kind *= PAGE_SIZE;

			keys[i] = FUTEX_KEY_INIT;
			KUNIT_ASSERT_EQ(test,
					get_futex_key(page + 64,
						      sizes[i].flags | shared,
						      &keys[i], FUTEX_READ), 0);
			KUNIT_EXPECT_EQ(test, (unsigned long)keys[i].both.offset,
					sizes[i].offset | kind);
			KUNIT_EXPECT_EQ(test, keys[i].private.address,
					(unsigned long)page);
			if (!shared) {
				KUNIT_EXPECT_PTR_EQ(test, keys[i].private.mm,
						    current->mm);
			}
			KUNIT_EXPECT_EQ(test, futex_key_get_node(&keys[i]),
					NUMA_NO_NODE);
		}

		for (i = 0; i < ARRAY_SIZE(sizes); i++) {
			for (j = 0; j < ARRAY_SIZE(sizes); j++) {
				int match = futex_match(&keys[i], &keys[j]);

				KUNIT_EXPECT_EQ_MSG(test, match, i == j,
						    "sizes %u and %u, shared %u",
						    futex_size(sizes[i].flags),
						    futex_size(sizes[j].flags),
						    shared);
			}
		}
	}
}

/*
 * get_futex_key() stores no node for a key without FLAGS_NUMA or FLAGS_MPOL:
 * FUTEX_KEY_INIT must read as "no node", and every node, 0 included, must
 * read back as put in.
 */
static void futex_key_init_has_no_node(struct kunit *test)
{
	union futex_key key = FUTEX_KEY_INIT;
	int node;

	KUNIT_EXPECT_EQ(test, futex_key_get_node(&key), NUMA_NO_NODE);
	for_each_node(node) {
		futex_key_set_node(&key, node);
		KUNIT_EXPECT_EQ(test, futex_key_get_node(&key), node);
	}
	futex_key_set_node(&key, NUMA_NO_NODE);
	KUNIT_EXPECT_EQ(test, futex_key_get_node(&key), NUMA_NO_NODE);
	KUNIT_EXPECT_EQ(test, memcmp(&key, &FUTEX_KEY_INIT, sizeof(key)), 0);
}

/* A legacy futex() key and a 32-bit futex2 key of one address match. */
static void futex_key_legacy_matches_futex2_u32(struct kunit *test)
{
	static const struct {
		unsigned int op;
		unsigned int flags2;
	} pairs[] = {
		{ FUTEX_WAIT_PRIVATE,	FUTEX2_SIZE_U32 | FUTEX2_PRIVATE },
		{ FUTEX_WAKE,		FUTEX2_SIZE_U32 },
	};
	void __user *page = futex_test_rw_page(test);
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(pairs); i++) {
		union futex_key legacy = FUTEX_KEY_INIT;
		union futex_key f2 = FUTEX_KEY_INIT;
		unsigned int lflags = futex_to_flags(pairs[i].op);
		unsigned int f2flags = futex2_to_flags(pairs[i].flags2);

		KUNIT_ASSERT_EQ(test, get_futex_key(page + 128, lflags,
						    &legacy, FUTEX_READ), 0);
		KUNIT_ASSERT_EQ(test, get_futex_key(page + 128, f2flags,
						    &f2, FUTEX_READ), 0);
		KUNIT_EXPECT_TRUE(test, futex_match(&legacy, &f2));
		KUNIT_EXPECT_TRUE(test, futex_hash(&legacy) == futex_hash(&f2));
	}
}

/* Shared mappings: the kind bits and the size bits live side by side. */
static void futex_key_shared_mapping_keeps_kind_and_size(struct kunit *test)
{
	union futex_key k8 = FUTEX_KEY_INIT, k32 = FUTEX_KEY_INIT;
	void __user *page;

	page = futex_test_mmap(test, 1, PROT_READ | PROT_WRITE, MAP_SHARED);
	KUNIT_ASSERT_EQ(test, clear_user(page, PAGE_SIZE), 0);

	KUNIT_ASSERT_EQ(test, get_futex_key(page + 8, FLAGS_SIZE_8 | FLAGS_SHARED,
					    &k8, FUTEX_READ), 0);
	KUNIT_ASSERT_EQ(test, get_futex_key(page + 8, FLAGS_SIZE_32 | FLAGS_SHARED,
					    &k32, FUTEX_READ), 0);

	/*
	 * MAP_SHARED anonymous memory is shmem: an inode based key. The
	 * 32-bit one is 6.1's: offset 8 plus FUT_OFF_INODE; the 8-bit one
	 * has its kind bit above the page offset.
	 */
	KUNIT_EXPECT_EQ(test, (unsigned long)k8.both.offset,
			8 | (PAGE_SIZE << 2) * 2 | PAGE_SIZE * FUT_OFF_INODE);
	KUNIT_EXPECT_EQ(test, k32.both.offset, 8u | FUT_OFF_INODE);
	KUNIT_EXPECT_EQ(test, k8.shared.pgoff, k32.shared.pgoff);
	KUNIT_EXPECT_FALSE(test, futex_match(&k8, &k32));
}

static const unsigned int futex_numa_sizes[] = {
	FLAGS_SIZE_8, FLAGS_SIZE_16, FLAGS_SIZE_32,
};

static void futex_numa_size_desc(const unsigned int *size, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "U%u", 8 * futex_size(*size));
}

KUNIT_ARRAY_PARAM(futex_numa_size, futex_numa_sizes, futex_numa_size_desc);

/* An explicit node word is read at the futex's own size. */
static void futex_key_numa_reads_node_word(struct kunit *test)
{
	unsigned int flags = *(const unsigned int *)test->param_value | FLAGS_NUMA;
	unsigned int size = futex_size(flags);
	void __user *page = futex_test_rw_page(test);
	int node;

	futex_test_expect_topology(test);

	for_each_node(node) {
		union futex_key key = FUTEX_KEY_INIT;
		void __user *uaddr = page + 2 * size * (node + 1);

		/* Non-zero neighbours that a wrong-sized read would pick up. */
		KUNIT_ASSERT_EQ(test, clear_user(page, PAGE_SIZE), 0);
		futex_test_put(test, uaddr - size, size, futex_size_max(flags));
		futex_test_put(test, uaddr, size, 0x5a);
		futex_test_put(test, uaddr + size, size, node);
		futex_test_put(test, uaddr + 2 * size, size,
			       futex_size_max(flags));

		KUNIT_ASSERT_EQ(test, get_futex_key(uaddr, flags, &key,
						    FUTEX_READ), 0);
		KUNIT_EXPECT_EQ(test, futex_key_get_node(&key), node);
		KUNIT_EXPECT_EQ(test, futex_test_get(test, uaddr + size, size),
				(u32)node);
	}
}

/* An all-ones node word of the futex's size gets the current node. */
static void futex_key_numa_fills_in_no_node(struct kunit *test)
{
	unsigned int flags = *(const unsigned int *)test->param_value | FLAGS_NUMA;
	unsigned int size = futex_size(flags);
	void __user *page = futex_test_rw_page(test);
	void __user *uaddr = page + 4 * size;
	union futex_key key = FUTEX_KEY_INIT;
	int node;

	KUNIT_ASSERT_EQ(test, clear_user(page, PAGE_SIZE), 0);
	futex_test_put(test, uaddr + size, size, futex_size_max(flags));
	/* Guard word after the node word: must be left alone. */
	futex_test_put(test, uaddr + 2 * size, size, futex_size_max(flags));

	/* No migration between reading the node and checking it. */
	migrate_disable();
	node = numa_node_id();
	KUNIT_EXPECT_EQ(test, get_futex_key(uaddr, flags, &key, FUTEX_READ), 0);
	migrate_enable();

	KUNIT_EXPECT_EQ(test, futex_key_get_node(&key), node);
	KUNIT_EXPECT_EQ(test, futex_test_get(test, uaddr + size, size), (u32)node);
	KUNIT_EXPECT_EQ(test, futex_test_get(test, uaddr, size), 0u);
	KUNIT_EXPECT_EQ(test, futex_test_get(test, uaddr + 2 * size, size),
			futex_size_max(flags));
}

/* A node that is not possible is -EINVAL, and the word is left alone. */
static void futex_key_numa_rejects_impossible_node(struct kunit *test)
{
	unsigned int flags = *(const unsigned int *)test->param_value | FLAGS_NUMA;
	unsigned int size = futex_size(flags);
	void __user *page = futex_test_rw_page(test);
	const u32 bad[] = {
		nr_node_ids,
		futex_size_max(flags) - 1,	/* one below "no node" */
		min_t(u32, MAX_NUMNODES, futex_size_max(flags) - 1),
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		union futex_key key = FUTEX_KEY_INIT;

		if (bad[i] < MAX_NUMNODES && node_possible(bad[i]))
			continue;	/* only on a machine with that many nodes */

		futex_test_put(test, page + size, size, bad[i]);
		KUNIT_EXPECT_EQ_MSG(test, get_futex_key(page, flags, &key,
							FUTEX_READ), -EINVAL,
				    "node word %u", bad[i]);
		KUNIT_EXPECT_EQ(test, futex_test_get(test, page + size, size),
				bad[i]);
	}
}

/*
 * futex_key_node() takes any node word below futex_dense_nodes without
 * asking node_possible(): each such node must be possible. On the test
 * machine (nodes 0..N-1) the one-compare check is the one in use.
 */
static void futex_key_dense_nodes_are_possible(struct kunit *test)
{
	unsigned int node;

	futex_test_expect_topology(test);
	KUNIT_EXPECT_LE(test, futex_dense_nodes, nr_node_ids);
	for (node = 0; node < futex_dense_nodes; node++)
		KUNIT_EXPECT_TRUE_MSG(test, node_possible(node), "node %u", node);

	if (CONFIG_FUTEX_KUNIT_TEST_NODES)
		KUNIT_EXPECT_EQ(test, futex_dense_nodes,
				CONFIG_FUTEX_KUNIT_TEST_NODES);
}

/* Read-only memory: a node word is read, but cannot be written back. */
static void futex_key_numa_readonly_is_efault(struct kunit *test)
{
	unsigned int flags = *(const unsigned int *)test->param_value | FLAGS_NUMA;
	unsigned int size = futex_size(flags);
	u32 no_node = futex_size_max(flags);
	union futex_key key = FUTEX_KEY_INIT;
	void __user *page;
	u8 ones[4];

	page = futex_test_mmap(test, 1, PROT_READ, MAP_PRIVATE);

	/* Fresh anonymous memory reads as zeroes: node 0, nothing to write. */
	KUNIT_EXPECT_EQ(test, get_futex_key(page, flags, &key, FUTEX_READ), 0);
	KUNIT_EXPECT_EQ(test, futex_key_get_node(&key), 0);

	/*
	 * Poke "no node" in as a debugger would; the mapping stays read-only.
	 * All ones of any size, from a byte buffer: the low bytes of a u32
	 * are its first bytes only on little-endian machines.
	 */
	memset(ones, 0xff, sizeof(ones));
	KUNIT_ASSERT_EQ(test, access_remote_vm(current->mm,
					       (unsigned long)page + size,
					       ones, size,
					       FOLL_WRITE | FOLL_FORCE),
			(int)size);
	KUNIT_ASSERT_EQ(test, futex_test_get(test, page + size, size), no_node);

	KUNIT_EXPECT_EQ(test, get_futex_key(page, flags, &key, FUTEX_READ),
			-EFAULT);
	KUNIT_EXPECT_EQ(test, futex_test_get(test, page + size, size), no_node);
}

/* Addresses outside user memory fail before anything is read. */
static void futex_key_bad_address_is_efault(struct kunit *test)
{
	union futex_key key = FUTEX_KEY_INIT;
	void __user *kaddr = (void __user *)(unsigned long)&key;
	void __user *page;

	/*
	 * A kernel address is no user address (access_ok() fails) where both
	 * share one address space. Where user space is an address space of
	 * its own (s390, sparc64, parisc, some m68k), the same number is a
	 * user address like any other, and a private key never touches it.
	 */
	if (!IS_ENABLED(CONFIG_ALTERNATE_USER_ADDRESS_SPACE))
		KUNIT_EXPECT_EQ(test, get_futex_key(PTR_ALIGN(kaddr, 8),
						    FLAGS_SIZE_32, &key,
						    FUTEX_READ),
				-EFAULT);

	/* Unmapped user memory: the node word cannot be read. */
	page = futex_test_rw_page(test);
	KUNIT_ASSERT_EQ(test, vm_munmap((unsigned long)page, PAGE_SIZE), 0);
	KUNIT_EXPECT_EQ(test, get_futex_key(page, FLAGS_SIZE_16 | FLAGS_NUMA,
					    &key, FUTEX_READ), -EFAULT);
	KUNIT_EXPECT_EQ(test, get_futex_key(page, FLAGS_SIZE_32 | FLAGS_SHARED,
					    &key, FUTEX_READ), -EFAULT);
}

/* Kernel memory the key tests point at: mapped, and aligned for any size. */
static u64 futex_test_kernel_words[2] __aligned(16);

/*
 * No flag combination gets a key, or a wake, for an address outside user
 * memory: a kernel address, the first address past TASK_SIZE and, on
 * x86_64, a non-canonical one. Each fails with -EFAULT before anything is
 * read (the FUTEX2_MPOL-only path has its own access_ok()).
 */
static void futex_key_outside_user_memory_for_every_flag(struct kunit *test)
{
	void __user *addrs[] = {
		(void __user *)futex_test_kernel_words,
		(void __user *)TASK_SIZE,
#ifdef CONFIG_X86_64
		(void __user *)0x8000000000000000UL,
#endif
	};
	unsigned int i, j;

	if (IS_ENABLED(CONFIG_ALTERNATE_USER_ADDRESS_SPACE))
		kunit_skip(test, "user space is an address space of its own here");
	futex_test_rw_page(test);	/* the test's mm */
	for (i = 0; i < ARRAY_SIZE(futex2_flags_cases); i++) {
		const struct futex_flags_case *c = &futex2_flags_cases[i];

		if ((c->want & FLAGS_SIZE_MASK) == FLAGS_SIZE_64)
			continue;
		for (j = 0; j < ARRAY_SIZE(addrs); j++) {
			union futex_key key = FUTEX_KEY_INIT;

			KUNIT_EXPECT_EQ_MSG(test, get_futex_key(addrs[j], c->want, &key,
								FUTEX_READ), -EFAULT,
					    "%s at 0x%lx", c->name,
					    (unsigned long)addrs[j]);
			KUNIT_EXPECT_EQ_MSG(test, futex2_wake(addrs[j], c->want | FLAGS_STRICT,
							      1, FUTEX_BITSET_MATCH_ANY),
					    -EFAULT, "futex_wake %s at 0x%lx", c->name,
					    (unsigned long)addrs[j]);
		}
	}
	KUNIT_EXPECT_EQ(test, futex_test_kernel_words[0] | futex_test_kernel_words[1], 0);
}

static struct kunit_case futex_key_test_cases[] = {
	KUNIT_CASE(futex_key_outside_user_memory_for_every_flag),
	KUNIT_CASE_PARAM(futex_key_requires_natural_alignment,
			 futex_align_gen_params),
	KUNIT_CASE(futex_key_encodes_size),
	KUNIT_CASE(futex_key_init_has_no_node),
	KUNIT_CASE(futex_key_legacy_matches_futex2_u32),
	KUNIT_CASE(futex_key_shared_mapping_keeps_kind_and_size),
	KUNIT_CASE_PARAM(futex_key_numa_reads_node_word,
			 futex_numa_size_gen_params),
	KUNIT_CASE_PARAM(futex_key_numa_fills_in_no_node,
			 futex_numa_size_gen_params),
	KUNIT_CASE_PARAM(futex_key_numa_rejects_impossible_node,
			 futex_numa_size_gen_params),
	KUNIT_CASE(futex_key_dense_nodes_are_possible),
	KUNIT_CASE_PARAM(futex_key_numa_readonly_is_efault,
			 futex_numa_size_gen_params),
	KUNIT_CASE(futex_key_bad_address_is_efault),
	{}
};

static struct kunit_suite futex_key_test_suite = {
	.name = "futex_key",
	.test_cases = futex_key_test_cases,
};

/* ---------------------------------------------------------------------- */
/* Suite: futex_mpol -- FUTEX2_MPOL: the node from the VMA's policy        */
/* ---------------------------------------------------------------------- */

#ifdef CONFIG_NUMA
/*
 * A policy as mbind(2) and set_mempolicy_home_node(2) leave it on a VMA:
 * @nodes is a node for MPOL_PREFERRED, all possible nodes for the modes
 * with a node set, none for MPOL_LOCAL.
 */
struct futex_mpol_case {
	const char *name;
	bool none;		/* no policy on the VMA at all */
	unsigned short mode;
	int node;		/* MPOL_PREFERRED's node */
	int home;		/* the home node, or NUMA_NO_NODE */
	int want;		/* the node FUTEX2_MPOL takes, or NUMA_NO_NODE */
};

static const struct futex_mpol_case futex_mpol_cases[] = {
	{ "no_policy",		  true,  MPOL_DEFAULT, 0, NUMA_NO_NODE, NUMA_NO_NODE },
	{ "preferred_node0",	  false, MPOL_PREFERRED, 0, NUMA_NO_NODE, 0 },
	{ "preferred_node1",	  false, MPOL_PREFERRED, 1, NUMA_NO_NODE, 1 },
	{ "bind_no_home",	  false, MPOL_BIND, 0, NUMA_NO_NODE, NUMA_NO_NODE },
	{ "bind_home0",		  false, MPOL_BIND, 0, 0, 0 },
	{ "bind_home1",		  false, MPOL_BIND, 0, 1, 1 },
	{ "preferred_many_no_home", false, MPOL_PREFERRED_MANY, 0, NUMA_NO_NODE,
	  NUMA_NO_NODE },
	{ "preferred_many_home0", false, MPOL_PREFERRED_MANY, 0, 0, 0 },
	{ "preferred_many_home1", false, MPOL_PREFERRED_MANY, 0, 1, 1 },
	/* Modes without a node of their own, even with a home node set. */
	{ "interleave",		  false, MPOL_INTERLEAVE, 0, 1, NUMA_NO_NODE },
	{ "local",		  false, MPOL_LOCAL, 0, 1, NUMA_NO_NODE },
};

static void futex_mpol_case_desc(const struct futex_mpol_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(futex_mpol, futex_mpol_cases, futex_mpol_case_desc);

/* The policy of @c, on the stack; mpol_dup() makes a real one of it. */
static void futex_test_policy(struct kunit *test, const struct futex_mpol_case *c,
			      struct mempolicy *pol)
{
	futex_test_expect_topology(test);
	if (c->node >= (int)nr_node_ids || c->home >= (int)nr_node_ids)
		kunit_skip(test, "needs node %d", max(c->node, c->home));

	memset(pol, 0, sizeof(*pol));
	atomic_set(&pol->refcnt, 1);
	pol->mode = c->mode;
	pol->home_node = c->home;
	if (c->mode == MPOL_PREFERRED)
		pol->nodes = nodemask_of_node(c->node);
	else if (c->mode != MPOL_LOCAL)
		pol->nodes = node_possible_map;
}

/*
 * Put a copy of @pol (NULL: none) on the VMA at @uaddr, as mbind(2) does
 * through vma_replace_policy(): under mmap_write_lock(), the old policy
 * put after. The mm's teardown puts the last one.
 */
static void futex_test_set_vma_policy(struct kunit *test, struct mm_struct *mm,
				      void __user *uaddr, struct mempolicy *pol)
{
	struct mempolicy *new = mpol_dup(pol), *old = NULL;
	struct vm_area_struct *vma;

	KUNIT_ASSERT_FALSE(test, IS_ERR(new));

	mmap_write_lock(mm);
	vma = vma_lookup(mm, (unsigned long)uaddr);
	if (vma) {
		old = vma->vm_policy;
		vma->vm_policy = new;
		new = NULL;
	}
	mmap_write_unlock(mm);

	mpol_put(old);
	mpol_put(new);
	KUNIT_ASSERT_NOT_NULL_MSG(test, vma, "no VMA at %p", uaddr);
}

/* Each policy mode gives the node FUTEX2_MPOL's rule says. */
static void futex_mpol_node_follows_policy_mode(struct kunit *test)
{
	const struct futex_mpol_case *c = test->param_value;
	struct mempolicy pol;

	futex_test_policy(test, c, &pol);
	KUNIT_EXPECT_EQ(test, futex_mpol_node_of(c->none ? NULL : &pol), c->want);
}

/* The same on a real VMA: the lookup finds the VMA's own policy. */
static void futex_mpol_node_reads_the_vma_policy(struct kunit *test)
{
	const struct futex_mpol_case *c = test->param_value;
	void __user *page = futex_test_rw_page(test);
	struct mempolicy pol;

	futex_test_policy(test, c, &pol);
	futex_test_set_vma_policy(test, current->mm, page,
				  c->none ? NULL : &pol);
	KUNIT_EXPECT_EQ(test, futex_mpol_node(current->mm,
					      (unsigned long)page + 8), c->want);
}

/*
 * Without FUTEX2_NUMA there is no node word: the policy's node goes into
 * the key (and picks the hash table) and nothing is written, whatever the
 * words after the futex hold.
 */
static void futex_mpol_without_numa_writes_nothing(struct kunit *test)
{
	const struct futex_mpol_case *c = test->param_value;
	void __user *page = futex_test_rw_page(test);
	unsigned int flags = FLAGS_SIZE_32 | FLAGS_MPOL;
	union futex_key key = FUTEX_KEY_INIT;
	struct mempolicy pol;
	u32 words[4], after[4];
	unsigned int i;

	futex_test_policy(test, c, &pol);
	futex_test_set_vma_policy(test, current->mm, page,
				  c->none ? NULL : &pol);
	memset(words, 0xff, sizeof(words));	/* "no node" everywhere */
	KUNIT_ASSERT_EQ(test, copy_to_user(page, words, sizeof(words)), 0);

	KUNIT_ASSERT_EQ(test, get_futex_key(page, flags, &key, FUTEX_READ), 0);
	KUNIT_EXPECT_EQ(test, futex_key_get_node(&key), c->want);
	KUNIT_ASSERT_EQ(test, copy_from_user(after, page, sizeof(after)), 0);
	for (i = 0; i < ARRAY_SIZE(words); i++)
		KUNIT_EXPECT_EQ_MSG(test, after[i], words[i], "word %u", i);

	/* The node picks the table, as the futex ops look it up. */
	if (c->want != NUMA_NO_NODE)
		KUNIT_EXPECT_EQ(test, futex_hash_node(futex_hash_flags(&key, flags)),
				c->want);
}

/*
 * With FUTEX2_NUMA an unset node word gets the policy's node at the
 * futex's size, or the current node where the policy gives none; the
 * value and the word after are left alone.
 */
static void futex_mpol_numa_writes_back_policy_node(struct kunit *test)
{
	static const unsigned int sizes[] = {
		FLAGS_SIZE_8, FLAGS_SIZE_16, FLAGS_SIZE_32,
	};
	const struct futex_mpol_case *c = test->param_value;
	void __user *page = futex_test_rw_page(test);
	struct mempolicy pol;
	unsigned int i;

	futex_test_policy(test, c, &pol);
	futex_test_set_vma_policy(test, current->mm, page,
				  c->none ? NULL : &pol);

	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		unsigned int flags = sizes[i] | FLAGS_NUMA | FLAGS_MPOL;
		unsigned int size = futex_size(flags);
		void __user *uaddr = page + 16 * (i + 1);
		u32 no_node = futex_size_max(flags);
		union futex_key key = FUTEX_KEY_INIT;
		int want = c->want;

		KUNIT_ASSERT_EQ(test, clear_user(page, PAGE_SIZE), 0);
		futex_test_put(test, uaddr, size, 0x5a);
		futex_test_put(test, uaddr + size, size, no_node);
		futex_test_put(test, uaddr + 2 * size, size, no_node);

		/* No migration between the claim and the expectation. */
		migrate_disable();
		if (want == NUMA_NO_NODE)
			want = numa_node_id();
		KUNIT_EXPECT_EQ_MSG(test, get_futex_key(uaddr, flags, &key,
							FUTEX_READ), 0,
				    "U%u", 8 * size);
		migrate_enable();

		KUNIT_EXPECT_EQ_MSG(test, futex_key_get_node(&key), want,
				    "U%u", 8 * size);
		KUNIT_EXPECT_EQ_MSG(test, futex_test_get(test, uaddr + size, size),
				    (u32)want, "U%u", 8 * size);
		KUNIT_EXPECT_EQ(test, futex_test_get(test, uaddr, size), 0x5au);
		KUNIT_EXPECT_EQ(test, futex_test_get(test, uaddr + 2 * size, size),
				no_node);
	}
}

/* A node word that is set decides: the policy is not even looked at. */
static void futex_mpol_numa_set_word_wins(struct kunit *test)
{
	static const struct futex_mpol_case c = {
		"preferred_node1", false, MPOL_PREFERRED, 1, NUMA_NO_NODE, 1
	};
	unsigned int flags = FLAGS_SIZE_32 | FLAGS_NUMA | FLAGS_MPOL;
	void __user *page = futex_test_rw_page(test);
	union futex_key key = FUTEX_KEY_INIT;
	struct mempolicy pol;

	futex_test_policy(test, &c, &pol);
	futex_test_set_vma_policy(test, current->mm, page, &pol);
	futex_test_put(test, page + 4, 4, 0);

	KUNIT_ASSERT_EQ(test, get_futex_key(page, flags, &key, FUTEX_READ), 0);
	KUNIT_EXPECT_EQ(test, futex_key_get_node(&key), 0);
	KUNIT_EXPECT_EQ(test, futex_test_get(test, page + 4, 4), 0u);
}

/*
 * An address with no VMA: no node from the policy, and with a node word
 * to read, -EFAULT as without FUTEX2_MPOL.
 */
static void futex_mpol_unmapped_address(struct kunit *test)
{
	void __user *page = futex_test_rw_page(test);
	union futex_key key = FUTEX_KEY_INIT;

	KUNIT_ASSERT_EQ(test, vm_munmap((unsigned long)page, PAGE_SIZE), 0);

	KUNIT_EXPECT_EQ(test, futex_mpol_node(current->mm, (unsigned long)page),
			NUMA_NO_NODE);
	/* A private key touches no memory: no node, and no error yet. */
	KUNIT_EXPECT_EQ(test, get_futex_key(page, FLAGS_SIZE_32 | FLAGS_MPOL,
					    &key, FUTEX_READ), 0);
	KUNIT_EXPECT_EQ(test, futex_key_get_node(&key), NUMA_NO_NODE);
	KUNIT_EXPECT_EQ(test, get_futex_key(page, FLAGS_SIZE_32 | FLAGS_NUMA |
					    FLAGS_MPOL, &key, FUTEX_READ),
			-EFAULT);
	KUNIT_EXPECT_EQ(test, get_futex_key(page, FLAGS_SIZE_32 | FLAGS_SHARED |
					    FLAGS_MPOL, &key, FUTEX_READ),
			-EFAULT);
	/* No mm at all (a kernel thread's view): no node. */
	KUNIT_EXPECT_EQ(test, futex_mpol_node(NULL, (unsigned long)page),
			NUMA_NO_NODE);
}

struct futex_mpol_race {
	struct mm_struct *mm;
	unsigned long addr;
	unsigned long lookups;
	unsigned long bad;
};

static int futex_mpol_race_lookup(void *data)
{
	struct futex_mpol_race *r = data;

	while (!kthread_should_stop()) {
		int node = futex_mpol_node(r->mm, r->addr);

		if (node != NUMA_NO_NODE && !futex_node_valid(node))
			r->bad++;
		r->lookups++;
		cond_resched();
	}
	return 0;
}

/*
 * Lookups on another CPU while the policy is replaced and the old one
 * freed, as by mbind(2) in another thread: every lookup gives a node the
 * policies name, and the debug kernel (KASAN, lockdep: make test's
 * kunit-debug layer) sees no access to a freed policy. A lookup without
 * mmap_read_lock() is mainline's use-after-free.
 */
static void futex_mpol_lookup_races_policy_replacement(struct kunit *test)
{
	static const struct futex_mpol_case cases[] = {
		{ "preferred_node1", false, MPOL_PREFERRED, 1, NUMA_NO_NODE, 1 },
		{ "bind_home0", false, MPOL_BIND, 0, 0, 0 },
		{ "bind_no_home", false, MPOL_BIND, 0, NUMA_NO_NODE, NUMA_NO_NODE },
	};
	void __user *page = futex_test_rw_page(test);
	struct futex_mpol_race r = {
		.mm = current->mm, .addr = (unsigned long)page,
	};
	unsigned int i, cpu;
	struct task_struct *t;
	struct mempolicy pol;

	t = kthread_create(futex_mpol_race_lookup, &r, "futex_mpol_race");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	/* On another CPU than this one, if there is one: truly at once. */
	cpu = cpumask_any_but(cpu_online_mask, raw_smp_processor_id());
	if (cpu < nr_cpu_ids)
		kthread_bind(t, cpu);
	wake_up_process(t);
	for (i = 0; !READ_ONCE(r.lookups) && i < 500; i++)
		msleep(20);
	KUNIT_ASSERT_GT_MSG(test, READ_ONCE(r.lookups), 0ul,
			    "the lookup thread never ran");

	for (i = 0; i < 3000; i++) {
		futex_test_policy(test, &cases[i % ARRAY_SIZE(cases)], &pol);
		futex_test_set_vma_policy(test, current->mm, page, &pol);
		if (i % 16 == 0)
			futex_test_set_vma_policy(test, current->mm, page, NULL);
		cond_resched();
	}
	kthread_stop(t);

	KUNIT_EXPECT_EQ(test, r.bad, 0ul);
	kunit_info(test, "%lu lookups during 3000 policy replacements\n",
		   r.lookups);
}

struct futex_mpol_lookup {
	struct mm_struct *mm;
	unsigned long addr;
	int node;
	struct completion done;
};

static int futex_mpol_lookup_once(void *data)
{
	struct futex_mpol_lookup *l = data;

	l->node = futex_mpol_node(l->mm, l->addr);
	complete(&l->done);
	return 0;
}

/*
 * The lookup waits while the policy is being replaced: with mmap_write_lock()
 * held as mbind(2) holds it, a lookup in another thread does not finish
 * (in 200 ms), and once the new policy is in and the old one freed it
 * finds the new one. A lookup that does not take mmap_read_lock() finishes
 * at once with the old policy, which it could read after it was freed.
 */
static void futex_mpol_lookup_waits_for_policy_change(struct kunit *test)
{
	static const struct futex_mpol_case before = {
		"preferred_node0", false, MPOL_PREFERRED, 0, NUMA_NO_NODE, 0
	}, after = {
		"preferred_node1", false, MPOL_PREFERRED, 1, NUMA_NO_NODE, 1
	};
	void __user *page = futex_test_rw_page(test);
	struct mm_struct *mm = current->mm;
	struct futex_mpol_lookup l = {
		.mm = mm, .addr = (unsigned long)page,
	};
	struct mempolicy pol, *new, *old;
	struct vm_area_struct *vma;
	struct task_struct *t;
	bool early;

	futex_test_policy(test, &before, &pol);
	futex_test_set_vma_policy(test, mm, page, &pol);
	futex_test_policy(test, &after, &pol);
	new = mpol_dup(&pol);
	KUNIT_ASSERT_FALSE(test, IS_ERR(new));
	init_completion(&l.done);

	mmap_write_lock(mm);
	t = kthread_run(futex_mpol_lookup_once, &l, "futex_mpol_lookup");
	if (IS_ERR(t)) {
		mmap_write_unlock(mm);
		mpol_put(new);
		KUNIT_FAIL(test, "kthread_run: %ld", PTR_ERR(t));
		return;
	}
	early = wait_for_completion_timeout(&l.done, msecs_to_jiffies(200));
	vma = vma_lookup(mm, (unsigned long)page);
	old = vma->vm_policy;
	vma->vm_policy = new;
	mmap_write_unlock(mm);
	mpol_put(old);
	wait_for_completion(&l.done);

	KUNIT_EXPECT_FALSE_MSG(test, early,
			       "the lookup finished while the policy was being replaced (node %d)",
			       l.node);
	KUNIT_EXPECT_EQ(test, l.node, 1);
}

static struct kunit_case futex_mpol_test_cases[] = {
	KUNIT_CASE_PARAM(futex_mpol_node_follows_policy_mode,
			 futex_mpol_gen_params),
	KUNIT_CASE_PARAM(futex_mpol_node_reads_the_vma_policy,
			 futex_mpol_gen_params),
	KUNIT_CASE_PARAM(futex_mpol_without_numa_writes_nothing,
			 futex_mpol_gen_params),
	KUNIT_CASE_PARAM(futex_mpol_numa_writes_back_policy_node,
			 futex_mpol_gen_params),
	KUNIT_CASE(futex_mpol_numa_set_word_wins),
	KUNIT_CASE(futex_mpol_unmapped_address),
	KUNIT_CASE(futex_mpol_lookup_waits_for_policy_change),
	KUNIT_CASE(futex_mpol_lookup_races_policy_replacement),
	{}
};
#else
/* Without CONFIG_NUMA, FUTEX2_MPOL is accepted and gives no node. */
static void futex_mpol_gives_no_node_without_numa(struct kunit *test)
{
	void __user *page = futex_test_rw_page(test);
	union futex_key key = FUTEX_KEY_INIT;

	KUNIT_ASSERT_EQ(test, get_futex_key(page, FLAGS_SIZE_32 | FLAGS_MPOL,
					    &key, FUTEX_READ), 0);
	KUNIT_EXPECT_EQ(test, futex_key_get_node(&key), NUMA_NO_NODE);
}

/*
 * The NUMA cases need CONFIG_NUMA: each is a visible SKIP here, so that a
 * kernel without it does not lose them without a word.
 */
#define FUTEX_MPOL_NEEDS_NUMA(name)					\
static void name(struct kunit *test)					\
{									\
	kunit_skip(test, "needs CONFIG_NUMA");				\
}

FUTEX_MPOL_NEEDS_NUMA(futex_mpol_node_follows_policy_mode)
FUTEX_MPOL_NEEDS_NUMA(futex_mpol_node_reads_the_vma_policy)
FUTEX_MPOL_NEEDS_NUMA(futex_mpol_without_numa_writes_nothing)
FUTEX_MPOL_NEEDS_NUMA(futex_mpol_numa_writes_back_policy_node)
FUTEX_MPOL_NEEDS_NUMA(futex_mpol_numa_set_word_wins)
FUTEX_MPOL_NEEDS_NUMA(futex_mpol_unmapped_address)
FUTEX_MPOL_NEEDS_NUMA(futex_mpol_lookup_waits_for_policy_change)
FUTEX_MPOL_NEEDS_NUMA(futex_mpol_lookup_races_policy_replacement)

static struct kunit_case futex_mpol_test_cases[] = {
	KUNIT_CASE(futex_mpol_gives_no_node_without_numa),
	KUNIT_CASE(futex_mpol_node_follows_policy_mode),
	KUNIT_CASE(futex_mpol_node_reads_the_vma_policy),
	KUNIT_CASE(futex_mpol_without_numa_writes_nothing),
	KUNIT_CASE(futex_mpol_numa_writes_back_policy_node),
	KUNIT_CASE(futex_mpol_numa_set_word_wins),
	KUNIT_CASE(futex_mpol_unmapped_address),
	KUNIT_CASE(futex_mpol_lookup_waits_for_policy_change),
	KUNIT_CASE(futex_mpol_lookup_races_policy_replacement),
	{}
};
#endif /* CONFIG_NUMA */

static struct kunit_suite futex_mpol_test_suite = {
	.name = "futex_mpol",
	.test_cases = futex_mpol_test_cases,
};

/* ---------------------------------------------------------------------- */
/* Suite: futex_hash -- which node's table a key lands in                 */
/* ---------------------------------------------------------------------- */

/* The kernel sees the topology the test setup gave it. */
static void futex_hash_sees_promised_nodes(struct kunit *test)
{
	int node;

	futex_test_expect_topology(test);

	/* Every possible node has a table of its own. */
	for_each_node(node) {
		union futex_key key = FUTEX_KEY_INIT;

		futex_key_set_node(&key, node);
		KUNIT_EXPECT_EQ(test, futex_hash_node(futex_hash(&key)), node);
	}
}

/*
 * Keys without a node pick their table through the node map: every entry
 * points to a possible node's table, and the nodes' shares of the entries
 * differ by at most one.
 */
static void futex_hash_node_map_shares_evenly(struct kunit *test)
{
	unsigned int *share, i, entries, lo = UINT_MAX, hi = 0;
	int node;

	share = kunit_kcalloc(test, nr_node_ids, sizeof(*share), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, share);

	for (i = 0; (node = futex_hash_map_node(i)) != -ERANGE; i++) {
		KUNIT_ASSERT_TRUE_MSG(test, node >= 0 && node < nr_node_ids &&
				      node_possible(node),
				      "map entry %u: node %d", i, node);
		share[node]++;
	}
	entries = i;
	KUNIT_EXPECT_GE(test, entries, 32u);
	KUNIT_EXPECT_TRUE(test, is_power_of_2(entries));

	for_each_node(node) {
		kunit_info(test, "node %d: %u of %u map entries", node,
			   share[node], entries);
		lo = min(lo, share[node]);
		hi = max(hi, share[node]);
	}
	KUNIT_EXPECT_LE(test, hi - lo, 1u);
	if (num_possible_nodes() <= entries)
		KUNIT_EXPECT_GE(test, lo, 1u);
}

/*
 * The same bucket by every way to it: futex_hash(), and the variants that
 * know the key's node flags (futex_hash_flags()), and the futex_q_lock()s.
 */
static void futex_test_expect_one_bucket(struct kunit *test,
					 union futex_key *key,
					 struct futex_hash_bucket *hb,
					 unsigned int flags)
{
	struct futex_q q = futex_q_init;
	struct futex_hash_bucket *locked;

	q.key = *key;
	if (flags & FLAGS_NUMA) {
		KUNIT_EXPECT_PTR_EQ(test, futex_hash_numa(key), hb);
		locked = futex_q_lock_numa(&q);
	} else {
		KUNIT_EXPECT_PTR_EQ(test, futex_hash_plain(key), hb);
		locked = futex_q_lock_plain(&q);
	}
	futex_q_unlock(locked);
	KUNIT_EXPECT_PTR_EQ(test, locked, hb);
	locked = futex_q_lock_flags(&q, flags);
	futex_q_unlock(locked);
	KUNIT_EXPECT_PTR_EQ(test, locked, hb);
}

/*
 * FUTEX2_NUMA keys hash into the table of the node in their node word, by
 * every way to the bucket.
 */
static void futex_hash_numa_key_lands_in_its_node(struct kunit *test)
{
	void __user *mem = futex_test_mmap(test, FUTEX_TEST_PAGES,
					   PROT_READ | PROT_WRITE, MAP_PRIVATE);
	unsigned int flags = FLAGS_SIZE_32 | FLAGS_NUMA;
	unsigned long off;
	int node;

	futex_test_expect_topology(test);

	for_each_node(node) {
		for (off = 0; off < FUTEX_TEST_PAGES * PAGE_SIZE; off += 200 * 8) {
			union futex_key key = FUTEX_KEY_INIT;
			struct futex_hash_bucket *hb;

			futex_test_put(test, mem + off + 4, 4, node);
			KUNIT_ASSERT_EQ(test, get_futex_key(mem + off, flags,
							    &key, FUTEX_READ), 0);
			hb = futex_hash(&key);
			KUNIT_EXPECT_EQ(test, futex_hash_node(hb), node);
			KUNIT_EXPECT_GE(test, futex_hash_index(hb), 0L);
			futex_test_expect_one_bucket(test, &key, hb, flags);
		}
	}
}

/*
 * Keys without FUTEX2_NUMA land only in possible nodes' tables and spread
 * over all of them. Private keys are built from the address alone, so
 * many keys cost no memory.
 */
static void futex_hash_plain_keys_spread_over_nodes(struct kunit *test)
{
	void __user *mem = futex_test_mmap(test, FUTEX_TEST_PAGES,
					   PROT_READ | PROT_WRITE, MAP_PRIVATE);
	unsigned int sizes[] = { FLAGS_SIZE_8, FLAGS_SIZE_16, FLAGS_SIZE_32 };
	unsigned long per_node[MAX_NUMNODES] = { };
	unsigned long total = 0, off, plain_differs = 0;
	unsigned int i;
	int node;

	futex_test_expect_topology(test);

	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		for (off = 0; off < FUTEX_TEST_PAGES * PAGE_SIZE; off += 4) {
			union futex_key key = FUTEX_KEY_INIT;
			struct futex_hash_bucket *hb;

			KUNIT_ASSERT_EQ(test, get_futex_key(mem + off, sizes[i],
							    &key, FUTEX_READ), 0);
			hb = futex_hash(&key);
			/* What legacy futex() uses: the same bucket. */
			plain_differs += futex_hash_plain(&key) != hb;
			if (!(off % PAGE_SIZE))
				futex_test_expect_one_bucket(test, &key, hb,
							     sizes[i]);
			node = futex_hash_node(hb);
			KUNIT_ASSERT_TRUE_MSG(test, node >= 0 &&
					      node_possible(node),
					      "key at +%lu in node %d",
					      off, node);
			per_node[node]++;
			total++;
		}
	}

	KUNIT_EXPECT_EQ(test, plain_differs, 0ul);

	/* Each node within 5% of an even share: 11 sigma for 2 nodes. */
	for_each_node(node) {
		unsigned long even = total / num_possible_nodes();

		kunit_info(test, "node %d: %lu of %lu plain keys (%lu.%lu%% of an even share)\n",
			   node, per_node[node], total, per_node[node] * 100 / even,
			   (per_node[node] * 1000 / even) % 10);
		KUNIT_EXPECT_GT_MSG(test, per_node[node] * 20, even * 19,
				    "node %d has %lu of %lu keys", node,
				    per_node[node], total);
		KUNIT_EXPECT_LT_MSG(test, per_node[node] * 20, even * 21,
				    "node %d has %lu of %lu keys", node,
				    per_node[node], total);
	}
}

/*
 * The load of each node's buckets, for many plain U32 keys, is what random
 * placement would give: the fullest bucket within 1.5 times the
 * balls-into-bins expectation for the fullest of n bins holding m keys,
 * m/n + sqrt(2 (m/n) ln n) (m much larger than n). Reports the loads.
 */
static void futex_hash_bucket_load_is_balls_into_bins(struct kunit *test)
{
	void __user *mem = futex_test_mmap(test, FUTEX_TEST_PAGES,
					   PROT_READ | PROT_WRITE, MAP_PRIVATE);
	unsigned long buckets = futex_hash_buckets(), off, i;
	unsigned int *load;
	int node;

	futex_test_expect_topology(test);
	load = kunit_kcalloc(test, nr_node_ids * buckets, sizeof(*load), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, load);

	for (off = 0; off < FUTEX_TEST_PAGES * PAGE_SIZE; off += 4) {
		union futex_key key = FUTEX_KEY_INIT;
		struct futex_hash_bucket *hb;

		KUNIT_ASSERT_EQ(test, get_futex_key(mem + off, FLAGS_SIZE_32,
						    &key, FUTEX_READ), 0);
		hb = futex_hash(&key);
		load[futex_hash_node(hb) * buckets + futex_hash_index(hb)]++;
	}

	for_each_node(node) {
		unsigned long keys = 0, max = 0, empty = 0, mean, expect;
		/* ln(buckets) in thousandths; buckets is a power of two. */
		unsigned long ln_milli = ilog2(buckets) * 693;

		for (i = 0; i < buckets; i++) {
			unsigned int l = load[node * buckets + i];

			keys += l;
			max = max_t(unsigned long, max, l);
			empty += !l;
		}
		mean = keys / buckets;
		expect = mean + int_sqrt(2 * mean * ln_milli / 1000);
		kunit_info(test, "node %d: %lu keys in %lu buckets: mean %lu, fullest %lu, balls-into-bins expectation %lu (ratio %lu.%02lu), empty %lu\n",
			   node, keys, buckets, mean, max, expect,
			   max / expect, (max * 100 / expect) % 100, empty);
		KUNIT_EXPECT_GT_MSG(test, mean, 8UL,
				    "node %d: too few keys to judge", node);
		KUNIT_EXPECT_LE_MSG(test, max * 2, expect * 3,
				    "node %d: fullest bucket %lu, expected about %lu",
				    node, max, expect);
	}
}

/* Each node's hash table is allocated from that node's memory. */
static void futex_hash_tables_sit_on_their_node(struct kunit *test)
{
	unsigned long buckets = futex_hash_buckets(), i;
	int node;

	futex_test_expect_topology(test);

	for_each_node(node) {
		union futex_key key = FUTEX_KEY_INIT;
		struct futex_hash_bucket *hb, *table;
		unsigned long pages = 0, on_node = 0;

		futex_key_set_node(&key, node);
		hb = futex_hash(&key);
		table = hb - futex_hash_index(hb);

		for (i = 0; i < buckets; i += PAGE_SIZE / sizeof(*table)) {
			void *addr = &table[i];
			struct page *page = is_vmalloc_addr(addr) ?
				vmalloc_to_page(addr) : virt_to_page(addr);

			KUNIT_EXPECT_EQ_MSG(test, page_to_nid(page), node,
					    "bucket %lu of node %d's table", i, node);
			pages++;
			on_node += page_to_nid(page) == node;
		}
		kunit_info(test, "node %d: table of %lu buckets, %lu of its %lu pages on node %d\n",
			   node, buckets, on_node, pages, node);
	}
}

/* futex_hash_size(): buckets per node's table for a CPU and node count. */
struct futex_hash_size_case {
	const char *name;
	unsigned int cpus, nodes;
	unsigned long buckets;
};

static const struct futex_hash_size_case futex_hash_size_cases[] = {
	{ "1_cpu_1_node",		1,	1,	256 },
	{ "2_cpus_2_nodes",		2,	2,	256 },
	{ "3_cpus_2_nodes_rounds_up",	3,	2,	512 },
	{ "64_cpus_4_nodes",		64,	4,	4096 },
	{ "1_cpu_64_nodes",		1,	64,	4 },
	{ "1_cpu_1024_nodes_min_4",	1,	1024,	4 },
	{ "2_cpus_300_nodes_min_4",	2,	300,	4 },
	{ "0_nodes_as_1",		2,	0,	512 },
};

static void futex_hash_size_case_desc(const struct futex_hash_size_case *c,
				      char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(futex_hash_size, futex_hash_size_cases,
		  futex_hash_size_case_desc);

static void futex_hash_size_is_pow2_and_at_least_4(struct kunit *test)
{
	const struct futex_hash_size_case *c = test->param_value;
	unsigned long got = futex_hash_size(c->cpus, c->nodes);

	if (CONFIG_BASE_SMALL)
		kunit_skip(test, "CONFIG_BASE_SMALL: always 16 buckets");
	KUNIT_EXPECT_EQ(test, got, c->buckets);
	KUNIT_EXPECT_TRUE(test, is_power_of_2(got));
}

static struct kunit_case futex_hash_test_cases[] = {
	KUNIT_CASE_PARAM(futex_hash_size_is_pow2_and_at_least_4,
			 futex_hash_size_gen_params),
	KUNIT_CASE(futex_hash_sees_promised_nodes),
	KUNIT_CASE(futex_hash_tables_sit_on_their_node),
	KUNIT_CASE(futex_hash_node_map_shares_evenly),
	KUNIT_CASE(futex_hash_numa_key_lands_in_its_node),
	KUNIT_CASE(futex_hash_plain_keys_spread_over_nodes),
	KUNIT_CASE(futex_hash_bucket_load_is_balls_into_bins),
	{}
};

static struct kunit_suite futex_hash_test_suite = {
	.name = "futex_hash",
	.test_cases = futex_hash_test_cases,
};

/* ---------------------------------------------------------------------- */
/* Suite: futex_waiters -- real waiters through each copy of wait and wake */
/* ---------------------------------------------------------------------- */

/* The value the waiters expect, and the pattern around it. */
#define FUTEX_TEST_VAL		0x5a
#define FUTEX_TEST_GUARD	0xa5	/* not all-ones: no "no node" by accident */
#define FUTEX_TEST_OFFSET	64	/* the futex's offset in its page */
/*
 * How long a waiter may take to sleep or to return: generous, for QEMU
 * without KVM under load and the debug kernels. Only a broken kernel
 * waits it out.
 */
#define FUTEX_TEST_WAIT_S	5

/*
 * A waiter: a kernel thread of its own that uses the test's mm and waits
 * as the syscalls do, so that the test can see it sleep, wake it
 * spuriously and wake it for real. It takes SIGKILL, so that a test that
 * fails with it asleep can still end it (futex_test_waiter_end()).
 */
struct futex_test_waiter {
	struct mm_struct *mm;
	u32 __user *uaddr;
	unsigned int flags;	/* FLAGS_*, as the syscall would pass them */
	bool legacy;		/* 6.1's futex_wait(), else futex2_wait() */
	u32 val;
	u32 bitset;
	int ret;
	struct task_struct *task;
	struct completion done;
};

static int futex_test_waiter_fn(void *data)
{
	struct futex_test_waiter *w = data;

	allow_signal(SIGKILL);
	kthread_use_mm(w->mm);
	if (w->legacy)
		w->ret = futex_wait(w->uaddr, w->flags, w->val, NULL, w->bitset);
	else
		w->ret = futex2_wait(w->uaddr, w->flags, w->val, NULL, w->bitset);
	kthread_unuse_mm(w->mm);
	/* For good: the test both waits for it and asks completion_done(). */
	complete_all(&w->done);
	return 0;
}

/* Start @w waiting on @uaddr with @flags for @val, in the test's mm. */
static void futex_test_waiter_start(struct kunit *test, struct futex_test_waiter *w,
				    void __user *uaddr, unsigned int flags,
				    bool legacy, u32 val, u32 bitset)
{
	struct task_struct *t;

	*w = (struct futex_test_waiter){
		.mm = current->mm, .uaddr = uaddr, .flags = flags,
		.legacy = legacy, .val = val, .bitset = bitset, .ret = 1,
	};
	init_completion(&w->done);
	t = kthread_create(futex_test_waiter_fn, w, "futex_test_waiter");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	w->task = get_task_struct(t);
	wake_up_process(t);
}

/*
 * Whether @w sleeps in its wait, off its CPU, within FUTEX_TEST_WAIT_S.
 * False once it returned: it did not sleep (again), and w->ret says why.
 */
static bool futex_test_waiter_sleeps(struct futex_test_waiter *w)
{
	int i;

	for (i = 0; i < FUTEX_TEST_WAIT_S * 1000; i++) {
		unsigned int state = READ_ONCE(w->task->__state);

		if (completion_done(&w->done))
			return false;
		if ((state & TASK_INTERRUPTIBLE) && wait_task_inactive(w->task, state))
			return true;
		usleep_range(500, 1000);
	}
	return false;
}

/* Whether @w returned within FUTEX_TEST_WAIT_S. */
static bool futex_test_waiter_returned(struct futex_test_waiter *w)
{
	return wait_for_completion_timeout(&w->done, FUTEX_TEST_WAIT_S * HZ);
}

/* End @w however it is, and drop it. */
static void futex_test_waiter_end(struct futex_test_waiter *w)
{
	if (!w->task)
		return;
	if (!completion_done(&w->done)) {
		send_sig(SIGKILL, w->task, 1);
		wait_for_completion(&w->done);
	}
	put_task_struct(w->task);
	w->task = NULL;
}

/* Fill the futex's surroundings with the guard pattern, then set it. */
static void __user *futex_test_guarded_futex(struct kunit *test, bool shared)
{
	void __user *page = futex_test_mmap(test, 1, PROT_READ | PROT_WRITE,
					    shared ? MAP_SHARED : MAP_PRIVATE);
	u8 guard[2 * FUTEX_TEST_OFFSET];

	memset(guard, FUTEX_TEST_GUARD, sizeof(guard));
	KUNIT_ASSERT_EQ(test, copy_to_user(page, guard, sizeof(guard)), 0);
	return page + FUTEX_TEST_OFFSET;
}

#ifdef CONFIG_NUMA
/* Give the VMA at @uaddr an MPOL_PREFERRED policy for @node. */
static void futex_test_prefer_node(struct kunit *test, void __user *uaddr, int node)
{
	struct mempolicy pol = {
		.mode = MPOL_PREFERRED, .nodes = nodemask_of_node(node),
		.home_node = NUMA_NO_NODE,
	};

	atomic_set(&pol.refcnt, 1);
	futex_test_set_vma_policy(test, current->mm, uaddr, &pol);
}
#else
static void futex_test_prefer_node(struct kunit *test, void __user *uaddr, int node)
{
	kunit_skip(test, "FUTEX2_MPOL's node needs CONFIG_NUMA");
}
#endif

/*
 * Put the futex's node where the node map would not: a node word (NUMA)
 * or a policy (MPOL alone) naming another node than the one a key without
 * a node hashes to, computed, so that a wake or a wait that loses its node
 * flag looks in the wrong table every time. NUMA with MPOL: the word names
 * that node, the policy the map's, and the word must win.
 */
static void futex_test_place_node(struct kunit *test, void __user *uaddr,
				  unsigned int flags)
{
	unsigned int plain = flags & ~(FLAGS_NUMA | FLAGS_MPOL);
	union futex_key key = FUTEX_KEY_INIT;
	int map_node, other;

	if (!(flags & (FLAGS_NUMA | FLAGS_MPOL)))
		return;
	futex_test_expect_topology(test);
	if (num_possible_nodes() < 2)
		kunit_skip(test, "needs two NUMA nodes to tell them apart");

	KUNIT_ASSERT_EQ(test, get_futex_key(uaddr, plain, &key, FUTEX_READ), 0);
	map_node = futex_hash_node(futex_hash_flags(&key, plain));
	other = next_node_in(map_node, node_possible_map);
	KUNIT_ASSERT_NE(test, other, map_node);

	if (flags & FLAGS_NUMA)
		futex_test_put(test, uaddr + futex_size(flags), futex_size(flags), other);
	if (flags & FLAGS_MPOL)
		futex_test_prefer_node(test, uaddr,
				       flags & FLAGS_NUMA ? map_node : other);
}

struct futex_waiters_case {
	const char *name;
	unsigned int flags;	/* the futex2 FLAGS_* of the futex */
	bool legacy;		/* 6.1's FUTEX_WAIT and FUTEX_WAKE instead */
};

/* Every size and node flag, private and shared, and legacy futex(). */
static const struct futex_waiters_case futex_waiters_cases[] = {
	{ "u8_private", FLAGS_SIZE_8 },
	{ "u8_numa_private", FLAGS_SIZE_8 | FLAGS_NUMA },
	{ "u8_mpol_private", FLAGS_SIZE_8 | FLAGS_MPOL },
	{ "u8_numa_mpol_private", FLAGS_SIZE_8 | FLAGS_NUMA | FLAGS_MPOL },
	{ "u16_private", FLAGS_SIZE_16 },
	{ "u16_numa_private", FLAGS_SIZE_16 | FLAGS_NUMA },
	{ "u16_mpol_private", FLAGS_SIZE_16 | FLAGS_MPOL },
	{ "u16_numa_mpol_private", FLAGS_SIZE_16 | FLAGS_NUMA | FLAGS_MPOL },
	{ "u32_private", FLAGS_SIZE_32 },
	{ "u32_numa_private", FLAGS_SIZE_32 | FLAGS_NUMA },
	{ "u32_mpol_private", FLAGS_SIZE_32 | FLAGS_MPOL },
	{ "u32_numa_mpol_private", FLAGS_SIZE_32 | FLAGS_NUMA | FLAGS_MPOL },
	{ "u8_shared", FLAGS_SIZE_8 | FLAGS_SHARED },
	{ "u8_numa_shared", FLAGS_SIZE_8 | FLAGS_SHARED | FLAGS_NUMA },
	{ "u8_mpol_shared", FLAGS_SIZE_8 | FLAGS_SHARED | FLAGS_MPOL },
	{ "u8_numa_mpol_shared", FLAGS_SIZE_8 | FLAGS_SHARED | FLAGS_NUMA | FLAGS_MPOL },
	{ "u16_shared", FLAGS_SIZE_16 | FLAGS_SHARED },
	{ "u16_numa_shared", FLAGS_SIZE_16 | FLAGS_SHARED | FLAGS_NUMA },
	{ "u16_mpol_shared", FLAGS_SIZE_16 | FLAGS_SHARED | FLAGS_MPOL },
	{ "u16_numa_mpol_shared", FLAGS_SIZE_16 | FLAGS_SHARED | FLAGS_NUMA | FLAGS_MPOL },
	{ "u32_shared", FLAGS_SIZE_32 | FLAGS_SHARED },
	{ "u32_numa_shared", FLAGS_SIZE_32 | FLAGS_SHARED | FLAGS_NUMA },
	{ "u32_mpol_shared", FLAGS_SIZE_32 | FLAGS_SHARED | FLAGS_MPOL },
	{ "u32_numa_mpol_shared", FLAGS_SIZE_32 | FLAGS_SHARED | FLAGS_NUMA | FLAGS_MPOL },
	{ "legacy_private",	FLAGS_SIZE_32, true },
	{ "legacy_shared",	FLAGS_SIZE_32 | FLAGS_SHARED, true },
};

static void futex_waiters_case_desc(const struct futex_waiters_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(futex_waiters, futex_waiters_cases, futex_waiters_case_desc);

/* A wake as its syscall makes it: futex_wake(2)'s is strict about nr 0. */
static int futex_test_wake(const struct futex_waiters_case *c, void __user *uaddr,
			   int nr)
{
	if (c->legacy)
		return futex_wake(uaddr, c->flags, nr, FUTEX_BITSET_MATCH_ANY);
	return futex2_wake(uaddr, c->flags | FLAGS_STRICT, nr,
			   FUTEX_BITSET_MATCH_ANY);
}

/*
 * Two waiters on the futex and a bystander at the same address with
 * another size (another key), each in a thread of its own:
 *   - futex_wake(2) with nr 0 wakes nobody (legacy FUTEX_WAKE: skipped,
 *     it wakes one);
 *   - a spurious wakeup sends a waiter round again, and it sleeps on the
 *     same key: found by the next wake, at its size and node;
 *   - nr 1 wakes exactly one, nr above the count the rest, and the next
 *     wake finds nobody;
 *   - the bystander sleeps through all of it.
 * The node the futex has is never the one the node map would give it
 * (futex_test_place_node()): a copy that loses a node flag misses.
 */
static void futex_waiters_each_copy_wakes_exactly(struct kunit *test)
{
	const struct futex_waiters_case *c = test->param_value;
	unsigned int size = futex_size(c->flags);
	unsigned int by_flags = (c->flags & FLAGS_SHARED) |
				(size == 4 ? FLAGS_SIZE_16 : FLAGS_SIZE_32);
	struct futex_test_waiter w[2] = { 0 }, by = { 0 };
	void __user *uaddr = futex_test_guarded_futex(test, c->flags & FLAGS_SHARED);
	u32 by_val;
	int i, woken;

	futex_test_put(test, uaddr, size, FUTEX_TEST_VAL);
	futex_test_place_node(test, uaddr, c->flags);
	by_val = futex_test_get(test, uaddr, futex_size(by_flags));

	futex_test_waiter_start(test, &by, uaddr, by_flags, false, by_val,
				FUTEX_BITSET_MATCH_ANY);
	for (i = 0; i < 2; i++)
		futex_test_waiter_start(test, &w[i], uaddr, c->flags, c->legacy,
					FUTEX_TEST_VAL, FUTEX_BITSET_MATCH_ANY);
	KUNIT_EXPECT_TRUE(test, futex_test_waiter_sleeps(&by));
	for (i = 0; i < 2; i++)
		KUNIT_EXPECT_TRUE_MSG(test, futex_test_waiter_sleeps(&w[i]),
				      "waiter %d did not sleep: %d", i, w[i].ret);

	if (!c->legacy) {
		KUNIT_EXPECT_EQ(test, futex_test_wake(c, uaddr, 0), 0);
		for (i = 0; i < 2; i++)
			KUNIT_EXPECT_TRUE(test, futex_test_waiter_sleeps(&w[i]));
	}

	/* A spurious wakeup: not woken by a wake, so it goes round again. */
	wake_up_process(w[0].task);
	KUNIT_EXPECT_TRUE_MSG(test, futex_test_waiter_sleeps(&w[0]),
			      "after a spurious wakeup the wait returned %d", w[0].ret);

	KUNIT_EXPECT_EQ(test, futex_test_wake(c, uaddr, 1), 1);
	for (i = 0; i < FUTEX_TEST_WAIT_S * 100 && !completion_done(&w[0].done) &&
	     !completion_done(&w[1].done); i++)
		usleep_range(10000, 20000);
	woken = completion_done(&w[0].done) + completion_done(&w[1].done);
	KUNIT_EXPECT_EQ(test, woken, 1);
	KUNIT_EXPECT_EQ(test, futex_test_wake(c, uaddr, 5), 1);
	for (i = 0; i < 2; i++) {
		KUNIT_EXPECT_TRUE(test, futex_test_waiter_returned(&w[i]));
		KUNIT_EXPECT_EQ(test, w[i].ret, 0);
	}
	KUNIT_EXPECT_EQ(test, futex_test_wake(c, uaddr, 5), 0);

	KUNIT_EXPECT_TRUE(test, futex_test_waiter_sleeps(&by));
	KUNIT_EXPECT_EQ(test, futex2_wake(uaddr, by_flags | FLAGS_STRICT, 1,
					  FUTEX_BITSET_MATCH_ANY), 1);
	KUNIT_EXPECT_TRUE(test, futex_test_waiter_returned(&by));
	KUNIT_EXPECT_EQ(test, by.ret, 0);

	for (i = 0; i < 2; i++)
		futex_test_waiter_end(&w[i]);
	futex_test_waiter_end(&by);
}

/*
 * A wait whose futex does not hold the value returns -EAGAIN at once, at
 * every size: the compare is in the futex's width, not 32 bits of guard.
 */
static void futex_waiters_mismatch_does_not_sleep(struct kunit *test)
{
	const struct futex_waiters_case *c = test->param_value;
	void __user *uaddr = futex_test_guarded_futex(test, c->flags & FLAGS_SHARED);
	struct futex_test_waiter w = { 0 };

	futex_test_put(test, uaddr, futex_size(c->flags), FUTEX_TEST_VAL);
	futex_test_place_node(test, uaddr, c->flags);
	futex_test_waiter_start(test, &w, uaddr, c->flags, c->legacy,
				FUTEX_TEST_VAL + 1, FUTEX_BITSET_MATCH_ANY);
	KUNIT_EXPECT_TRUE(test, futex_test_waiter_returned(&w));
	KUNIT_EXPECT_EQ(test, w.ret, -EWOULDBLOCK);
	futex_test_waiter_end(&w);
}

struct futex_bitset_case {
	const char *name;
	bool legacy;		/* FUTEX_WAIT_BITSET and FUTEX_WAKE_BITSET */
	unsigned int flags;	/* FLAGS_* of the futex */
	u32 wait;		/* the waiter's bitset */
	u32 wake;		/* the wake's */
	int want;		/* woken, or the error */
};

/*
 * Bitsets that share a bit wake, disjoint ones do not, zero is invalid.
 * (FLAGS_SIZE_32 is 0, 6.1's value: the legacy cases say so themselves.)
 */
static const struct futex_bitset_case futex_bitset_cases[] = {
	{ "legacy_disjoint", true, FLAGS_SIZE_32, 0x1, 0x2, 0 },
	{ "legacy_overlapping", true, FLAGS_SIZE_32, 0x3, 0x2, 1 },
	{ "legacy_high_bit", true, FLAGS_SIZE_32, 0x80000000,
	  FUTEX_BITSET_MATCH_ANY, 1 },
	{ "legacy_zero", true, FLAGS_SIZE_32, 0x1, 0, -EINVAL },
	{ "u32_disjoint", false, FLAGS_SIZE_32, 0x1, 0x2, 0 },
	{ "u32_overlapping", false, FLAGS_SIZE_32, 0x3, 0x2, 1 },
	{ "u32_zero", false, FLAGS_SIZE_32, 0x1, 0, -EINVAL },
	{ "u8_disjoint", false, FLAGS_SIZE_8, 0x1, 0x80, 0 },
	{ "u8_overlapping", false, FLAGS_SIZE_8, 0x81, 0x80, 1 },
	{ "u16_numa_disjoint", false, FLAGS_SIZE_16 | FLAGS_NUMA, 0x1, 0x8000, 0 },
	{ "u16_numa_overlapping", false, FLAGS_SIZE_16 | FLAGS_NUMA, 0x8001,
	  0x8000, 1 },
};

static void futex_bitset_case_desc(const struct futex_bitset_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(futex_bitset, futex_bitset_cases, futex_bitset_case_desc);

/*
 * A bitset waiter and a bitset wake: legacy FUTEX_WAKE_BITSET through
 * do_futex(), as the syscall dispatches it (not FUTEX_WAKE's match-any),
 * and futex_wake(2)'s mask. A waiter left asleep is then woken by a wake
 * with its own bitset.
 */
static void futex_bitset_wakes_only_shared_bits(struct kunit *test)
{
	const struct futex_bitset_case *c = test->param_value;
	bool legacy = c->legacy;
	unsigned int flags = c->flags;
	void __user *uaddr = futex_test_guarded_futex(test, false);
	struct futex_test_waiter w = { 0 };
	long ret;

	futex_test_put(test, uaddr, futex_size(flags), FUTEX_TEST_VAL);
	futex_test_place_node(test, uaddr, flags);
	futex_test_waiter_start(test, &w, uaddr, flags, legacy, FUTEX_TEST_VAL, c->wait);
	KUNIT_EXPECT_TRUE(test, futex_test_waiter_sleeps(&w));

	if (legacy)
		ret = do_futex(uaddr, FUTEX_WAKE_BITSET | FUTEX_PRIVATE_FLAG, 1,
			       NULL, NULL, 0, c->wake);
	else
		ret = futex2_wake(uaddr, flags | FLAGS_STRICT, 1, c->wake);
	KUNIT_EXPECT_EQ(test, ret, (long)c->want);

	if (c->want != 1) {
		KUNIT_EXPECT_TRUE(test, futex_test_waiter_sleeps(&w));
		KUNIT_EXPECT_EQ(test, futex2_wake(uaddr, flags | FLAGS_STRICT, 1,
						  c->wait), 1);
	}
	KUNIT_EXPECT_TRUE(test, futex_test_waiter_returned(&w));
	KUNIT_EXPECT_EQ(test, w.ret, 0);
	futex_test_waiter_end(&w);
}

/*
 * The wait setup's fault path (futex_wait_setup_fault(), entered when the
 * futex could not be read with the bucket locked) looks a shared futex's
 * key up again, since its mapping may have changed while the page was
 * faulted in unlocked, and keeps a private one's, which cannot change
 * (6.1's "goto retry_private"). Given a key made for another address, it
 * replaces the shared one and keeps the private one.
 */
static void futex_wait_fault_looks_up_shared_keys_again(struct kunit *test)
{
	static const unsigned int kinds[] = { 0, FLAGS_SHARED };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(kinds); i++) {
		unsigned int flags = FLAGS_SIZE_32 | kinds[i];
		void __user *uaddr = futex_test_guarded_futex(test, kinds[i]);
		union futex_key real = FUTEX_KEY_INIT, stale = FUTEX_KEY_INIT;
		struct futex_q q = futex_q_init;
		struct futex_hash_bucket *hb;

		futex_test_put(test, uaddr, 4, FUTEX_TEST_VAL);
		KUNIT_ASSERT_EQ(test, get_futex_key(uaddr, flags, &real, FUTEX_READ), 0);
		KUNIT_ASSERT_EQ(test, get_futex_key(uaddr + 8, flags, &stale,
						    FUTEX_READ), 0);
		q.key = stale;
		KUNIT_ASSERT_EQ(test, futex_wait_setup_fault(uaddr, FUTEX_TEST_VAL,
							     flags, &q, &hb), 0);
		futex_q_unlock(hb);
		if (kinds[i])
			KUNIT_EXPECT_TRUE_MSG(test, futex_match(&q.key, &real),
					      "a shared key was not looked up again");
		else
			KUNIT_EXPECT_TRUE_MSG(test, futex_match(&q.key, &stale),
					      "a private key was looked up again");
	}
}

/*
 * A wait on user memory that is not mapped (NULL, the last page below
 * TASK_SIZE) fails with -EFAULT through every copy, and never sleeps.
 */
static void futex_waiters_unmapped_address_is_efault(struct kunit *test)
{
	const struct futex_waiters_case *c = test->param_value;
	void __user *addrs[] = { NULL, (void __user *)(TASK_SIZE - PAGE_SIZE) };
	unsigned int i;

	futex_test_rw_page(test);	/* the test's mm */
	for (i = 0; i < ARRAY_SIZE(addrs); i++) {
		struct futex_test_waiter w = { 0 };

		futex_test_waiter_start(test, &w, addrs[i], c->flags, c->legacy,
					0, FUTEX_BITSET_MATCH_ANY);
		KUNIT_EXPECT_TRUE_MSG(test, futex_test_waiter_returned(&w),
				      "a wait at 0x%lx sleeps", (unsigned long)addrs[i]);
		KUNIT_EXPECT_EQ_MSG(test, w.ret, -EFAULT, "at 0x%lx",
				    (unsigned long)addrs[i]);
		futex_test_waiter_end(&w);
	}
}

static struct kunit_case futex_waiters_test_cases[] = {
	KUNIT_CASE_PARAM(futex_waiters_unmapped_address_is_efault,
			 futex_waiters_gen_params),
	KUNIT_CASE_PARAM(futex_waiters_each_copy_wakes_exactly,
			 futex_waiters_gen_params),
	KUNIT_CASE_PARAM(futex_waiters_mismatch_does_not_sleep,
			 futex_waiters_gen_params),
	KUNIT_CASE_PARAM(futex_bitset_wakes_only_shared_bits,
			 futex_bitset_gen_params),
	KUNIT_CASE(futex_wait_fault_looks_up_shared_keys_again),
	{}
};

static struct kunit_suite futex_waiters_test_suite = {
	.name = "futex_waiters",
	.test_cases = futex_waiters_test_cases,
};

/* ---------------------------------------------------------------------- */
/* Suite: futex_vmalloc -- the hash tables' allocator names its caller    */
/* ---------------------------------------------------------------------- */

/*
 * vmalloc_huge() (which 6.1's large system hashes use) records the real
 * caller in /proc/vmallocinfo, as it did before vmalloc_huge_node(): a
 * wrapper function that is not a tail call (arm64, with frame pointers)
 * would be recorded instead.
 */
static void futex_vmalloc_huge_records_its_caller(struct kunit *test)
{
	char where[KSYM_SYMBOL_LEN];
	struct vm_struct *area;
	void *p;

	if (!IS_ENABLED(CONFIG_KALLSYMS))
		kunit_skip(test, "needs CONFIG_KALLSYMS to name the caller");
	p = vmalloc_huge(PAGE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, p);
	area = find_vm_area(p);
	if (area)
		sprint_symbol_no_offset(where, (unsigned long)area->caller);
	vfree(p);
	KUNIT_ASSERT_NOT_NULL(test, area);
	KUNIT_EXPECT_STREQ(test, where, __func__);
}

static struct kunit_case futex_vmalloc_test_cases[] = {
	KUNIT_CASE(futex_vmalloc_huge_records_its_caller),
	{}
};

static struct kunit_suite futex_vmalloc_test_suite = {
	.name = "futex_vmalloc",
	.test_cases = futex_vmalloc_test_cases,
};

kunit_test_suites(&futex_flags_test_suite, &futex_flags_valid_test_suite,
		  &futex_validate_input_test_suite, &futex_value_test_suite,
		  &futex_key_test_suite, &futex_mpol_test_suite,
		  &futex_hash_test_suite, &futex_waiters_test_suite,
		  &futex_vmalloc_test_suite);
