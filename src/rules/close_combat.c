/* Close combat: the dice table (GOR-CC-2), its modifiers (GOR-CC-3) and what the loser's failed test
 * does (GOR-CC-4). The game rolls them (src/game/combat.c); the commander's odds read the same. */
#include "rules_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* GOR-CC-2: [defender][attacker's dice, defender's dice], the defender infantry (or dismounted
 * cavalry), mounted cavalry, artillery, or a square; one table for infantry attacking, one for
 * mounted cavalry. */
enum { CC_INFANTRY, CC_CAVALRY, CC_ARTILLERY, CC_SQUARE };
static const int CC_BY_INFANTRY[4][2] = {[CC_INFANTRY] = {6, 3}, [CC_CAVALRY] = {4, 2}, [CC_ARTILLERY] = {8, 2}, [CC_SQUARE] = {5, 2}};
static const int CC_BY_CAVALRY[4][2] = {[CC_INFANTRY] = {7, 3}, [CC_CAVALRY] = {6, 4}, [CC_ARTILLERY] = {9, 2}, [CC_SQUARE] = {3, 3}};

/* GOR-CC-3 modifiers. */
enum { CC_REAR_SUPPORT = 3, CC_PER_SUPPORTER = 2, CC_FLANK_REAR = 3, CC_SKIRMISHERS = 3, CC_LIGHT_COVER = -2, CC_HEAVY_COVER = -3 };

static bool mounted_cavalry(const VlWorld *w, int u)
{
    return w->scenario->units[u].type == VL_CAVALRY && w->units[u].mounted;
}

void vl_cc_table_dice(const VlWorld *w, int a, int d, bool square, int *att, int *def)
{
    int col = square                                            ? CC_SQUARE
              : w->scenario->units[d].type == VL_ARTILLERY ? CC_ARTILLERY
              : mounted_cavalry(w, d)                           ? CC_CAVALRY
                                                                : CC_INFANTRY;
    const int(*table)[2] = mounted_cavalry(w, a) ? CC_BY_CAVALRY : CC_BY_INFANTRY;
    *att = table[col][0];
    *def = table[col][1];
}

bool vl_cc_rear_support(const VlWorld *w, int u)
{
    int sup[8];
    int n = vl_rear_supports(w, u, sup, 8, NULL);
    for (int i = 0; i < n; i++)
        if (w->scenario->units[sup[i]].type != VL_ARTILLERY)
            return true;
    return false;
}

/* GOR-CC-3, D-CC-1: the defender's cover as it stood before contact. A fence, hedge or wall counts on
 * the line from the attacker to the defender (D-FIRE-2); in contact the attacker's bases have run
 * over a line just in front of the defender, so the line starts from the middle of the attacker's
 * front set back, along the outward normal of the face struck, to CC_COVER_SETBACK in outside that
 * face (a square: the face the attacker stands most outside of). Farther out, as when the commander
 * plans a charge, it starts where the attacker stands. Woods and the like count as they lie. */
#define CC_COVER_SETBACK 3.0
static VlCover cc_cover(const VlWorld *w, int a, int d, VlFace face)
{
    const VlFootprint *df = &vl_world_unit(w, d)->fp, *af = &vl_world_unit(w, a)->fp;
    VlVec2 from = vl_v2_lerp(af->box.p[0], af->box.p[1], 0.5), n = {0, 0};
    double out = -INFINITY;
    for (int f = 0; f < 4; f++) {
        if (!df->square && f != (int)face)
            continue;
        VlVec2 s0, s1;
        vl_footprint_face(df, (VlFace)f, &s0, &s1);
        VlVec2 nf = vl_v2_perp(vl_v2_sub(s1, s0)); /* outward: the box runs clockwise */
        double len = vl_v2_len(nf);
        if (len <= 0)
            continue;
        nf = vl_v2_scale(nf, 1.0 / len);
        double o = vl_v2_dot(vl_v2_sub(from, s0), nf);
        if (o > out) {
            out = o;
            n = nf;
        }
    }
    if (isfinite(out) && out < CC_COVER_SETBACK)
        from = vl_v2_mad(from, n, CC_COVER_SETBACK - out);
    return vl_cover_from_point(w, from, d);
}

