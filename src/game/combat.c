/* The charge phase: declarations (GOR-CHG-1..5, GOR-CHG-9), morale and moves (GOR-CHG-3), receiving
 * the charge (GOR-CHG-6..8) and close combat (GOR-CC-1..6, GOR-MOR-3, GOR-MOR-4). */
#include "game_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *uid(const VlGame *g, int u) { return vl_unit_label(g->w->scenario, u); }

static bool infantry_like(const VlWorld *w, int u)
{
    const VlScenarioUnit *su = &w->scenario->units[u];
    return su->type == VL_INFANTRY || (su->type == VL_CAVALRY && !w->units[u].mounted);
}

static bool mounted_cavalry(const VlWorld *w, int u)
{
    return w->scenario->units[u].type == VL_CAVALRY && w->units[u].mounted;
}

static VlChargeOrder order_of(const VlWorld *w, const Decl *d)
{
    VlChargeRules rules = d->reaction ? VL_RULES_GOR : w->options.charge_rules;
    VlChargeOrder o = {d->unit, d->target, rules, d->choose_path, d->pre_kind, d->pre_amount, 0, false};
    return o;
}

bool vl_g_declare(VlGame *g, const VlCommand *c, bool apply, VlReasons *why)
{
    VlWorld *w = g->w;
    VlReasons local = {0};
    if (!why)
        why = &local;
    int u = c->unit, t = c->target;
    if (t < 0 || t >= w->nunits || !vl_world_present(w, t) || !vl_world_enemies(w, u, t)) {
        vl_reason_add(why, "GOR-CHG-1", false, NAN, t, -1, "a charge needs an enemy on the table as its target");
        return false;
    }
    if (w->scenario->units[t].type == VL_GENERAL) {
        vl_reason_add(why, "D-GAME-3", false, NAN, t, -1, "a command base is not a target");
        return false;
    }
    if (w->units[u].acted) {
        vl_reason_add(why, "GOR-TURN-3", false, NAN, u, -1, "%s has already acted this turn", uid(g, u));
        return false;
    }
    if (!vl_g_order_allows_charge(g, u, why))
        return false;
    for (int i = 0; i < g->ndecl; i++)
        for (int k = -1; k < g->decl[i].nsupports; k++) {
            int x = k < 0 ? g->decl[i].unit : g->decl[i].supports[k];
            if (x == u) {
                vl_reason_add(why, "GOR-TURN-3", false, NAN, u, -1, "%s is already part of a declared charge", uid(g, u));
                return false;
            }
        }
    if (g->ndecl >= MAX_DECL) {
        vl_reason_add(why, "GOR-CHG-3", false, NAN, u, -1, "too many charges declared this phase");
        return false;
    }
    VlChargeOrder o = {u, t, w->options.charge_rules, c->choose_path, c->pre_kind, c->pre_amount, 0, false};
    VlChargeVerdict v;
    vl_resolve_charge(w, &o, &v);
    if (!v.legal && !v.depends_on_die) {
        vl_g_copy_refusals(why, &v.why);
        if (!vl_reasons_refuse(why))
            vl_reason_add(why, "GOR-CHG-2", false, NAN, t, -1, "%s cannot reach %s", uid(g, u), uid(g, t));
        return false;
    }
    Decl d = {0};
    d.unit = u;
    d.target = t;
    d.choose_path = c->choose_path;
    d.pre_kind = c->pre_kind;
    d.pre_amount = c->pre_amount;
    /* GOR-CHG-5: supports are declared with the charge; by default every eligible one. */
    if (c->nsupports == 0) {
        d.nsupports = v.nsupports;
        memcpy(d.supports, v.supports, (size_t)v.nsupports * sizeof v.supports[0]);
    } else {
        for (int k = 0; k < c->nsupports && k < VL_MAX_SUPPORTS; k++) {
            bool ok = false;
            for (int j = 0; j < v.nsupports; j++)
                ok |= v.supports[j] == c->supports[k];
            if (!ok || w->units[c->supports[k]].acted) {
                vl_reason_add(why, "GOR-CHG-5", false, NAN, c->supports[k], -1,
                              "%s cannot support: same type, partly directly behind within 5 in, in command, not yet acted",
                              c->supports[k] >= 0 && c->supports[k] < w->nunits ? uid(g, c->supports[k]) : "?");
                return false;
            }
            d.supports[d.nsupports++] = c->supports[k];
        }
    }
    if (!apply)
        return true;
    Decl *dd = &g->decl[g->ndecl++];
    *dd = d;
    w->units[u].acted = true;
    for (int k = 0; k < d.nsupports; k++)
        w->units[d.supports[k]].acted = true;
    vl_g_event(g, u, t, w->options.charge_rules == VL_RULES_GUNSON ? "GUN-CHG-1" : "GOR-CHG-3", "%s declares a charge at %s%s",
               uid(g, u), uid(g, t), d.nsupports ? ", with support" : "");
    /* GOR-CHG-9: infantry charged by mounted cavalry may try to form square at once. */
    const VlFieldUnit *tu = vl_world_unit(w, t);
    int ts = vl_world_side(w, t);
    if (w->options.charge_rules != VL_RULES_GUNSON && mounted_cavalry(w, u) && infantry_like(w, t) &&
        tu->formation != VL_FORM_SQUARE && !w->units[t].routed &&
        (g->reactions[ts] & VL_REACT_SQUARE)) {
        bool earlier = false;
        for (int i = 0; i + 1 < g->ndecl; i++)
            earlier |= g->decl[i].target == t && g->decl[i].square_tested;
        if (!earlier) {
            dd->square_tested = true;
            MoraleResult m = vl_g_morale(g, t, 0, "GOR-CHG-9", "forming square against cavalry");
            if (m.pass && vl_g_reform_in_place(g, t, VL_FORM_SQUARE)) {
                vl_g_event(g, t, u, "GOR-CHG-9", "%s forms square", uid(g, t));
            } else if (m.pass) {
                dd->defender_no_fire = true;
                vl_g_event(g, t, u, "GOR-CHG-9", "%s has no room to form square and loses its fire (D-GAME-9)", uid(g, t));
            } else {
                dd->defender_no_fire = true;
                vl_g_event(g, t, u, "GOR-CHG-9", "%s fails to form square and loses its fire", uid(g, t));
            }
        }
    }
    return true;
}

