/* Fire: artillery (GOR-ART-1..5) and small arms (GOR-FIRE-1..6) as rules/fire.c decides them,
 * rolled, with the morale checks fire causes (GOR-FIRE-5). */
#include "game_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *uid(const VlGame *g, int u) { return vl_unit_label(g->w->scenario, u); }

/* Roll n dice, count those at or above hit_on, log it. */
static int roll_hits(VlGame *g, int u, int t, int n, int hit_on, int modifier, const char *clause, const char *what)
{
    int faces[24] = {0}, hits = 0;
    if (n > 24)
        n = 24;
    vl_g_roll(g, 6, n, faces);
    for (int i = 0; i < n; i++)
        hits += faces[i] >= hit_on;
    VlDiceRoll *r = vl_g_log_roll(g, vl_world_side(g->w, u), u, clause, faces, n, 6, modifier, hit_on);
    if (r)
        snprintf(r->result, sizeof r->result, "%s at %s: %s; %d HIT%s", uid(g, u), uid(g, t), what, hits,
                 hits == 1 ? "" : "s");
    return hits;
}

void vl_g_after_fire(VlGame *g, int t)
{
    VlWorld *w = g->w;
    if (!vl_world_present(w, t))
        return;
    VlUnitState *st = &w->units[t];
    st->shot_at_turn = w->turn; /* for Advance orders (GOR-GEN-1) */
    bool first = !st->fired_on;
    st->fired_on = true;
    bool two = g->phase_hits[t] >= VL_FIRE_TEST_HITS && !g->phase_tested[t];
    if (!first && !two)
        return;
    if (two)
        g->phase_tested[t] = true;
    if (st->routed)
        return;
    /* GOR-FIRE-5: the first time fired on, or 2+ HITs from fire in one phase. */
    MoraleResult m = vl_g_morale(g, t, 0, "GOR-FIRE-5", first ? "being fired on for the first time" : "2 or more HITs this phase");
    if (m.pass)
        return;
    const VlFieldUnit *fu = vl_world_unit(w, t);
    if (fu->formation == VL_FORM_UNLIMBERED) {
        /* Unlimbered guns limber up where they stand instead of falling back. */
        if (vl_g_reform_in_place(g, t, VL_FORM_LIMBERED))
            vl_g_event(g, t, -1, "GOR-FIRE-5", "%s limbers up in place", uid(g, t));
        else
            vl_g_event(g, t, -1, "GOR-FIRE-5", "%s has no room to limber and stays as it is (D-GAME-9)", uid(g, t));
        return;
    }
    vl_g_fall_back(g, t, vl_fire_test_fall_back(m.fail_by), true, "GOR-FIRE-5");
}

/* ---- artillery ---- */

/* One shot as rules/fire.c gives it: roll, log, HITs, and the tests they bring. */
static void fire_shot(VlGame *g, int u, int t, int dice, int hit_on, int modifier, const char *clause, const char *what)
{
    int hits = roll_hits(g, u, t, dice, hit_on, modifier, clause, what);
    g->phase_hits[t] += hits;
    vl_g_add_hits(g, t, hits, u, clause);
    vl_g_after_fire(g, t);
}

bool vl_g_artillery_fire(VlGame *g, int u, int t, bool apply, VlReasons *why)
{
    VlFireVerdict v;
    vl_resolve_fire(g->w, u, t, true, &v);
    if (!v.legal) {
        vl_g_copy_refusals(why, &v.why);
        return false;
    }
    if (!apply)
        return true;
    const VlFireDice *d = &v.dice;
    char what[160];
    snprintf(what, sizeof what, "%s range %.1f in, %s, %d dice%s%s, 6s hit", vl_band_name(d->band), d->range,
             vl_cover_name(d->cover), d->dice, d->mods, d->split ? ", split battery" : "");
    VlUnitState *st = &g->w->units[u];
    st->fired = st->acted = true;
    fire_shot(g, u, t, d->dice, d->hit_on, d->modifier, "GOR-ART-3", what);
    return true;
}

/* ---- REP-401 preliminary bombardment ---- */

