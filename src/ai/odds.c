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
    if (ai->threat_n[u] < 0) {
        ai->threat_n[u] = vl_threatened_flanks(W(ai), u); /* always the game's own table: the cache holds it */
        if (ai->mlog && ai->mlog->threat_at) {
            ai->mlog->threat_at[u] = ai->cur_k;
            ai->mlog->threat_v[u] = ai->threat_n[u];
        }
    }
    return ai->threat_n[u];
}

/* GOR-MOR-2 for u as the commander sees it: its flanks from the cache (none at the levels that do
 * not look), with @p extra_hits not yet taken. */
int vl_ai_standard_mod(Ai *ai, int u, int extra_hits)
{
    return vl_morale_standard_modifier(ai->view, u, extra_hits, vl_ai_threatened(ai, u), NULL, 0);
}

/* The short-range free fire a standing target t gives its charger u (GOR-CHG-6): the HITs it is
 * expected to do, if t can fire at all (unlimbered guns, or infantry-like troops not in column,
 * as the game's vl_g_free_fire judges it). */
double vl_ai_free_fire_hits(const VlWorld *w, int t, int u)
{
    if (uform(w, t) != VL_FORM_UNLIMBERED && (!infantry_like(w, t) || uform(w, t) == VL_FORM_COLUMN))
        return 0;
    return vl_fire_expected_hits(w, t, u, VL_FIRE_FREE);
}

/* Planning estimate of the HITs u would do firing at t from where both stand, by the rules' dice
 * (vl_fire_dice). Guns count GOR-ART-4's +3 against a column or limbered battery whichever face
 * they see now: it turns to march, and guns pivot. (Judging columns by the face alone did worse:
 * brigade action, normal against easy as the Union, 58.5% against 63.0%.) The fire phases use the
 * exact count from a trial on a copy instead. */
double vl_ai_est_hits(const VlWorld *w, int u, int t)
{
    bool depth = utype(w, u) == VL_ARTILLERY && (uform(w, t) == VL_FORM_COLUMN || uform(w, t) == VL_FORM_LIMBERED);
    return vl_fire_expected_hits(w, u, t, depth ? VL_FIRE_ASSUME_ENFILADE : 0);
}

/* GOR-CMDR-1: the chance that a commander in contact with a unit is removed while it takes fire,
 * its HITs counted as Poisson with mean @p lam: a survival test each time it takes HITs, one for a
 * single HIT, a worse one when it takes 2 or more at once. */
double vl_ai_p_commander_falls(const VlWorld *w, double lam)
{
    return lam * exp(-lam) * vl_cmdr_loss_chance(w, -1, 1) + (1 - exp(-lam) - lam * exp(-lam)) * vl_cmdr_loss_chance(w, -1, 2);
}