static bool in_contact(const VlWorld *w, int a, int b)
{
    return vl_world_present(w, a) && vl_world_present(w, b) &&
           vl_footprint_distance(&vl_world_unit(w, a)->fp, &vl_world_unit(w, b)->fp) == 0;
}

/* Move the supports of a charge by the charger's displacement, keeping their distance (GOR-CHG-5). */
static void move_supports(VlGame *g, const Decl *d, VlVec2 shift)
{
    for (int k = 0; k < d->nsupports; k++) {
        int s = d->supports[k];
        if (!vl_world_present(g->w, s))
            continue;
        vl_g_shift(g, s, shift, vl_world_unit(g->w, s)->pose.facing);
        vl_g_event(g, s, d->unit, "GOR-CHG-5", "%s moves up behind %s", uid(g, s), uid(g, d->unit));
    }
}

/* One charge: morale, then the full or the half move (GOR-CHG-3). */
static void charge_move(VlGame *g, Decl *d)
{
    VlWorld *w = g->w;
    int u = d->unit, t = d->target;
    if (!vl_world_present(w, u) || !vl_world_present(w, t) || w->units[u].routed)
        return;
    w->units[u].charged = true;
    VlChargeOrder o = order_of(g->w, d);
    VlChargeVerdict v;
    vl_resolve_charge(w, &o, &v);
    char mods[96];
    int cm = vl_morale_charge_modifier(w, u, t, v.npath ? v.face : VL_FACE_FRONT,
                                       vl_world_unit(w, t)->formation == VL_FORM_SQUARE, mods, sizeof mods);
    MoraleResult m = vl_g_morale(g, u, cm, "GOR-CHG-3", "charging");
    const VlFieldUnit *fu = vl_world_unit(w, u);
    VlVec2 from = fu->pose.anchor;
    if (!m.pass) {
        if (v.npath) {
            VlPose hp = v.half_pose;
            vl_battlefield_set_unit(w->bf, u, hp, fu->formation);
            move_supports(g, d, vl_v2_sub(hp.anchor, from));
        }
        vl_g_event(g, u, t, "GOR-CHG-3", "%s falters and halts after %.2f in, no closer than 3 in", uid(g, u), v.half_distance);
        vl_g_make_way(g, u);
        return;
    }
    d->passed = true;
    if (!v.reachable) {
        vl_g_event(g, u, t, "GOR-CHG-2", "%s can no longer reach %s and stays", uid(g, u), uid(g, t));
        return;
    }
    double go = v.distance;
    if (v.depends_on_die) {
        int face;
        vl_g_roll(g, 6, 1, &face);
        VlDiceRoll *r = vl_g_log_roll(g, vl_world_side(w, u), u, "GOR-MOVE-1", &face, 1, 6, 0, v.max_die);
        if (r)
            snprintf(r->result, sizeof r->result, "%s's charge through rough loses %d in", uid(g, u), face);
        if (face > v.max_die) {
            go = v.allowance_max + 1 - face; /* as far as the charge move allows */
            if (go > v.distance - 0.1)
                go = v.distance - 0.1;
        }
    }
    VlPose p = go >= v.distance ? v.contact_pose : vl_charge_pose_at(w, &v, go);
    vl_battlefield_set_unit(w->bf, u, p, fu->formation);
    move_supports(g, d, vl_v2_sub(p.anchor, from));
    d->contact = go >= v.distance && in_contact(w, u, t);
    d->face = v.face;
    if (d->contact)
        vl_g_event(g, u, t, "GOR-CHG-4", "%s charges home into %s's %s", uid(g, u), uid(g, t), vl_face_name(v.face));
    else
        vl_g_event(g, u, t, "GOR-CHG-2", "%s's charge stops %.2f in short", uid(g, u), v.distance - go);
    vl_g_make_way(g, u);
}

