/* A player turn's summary: what the turn did, worked out from the world before it, the world after
 * it and the events it wrote (summary.h). The events carry the clause that wrote them and a unit,
 * another unit and a text; the states carry HITs, routs and who is gone. Where only an event can
 * tell (how a charge ended, the HITs a unit took before it rallied them off), the event's clause
 * and its unit decide, and the few words the game writes for it (effects.c, combat.c) are matched;
 * tests/test_summary.c pins them. */
#include "volley/summary.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool is(const VlGameEvent *e, const char *clause) { return strcmp(e->clause, clause) == 0; }
static bool says(const VlGameEvent *e, const char *words) { return strstr(e->text, words) != NULL; }

/* A rout's own event: "<unit> routs" (vl_g_rout). */
static bool rout_event(const VlGameEvent *e)
{
    size_t n = strlen(e->text);
    return e->unit >= 0 && n >= 6 && strcmp(e->text + n - 6, " routs") == 0;
}

/* The HITs an event gave its unit: "<unit> takes N HIT(s) (now M)" (vl_g_add_hits); 0 for others. */
static int hits_of(const VlGameEvent *e)
{
    const char *p = strstr(e->text, " takes ");
    int n = 0;
    char word[8] = {0};
    if (e->unit < 0 || !p || sscanf(p, " takes %d %7[A-Z]", &n, word) != 2 || strcmp(word, "HIT") != 0 || n <= 0)
        return 0;
    return n;
}

static VlVec2 centre_of(const VlWorld *w, int u)
{
    VlBox b = vl_world_unit(w, u)->bounds;
    return vl_v2_scale(vl_v2_add(b.lo, b.hi), 0.5);
}

static VlSummaryLine *add(VlTurnSummary *s, VlSummaryKind kind, int unit, int other)
{
    if (s->n == VL_SUMMARY_MAX) {
        s->more++;
        return NULL;
    }
    VlSummaryLine *l = &s->line[s->n++];
    memset(l, 0, sizeof *l);
    l->kind = kind;
    l->unit = unit;
    l->other = other;
    l->side = -1;
    l->from = l->to = -1;
    return l;
}

/* Where a unit's line points: where it stands at the end, or where it last stood on the table. */
static VlVec2 unit_at(const VlWorld *before, const VlWorld *after, int u)
{
    return vl_world_present(after, u) ? centre_of(after, u) : centre_of(before, u);
}

/* Follow one declared charge (unit u at t, declared at event i) through the events after it. */
static void follow_charge(VlSummaryLine *l, const VlGameEvent *ev, int nev, int i)
{
    int u = l->unit, t = l->other;
    l->outcome = VL_CHARGE_DECLARED;
    for (int k = i + 1; k < nev; k++) {
        const VlGameEvent *e = &ev[k];
        if (e->unit == t && rout_event(e))
            l->target_routed = true;
        if (e->unit == u && is(e, "GOR-CHG-3") && says(e, " declares a charge"))
            break; /* a charge of another phase: this one was settled before it */
        if (e->unit == u && is(e, "GOR-CHG-3") && says(e, "falters"))
            l->outcome = VL_CHARGE_FALTERED;
        else if (e->unit == u && is(e, "GOR-CHG-2"))
            l->outcome = says(e, "no longer reach") ? VL_CHARGE_UNREACHABLE : VL_CHARGE_SHORT;
        else if (e->unit == u && is(e, "GOR-CHG-4"))
            l->outcome = VL_CHARGE_HOME;
        else if (l->outcome == VL_CHARGE_HOME && e->unit == t &&
                 ((is(e, "GOR-CHG-7") && e->other == u) || (is(e, "GOR-CHG-8") && says(e, " falls back "))))
            l->outcome = VL_CHARGE_EVADED;
        else if (l->outcome == VL_CHARGE_HOME && is(e, "GOR-CC-4")) {
            /* The close combat's result: the loser tests (and its result names it); equal HITs name
             * the main charger and the target. */
            if (says(e, " take equal HITs")) {
                if (e->other == t || e->unit == t)
                    l->outcome = VL_CHARGE_DRAWN;
            } else if (e->unit == t) {
                l->outcome = VL_CHARGE_WON;
            } else if (e->unit == u) {
                l->outcome = VL_CHARGE_LOST;
            }
        }
    }
}