/* One modifier: add it and say it (" +3 rear support"). */
static void cc_mod(int *mod, char *why, size_t size, int m, const char *what)
{
    *mod += m;
    size_t n = strlen(why);
    snprintf(why + n, size - n, " %+d %s", m, what);
}

/* ---- the Republic options (docs/rules-decisions.md D-REP-5..13) ---- */

static bool unit_in_line(const VlWorld *w, int u) { return vl_world_unit(w, u)->formation == VL_FORM_LINE; }

/* REP-506A, REP-506B: the steady defender both ask for: in line, not raw, no HITs, not routed. */
static bool steady_line(const VlWorld *w, int d)
{
    return unit_in_line(w, d) && w->scenario->units[d].quality != VL_RAW && w->units[d].hits == 0 && !w->units[d].routed;
}

/* A town, for REP-506B and REP-507: units never stand in a building, so a unit within this many
 * inches of one is in the town (D-REP-6). */
#define REP_TOWN_REACH 1.0
static bool in_town(const VlWorld *w, const VlFootprint *fp)
{
    int nt = vl_battlefield_terrain_count(w->bf);
    for (int t = 0; t < nt; t++) {
        const VlTerrain *f = vl_battlefield_terrain(w->bf, t);
        if (f->type != VL_T_BUILDING)
            continue;
        for (int s = 0; s < f->npts; s++) {
            VlVec2 seg[2] = {f->pts[s], f->pts[(s + 1) % f->npts]};
            if (vl_footprint_distance_to_convex(fp, seg, 2) <= REP_TOWN_REACH)
                return true;
        }
    }
    return false;
}

/* At least half of u's footprint over the areal terrain of @p mask. */
static bool half_in(const VlWorld *w, int u, unsigned mask)
{
    const VlFootprint *fp = &vl_world_unit(w, u)->fp;
    double area = vl_footprint_area(fp);
    return area > 0 && vl_terrain_cover_area(w->bf, fp, mask) >= 0.5 * area - VL_AREA_EPS;
}

bool vl_rep_overlap(const VlWorld *w, int u, int opp, VlFace face)
{
    VlUnitType t = w->scenario->units[u].type;
    if ((t != VL_INFANTRY && t != VL_CAVALRY) || face != VL_FACE_FRONT || w->scenario->units[opp].type == VL_GENERAL)
        return false;
    const VlFieldUnit *fu = vl_world_unit(w, u), *fo = vl_world_unit(w, opp);
    if (fu->formation == VL_FORM_SQUARE || fo->formation == VL_FORM_SQUARE)
        return false;
    /* The opponent's front, seen along u's front: it must lie wholly within it, u's front at least half
     * one of its bases wider. */
    VlVec2 p0 = fu->fp.box.p[0], dir = vl_v2_sub(fu->fp.box.p[1], p0);
    double wu = vl_v2_len(dir);
    if (wu <= 0)
        return false;
    dir = vl_v2_scale(dir, 1.0 / wu);
    double x0 = vl_v2_dot(vl_v2_sub(fo->fp.box.p[0], p0), dir), x1 = vl_v2_dot(vl_v2_sub(fo->fp.box.p[1], p0), dir);
    double lo = fmin(x0, x1), hi = fmax(x0, x1);
    if (lo < -VL_EPS || hi > wu + VL_EPS || wu - (hi - lo) < 0.5 * fu->spec.width - VL_EPS)
        return false;
    /* Unopposed: no other enemy (generals aside) near enough to meet the overlapping bases. */
    for (int j = 0; j < w->nunits; j++)
        if (j != opp && vl_world_present(w, j) && vl_world_enemies(w, u, j) && w->scenario->units[j].type != VL_GENERAL &&
            !w->units[j].routed && vl_footprint_distance(&fu->fp, &vl_world_unit(w, j)->fp) <= VL_REP_OVERLAP_OPPOSED)
            return false;
    return true;
}

