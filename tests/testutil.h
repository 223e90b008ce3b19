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
/* The game's World, writable: tests set up positions (HITs, turn, a unit's state) through it. The
 * program has no such door (the public API hands out a const World and named calls such as
 * vl_game_reseed and vl_game_place_unit); tests reach it through the game's private header. */
VlWorld *tu_world(VlGame *g);
/* Run a suite and return the process exit code (0 when every test passed). */
int tu_run(Suite *s);

/* ---- a scenario written piece by piece ----
 * The suites' situations are small scenarios assembled as JSON text: tu_sb_begin() starts one (the
 * sides "union" and "csa"), the tu_sb_ calls add its parts in any order, tu_sb_load() loads it (and
 * fails the test unless it loads). The text is written in a fixed order: the head, the top-level
 * members, brigades, victory, terrain, units; numbers with %.17g, so a position is exact. One
 * scenario at a time (the suites run one test a process). */

/* Start a scenario called @p name on a @p width x @p height in table, sides named Union and Confederate. */
void tu_sb_begin(const char *name, double width, double height);
/* The sides' names; NULL writes none (the loader then shows the id). */
void tu_sb_side_names(const char *union_name, const char *csa_name);
/* A top-level member written as is, e.g. "\"first_side\":\"csa\"". */
void tu_sb_member(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The victory object (replaces any set before). */
void tu_sb_victory(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A brigade; @p name and @p commander may be NULL (not written). */
void tu_sb_brigade(const char *id, const char *side, const char *name, const char *commander);
/* A unit, seasoned; infantry and artillery rifled, cavalry carbine. A general has no formation or weapon
 * (@p form is ignored). @p extra: more members ("\"brigade\":\"b1\"") or NULL. */
void tu_sb_unit(const char *id, const char *side, const char *type, const char *form, double x, double y, double facing,
                const char *extra);
/* A unit with its weapon (NULL: by type, as tu_sb_unit) and quality (NULL: none written, e.g. when
 * @p extra gives it). */
void tu_sb_unit_as(const char *id, const char *side, const char *type, const char *form, const char *weapon,
                   const char *quality, double x, double y, double facing, const char *extra);
/* An axis-aligned rectangle of areal terrain; @p extra: more members ("\"level\":1") or NULL. */
void tu_sb_rect(const char *id, const char *type, const char *extra, double x0, double y0, double x1, double y1);
/* Linear terrain (road, fence, wall, ...) along the straight path (x0, y0)-(x1, y1). */
void tu_sb_path(const char *id, const char *type, double x0, double y0, double x1, double y1);
/* One terrain feature written as is (a JSON object). */
void tu_sb_terrain(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The scenario's text as written so far. */
const char *tu_sb_json(void);
/* Load it (tu_load_ok). */
void tu_sb_load(VlScenario *out);

/* The first id of a unit, brigade, terrain feature or objective of @p s that stands as a whole
 * word in @p text, or NULL: what a text a person reads must never hold (issue 37). */
const char *tu_id_in(const VlScenario *s, const char *text);

/* The invariants the soak test checks after every phase (tests/soak_test.c): HITs not negative, one
 * state each (present, removed or waiting), no router still to arrive, the battlefield's active flag
 * agreeing, no two units overlapping. True, with the first broken one in @p msg, when one is broken. */
bool tu_position_problem(const VlGame *g, char *msg, size_t cap);

/* Default base sizes in inches, for hand computations. */
#define TU_INF_W (100.0 / 25.4)
#define TU_INF_D (50.0 / 25.4)
#define TU_ART_W (33.0 / 25.4)
#define TU_GEN_W (40.0 / 25.4)

#endif