/* D-REP-401-2: the target a battery bombards: of the enemies it may fire at (arc, range, sight, as
 * in the artillery phase), the one it would do the most HITs to on average; then the nearest; then
 * the first in the scenario. No player chooses, so that the bombardment needs no command. */
static int bombard_target(const VlGame *g, int u)
{
    const VlWorld *w = g->w;
    int best = -1;
    double best_hits = 0, best_d = INFINITY;
    for (int t = 0; t < w->nunits; t++) {
        if (!vl_world_present(w, t) || !vl_world_enemies(w, u, t))
            continue;
        VlFireVerdict v;
        vl_resolve_fire(w, u, t, true, &v);
        if (!v.legal)
            continue;
        double e = vl_fire_expected_hits(w, u, t, 0);
        double d = vl_footprint_distance(&vl_world_unit(w, u)->fp, &vl_world_unit(w, t)->fp);
        if (best < 0 || e > best_hits + 1e-12 || (fabs(e - best_hits) <= 1e-12 && d < best_d)) {
            best = t;
            best_hits = e;
            best_d = d;
        }
    }
    return best;
}

void vl_g_bombardment(VlGame *g)
{
    VlWorld *w = g->w;
    if (!vl_rep_on(&w->options, VL_REP_401))
        return;
    /* REP-401: before turn 1 every battery fires, round after round; nothing else happens. Volley
     * plays VL_REP_401_ROUNDS rounds (D-REP-401-1); in each, the side that moves first fires all its
     * batteries, then the other side; a battery hit earlier in the round fires as it then stands. */
    for (int round = 1; round <= VL_REP_401_ROUNDS; round++) {
        vl_g_event(g, -1, -1, "REP-401", "preliminary bombardment: round %d of %d", round, VL_REP_401_ROUNDS);
        for (int k = 0; k < 2; k++) {
            int side = k == 0 ? w->scenario->first_side : 1 - w->scenario->first_side;
            for (int u = 0; u < w->nunits; u++) {
                g->phase_hits[u] = 0;
                g->phase_tested[u] = false;
            }
            for (int u = 0; u < w->nunits; u++) {
                if (vl_world_side(w, u) != side || !vl_world_present(w, u) || w->scenario->units[u].type != VL_ARTILLERY)
                    continue;
                int t = bombard_target(g, u);
                if (t < 0)
                    continue;
                VlFireVerdict v;
                vl_resolve_fire(w, u, t, true, &v);
                const VlFireDice *d = &v.dice;
                char what[200];
                snprintf(what, sizeof what, "bombardment round %d, %s range %.1f in, %s, %d dice%s%s, 6s hit", round,
                         vl_band_name(d->band), d->range, vl_cover_name(d->cover), d->dice, d->mods,
                         d->split ? ", split battery" : "");
                fire_shot(g, u, t, d->dice, d->hit_on, d->modifier, "REP-401", what);
            }
        }
    }
    /* The bombardment is no turn's action: turn 1 starts with every unit fresh. */
    for (int u = 0; u < w->nunits; u++) {
        g->phase_hits[u] = 0;
        g->phase_tested[u] = false;
    }
}

/* ---- small arms ---- */