void vl_summary_build(const VlWorld *before, const VlWorld *after, const VlGameEvent *ev, int nev, int turn, int side,
                      VlTurnSummary *out)
{
    memset(out, 0, sizeof *out);
    out->turn = turn;
    out->side = side;
    int nu = after->nunits < before->nunits ? after->nunits : before->nunits;
    int *hits = calloc((size_t)(nu ? nu : 1), sizeof *hits);
    bool *routed = calloc((size_t)(nu ? nu : 1), sizeof *routed);
    bool *left = calloc((size_t)(nu ? nu : 1), sizeof *left);
    if (!hits || !routed || !left) {
        free(hits);
        free(routed);
        free(left);
        return;
    }
    /* Charges, in the order they were declared. */
    for (int i = 0; i < nev; i++) {
        const VlGameEvent *e = &ev[i];
        int h = hits_of(e);
        if (h && e->unit < nu) {
            hits[e->unit] += h;
            out->hits[vl_world_side(after, e->unit)] += h;
        }
        if (rout_event(e) && e->unit < nu)
            routed[e->unit] = true;
        if (e->unit >= 0 && e->unit < nu && says(e, "leaves the table"))
            left[e->unit] = true;
        if (e->unit >= 0 && e->unit < nu && e->other >= 0 && e->other < nu && is(e, "GOR-CHG-3") && says(e, " declares a charge")) {
            VlSummaryLine *l = add(out, VL_SUM_CHARGE, e->unit, e->other);
            if (l) {
                l->side = vl_world_side(after, e->unit);
                l->at = unit_at(before, after, e->unit);
                follow_charge(l, ev, nev, i);
            }
        }
    }
    for (int u = 0; u < nu; u++)
        if ((routed[u] || (after->units[u].routed && !before->units[u].routed)) && !left[u]) { /* gone: its own line */
            VlSummaryLine *l = add(out, VL_SUM_ROUT, u, -1);
            if (l) {
                l->side = vl_world_side(after, u);
                l->at = unit_at(before, after, u);
            }
        }
    for (int pass = 0; pass < 2; pass++)
        for (int u = 0; u < nu; u++) {
            bool general = after->scenario->units[u].type == VL_GENERAL;
            if (general != (pass == 1) || !after->units[u].removed || before->units[u].removed)
                continue;
            VlSummaryLine *l = add(out, general ? VL_SUM_GENERAL : VL_SUM_GONE, u, -1);
            if (l) {
                l->side = vl_world_side(after, u);
                l->amount = left[u] ? 0 : 1; /* 0: routed off the table, 1: destroyed */
                l->at = centre_of(before, u);
            }
        }
    for (int o = 0; o < after->scenario->nobjectives; o++) {
        int was = vl_objective_holder(before, o), now = vl_objective_holder(after, o);
        if (was == now)
            continue;
        VlSummaryLine *l = add(out, VL_SUM_OBJECTIVE, -1, o);
        if (l) {
            l->side = now;
            l->from = was;
            l->to = now;
            l->at = after->scenario->objectives[o].position;
        }
    }
    /* The HITs last, most first (a long list is cut at the foot on the screen). */
    int most = 0;
    for (int u = 0; u < nu; u++)
        most = hits[u] > most ? hits[u] : most;
    for (int k = most; k > 0; k--)
        for (int u = 0; u < nu; u++)
            if (hits[u] == k) {
                VlSummaryLine *l = add(out, VL_SUM_LOSS, u, -1);
                if (l) {
                    l->side = vl_world_side(after, u);
                    l->amount = hits[u];
                    l->total = after->units[u].hits;
                    l->at = unit_at(before, after, u);
                }
            }
    free(hits);
    free(routed);
    free(left);
}

void vl_summary_between(const VlGame *before, const VlGame *after, VlTurnSummary *out)
{
    int n0, n1;
    vl_game_events(before, &n0);
    const VlGameEvent *ev = vl_game_events(after, &n1);
    if (n0 > n1)
        n0 = n1;
    vl_summary_build(vl_game_world_const(before), vl_game_world_const(after), ev + n0, n1 - n0, vl_game_turn(before),
                     vl_game_active_side(before), out);
}

static const char *outcome_words(VlChargeOutcome o)
{
    switch (o) {
    case VL_CHARGE_DECLARED: return "declared";
    case VL_CHARGE_FALTERED: return "faltered and halted (charge test failed)";
    case VL_CHARGE_UNREACHABLE: return "could no longer reach it";
    case VL_CHARGE_SHORT: return "stopped short";
    case VL_CHARGE_EVADED: return "went home; the target fell back";
    case VL_CHARGE_HOME: return "went home";
    case VL_CHARGE_WON: return "won the melee";
    case VL_CHARGE_LOST: return "lost the melee";
    case VL_CHARGE_DRAWN: return "melee drawn: neither gave way";
    }
    return "?";
}

static const char *side_name(const VlScenario *s, int side)
{
    return side >= 0 && side < 2 && s->sides[side].name[0] ? s->sides[side].name : side == 0 ? "first side" : "second side";
}

void vl_summary_line_text(const VlScenario *s, const VlTurnSummary *sum, int i, char *buf, size_t size)
{
    if (i < 0 || i >= sum->n) {
        snprintf(buf, size, "?");
        return;
    }
    const VlSummaryLine *l = &sum->line[i];
    const char *who = l->unit >= 0 ? vl_unit_label(s, l->unit) : "";
    switch (l->kind) {
    case VL_SUM_CHARGE:
        snprintf(buf, size, "%s charged %s: %s%s", who, vl_unit_label(s, l->other), outcome_words(l->outcome),
                 l->target_routed ? "; the target routed" : "");
        return;
    case VL_SUM_LOSS: snprintf(buf, size, "%s took %d HIT%s (now %d)", who, l->amount, l->amount == 1 ? "" : "s", l->total); return;
    case VL_SUM_ROUT: snprintf(buf, size, "%s routed", who); return;
    case VL_SUM_GONE: snprintf(buf, size, "%s %s", who, l->amount ? "was destroyed" : "routed off the table"); return;
    case VL_SUM_GENERAL: snprintf(buf, size, "%s was lost", who); return;
    case VL_SUM_OBJECTIVE:
        if (l->to >= 0)
            snprintf(buf, size, "%s: taken by the %s", vl_objective_label(s, l->other), side_name(s, l->to));
        else
            snprintf(buf, size, "%s: no longer held by the %s", vl_objective_label(s, l->other), side_name(s, l->from));
        return;
    }
    snprintf(buf, size, "?");
}

void vl_summary_title(const VlScenario *s, const VlTurnSummary *sum, char *buf, size_t size)
{
    int us = sum->side == 1 ? 1 : 0;
    snprintf(buf, size, "Turn %d, the %s: %d HIT%s given, %d taken", sum->turn, side_name(s, sum->side), sum->hits[1 - us],
             sum->hits[1 - us] == 1 ? "" : "s", sum->hits[us]);
}
