/* Core: the seeded RNG (determinism is a rule of the house) and located diagnostics. */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

START_TEST(pcg32_matches_reference_sequence)
{
    /* The PCG reference implementation's demo: pcg32_srandom_r(&rng, 42, 54). */
    static const uint32_t expect[] = {0xa15c02b7u, 0x7b47f409u, 0xba1d3330u, 0x83d2f293u, 0xbfa4784bu, 0xcbed606eu};
    VlRng r;
    vl_rng_seed(&r, 42, 54);
    for (int i = 0; i < 6; i++)
        ck_assert_uint_eq(vl_rng_next(&r), expect[i]);
}
END_TEST

START_TEST(rng_same_seed_same_stream_copy_forks)
{
    VlRng a, b;
    vl_rng_seed(&a, 7, 1);
    vl_rng_seed(&b, 7, 1);
    for (int i = 0; i < 100; i++)
        ck_assert_uint_eq(vl_rng_next(&a), vl_rng_next(&b));
    VlRng c = a; /* copying the state forks an identical stream */
    ck_assert_uint_eq(vl_rng_next(&a), vl_rng_next(&c));
    VlRng d;
    vl_rng_seed(&d, 7, 2); /* another stream differs */
    int same = 0;
    for (int i = 0; i < 32; i++)
        same += vl_rng_next(&b) == vl_rng_next(&d);
    ck_assert_int_lt(same, 2);
}
END_TEST

START_TEST(d6_is_fair_and_in_range)
{
    VlRng r;
    vl_rng_seed(&r, 2026, 0);
    int count[7] = {0};
    for (int i = 0; i < 60000; i++) {
        int d = vl_rng_d6(&r);
        ck_assert(d >= 1 && d <= 6);
        count[d]++;
    }
    for (int f = 1; f <= 6; f++) /* 10000 expected; 5 sigma is about 456 */
        ck_assert_msg(count[f] > 9500 && count[f] < 10500, "face %d came up %d times", f, count[f]);
}
END_TEST

START_TEST(rng_below_and_unit_bounds)
{
    VlRng r;
    vl_rng_seed(&r, 1, 1);
    for (int i = 0; i < 10000; i++) {
        ck_assert_uint_lt(vl_rng_below(&r, 3), 3);
        double u = vl_rng_unit(&r);
        ck_assert(u >= 0.0 && u < 1.0);
    }
    ck_assert_uint_eq(vl_rng_below(&r, 1), 0);
}
END_TEST

START_TEST(diag_format_names_file_line_column_and_path)
{
    VlDiagList d;
    vl_diag_init(&d, "mill.json");
    vl_diag_add(&d, VL_ERR_SCHEMA, 12, 18, "units[3].facing", "expected a number, found %s", "a string");
    vl_diag_add(&d, VL_ERR_IO, 0, 0, "", "cannot open");
    char buf[512];
    vl_diag_format(&d, &d.items[0], buf, sizeof buf);
    ck_assert_str_eq(buf, "mill.json:12:18: units[3].facing: expected a number, found a string");
    vl_diag_format(&d, &d.items[1], buf, sizeof buf);
    ck_assert_str_eq(buf, "mill.json: cannot open");
    /* vl_diag_print: every problem on its own line, after the indent */
    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    vl_diag_print(&d, f, "  ");
    rewind(f);
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    ck_assert_str_eq(buf, "  mill.json:12:18: units[3].facing: expected a number, found a string\n  mill.json: cannot open\n");
    for (int i = 0; i < 40; i++) /* growth */
        vl_diag_add(&d, VL_ERR_INVALID, i, 1, "", "x");
    ck_assert_int_eq(d.count, 42);
    vl_diag_free(&d);
}
END_TEST

START_TEST(status_strings_are_fixed_text)
{
    ck_assert_str_eq(vl_status_str(VL_OK), "ok");
    ck_assert_str_eq(vl_status_str(VL_ERR_SYNTAX), "not well-formed JSON");
    ck_assert_str_eq(vl_status_str((VlStatus)999), "unknown status");
}
END_TEST

START_TEST(hash_is_fnv1a)
{
    /* FNV-1a 64 of "a" is 0xaf63dc4c8601ec8c. */
    ck_assert_uint_eq(vl_hash_bytes(VL_HASH_INIT, "a", 1), 0xaf63dc4c8601ec8cull);
}
END_TEST

/* GOR-ARM-1: 1863 Union smoothbore on a D10 of 1-3, Confederate 1-5; 1865 all rifled; the western
 * theatre takes 1 from the roll (so a Union 4 in the west is a 3: smoothbore). */
