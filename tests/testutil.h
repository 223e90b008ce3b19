/* Helpers shared by the Check suites. */
#ifndef VOLLEY_TESTUTIL_H
#define VOLLEY_TESTUTIL_H

#include "volley/volley.h"

#include <check.h>
#include <math.h>

/* Assert |a - b| <= tol with both values in the message. */
#define ck_assert_near(a, b, tol)                                                                          \
    do {                                                                                                   \
        double ck_a_ = (a), ck_b_ = (b);                                                                   \
        ck_assert_msg(fabs(ck_a_ - ck_b_) <= (tol), "%s = %.17g, expected %s = %.17g (tol %g)", #a, ck_a_, #b, \
                      ck_b_, (double)(tol));                                                               \
    } while (0)

#define ck_assert_vec_near(p, qx, qy, tol)                                                                 \
    do {                                                                                                   \
        VlVec2 ck_p_ = (p);                                                                                \
        ck_assert_near(ck_p_.x, (qx), (tol));                                                              \
        ck_assert_near(ck_p_.y, (qy), (tol));                                                              \
    } while (0)

/* Load a scenario from a string; fails the test (printing every problem) unless it loads. */
void tu_load_ok(const char *json, VlScenario *out);
/* Load a scenario that must be refused; returns the problems (caller frees with vl_diag_free). */
void tu_load_bad(const char *json, VlDiagList *diags);
/* True when some problem's path equals @p path and its message contains @p needle. */
bool tu_has_problem(const VlDiagList *d, const char *path, const char *needle);
/* Append printf-formatted text to buf (capacity cap); fails the test when it does not fit. */
void tu_appendf(char *buf, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Run a suite and return the process exit code (0 when every test passed). */
int tu_run(Suite *s);

/* Default base sizes in inches, for hand computations. */
#define TU_INF_W (100.0 / 25.4)
#define TU_INF_D (50.0 / 25.4)
#define TU_ART_W (33.0 / 25.4)
#define TU_GEN_W (40.0 / 25.4)

#endif