/* Receiving a successful charge (GOR-CHG-6, GOR-CHG-7, GOR-CHG-8). */
static void receive(VlGame *g, Decl *d, bool *received)
{
    VlWorld *w = g->w;
    int u = d->unit, t = d->target;
    if (!d->contact || !in_contact(w, u, t) || received[t])
        return;
    received[t] = true;
    int ts = vl_world_side(w, t);
    const VlFieldUnit *tu = vl_world_unit(w, t);
    if (mounted_cavalry(w, t) && w->scenario->units[u].type == VL_INFANTRY && (g->reactions[ts] & VL_REACT_CAVALRY_BACK)) {
        /* GOR-CHG-7: mounted cavalry charged by infantry falls straight back a full move instead. */
        VlAllowance a = vl_move_allowance(w, VL_CAVALRY, tu->formation, true, VL_GROUND_OPEN, 0);
        vl_g_event(g, t, u, "GOR-CHG-7", "%s falls back a full move rather than receive %s", uid(g, t), uid(g, u));
        vl_g_fall_back(g, t, a.max, false, "GOR-CHG-7");
        return;
    }
    if (tu->formation == VL_FORM_SKIRMISH) {
        /* GOR-CHG-8: skirmishers. */
        MoraleResult m = vl_g_morale(g, t, 0, "GOR-CHG-8", "receiving a charge");
        double back;
        int hits;
        VlSkirmishResult r = vl_skirmisher_charge_result(m.fail_by, &back, &hits);
        if (r == VL_SKIRM_PASSES && (g->reactions[ts] & VL_REACT_SKIRMISH_BACK)) {
            vl_g_fall_back(g, t, back, false, "GOR-CHG-8"); /* chosen: nobody follows */
        } else if (r == VL_SKIRM_PASSES) {
            vl_g_free_fire(g, t, u);
        } else if (r == VL_SKIRM_FALLS_BACK) {
            vl_g_fall_back(g, t, back, true, "GOR-CHG-8"); /* forced */
            vl_g_add_hits(g, t, hits, u, "GOR-CHG-8");
        } else {
            vl_g_add_hits(g, t, hits, u, "GOR-CHG-8");
        }
        return;
    }
    if (w->units[t].routed) {
        /* D-GAME-10: routers do nothing (GOR-ROUT-1): no test, no fire. */
        vl_g_event(g, t, u, "GOR-ROUT-1", "%s, routed, neither tests nor fires", uid(g, t));
        return;
    }
    if (d->square_tested && !d->defender_no_fire)
        return; /* GOR-CHG-9: it formed square instead of firing */
    /* GOR-CHG-6; after a failed square attempt it receives the charge as normal but has lost its fire. */
    MoraleResult m = vl_g_morale(g, t, 0, "GOR-CHG-6", "receiving a charge");
    if (m.pass && !d->defender_no_fire)
        vl_g_free_fire(g, t, u);
    else if (!m.pass)
        vl_g_add_hits(g, t, 1, u, "GOR-CHG-6");
}