START_TEST(gor_arm_1_arming_table)
{
    ck_assert(vl_arming_smoothbore(1863, false, false, 3));
    ck_assert(!vl_arming_smoothbore(1863, false, false, 4));
    ck_assert(vl_arming_smoothbore(1863, false, true, 4));
    ck_assert(vl_arming_smoothbore(1863, true, false, 5));
    ck_assert(!vl_arming_smoothbore(1863, true, false, 6));
    ck_assert(vl_arming_smoothbore(1861, true, false, 7));
    ck_assert(!vl_arming_smoothbore(1864, false, false, 1)); /* Union 1864: all rifled */
    ck_assert(vl_arming_smoothbore(1864, true, false, 3));
    for (int d = 1; d <= 10; d++)
        ck_assert(!vl_arming_smoothbore(1865, true, true, d));
}
END_TEST

/* GOR-QUAL-1: a few cells of each war period's table. */
START_TEST(gor_qual_1_quality_tables)
{
    /* Early war, a 6: Union cavalry seasoned, Rebel cavalry veteran; a 4: Union infantry raw. */
    ck_assert_int_eq(vl_quality_roll(1861, false, VL_CAVALRY, 6), VL_SEASONED);
    ck_assert_int_eq(vl_quality_roll(1862, true, VL_CAVALRY, 6), VL_VETERAN);
    ck_assert_int_eq(vl_quality_roll(1861, false, VL_INFANTRY, 4), VL_RAW);
    ck_assert_int_eq(vl_quality_roll(1861, false, VL_ARTILLERY, 6), VL_VETERAN);
    /* Mid war, a 5: Rebel infantry veteran, Union seasoned; a 2: Rebel artillery raw, Union artillery seasoned. */
    ck_assert_int_eq(vl_quality_roll(1863, true, VL_INFANTRY, 5), VL_VETERAN);
    ck_assert_int_eq(vl_quality_roll(1863, false, VL_INFANTRY, 5), VL_SEASONED);
    ck_assert_int_eq(vl_quality_roll(1863, true, VL_ARTILLERY, 2), VL_RAW);
    ck_assert_int_eq(vl_quality_roll(1863, false, VL_ARTILLERY, 2), VL_SEASONED);
    /* Late war (1864, D-QUAL-1), a 1: Rebel cavalry seasoned, Union cavalry raw, Union general raw. */
    ck_assert_int_eq(vl_quality_roll(1864, true, VL_CAVALRY, 1), VL_SEASONED);
    ck_assert_int_eq(vl_quality_roll(1865, false, VL_CAVALRY, 1), VL_RAW);
    ck_assert_int_eq(vl_quality_roll(1865, false, VL_GENERAL, 1), VL_RAW);
    ck_assert_int_eq(vl_quality_roll(1865, true, VL_GENERAL, 4), VL_VETERAN);
}
END_TEST

/* VL_ASSERT: a broken invariant reaches the hook with the file, the line and the condition's text;
 * a kept one does not; NULL puts the default hook back. */
static int assert_calls;
static int assert_line;
static char assert_cond[64];
static void catch_assert(const char *file, int line, const char *cond, const char *msg)
{
    (void)file;
    (void)msg;
    assert_calls++;
    assert_line = line;
    snprintf(assert_cond, sizeof assert_cond, "%s", cond);
}

START_TEST(vl_assert_reports_a_broken_invariant_to_its_hook)
{
    VlAssertHook old = vl_assert_set_hook(catch_assert);
    int n = 3;
    VL_ASSERT(n == 3, "kept");
    ck_assert_int_eq(assert_calls, 0);
    int line = __LINE__ + 1;
    VL_ASSERT(n < 0, "broken on purpose");
#ifdef NDEBUG
    ck_assert_int_eq(assert_calls, 0); /* compiled out in the release build */
    (void)line;
    (void)n;
#else
    ck_assert_int_eq(assert_calls, 1);
    ck_assert_int_eq(assert_line, line);
    ck_assert_str_eq(assert_cond, "n < 0");
#endif
    ck_assert(vl_assert_set_hook(old) == catch_assert);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("core");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, pcg32_matches_reference_sequence);
    tcase_add_test(tc, rng_same_seed_same_stream_copy_forks);
    tcase_add_test(tc, d6_is_fair_and_in_range);
    tcase_add_test(tc, rng_below_and_unit_bounds);
    tcase_add_test(tc, diag_format_names_file_line_column_and_path);
    tcase_add_test(tc, status_strings_are_fixed_text);
    tcase_add_test(tc, hash_is_fnv1a);
    tcase_add_test(tc, gor_arm_1_arming_table);
    tcase_add_test(tc, gor_qual_1_quality_tables);
    tcase_add_test(tc, vl_assert_reports_a_broken_invariant_to_its_hook);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