bool vl_rep_point_blank(const VlWorld *w, int d, bool alert) { return alert && steady_line(w, d); }

bool vl_rep_prepared_defence(const VlWorld *w, int d)
{
    if (!steady_line(w, d))
        return false;
    unsigned broken = (1u << VL_T_WOODS) | (1u << VL_T_HEAVY_WOODS) | (1u << VL_T_ROUGH) | (1u << VL_T_BUILDING) |
                      (1u << VL_T_HILL) | (1u << VL_T_ENTRENCHMENT);
    return half_in(w, d, broken) || in_town(w, &vl_world_unit(w, d)->fp);
}

bool vl_rep_trapped_artillery(const VlWorld *w, int u)
{
    if (w->scenario->units[u].type != VL_ARTILLERY)
        return false;
    return half_in(w, u, (1u << VL_T_WOODS) | (1u << VL_T_HEAVY_WOODS)) || in_town(w, &vl_world_unit(w, u)->fp);
}

bool vl_rep_firefight(const VlWorld *w, int a, int d)
{
    return w->scenario->units[a].type == VL_INFANTRY && w->scenario->units[d].type == VL_INFANTRY;
}

int vl_rep_weapon_mod(int own, int other)
{
    int diff = own - other, m = (diff < 0 ? -diff : diff) / 2;
    return diff >= 0 ? m : -m;
}

/* The options' close-combat dice, on top of GOR-CC-3 (one function for the game and the previews). */
static void rep_mods(const VlWorld *w, int a, int d, VlFace face, bool square, VlCcDice *out)
{
    const VlRuleOptions *op = &w->options;
    if (!op->republic)
        return;
    char *am = out->att_why, *dm = out->def_why;
    size_t an = sizeof out->att_why, dn = sizeof out->def_why;
    if (vl_rep_on(op, VL_REP_501) && !square) {
        if (vl_rep_overlap(w, a, d, face))
            cc_mod(&out->att_mod, am, an, VL_REP_OVERLAP_DICE, "unopposed overlap (REP-501)");
        if (vl_rep_overlap(w, d, a, face))
            cc_mod(&out->def_mod, dm, dn, VL_REP_OVERLAP_DICE, "unopposed overlap (REP-501)");
    }
    /* REP-506A: a defender on REP-201's alert (only ever set with that option on, D-REP-7). */
    if (vl_rep_on(op, VL_REP_506A) && vl_rep_point_blank(w, d, w->units[d].alert))
        cc_mod(&out->def_mod, dm, dn, VL_REP_POINT_BLANK_DICE, "point-blank volley (REP-506A)");
    if (vl_rep_on(op, VL_REP_506B) && vl_rep_prepared_defence(w, d))
        cc_mod(&out->def_mod, dm, dn, VL_REP_PREPARED_DICE, "prepared defence (REP-506B)");
    if (vl_rep_on(op, VL_REP_509) && vl_rep_confederate(w, a))
        cc_mod(&out->att_mod, am, an, VL_REP_REBEL_YELL_DICE, "rebel yell (REP-509)");
    if (vl_rep_on(op, VL_REP_510)) {
        if (w->units[a].weapon_set && w->units[a].weapon_mod)
            cc_mod(&out->att_mod, am, an, w->units[a].weapon_mod, "weapons (REP-510)");
        if (w->units[d].weapon_set && w->units[d].weapon_mod)
            cc_mod(&out->def_mod, dm, dn, w->units[d].weapon_mod, "weapons (REP-510)");
    }
}