bool vl_g_small_arms(VlGame *g, const VlCommand *c, bool apply, VlReasons *why)
{
    VlWorld *w = g->w;
    int u = c->unit;
    VlFireVerdict v;
    vl_resolve_fire(w, u, -1, false, &v);
    if (!v.legal) {
        vl_g_copy_refusals(why, &v.why);
        return false;
    }
    int forced = v.target, total = v.dice.dice;
    int targets[VL_MAX_FIRE_TARGETS], dice_for[VL_MAX_FIRE_TARGETS], nt = 0;
    if (c->ntargets == 0 || (c->ntargets == 1 && c->targets[0] == forced)) {
        targets[0] = forced;
        dice_for[0] = total;
        nt = 1;
    } else if (vl_world_unit(w, u)->weapon != VL_BREECHLOADER) {
        vl_reason_add(why, "GOR-FIRE-1", false, NAN, forced, -1, "%s must fire at %s, the greatest frontage in its line of fire",
                      uid(g, u), uid(g, forced));
        return false;
    } else {
        /* GOR-FIRE-4, D-FIRE-3: a breech-loader shares its dice (those it has against the target the
         * rules choose) among enemies in its line of fire and range. A command may come from a file:
         * the number of shares and each share are checked against what the unit has before they are
         * added, so no sum can overflow. */
        if (c->ntargets < 1 || c->ntargets > VL_MAX_FIRE_TARGETS) {
            vl_reason_add(why, "GOR-FIRE-4", false, c->ntargets, u, -1, "split fire has 1 to %d targets, not %d",
                          VL_MAX_FIRE_TARGETS, c->ntargets);
            return false;
        }
        int sum = 0;
        for (int i = 0; i < c->ntargets; i++) {
            int t = c->targets[i];
            if (t < 0 || t >= w->nunits) {
                vl_reason_add(why, "GOR-FIRE-4", false, NAN, -1, -1, "every share of split fire needs an enemy in the line of fire");
                return false;
            }
            if (t != forced) {
                VlFireVerdict sv;
                vl_resolve_fire(w, u, t, false, &sv);
                if (!sv.legal) {
                    vl_g_copy_refusals(why, &sv.why);
                    return false;
                }
            }
            if (c->dice[i] < 1) {
                vl_reason_add(why, "GOR-FIRE-4", false, NAN, t, -1, "each target of split fire gets at least one die");
                return false;
            }
            if (c->dice[i] > total - sum) {
                vl_reason_add(why, "GOR-FIRE-4", false, total, u, -1, "the split must share out exactly %d dice, not more",
                              total);
                return false;
            }
            targets[nt] = t;
            dice_for[nt++] = c->dice[i];
            sum += c->dice[i];
        }
        if (sum != total) {
            vl_reason_add(why, "GOR-FIRE-4", false, total, u, -1, "the split must share out exactly %d dice, not %d", total, sum);
            return false;
        }
    }
    if (!apply)
        return true;
    VlUnitState *st = &w->units[u];
    st->fired = st->acted = true;
    const char *clause = v.dice.hit_on == 5 ? "GOR-FIRE-4" : "GOR-FIRE-2";
    for (int i = 0; i < nt; i++) {
        int t = targets[i];
        VlFireDice d;
        vl_fire_dice(w, u, t, 0, &d, NULL);
        char what[160];
        snprintf(what, sizeof what, "%s range %.1f in, %s, %d dice%s, %s hit", vl_band_name(d.band), d.range,
                 vl_cover_name(d.cover), dice_for[i], nt == 1 ? v.dice.mods : d.mods, v.dice.hit_on == 5 ? "5s and 6s" : "6s");
        fire_shot(g, u, t, dice_for[i], v.dice.hit_on, 0, clause, what);
    }
    return true;
}

void vl_g_free_fire(VlGame *g, int u, int t)
{
    /* GOR-CHG-6: the defender that passes fires at the charger at short range; not an action. */
    VlWorld *w = g->w;
    if (!vl_world_present(w, u) || !vl_world_present(w, t))
        return;
    const VlScenarioUnit *su = &w->scenario->units[u];
    const VlFieldUnit *fu = vl_world_unit(w, u);
    VlFireDice d;
    char what[160];
    if (su->type == VL_ARTILLERY && fu->formation == VL_FORM_UNLIMBERED) {
        vl_fire_dice(w, u, t, VL_FIRE_FREE, &d, NULL);
        snprintf(what, sizeof what, "free fire at short range, %s, %d dice", vl_cover_name(d.cover), d.dice);
    } else if (su->type == VL_INFANTRY || (su->type == VL_CAVALRY && !w->units[u].mounted)) {
        if (fu->formation == VL_FORM_COLUMN)
            return; /* columns cannot fire (GOR-FORM-3) */
        vl_fire_dice(w, u, t, VL_FIRE_FREE, &d, NULL);
        snprintf(what, sizeof what, "free fire at short range, %s, %d dice%s", vl_cover_name(d.cover), d.dice, d.mods);
    } else {
        return; /* mounted cavalry and generals have no fire */
    }
    if (d.dice < 1)
        return;
    fire_shot(g, u, t, d.dice, d.hit_on, 0, "GOR-CHG-6", what);
}
