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