static int count_sixes(VlGame *g, int u, int other, int n, const char *what)
{
    int faces[24] = {0}, hits = 0;
    if (n > 24)
        n = 24;
    if (n < 0)
        n = 0;
    vl_g_roll(g, 6, n, faces);
    for (int i = 0; i < n; i++)
        hits += faces[i] >= VL_CC_HIT_ON;
    VlDiceRoll *r = vl_g_log_roll(g, vl_world_side(g->w, u), u, "GOR-CC-2", faces, n, 6, 0, VL_CC_HIT_ON);
    if (r)
        snprintf(r->result, sizeof r->result, "%s against %s: %s; %d HIT%s", uid(g, u), uid(g, other), what, hits,
                 hits == 1 ? "" : "s");
    return hits;
}

/* REP-507, D-REP-13: a battery in woods or a town that must give ground from a close combat is captured. */
static bool trapped(VlGame *g, int l, int winner)
{
    if (!vl_rep_on(&g->w->options, VL_REP_507) || !vl_rep_trapped_artillery(g->w, l))
        return false;
    vl_g_event(g, l, winner, "REP-507", "%s cannot get its guns away through woods or town: the battery is captured",
               uid(g, l));
    vl_world_set_present(g->w, l, false);
    return true;
}

/* The loser's morale and its results (GOR-CC-4, GOR-MOR-4, GOR-CC-5). @p bonus: +1 on its test for a
 * commander who has just rallied it (REP-508). With @p rally_used (per unit: the generals who tried
 * one this phase), a loser that must retire or rout may be rallied on the spot (REP-508): then it
 * stays and the result is true, the combat to be fought again. */
static bool loser_result(VlGame *g, int l, int winner, int bonus, bool *rally_used)
{
    VlWorld *w = g->w;
    if (!vl_world_present(w, l))
        return false;
    MoraleResult m = vl_g_morale(g, l, VL_MORALE_CC_LOSER + bonus, "GOR-CC-4",
                                 bonus ? "losing a close combat (-1, GOR-MOR-4; +1 the commander who rallied it, REP-508)"
                                       : "losing a close combat (-1, GOR-MOR-4)");
    int hits;
    VlCcResult res = vl_cc_loser_result(w, l, m.fail_by, &hits);
    bool gives_ground = res == VL_CC_RETIRES || res == VL_CC_ROUTS;
    if (gives_ground && rally_used && vl_g_emergency_rally(g, l, winner, rally_used))
        return true;
    if (gives_ground && trapped(g, l, winner))
        return false;
    switch (res) {
    case VL_CC_HOLDS: break;
    case VL_CC_HITS: vl_g_add_hits(g, l, hits, winner, "GOR-CC-4"); break;
    case VL_CC_OVERRUN:
        vl_g_event(g, l, winner, "GOR-CC-4", "%s is overrun: the battery is destroyed", uid(g, l));
        vl_world_set_present(w, l, false);
        break;
    case VL_CC_RETIRES:
        vl_g_event(g, l, winner, "GOR-CC-4", "%s retires a charge move", uid(g, l));
        vl_g_fall_back(g, l, vl_g_charge_move(g, l), true, "GOR-CC-4");
        break;
    case VL_CC_ROUTS: vl_g_rout(g, l, winner, "GOR-CC-4"); break;
    }
    return false;
}

