/* Prospects: the odds a preview shows before a charge or a shot, worked out with the very functions
 * the game rolls with (src/game/combat.c, src/game/fire.c): morale levels and modifiers
 * (GOR-MOR-1..3), the reactions to a charge in the game's order (GOR-CHG-6..9), the close combat
 * dice (GOR-CC-2, GOR-CC-3) and the fire dice (GOR-ART-3, GOR-FIRE-2..4). No table is restated
 * here: where the game branches on a die, both branches are given. */
#include "volley/rules.h"

#include <stdio.h>
#include <string.h>

const char *vl_reception_name(VlReception r)
{
    switch (r) {
    case VL_RECEPTION_STANDS: return "stands";
    case VL_RECEPTION_SQUARE: return "tries to form square";
    case VL_RECEPTION_SKIRMISHERS: return "skirmishers";
    case VL_RECEPTION_FALLS_BACK: return "falls back";
    case VL_RECEPTION_ROUTED: return "routed";
    }
    return "?";
}

static bool mounted_cavalry(const VlWorld *w, int u)
{
    return w->scenario->units[u].type == VL_CAVALRY && w->units[u].mounted;
}

/* GOR-CHG-9 speaks of infantry; dismounted cavalry fights as infantry (GOR-CAV-1). */
static bool infantry_like(const VlWorld *w, int u)
{
    const VlScenarioUnit *su = &w->scenario->units[u];
    return su->type == VL_INFANTRY || (su->type == VL_CAVALRY && !w->units[u].mounted);
}

/* One test of unit u with the situation's own modifier @p extra, as src/game/effects.c rolls it:
 * the level (GOR-MOR-1) and the standard modifiers judged now (GOR-MOR-2). */
static void test_of(const VlWorld *w, int u, int extra, const char *extra_why, const char *clause, VlMoraleProspect *m)
{
    memset(m, 0, sizeof *m);
    m->taken = true;
    snprintf(m->clause, sizeof m->clause, "%s", clause);
    char std[96];
    m->level = vl_morale_level(w->scenario->units[u].quality);
    m->standard = vl_morale_standard_modifier(w, u, 0, -1, std, sizeof std);
    m->extra = extra;
    m->modifier = m->standard + extra;
    m->need = m->level + 1 - m->modifier; /* GOR-MOR-1: 2D6 + modifier must exceed the level */
    m->pass = vl_morale_pass_chance(m->level, m->modifier);
    snprintf(m->why, sizeof m->why, "%s%s", std, extra_why ? extra_why : "");
}

/* GOR-CHG-8: the least margin of failure at which skirmishers stay and fight. */
static int skirmish_stay_margin(void)
{
    int k = 1;
    while (k < 13 && vl_skirmisher_charge_result(k, NULL, NULL) != VL_SKIRM_STAYS)
        k++;
    return k;
}

/* Binomial: out[k] = the chance of k hits from n dice hitting with chance q each (n at most 24). */
static void binomial(int n, double q, double out[25])
{
    for (int k = 0; k <= 24; k++)
        out[k] = 0;
    out[0] = 1;
    for (int i = 0; i < n && i < 24; i++)
        for (int k = i + 1; k >= 0; k--)
            out[k] = out[k] * (1 - q) + (k ? out[k - 1] * q : 0);
}

/* GOR-CHG-6: the fire a passing target t gives its charger u at short range, as src/game/fire.c's
 * free fire rolls it (unlimbered guns, or infantry-like troops not in column: GOR-FORM-3), and the
 * chance its HITs make u fail the GOR-FIRE-5 test that falls it back out of contact. */
static void free_fire(const VlWorld *w, int t, int u, VlChargeProspect *p)
{
    memset(&p->free_fire, 0, sizeof p->free_fire);
    p->free_fire.target = u;
    p->p_driven_off = 0;
    VlFormation f = vl_world_unit(w, t)->formation;
    bool guns = w->scenario->units[t].type == VL_ARTILLERY && f == VL_FORM_UNLIMBERED;
    if (!guns && (!infantry_like(w, t) || f == VL_FORM_COLUMN))
        return;
    VlFireDice d;
    vl_fire_dice(w, t, u, VL_FIRE_FREE, &d, NULL);
    if (d.dice < 1)
        return;
    p->free_fire.dice = d.dice;
    p->free_fire.hit_on = d.hit_on;
    p->free_fire.p_hit = vl_hit_chance(d.hit_on);
    p->free_fire.expected = vl_expected_hits(d.dice, d.hit_on);
    double pk[25];
    binomial(d.dice, p->free_fire.p_hit, pk);
    int level = vl_morale_level(w->scenario->units[u].quality), flanks = vl_threatened_flanks(w, u);
    for (int k = 0; k <= 24; k++) {
        /* GOR-FIRE-5: it tests the first time it is fired on, or on 2 or more HITs in the phase. */
        if (pk[k] <= 0 || (w->units[u].fired_on && k < VL_FIRE_TEST_HITS))
            continue;
        int mod = vl_morale_standard_modifier(w, u, k, flanks, NULL, 0);
        p->p_driven_off += pk[k] * vl_morale_fail_chance(level, mod, 1);
    }
}

