/* The commander's odds: the morale levels and standard modifiers (GOR-MOR-1, GOR-MOR-2), the 2D6
 * and binomial chances, the close combat dice (GOR-CC-2), the short-range free fire (GOR-CHG-6),
 * the planning estimate of fire by range band (GOR-ART-3, GOR-FIRE-2..4) and the commander's
 * survival odds (GOR-CMDR-1).
 *
 * These copy game rules that src/game/ keeps as private statics of its own. They are to be
 * replaced by the src/rules/ functions (issue 35, item 1: rules/fire.c, rules/morale.c,
 * rules/close_combat.c) once those land, so that the commander keeps no table of its own; until
 * then they are kept here together, unchanged, so that there is one place to swap. */
#include "commander_internal.h"

/* GOR-MOR-1: morale levels raw 7, seasoned 6, veteran 5; a test passes when 2D6 + modifiers exceed it. */
int vl_ai_morale_level(const VlWorld *w, int u)
{
    VlQuality q = w->scenario->units[u].quality;
    return q == VL_RAW ? 7 : q == VL_SEASONED ? 6 : 5;
}

/* P(2D6 <= k). */
static double p_2d6_le(int k)
{
    static const int ways[13] = {0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1};
    if (k < 2)
        return 0;
    if (k >= 12)
        return 1;
    int n = 0;
    for (int s = 2; s <= k; s++)
        n += ways[s];
    return n / 36.0;
}

/* Chance to pass a morale test at level L with modifier m: 2D6 + m > L. */
double vl_ai_p_pass(int level, int mod) { return 1.0 - p_2d6_le(level - mod); }

/* Chance to fail it by at least k (k >= 1): 2D6 + m <= L + 1 - k. */
double vl_ai_p_fail_by(int level, int mod, int k) { return p_2d6_le(level + 1 - k - mod); }

/* Binomial distribution of HITs from n dice hitting with chance p each. */
void vl_ai_binomial(int n, double p, double *out)
{
    if (n > 24)
        n = 24;
    if (n < 0)
        n = 0;
    for (int k = 0; k <= 24; k++)
        out[k] = 0;
    out[0] = 1;
    for (int i = 0; i < n; i++)
        for (int k = i + 1; k >= 0; k--)
            out[k] = out[k] * (1 - p) + (k ? out[k - 1] * p : 0);
}

/* Flanks and rear an enemy could charge this instant (GOR-THREAT-1), cached for the phase. The easy
 * commander does not look. */
int vl_ai_threatened(Ai *ai, int u)
{
    if (!ai->L->sees_threats)
        return 0;
    if (ai->threat_n[u] < 0) {
        int th[4];
        vl_threatened_faces(W(ai), u, th, NULL); /* always the game's own table: the cache holds it */
        ai->threat_n[u] = (th[VL_FACE_LEFT] >= 0) + (th[VL_FACE_RIGHT] >= 0) + (th[VL_FACE_REAR] >= 0);
    }
    return ai->threat_n[u];
}

/* GOR-MOR-2: the standard modifiers: -1 a threatened flank, -1 for every 2 HITs, +1 commander in contact. */
int vl_ai_standard_mod(Ai *ai, int u, int extra_hits)
{
    const VlWorld *w = ai->view;
    int m = -(w->units[u].hits + extra_hits) / 2 - vl_ai_threatened(ai, u);
    int c = vl_world_commander(w, u);
    if (c >= 0 && udist(w, u, c) == 0)
        m += 1;
    return m;
}

/* GOR-CC-2: close combat dice, charger against defender: infantry or mounted cavalry against
 * infantry, mounted cavalry, artillery, square. */
void vl_ai_cc_dice(const VlWorld *w, int a, int d, bool square, int *att, int *def)
{
    static const int INF[4][2] = {{6, 3}, {4, 2}, {8, 2}, {5, 2}};
    static const int CAV[4][2] = {{7, 3}, {6, 4}, {9, 2}, {3, 3}};
    int col = square ? 3 : utype(w, d) == VL_ARTILLERY ? 2 : mounted_cav(w, d) ? 1 : 0;
    *att = mounted_cav(w, a) ? CAV[col][0] : INF[col][0];
    *def = mounted_cav(w, a) ? CAV[col][1] : INF[col][1];
}