/* Is u the target of a declared charge whose charger is in contact with it? */
static bool charged_home(const VlGame *g, int u)
{
    for (int i = 0; i < g->ndecl; i++)
        if (g->decl[i].target == u && in_contact(g->w, g->decl[i].unit, u))
            return true;
    return false;
}

/* REP-513, D-REP-12: each side's attrition die, rolled with its close-combat dice; true on the fatal face. */
static bool attrition_die(VlGame *g, int u, int other)
{
    int face;
    vl_g_roll(g, VL_REP_ATTRITION_SIDES, 1, &face);
    bool hit = face == VL_REP_ATTRITION_ON;
    VlDiceRoll *r = vl_g_log_roll(g, vl_world_side(g->w, u), u, "REP-513", &face, 1, VL_REP_ATTRITION_SIDES, 0,
                                  VL_REP_ATTRITION_ON);
    if (r)
        snprintf(r->result, sizeof r->result, "%s's attrition die against %s: %d%s", uid(g, u), uid(g, other), face,
                 hit ? ", 1 HIT" : "");
    return hit;
}

/* REP-510, D-REP-11: a unit's first close combat sets its weapon modifier for the rest of the game. */
static void set_weapons(VlGame *g, int u, int other, int own, int theirs)
{
    VlUnitState *st = &g->w->units[u];
    if (st->weapon_set || !vl_world_present(g->w, u))
        return;
    st->weapon_set = true;
    st->weapon_mod = vl_rep_weapon_mod(own, theirs);
    vl_g_event(g, u, other, "REP-510", "%s's first close combat (%d HITs to %d against %s): %+d dice in close combat from now on",
               uid(g, u), own, theirs, uid(g, other), st->weapon_mod);
}

/* One close combat round of main attacker a at defender t's @p face (GOR-CC-2..4), with the options'
 * dice, attrition and first-combat modifiers, and an emergency rally fought again (REP-508, once:
 * @p rally_used NULL in the round fought again, where @p bonus_unit's test gets the commander's +1). */
static void fight_round(VlGame *g, int a, int t, VlFace face, int extra_att, int extra_def, bool *rally_used,
                        int bonus_unit)
{
    VlWorld *w = g->w;
    VlCcDice cd;
    vl_cc_dice(w, a, t, face, vl_world_unit(w, t)->formation == VL_FORM_SQUARE, extra_att, extra_def, 0, &cd);
    char what[260];
    snprintf(what, sizeof what, "%d dice (%d%s)", cd.att, cd.att_table, cd.att_why);
    int hits_on_def = count_sixes(g, a, t, cd.att, what);
    snprintf(what, sizeof what, "%d dice (%d%s)", cd.def, cd.def_table, cd.def_why);
    int hits_on_att = count_sixes(g, t, a, cd.def, what);
    bool attrition = vl_rep_on(&w->options, VL_REP_513);
    bool att_worn = attrition && attrition_die(g, a, t), def_worn = attrition && attrition_die(g, t, a);
    /* Simultaneous: both results apply before anyone tests. */
    vl_g_add_hits(g, t, hits_on_def, a, "GOR-CC-2");
    vl_g_add_hits(g, a, hits_on_att, t, "GOR-CC-2");
    if (vl_rep_on(&w->options, VL_REP_510)) {
        set_weapons(g, a, t, hits_on_def, hits_on_att);
        set_weapons(g, t, a, hits_on_att, hits_on_def);
    }
    bool again = false;
    int loser = hits_on_def > hits_on_att ? t : hits_on_att > hits_on_def ? a : -1;
    if (loser >= 0)
        again = loser_result(g, loser, loser == t ? a : t, loser == bonus_unit ? 1 : 0, rally_used);
    else
        vl_g_event(g, a, t, "GOR-CC-4", "%s and %s take equal HITs: neither gives way", uid(g, a), uid(g, t));
    /* REP-513: the attrition HIT comes after the round's own results. */
    if (att_worn)
        vl_g_add_hits(g, a, 1, -1, "REP-513");
    if (def_worn)
        vl_g_add_hits(g, t, 1, -1, "REP-513");
    if (again && vl_world_present(w, a) && vl_world_present(w, t) && in_contact(w, a, t))
        fight_round(g, a, t, face, extra_att, extra_def, NULL, loser);
}