void vl_cc_dice(const VlWorld *w, int a, int d, VlFace face, bool square, int extra_attackers, int extra_defenders,
                unsigned flags, VlCcDice *out)
{
    memset(out, 0, sizeof *out);
    vl_cc_table_dice(w, a, d, square, &out->att_table, &out->def_table);
    char *am = out->att_why, *dm = out->def_why;
    size_t an = sizeof out->att_why, dn = sizeof out->def_why;
    if ((flags & VL_CC_ASSUME_SUPPORT) || vl_cc_rear_support(w, a))
        cc_mod(&out->att_mod, am, an, CC_REAR_SUPPORT, "rear support");
    if (extra_attackers > 0)
        cc_mod(&out->att_mod, am, an, CC_PER_SUPPORTER * extra_attackers, "supporting units");
    if (face != VL_FACE_FRONT)
        cc_mod(&out->att_mod, am, an, CC_FLANK_REAR, "flank/rear");
    if (vl_world_unit(w, d)->formation == VL_FORM_SKIRMISH)
        cc_mod(&out->att_mod, am, an, CC_SKIRMISHERS, "against skirmishers");
    VlCover cover = cc_cover(w, a, d, face);
    if (cover != VL_COVER_OPEN)
        cc_mod(&out->att_mod, am, an, cover == VL_COVER_LIGHT ? CC_LIGHT_COVER : CC_HEAVY_COVER,
               cover == VL_COVER_LIGHT ? "light cover" : "heavy cover");
    if (vl_cc_rear_support(w, d))
        cc_mod(&out->def_mod, dm, dn, CC_REAR_SUPPORT, "rear support");
    if (extra_defenders > 0)
        cc_mod(&out->def_mod, dm, dn, CC_PER_SUPPORTER * extra_defenders, "supporting units");
    if (vl_world_unit(w, a)->formation == VL_FORM_SKIRMISH)
        cc_mod(&out->def_mod, dm, dn, CC_SKIRMISHERS, "against skirmishers");
    rep_mods(w, a, d, face, square, out);
    out->att = out->att_table + out->att_mod;
    out->def = out->def_table + out->def_mod;
}

VlCcResult vl_cc_loser_result(const VlWorld *w, int l, int fail_by, int *hits)
{
    VlFormation f = vl_world_unit(w, l)->formation;
    if (hits)
        *hits = 0;
    if (fail_by <= 0)
        return VL_CC_HOLDS;
    if (fail_by == 1) {
        if (hits)
            *hits = f == VL_FORM_SKIRMISH ? 2 : 1;
        return VL_CC_HITS;
    }
    if (f == VL_FORM_UNLIMBERED)
        return VL_CC_OVERRUN;
    return fail_by <= 3 ? VL_CC_RETIRES : VL_CC_ROUTS;
}

/* GOR-CHG-8: skirmishers that pass may fall back 10 in; failing by 1 or 2 they must, and take 1 HIT;
 * failing by more they stay with 2 HITs and fight. */
enum { SKIRM_BACK_MOST_FAIL = 2, SKIRM_BACK_HITS = 1, SKIRM_STAY_HITS = 2 };
#define SKIRM_FALL_BACK 10.0

VlSkirmishResult vl_skirmisher_charge_result(int fail_by, double *fall_back_in, int *hits)
{
    VlSkirmishResult r = fail_by <= 0                      ? VL_SKIRM_PASSES
                         : fail_by <= SKIRM_BACK_MOST_FAIL ? VL_SKIRM_FALLS_BACK
                                                           : VL_SKIRM_STAYS;
    if (fall_back_in)
        *fall_back_in = r == VL_SKIRM_STAYS ? 0 : SKIRM_FALL_BACK;
    if (hits)
        *hits = r == VL_SKIRM_PASSES ? 0 : r == VL_SKIRM_FALLS_BACK ? SKIRM_BACK_HITS : SKIRM_STAY_HITS;
    return r;
}