/* What target t does when charger u makes contact (src/game/combat.c's receive, in its order):
 * GOR-CHG-7, GOR-CHG-8, routers (GOR-ROUT-1), GOR-CHG-6. *test gets its test (or none), *fight the
 * chance it is still in contact to fight. */
static VlReception on_contact(const VlWorld *w, int u, int t, VlReactionOrders orders, bool can_fire, VlChargeProspect *p,
                              VlMoraleProspect *test, double *fight)
{
    memset(test, 0, sizeof *test);
    if (mounted_cavalry(w, t) && w->scenario->units[u].type == VL_INFANTRY && orders.cavalry_back) {
        *fight = 0; /* GOR-CHG-7: it goes back a full move instead of receiving the charge */
        return VL_RECEPTION_FALLS_BACK;
    }
    if (vl_world_unit(w, t)->formation == VL_FORM_SKIRMISH) {
        /* GOR-CHG-8: passing, they fall back by order or fire and fight; failing by a little, they are
         * forced back; by more, they stay and fight. */
        test_of(w, t, 0, NULL, "GOR-CHG-8", test);
        if (can_fire && !orders.skirmish_back)
            free_fire(w, t, u, p);
        p->skirmish_back = orders.skirmish_back;
        p->skirmish_stay_by = skirmish_stay_margin();
        double stay = vl_morale_fail_chance(test->level, test->modifier, p->skirmish_stay_by);
        *fight = stay + (orders.skirmish_back ? 0 : test->pass * (1 - p->p_driven_off));
        return VL_RECEPTION_SKIRMISHERS;
    }
    if (w->units[t].routed) {
        *fight = 1;
        return VL_RECEPTION_ROUTED; /* D-GAME-10: no test, no fire */
    }
    /* GOR-CHG-6: passing, it fires first; failing, it takes 1 HIT and fights. */
    test_of(w, t, 0, NULL, "GOR-CHG-6", test);
    if (can_fire)
        free_fire(w, t, u, p);
    *fight = 1 - test->pass * p->p_driven_off;
    return VL_RECEPTION_STANDS;
}

void vl_charge_prospect(const VlWorld *w, const VlChargeVerdict *v, VlReactionOrders orders, VlChargeProspect *out)
{
    memset(out, 0, sizeof *out);
    int u = v->unit, t = v->target;
    out->unit = u;
    out->target = t;
    /* The game strikes the face of the path it resolves; with no path, the front. */
    out->face = v->npath ? v->face : VL_FACE_FRONT;
    bool square_now = vl_world_unit(w, t)->formation == VL_FORM_SQUARE;
    /* GOR-CHG-3, GOR-MOR-3: the charger tests with its charge modifiers, at the end of the phase. */
    char mods[96];
    int cm = vl_morale_charge_modifier(w, u, t, out->face, square_now, mods, sizeof mods);
    test_of(w, u, cm, mods, "GOR-CHG-3", &out->charger);
    /* GOR-CC-2, GOR-CC-3: one on one, as the game calls it. The GOR-CHG-5 supporters move up keeping
     * their distance, so the rear support (GOR-SUPP-1) they give now is what they give then. */
    vl_cc_dice(w, u, t, out->face, square_now, 0, 0, 0, &out->cc);
    /* GOR-CHG-9: infantry charged by mounted cavalry, by its side's order, tests at the declaration. */
    if (mounted_cavalry(w, u) && infantry_like(w, t) && !square_now && !w->units[t].routed && orders.square) {
        out->reception = VL_RECEPTION_SQUARE;
        test_of(w, t, 0, NULL, "GOR-CHG-9", &out->defender);
        cm = vl_morale_charge_modifier(w, u, t, out->face, true, mods, sizeof mods);
        test_of(w, u, cm, mods, "GOR-CHG-3", &out->charger_if_square);
        vl_cc_dice(w, u, t, out->face, true, 0, 0, 0, &out->cc_if_square);
        /* Failing, it receives the charge as it stands, without its fire. */
        double fight;
        on_contact(w, u, t, orders, false, out, &out->defender_if_failed, &fight);
        out->p_fight = out->defender.pass + (1 - out->defender.pass) * fight;
        return;
    }
    out->reception = on_contact(w, u, t, orders, true, out, &out->defender, &out->p_fight);
}

void vl_fire_prospect(const VlWorld *w, int firer, int target, bool artillery, VlFireProspect *out)
{
    memset(out, 0, sizeof *out);
    VlFireVerdict fv;
    /* As src/game/fire.c: artillery at its target (GOR-ART-1), small arms at the rule's (GOR-FIRE-1). */
    vl_resolve_fire(w, firer, artillery ? target : -1, artillery, &fv);
    out->target = fv.target;
    if (!fv.legal || fv.target < 0)
        return;
    out->dice = fv.dice.dice;
    out->hit_on = fv.dice.hit_on;
    out->p_hit = vl_hit_chance(out->hit_on);
    out->expected = vl_expected_hits(out->dice, out->hit_on);
}