/* GOR-CC-6: still in contact after the phase, the one with more HITs falls back 4 in; if equal, the
 * charger does (a battery trapped in woods or town is captured instead, REP-507). */
static void separate(VlGame *g, int u, int t)
{
    VlWorld *w = g->w;
    int loser = w->units[t].hits > w->units[u].hits ? t : u;
    vl_g_event(g, loser, loser == u ? t : u, "GOR-CC-6", "%s and %s are still in contact: %s falls back 4 in", uid(g, u),
               uid(g, t), uid(g, loser));
    if (!trapped(g, loser, loser == u ? t : u))
        vl_g_fall_back(g, loser, 4.0, true, "GOR-CC-6");
}

/* One close combat at target t (GOR-CC-1..4); an undecided firefight is left for the next player
 * turn (REP-505). */
static void close_combat(VlGame *g, int t, bool *engaged, bool *rally_used)
{
    VlWorld *w = g->w;
    int attackers[MAX_DECL], na = 0, main = -1;
    VlFace main_face = VL_FACE_FRONT;
    for (int i = 0; i < g->ndecl; i++) {
        Decl *d = &g->decl[i];
        if (d->target != t || !in_contact(w, d->unit, t) || engaged[d->unit])
            continue;
        attackers[na++] = d->unit;
        /* GOR support note: the attacker striking the best face is the main one. */
        if (main < 0 || (main_face == VL_FACE_FRONT && d->face != VL_FACE_FRONT)) {
            main = d->unit;
            main_face = d->face;
        }
    }
    if (main < 0 || engaged[t])
        return;
    for (int i = 0; i < na; i++)
        engaged[attackers[i]] = true;
    engaged[t] = true;
    /* Defender's friends in contact with the main attacker support it, if otherwise unengaged: not in
     * a combat of their own, nor the target of another charge that reached them. */
    int def_extra = 0;
    for (int j = 0; j < w->nunits; j++)
        if (j != t && !engaged[j] && !vl_world_enemies(w, j, t) && w->scenario->units[j].type != VL_GENERAL &&
            in_contact(w, j, main) && !charged_home(g, j)) {
            engaged[j] = true;
            def_extra++;
        }
    fight_round(g, main, t, main_face, na - 1, def_extra, rally_used, -1);
    /* REP-505, D-REP-9: one on one, infantry against infantry, both still there and in contact: the
     * firefight goes on in the next player turn; meanwhile neither acts. */
    if (vl_rep_on(&w->options, VL_REP_505) && na == 1 && def_extra == 0 && vl_rep_firefight(w, main, t) &&
        in_contact(w, main, t) && !w->units[main].routed && !w->units[t].routed) {
        w->units[main].firefight = t;
        w->units[main].firefight_attacker = true;
        w->units[main].firefight_face = (int)main_face;
        w->units[t].firefight = main;
        w->units[t].firefight_attacker = false;
        w->units[t].firefight_face = (int)main_face;
        w->units[main].firefight_acted = w->units[main].acted;
        w->units[t].firefight_acted = w->units[t].acted;
        w->units[main].acted = w->units[t].acted = true;
        vl_g_event(g, main, t, "REP-505", "%s and %s are locked in an undecided firefight: it goes on next player turn",
                   uid(g, main), uid(g, t));
    }
}

/* REP-505: the firefights left undecided last player turn are fought to a finish: one more round,
 * then GOR-CC-6 parts them if they are still in contact. The lock is lifted: a unit that had not
 * acted this turn before it (a defender, or anyone in a new turn) may still act. */
