/* The charge phase under Gunson's charge moves (the game's charge_rules VL_RULES_GUNSON): each
 * declared charge in the order declared, to its end (D-GUN-6): the charge throw (GUN-CHG-1,
 * GUN-CAV-1) or none on a flank or the rear (GUN-FLANK-1), the charge move and the cavalry's crash
 * through (GUN-CHG-2), the melee with impetus (GUN-IMP-1, GUN-FLANK-1) and the morale throw after it
 * (GUN-MOR-1). The tables are in src/rules/charge_gunson.c; this file rolls them on the game's dice
 * and logs every throw with its clause. Men and HITs: D-GUN-5. */
#include "game_internal.h"

#include <stdarg.h>
#include <stdio.h>

static const char *uid(const VlGame *g, int u) { return vl_unit_label(g->w->scenario, u); }

static bool touching(const VlWorld *w, int a, int b)
{
    return vl_world_present(w, a) && vl_world_present(w, b) &&
           vl_footprint_distance(&vl_world_unit(w, a)->fp, &vl_world_unit(w, b)->fp) == 0;
}

/* One d6 on the game's dice, logged with its clause and what it decided. */
static int throw_d6(VlGame *g, int u, const char *clause, int need, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static int throw_d6(VlGame *g, int u, const char *clause, int need, const char *fmt, ...)
{
    int face;
    vl_g_roll(g, 6, 1, &face);
    VlDiceRoll *r = vl_g_log_roll(g, vl_world_side(g->w, u), u, clause, &face, 1, 6, 0, need);
    if (r) {
        char what[200];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(what, sizeof what, fmt, ap);
        va_end(ap);
        snprintf(r->result, sizeof r->result, "%s: throws %d", what, face);
    }
    return face;
}

/* D-GUN-7: "a move" is the unit's normal move over open ground (its charge move less the bonus). */
static double normal_move(const VlGame *g, int u) { return vl_g_charge_move(g, u) - VL_CHARGE_BONUS; }

/* Roll n dice, a 6 kills a man, one HIT (GUN-IMP-1, D-GUN-5). */
static int melee_dice(VlGame *g, int u, int other, int n, const char *what)
{
    int faces[24] = {0}, kills = 0;
    if (n > 24)
        n = 24; /* VL_GUN_MEN men and at most as many impetus dice */
    vl_g_roll(g, 6, n, faces);
    for (int i = 0; i < n; i++)
        kills += faces[i] == 6;
    VlDiceRoll *r = vl_g_log_roll(g, vl_world_side(g->w, u), u, "GUN-IMP-1", faces, n, 6, 0, 6);
    if (r)
        snprintf(r->result, sizeof r->result, "%s against %s: %s; %d killed", uid(g, u), uid(g, other), what, kills);
    return kills;
}

/* GUN-MOR-1, D-GUN-11: a retreat or rout thrown now is made in the unit's own next move, so here it is
 * only owed. The unit stays where it stands meanwhile and may take no action of its own (it counts as
 * having acted, turn after turn, until the move is made); it can still be fired on and charged. A
 * second result against it keeps the worse of the two: a rout over a retreat, the longer retreat. */
static void owe_retreat(VlGame *g, int l, int enemy, double dist, bool by_cavalry)
{
    VlUnitState *st = &g->w->units[l];
    st->acted = true;
    if (st->gun_pending == VL_GUN_PENDING_ROUT)
        return;
    if (st->gun_pending != VL_GUN_PENDING_RETREAT || dist > st->gun_pending_dist) {
        st->gun_pending_dist = dist;
        st->gun_pending_from = enemy;
    }
    st->gun_pending = VL_GUN_PENDING_RETREAT;
    st->gun_pending_cavalry = st->gun_pending_cavalry || by_cavalry;
    vl_g_event(g, l, enemy, "GUN-MOR-1", "%s will make its retreat of %.0f in at the start of its own side's "
               "movement (D-GUN-11)", uid(g, l), st->gun_pending_dist);
}

/* A rout owed (D-GUN-11): the unit is routed now (it counts so for the army's break point and may not
 * rally before it has run) and runs at the start of its own side's movement. */
static void owe_rout(VlGame *g, int l, int enemy)
{
    VlUnitState *st = &g->w->units[l];
    st->acted = true;
    st->routed = true;
    st->gun_pending = VL_GUN_PENDING_ROUT;
    st->gun_pending_from = enemy;
    st->gun_pending_dist = 0;
    st->gun_pending_cavalry = false;
    vl_g_event(g, l, enemy, "GUN-MOR-1", "%s will make its rout move at the start of its own side's movement "
               "(D-GUN-11)", uid(g, l));
}

/* GUN-MOR-1: friends of a unit that routs, within 12 in of it, throw to join it (D-GUN-9). */
static void join_rout(VlGame *g, int router, int enemy)
{
    VlWorld *w = g->w;
    int near[64], nn = 0;
    for (int j = 0; j < w->nunits && nn < 64; j++)
        if (j != router && vl_world_present(w, j) && !vl_world_enemies(w, j, router) && !w->units[j].routed &&
            w->scenario->units[j].type != VL_GENERAL &&
            vl_footprint_distance(&vl_world_unit(w, j)->fp, &vl_world_unit(w, router)->fp) <= VL_GUN_ROUT_RADIUS + 1e-9)
            near[nn++] = j;
    owe_rout(g, router, enemy);
    for (int k = 0; k < nn; k++) {
        int j = near[k];
        if (!vl_world_present(w, j) || w->units[j].routed)
            continue;
        int f = throw_d6(g, j, "GUN-MOR-1", 0, "%s, within 12 in of %s's rout, joins it on 1, 2 or 3", uid(g, j),
                         uid(g, router));
        if (vl_gunson_joins_rout(f)) {
            vl_g_event(g, j, router, "GUN-MOR-1", "%s joins the rout of %s", uid(g, j), uid(g, router));
            owe_rout(g, j, enemy);
        }
    }
}

/* A retreat after a melee, made in the unit's own move (D-GUN-11), straight back (D-GUN-7); charged by
 * cavalry, a unit that cannot get clear surrenders (GUN-CAV-1, D-GUN-10). */
static void retreat(VlGame *g, int l, int enemy, double dist, bool by_cavalry)
{
    VlWorld *w = g->w;
    double moved = vl_g_fall_back(g, l, dist, true, "GUN-MOR-1");
    if (by_cavalry && vl_world_present(w, l) && moved < dist - 0.05) {
        vl_g_event(g, l, enemy, "GUN-CAV-1", "%s, charged by cavalry, cannot get clear to the rear and surrenders",
                   uid(g, l));
        vl_world_set_present(w, l, false);
    }
}

void vl_g_gunson_pending_moves(VlGame *g)
{
    VlWorld *w = g->w;
    if (w->options.charge_rules != VL_RULES_GUNSON)
        return;
    for (int u = 0; u < w->nunits; u++) {
        VlUnitState *st = &w->units[u];
        if (st->gun_pending == VL_GUN_PENDING_NONE || vl_world_side(w, u) != w->active_side)
            continue;
        int kind = st->gun_pending, from = st->gun_pending_from;
        double dist = st->gun_pending_dist;
        bool cav = st->gun_pending_cavalry;
        st->gun_pending = VL_GUN_PENDING_NONE;
        st->gun_pending_dist = 0;
        st->gun_pending_from = -1;
        st->gun_pending_cavalry = false;
        if (!vl_world_present(w, u))
            continue;
        st->acted = true; /* the forced move is its move this turn */
        if (kind == VL_GUN_PENDING_RETREAT && st->routed)
            continue; /* routed since (by fire, GOR-FIRE-5): it runs as a router instead (GOR-ROUT-1) */
        if (from >= 0 && !vl_world_present(w, from))
            from = -1;
        if (kind == VL_GUN_PENDING_ROUT) {
            vl_g_event(g, u, from, "GUN-MOR-1", "%s, routed, makes its rout move now, in its own move (D-GUN-11)",
                       uid(g, u));
            /* Routed since the throw but not yet turned about: the rout effect's first move turns it
             * its back to the enemy and runs (D-ROUT-1), so it starts from "not yet routed". */
            st->routed = false;
            vl_g_rout(g, u, from, "GUN-MOR-1");
        } else {
            vl_g_event(g, u, from, "GUN-MOR-1", "%s makes its retreat of %.0f in now, in its own move (D-GUN-11)",
                       uid(g, u), dist);
            retreat(g, u, from, dist, cav);
        }
    }
}

/* GUN-MOR-1: unit l throws for morale after a melee against @p enemy, as its loser (the higher share
 * of losses) or, @p by_cavalry, as the target of a cavalry charge (GUN-CAV-1, D-GUN-10). */
static void morale_throw(VlGame *g, int l, int enemy, bool by_cavalry, bool loser, const char *why)
{
    VlWorld *w = g->w;
    if (!vl_world_present(w, l) || w->units[l].routed)
        return;
    if (loser && vl_gunson_in_building(w, l)) {
        /* GUN-MOR-1: the loser of a melee in a building leaves it on 1, 2 or 3, else holds it (D-GUN-13). */
        int f = throw_d6(g, l, "GUN-MOR-1", 4, "%s, the loser of the melee in a building, leaves it on 1, 2 or 3",
                         uid(g, l));
        if (!vl_gunson_leaves_building(f)) {
            vl_g_event(g, l, enemy, "GUN-MOR-1", "%s holds the building", uid(g, l));
            return;
        }
        vl_g_event(g, l, enemy, "GUN-MOR-1", "%s retreats from the building", uid(g, l));
        owe_retreat(g, l, enemy, normal_move(g, l), by_cavalry);
        return;
    }
    int f = throw_d6(g, l, "GUN-MOR-1", 5, "%s throws for morale (%s): 5 or 6 stands, 3 or 4 retreats, 2 retreats "
                     "twice as far, 1 routs", uid(g, l), why);
    VlGunMorale m = vl_gunson_morale_result(f);
    if (m == VL_GUN_STANDS) {
        vl_g_event(g, l, enemy, "GUN-MOR-1", "%s stands firm", uid(g, l));
        return;
    }
    if (m == VL_GUN_ROUTS) {
        vl_g_event(g, l, enemy, "GUN-MOR-1", "%s is routed", uid(g, l));
        join_rout(g, l, enemy);
        return;
    }
    double dist = normal_move(g, l) * (m == VL_GUN_DOUBLE_RETREAT ? 2 : 1);
    vl_g_event(g, l, enemy, "GUN-MOR-1", "%s retreats %s (%.0f in)", uid(g, l),
               m == VL_GUN_DOUBLE_RETREAT ? "a double move" : "a move", dist);
    owe_retreat(g, l, enemy, dist, by_cavalry);
}

/* GUN-CHG-2: cavalry that charged home crashes through to the full extent of its move, where that
 * place is clear; else it stays where it struck (D-GUN-8). */
static void crash_through(VlGame *g, int u, int t, const VlChargeVerdict *v)
{
    VlWorld *w = g->w;
    const VlFieldUnit *fu = vl_world_unit(w, u);
    VlFootprint fp;
    vl_footprint_build(&fp, v->crash_pose, fu->formation, fu->spec);
    if (vl_g_place_blocker(g, u, &fp, true, false) != VL_PLACE_FREE) {
        vl_g_event(g, u, t, "GUN-CHG-2", "%s has no clear ground beyond %s and stays in contact", uid(g, u), uid(g, t));
        return;
    }
    vl_battlefield_set_unit(w->bf, u, v->crash_pose, fu->formation);
    vl_g_event(g, u, t, "GUN-CHG-2", "%s crashes through %s to the full %.0f in of its charge", uid(g, u), uid(g, t),
               v->allowance_max);
    vl_g_make_way(g, u);
}

/* GUN-IMP-1, GUN-FLANK-1, GUN-MOR-1: the melee of charger u with target t and the morale after it. */
static void melee(VlGame *g, int u, int t, const VlChargeVerdict *v)
{
    VlWorld *w = g->w;
    VlGunMelee m;
    vl_gunson_melee_dice(w, v, &m);
    char what[160];
    snprintf(what, sizeof what, "%d dice (%d men, %d impetus)", m.att, m.att_men, m.att_impetus);
    int on_def = melee_dice(g, u, t, m.att, what);
    int on_att = 0;
    if (m.def_no_value) {
        vl_g_event(g, t, u, "GUN-FLANK-1", "%s, attacked in the %s, has no melee value", uid(g, t), vl_face_name(v->face));
    } else {
        snprintf(what, sizeof what, "%d dice (%d men)", m.def, m.def_men);
        on_att = melee_dice(g, t, u, m.def, what);
    }
    /* Simultaneous: both sides' losses apply before either throws. */
    vl_g_add_hits(g, t, on_def, u, "GUN-IMP-1");
    vl_g_add_hits(g, u, on_att, t, "GUN-IMP-1");
    int cmp = vl_gunson_casualty_cmp(on_att, m.att_men, on_def, m.def_men);
    bool cav = w->scenario->units[u].type == VL_CAVALRY;
    bool t_threw = false;
    if (cmp > 0) {
        morale_throw(g, u, t, false, true, "the higher losses in the melee");
    } else if (cmp < 0) {
        morale_throw(g, t, u, cav, true, "the higher losses in the melee");
        t_threw = true;
    } else {
        vl_g_event(g, u, t, "GUN-MOR-1", "%s and %s lose the same share of their men: neither throws (D-GUN-9)",
                   uid(g, u), uid(g, t));
    }
    /* GUN-CAV-1: a unit charged by cavalry throws for morale in any case (once: D-GUN-10). */
    if (cav && !t_threw)
        morale_throw(g, t, u, true, false, "charged by cavalry");
}

/* One declared charge, to its end. */
static void gunson_charge(VlGame *g, Decl *d)
{
    VlWorld *w = g->w;
    int u = d->unit, t = d->target;
    if (!vl_world_present(w, u) || !vl_world_present(w, t) || w->units[u].routed)
        return;
    w->units[u].charged = true;
    VlChargeOrder o = {u, t, VL_RULES_GUNSON, d->choose_path, d->pre_kind, d->pre_amount, 0, false};
    VlChargeVerdict v;
    vl_resolve_charge(w, &o, &v);
    if (!v.legal) {
        vl_g_event(g, u, t, "GUN-CHG-2", "%s can no longer charge %s and stays", uid(g, u), uid(g, t));
        return;
    }
    bool cav = w->scenario->units[u].type == VL_CAVALRY;
    if (v.needs_throw) {
        const char *clause = cav ? "GUN-CAV-1" : "GUN-CHG-1";
        int f = throw_d6(g, u, clause, v.throw_needed, "%s throws for a charge at %s's %s, needs %d", uid(g, u),
                         uid(g, t), vl_formation_name(vl_world_unit(w, t)->formation), v.throw_needed);
        switch (vl_gunson_throw_result(cav, v.throw_needed, f)) {
        case VL_GUN_CHARGES: break;
        case VL_GUN_REFUSES:
            vl_g_event(g, u, t, clause, "%s refuses to charge this move", uid(g, u));
            return;
        case VL_GUN_SWERVES:
            vl_g_event(g, u, t, clause, "%s splits and swerves from %s and stays (D-GUN-8)", uid(g, u), uid(g, t));
            return;
        case VL_GUN_RETREATS:
            vl_g_event(g, u, t, clause, "%s falls two short and %s a move", uid(g, u), cav ? "retires" : "retreats");
            vl_g_fall_back(g, u, normal_move(g, u), true, clause);
            return;
        }
    } else {
        vl_g_event(g, u, t, "GUN-FLANK-1", "%s charges %s's %s: no throw needed", uid(g, u), uid(g, t),
                   vl_face_name(v.face));
    }
    d->passed = true;
    vl_battlefield_set_unit(w->bf, u, v.contact_pose, vl_world_unit(w, u)->formation);
    d->contact = touching(w, u, t);
    d->face = v.face;
    vl_g_event(g, u, t, "GUN-CHG-2", "%s charges home into %s's %s after %.2f in", uid(g, u), uid(g, t),
               vl_face_name(v.face), v.distance);
    vl_g_make_way(g, u);
    if (cav)
        crash_through(g, u, t, &v);
    melee(g, u, t, &v);
}

void vl_g_resolve_charges_gunson(VlGame *g)
{
    for (int i = 0; i < g->ndecl; i++)
        gunson_charge(g, &g->decl[i]);
}