/* The short-range free fire a standing target gives (GOR-CHG-6): expected HITs, roughly the
 * small-arms or artillery table at short range in the open. */
double vl_ai_free_fire_hits(const VlWorld *w, int t, int u)
{
    if (uform(w, t) == VL_FORM_UNLIMBERED)
        return 6 * vl_world_unit(w, t)->spec.count / 4 / 6.0;
    if (!infantry_like(w, t) || uform(w, t) == VL_FORM_COLUMN)
        return 0;
    int dice = 4 - (uform(w, u) == VL_FORM_SKIRMISH) - (uform(w, t) == VL_FORM_SKIRMISH) - 2 * (uform(w, t) == VL_FORM_SQUARE);
    if (vl_world_unit(w, t)->weapon == VL_BREECHLOADER)
        return (dice > 0 ? 3 : 1) / 3.0;
    return (dice < 1 ? 1 : dice) / 6.0;
}

/* Planning estimate of the HITs u would do firing at t from where both stand: the artillery and
 * small-arms tables by range band and cover with the skirmisher and square modifiers (GOR-ART-3,
 * GOR-FIRE-2..4). The fire phases use the exact count from a trial on a copy instead. */
double vl_ai_est_hits(const VlWorld *w, int u, int t)
{
    static const int ART[3][3] = {{6, 4, 3}, {4, 3, 2}, {3, 2, 1}};
    static const int ARMS[3][3] = {{4, 3, 2}, {3, 2, 1}, {2, 1, 0}};
    static const int BREECH[3][3] = {{3, 2, 1}, {2, 1, 1}, {1, 1, 1}};
    const VlFieldUnit *fu = vl_world_unit(w, u);
    double r = udist(w, u, t);
    int cover = (int)vl_cover(w, u, t);
    bool skirm_t = uform(w, t) == VL_FORM_SKIRMISH;
    if (utype(w, u) == VL_ARTILLERY) {
        int band = r <= 15 ? 0 : r <= 40 ? 1 : r <= 60 ? 2 : 3;
        if (band == 3 || (band == 2 && fu->weapon == VL_SMOOTHBORE))
            return 0;
        int dice = ART[cover][band] - skirm_t;
        /* GOR-ART-4: +3 where the guns see the target's depth (vl_enfiladed: a line flank-on, a
         * column end-on). A column or limbered battery counts whichever face they see now: it turns
         * to march, and guns pivot. Judging columns by the face alone did worse (brigade action,
         * normal against easy as the Union: 58.5% against 63.0%). */
        if (uform(w, t) == VL_FORM_COLUMN || uform(w, t) == VL_FORM_LIMBERED || vl_enfiladed(w, u, t))
            dice += 3;
        dice = dice * fu->spec.count / 4;
        return dice > 0 ? dice / 6.0 : 0;
    }
    bool breech = fu->weapon == VL_BREECHLOADER;
    double s = breech ? 8 : 6;
    int band = r <= s ? 0 : r <= 2 * s ? 1 : r <= 3 * s ? 2 : 3;
    if ((fu->weapon == VL_SMOOTHBORE && band > 0) || ((fu->weapon == VL_CARBINE || (breech && utype(w, u) == VL_CAVALRY)) && band > 1))
        return 0;
    if (band == 3)
        return 0;
    int dice = (breech ? BREECH : ARMS)[cover][band] - skirm_t -
               (uform(w, u) == VL_FORM_SKIRMISH && utype(w, u) != VL_CAVALRY && !breech) - 2 * (uform(w, u) == VL_FORM_SQUARE);
    if (dice < 1)
        dice = 1;
    return dice * (breech ? 2 : 1) / 6.0;
}

/* GOR-CMDR-1: the chance that a commander in contact with a unit is removed while it takes fire,
 * its HITs counted as Poisson with mean @p lam: a survival test each time it takes HITs, where 11 or
 * 12 removes him (3 in 36) for one HIT, 9 or more (10 in 36) when it takes 2 or more at once. */
double vl_ai_p_commander_falls(double lam)
{
    return lam * exp(-lam) * 3 / 36 + (1 - exp(-lam) - lam * exp(-lam)) * 10 / 36;
}