static void resume_firefights(VlGame *g, bool *engaged, bool *rally_used)
{
    VlWorld *w = g->w;
    for (int u = 0; u < w->nunits; u++) {
        VlUnitState *st = &w->units[u];
        if (st->firefight < 0 || !st->firefight_attacker)
            continue;
        int t = st->firefight;
        VlFace face = (VlFace)st->firefight_face;
        /* Fought out, each may do this turn what it could have done without the lock. */
        st->firefight = -1;
        st->firefight_attacker = false;
        st->acted = st->firefight_acted;
        if (w->units[t].firefight == u) {
            w->units[t].firefight = -1;
            w->units[t].acted = w->units[t].firefight_acted;
        }
        if (!in_contact(w, u, t) || w->units[u].routed || w->units[t].routed) {
            vl_g_event(g, u, t, "REP-505", "the firefight of %s and %s is over: they are no longer at grips", uid(g, u),
                       uid(g, t));
            continue;
        }
        engaged[u] = engaged[t] = true;
        vl_g_event(g, u, t, "REP-505", "%s and %s fight their firefight to a finish", uid(g, u), uid(g, t));
        fight_round(g, u, t, face, 0, 0, rally_used, -1);
        if (in_contact(w, u, t))
            separate(g, u, t);
    }
}

void vl_g_resolve_charges(VlGame *g)
{
    VlWorld *w = g->w;
    if (w->nunits > 1024)
        return;
    bool engaged[1024] = {false};
    bool rally_used[1024] = {false}; /* REP-508: one emergency rally per general a phase */
    resume_firefights(g, engaged, rally_used);
    if (g->ndecl == 0)
        return;
    if (w->options.charge_rules == VL_RULES_JR3) {
        vl_g_resolve_charges_jr3(g); /* charge_jr3.c */
        return;
    }
    if (w->options.charge_rules == VL_RULES_GUNSON) {
        vl_g_resolve_charges_gunson(g); /* charge_gunson.c */
        return;
    }
    for (int i = 0; i < g->ndecl; i++)
        charge_move(g, &g->decl[i]);
    bool received[1024] = {false};
    for (int i = 0; i < g->ndecl; i++)
        receive(g, &g->decl[i], received);
    /* GOR-CC-1: every unit in contact fights once, in the order the charges were declared. */
    for (int i = 0; i < g->ndecl; i++)
        close_combat(g, g->decl[i].target, engaged, rally_used);
    /* GOR-CC-6 for the rest; a firefight left for next turn stays in contact (REP-505). */
    for (int i = 0; i < g->ndecl; i++) {
        int u = g->decl[i].unit, t = g->decl[i].target;
        if (in_contact(w, u, t) && w->units[u].firefight != t)
            separate(g, u, t);
    }
}

bool vl_g_counter_charge(VlGame *g, int u, int t, double reach)
{
    VlWorld *w = g->w;
    if (w->nunits > 1024 || !vl_world_present(w, u) || !vl_world_present(w, t) || w->units[u].routed)
        return false;
    Decl d = {0};
    d.unit = u;
    d.target = t;
    d.choose_path = true;
    d.reaction = true;
    VlChargeOrder o = order_of(w, &d);
    VlChargeVerdict v;
    vl_resolve_charge(w, &o, &v);
    /* D-REP-201-2: a clear path into contact, within the pro-rated move, with no rough-ground die. */
    if (!v.legal || v.depends_on_die || v.distance > reach + 1e-9)
        return false;
    vl_g_event(g, u, t, "REP-201", "%s, on alert, counter-charges %s (%.2f in of a %.2f in reaction move)", uid(g, u),
               uid(g, t), v.distance, reach);
    bool charged = w->units[u].charged; /* D-REP-201-2: the reaction is not its own turn's charge */
    charge_move(g, &d);
    w->units[u].charged = charged;
    bool received[1024] = {false}, rally_used[1024] = {false};
    receive(g, &d, received);
    if (d.contact && in_contact(w, u, t)) {
        fight_round(g, u, t, d.face, 0, 0, rally_used, -1);
        if (in_contact(w, u, t))
            separate(g, u, t);
    }
    return true;
}

int vl_game_declared_charges(const VlGame *g, int *units, int *targets, int max)
{
    int n = 0;
    for (int i = 0; i < g->ndecl && n < max; i++, n++) {
        units[n] = g->decl[i].unit;
        targets[n] = g->decl[i].target;
    }
    return n;
}
