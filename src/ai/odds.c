/* The commander's odds: a thin layer over the rules (include/volley/rules.h), binding them to what
 * the commander knows: a unit's morale level (GOR-MOR-1) and standard modifier (GOR-MOR-2) with
 * its cached threatened flanks, the binomial of a number of dice, the short-range free fire a
 * charge draws (GOR-CHG-6), the planning estimate of a shot (GOR-ART-3..5, GOR-FIRE-2..4) and
 * the commander's survival odds (GOR-CMDR-1). Every table and number is the rules'; nothing here
 * restates one. */
#include "commander_internal.h"

/* GOR-MOR-1: unit u's morale level. */
int vl_ai_morale_level(const VlWorld *w, int u) { return vl_morale_level(w->scenario->units[u].quality); }

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
    if (ai->threat_n[u] < 0)
        ai->threat_n[u] = vl_threatened_flanks(W(ai), u); /* always the game's own table: the cache holds it */
    return ai->threat_n[u];
}

/* GOR-MOR-2 for u as the commander sees it: its flanks from the cache (none at the levels that do
 * not look), with @p extra_hits not yet taken. */
int vl_ai_standard_mod(Ai *ai, int u, int extra_hits)
{
    return vl_morale_standard_modifier(ai->view, u, extra_hits, vl_ai_threatened(ai, u), NULL, 0);
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
 * its HITs counted as Poisson with mean @p lam: a survival test each time it takes HITs, one for a
 * single HIT, a worse one when it takes 2 or more at once. */
double vl_ai_p_commander_falls(const VlWorld *w, double lam)
{
    return lam * exp(-lam) * vl_cmdr_loss_chance(w, -1, 1) + (1 - exp(-lam) - lam * exp(-lam)) * vl_cmdr_loss_chance(w, -1, 2);
}
