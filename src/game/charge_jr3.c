/* The charge phase under JR III (w->options.charge_rules == VL_RULES_JR3), played from the 2008
 * clarifications: one charge at a time, closest to its enemy first (JR3-CHG-1); each one's bonus
 * dice and total charge move (JR3-CHG-3) over the ground it crosses (JR3-MOVE-1); the point unit's
 * disorder point and its supporters' disorder line (JR3-CHG-6); the defenders' fire at the range
 * their die gives (JR3-CHG-5); the impact dice-down and its results (JR3-IMP-1). The verdicts
 * (target, path, supporters, close support) come from src/rules/charge_jr3.c; the parts of its own
 * game JR III leans on (morale states, its morale and combat tables) are Good Old Rebel's, as
 * docs/rules-decisions.md D-JR3-3..D-JR3-9 rule. Declaration stays in combat.c (vl_g_declare). */
#include "game_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *uid(const VlGame *g, int u) { return vl_unit_label(g->w->scenario, u); }

/* D-JR3-3: a unit not routed with this many HITs is Shaken (GOR-MOR-2 takes its first point). */
#define SHAKEN_HITS 2
/* JR III's penalties to an impact dice-down (D-JR3-5). */
#define DISORDER_PENALTY 4
#define SKIRMISH_PENALTY 6

static bool shaken(const VlWorld *w, int u) { return !w->units[u].routed && w->units[u].hits >= SHAKEN_HITS; }

static bool mounted_cavalry(const VlWorld *w, int u)
{
    return w->scenario->units[u].type == VL_CAVALRY && w->units[u].mounted;
}

/* JR3-MOVE-1 (D-JR3-7): open 0; woods 1 (with "broken"); rough and heavy woods 2. A footprint is in
 * the worst class any part of it touches. */
static int ground_class(const VlWorld *w, const VlFootprint *fp)
{
    VlTerrainUnder tu;
    vl_terrain_under(w->bf, fp, &tu);
    if (tu.fraction[VL_T_HEAVY_WOODS] > 1e-9 || tu.fraction[VL_T_ROUGH] > 1e-9)
        return 2;
    return tu.fraction[VL_T_WOODS] > 1e-9 ? 1 : 0;
}

static const char *class_name(int c) { return c == 2 ? "rough or heavy woods" : c == 1 ? "woods" : "open ground"; }

static int class_at(const VlWorld *w, const VlChargeVerdict *v, double s)
{
    const VlFieldUnit *fu = vl_world_unit(w, v->unit);
    VlFootprint fp;
    vl_footprint_build(&fp, vl_charge_pose_at(w, v, s), fu->formation, fu->spec);
    return ground_class(w, &fp);
}

/* The unit's normal movement in open ground (D-JR3-1). */
static double normal_move(const VlWorld *w, int u)
{
    const VlScenarioUnit *su = &w->scenario->units[u];
    return vl_move_allowance(w, su->type, vl_world_unit(w, u)->formation, w->units[u].mounted, VL_GROUND_OPEN, 1).max;
}

/* JR3-MOVE-1: walk the verdict's path spending @p total open inches, an inch in class c costing 2^c
 * of them (so moving into woods from open halves what is left, into rough quarters it, and out again
 * doubles it). Returns how far the unit gets (at most the path); *mark_at receives where it has spent
 * @p mark (INFINITY when it never does), *spare the open inches left at the end of the path. */
static double walk(VlGame *g, const VlChargeVerdict *v, double total, double mark, double *mark_at, double *spare)
{
    const VlWorld *w = g->w;
    int u = v->unit;
    double s = 0, spent = 0, step = 0.1;
    int c = class_at(w, v, 0);
    *mark_at = mark <= 0 ? 0 : INFINITY;
    *spare = 0;
    if (c > 0)
        vl_g_event(g, u, -1, "JR3-MOVE-1", "%s starts its charge in %s: %.2f in of its %.2f in move (1/%d)", uid(g, u),
                   class_name(c), total / (1 << c), total, 1 << c);
    while (s < v->distance - 1e-12) {
        double e = s + step < v->distance ? s + step : v->distance;
        int ce = class_at(w, v, e);
        double b = e;
        if (ce != c) {
            /* Bisect to the point where the ground changes. */
            double lo = s, hi = e;
            for (int k = 0; k < 20; k++) {
                double mid = 0.5 * (lo + hi);
                if (class_at(w, v, mid) == c)
                    lo = mid;
                else
                    hi = mid;
            }
            b = hi;
        }
        double cost = (b - s) * (1 << c);
        if (!isfinite(*mark_at) && spent + cost >= mark)
            *mark_at = s + (mark - spent) / (1 << c);
        if (spent + cost >= total - 1e-12)
            return s + (total - spent) / (1 << c);
        if (b >= v->distance - 1e-12)
            *spare = total - spent - cost;
        spent += cost;
        s = b;
        if (ce != c && s < v->distance - 1e-12) {
            double left = (total - spent) / (1 << c);
            vl_g_event(g, u, -1, "JR3-MOVE-1", "%s moves from %s into %s after %.2f in: the %.2f in left %s to %.2f in",
                       uid(g, u), class_name(c), class_name(ce), s, left, ce > c ? (ce - c == 2 ? "quarters" : "halves")
                                                                                  : (c - ce == 2 ? "quadruples" : "doubles"),
                       (total - spent) / (1 << ce));
            c = ce;
        }
    }
    return v->distance;
}

/* Roll n dice of @p sides, log them with the clause; returns the log entry (NULL if none) for its
 * result line, the sum in *sum. */
static VlDiceRoll *roll_log(VlGame *g, int u, const char *clause, int n, int sides, int modifier, int *faces, int *sum)
{
    *sum = vl_g_roll(g, sides, n, faces);
    return vl_g_log_roll(g, vl_world_side(g->w, u), u, clause, faces, n, sides, modifier, 0);
}

/* Could u fire small arms or guns at all as it stands (GOR-FIRE-1, GOR-FORM-3, GOR-ART-1)? */
static bool can_fire(const VlWorld *w, int u)
{
    const VlScenarioUnit *su = &w->scenario->units[u];
    VlFormation f = vl_world_unit(w, u)->formation;
    if (w->units[u].routed)
        return false;
    if (su->type == VL_ARTILLERY)
        return f == VL_FORM_UNLIMBERED;
    if (su->type == VL_INFANTRY || (su->type == VL_CAVALRY && !w->units[u].mounted))
        return f != VL_FORM_COLUMN;
    return false;
}

/* Fire of f at t from where both stand, by Good Old Rebel's tables (D-JR3-8); the HITs, not applied,
 * or -1 when it has no dice there. */
static int volley_hits(VlGame *g, int f, int t, const char *clause, const char *what)
{
    VlFireDice d;
    vl_fire_dice(g->w, f, t, 0, &d, NULL);
    if (d.dice < 1)
        return -1;
    int n = d.dice > 24 ? 24 : d.dice, faces[24], hits = 0;
    vl_g_roll(g, 6, n, faces);
    for (int i = 0; i < n; i++)
        hits += faces[i] >= d.hit_on;
    VlDiceRoll *r = vl_g_log_roll(g, vl_world_side(g->w, f), f, clause, faces, n, 6, 0, d.hit_on);
    if (r)
        snprintf(r->result, sizeof r->result, "%s fires at %s %s: %.1f in, %s, %d dice%s; %d HIT%s", uid(g, f), uid(g, t),
                 what, d.range, vl_cover_name(d.cover), n, d.mods, hits, hits == 1 ? "" : "s");
    return hits;
}

static void take_fire(VlGame *g, int t, int hits, int firer, const char *clause)
{
    g->phase_hits[t] += hits;
    vl_g_add_hits(g, t, hits, firer, clause);
    vl_g_after_fire(g, t);
}

/* Where along the path (at most `go`) the point unit first comes within @p range of unit f; INFINITY
 * when it never does. */
static double fire_point(const VlWorld *w, const VlChargeVerdict *v, int f, double range, double go)
{
    const VlFieldUnit *fu = vl_world_unit(w, v->unit);
    const VlFootprint *ff = &vl_world_unit(w, f)->fp;
    VlFootprint fp;
    double prev = 0;
    for (double s = 0;; s += 0.25) {
        if (s > go)
            s = go;
        vl_footprint_build(&fp, vl_charge_pose_at(w, v, s), fu->formation, fu->spec);
        if (vl_footprint_distance(&fp, ff) <= range + 1e-9) {
            double lo = prev, hi = s;
            for (int k = 0; k < 20 && s > 0; k++) {
                double mid = 0.5 * (lo + hi);
                vl_footprint_build(&fp, vl_charge_pose_at(w, v, mid), fu->formation, fu->spec);
                if (vl_footprint_distance(&fp, ff) <= range + 1e-9)
                    hi = mid;
                else
                    lo = mid;
            }
            return hi;
        }
        if (s >= go)
            return INFINITY;
        prev = s;
    }
}

typedef struct Charge {
    int u, t;
    int nsup;
    int sup[VL_MAX_SUPPORTS];
    VlVec2 sup_start[VL_MAX_SUPPORTS];
    bool sup_dis[VL_MAX_SUPPORTS];
    VlVec2 start, dir;
    double mark_at; /* where along its path the point unit goes into disorder */
    double reach;   /* how far along the path its total charge move takes it */
    double spare;   /* open inches of it left at the end of the path */
    double travelled;
    bool disordered;
} Charge;

/* Move the point unit to s along its path and its supporters by the same displacement (JR3-CHG-6:
 * they go as far as it does, whatever their ground), each one disordered when it reaches the line
 * through the point unit's disorder point. */
static void advance_to(VlGame *g, Charge *c, const VlChargeVerdict *v, double s)
{
    VlWorld *w = g->w;
    const VlFieldUnit *fu = vl_world_unit(w, c->u);
    VlVec2 before = fu->pose.anchor;
    VlPose p = vl_charge_pose_at(w, v, s);
    vl_battlefield_set_unit(w->bf, c->u, p, fu->formation);
    vl_g_make_way(g, c->u);
    c->travelled = s;
    if (!c->disordered && s >= c->mark_at - 1e-9) {
        c->disordered = true;
        vl_g_event(g, c->u, -1, "JR3-CHG-6", "%s goes into disorder after %.2f in of its charge", uid(g, c->u), c->mark_at);
    }
    VlVec2 shift = vl_v2_sub(p.anchor, before);
    for (int k = 0; k < c->nsup; k++) {
        int s_ = c->sup[k];
        if (!vl_world_present(w, s_) || w->units[s_].routed)
            continue;
        if (vl_v2_len(shift) > 0)
            vl_g_shift(g, s_, shift, vl_world_unit(w, s_)->pose.facing);
        if (c->sup_dis[k])
            continue;
        double moved = vl_v2_dot(vl_v2_sub(vl_world_unit(w, s_)->pose.anchor, c->sup_start[k]), c->dir);
        double lag = vl_v2_dot(vl_v2_sub(c->start, c->sup_start[k]), c->dir);
        double line = isfinite(c->mark_at) ? c->mark_at + lag : INFINITY;
        double own = w->scenario->units[s_].quality == VL_RAW ? 0.5 * normal_move(w, s_) : INFINITY;
        if (moved < line - 1e-9 && moved < own - 1e-9)
            continue;
        c->sup_dis[k] = true;
        if (own < line)
            vl_g_event(g, s_, c->u, "JR3-CHG-6", "%s, green, is disordered after half its normal move (%.2f in, D-JR3-5)",
                       uid(g, s_), own);
        else
            vl_g_event(g, s_, c->u, "JR3-CHG-6",
                       "%s reaches the disorder line of %s (%.2f in behind it, after %.2f in): disordered", uid(g, s_),
                       uid(g, c->u), lag, line);
    }
}

/* JR3-IMP-1, defeated defender (D-JR3-3, D-JR3-6): 2D6 inches straight back (half in woods or rough;
 * mounted cavalry double in the open), and the same roll says its morale. */
static void defeated(VlGame *g, int x, int winner)
{
    VlWorld *w = g->w;
    if (!vl_world_present(w, x))
        return;
    int faces[2];
    bool cav = mounted_cavalry(w, x), close = ground_class(w, &vl_world_unit(w, x)->fp) > 0;
    double per = cav ? (close ? 1.0 : 2.0) : (close ? 0.5 : 1.0);
    int sum;
    VlDiceRoll *r = roll_log(g, x, "JR3-IMP-1", 2, 6, 0, faces, &sum);
    if (r)
        snprintf(r->result, sizeof r->result, "%s, defeated at impact: %d (falls back %d x %.1f in); %s", uid(g, x), sum, sum, per,
                 sum <= 4 ? "same morale (2-4)" : sum <= 8 ? "one morale state down (5-8)" : sum <= 11 ? "routed (9-11)"
                                                                                            : "disintegrates (12)");
    const char *state = sum <= 4 ? "keeps its morale state" : sum <= 8 ? "drops one morale state" : sum <= 11 ? "routs"
                                                                                                      : "disintegrates";
    if (sum < 12)
        vl_g_event(g, x, winner, "JR3-IMP-1", "%s is defeated at impact: roll %d, falls back %.1f in and %s", uid(g, x),
                   sum, sum * per, state);
    if (sum >= 12) {
        vl_g_event(g, x, winner, "JR3-IMP-1", "%s is defeated at impact: roll 12, it disintegrates and leaves the table in disgrace: its flag is taken", uid(g, x));
        vl_world_set_present(w, x, false);
        return;
    }
    vl_g_fall_back(g, x, sum * per, false, "JR3-IMP-1");
    if (!vl_world_present(w, x))
        return;
    bool rout = sum >= 9 || (sum >= 5 && (shaken(w, x) || w->units[x].routed));
    if (rout && !w->units[x].routed) {
        w->units[x].routed = true;
        vl_g_event(g, x, winner, "JR3-IMP-1", "%s is routed (D-JR3-3)", uid(g, x));
    } else if (!rout && sum >= 5) {
        vl_g_add_hits(g, x, SHAKEN_HITS - w->units[x].hits, winner, "JR3-IMP-1");
        vl_g_event(g, x, winner, "JR3-IMP-1", "%s is shaken (D-JR3-3)", uid(g, x));
    }
}

/* In contact, or stopped 0.1 in short of it by a move (D-GAME-4, D-JR3-6). */
static bool touching(const VlWorld *w, int a, int b)
{
    return vl_world_present(w, a) && vl_world_present(w, b) &&
           vl_footprint_distance(&vl_world_unit(w, a)->fp, &vl_world_unit(w, b)->fp) <= 0.1 + 1e-6;
}

/* One round of Good Old Rebel close combat between the point unit and the target (D-JR3-6). */
static void melee(VlGame *g, Charge *c, int t, VlFace face, int def_extra)
{
    VlWorld *w = g->w;
    int u = c->u;
    int att_extra = 0;
    for (int k = 0; k < c->nsup; k++)
        att_extra += vl_world_present(w, c->sup[k]) && !w->units[c->sup[k]].routed;
    VlCcDice cd;
    vl_cc_dice(w, u, t, face, vl_world_unit(w, t)->formation == VL_FORM_SQUARE, att_extra / 2, def_extra / 2, 0, &cd);
    int fa[24], fd[24], ha = 0, hd = 0;
    int na = cd.att < 0 ? 0 : cd.att > 24 ? 24 : cd.att, nd = cd.def < 0 ? 0 : cd.def > 24 ? 24 : cd.def;
    vl_g_roll(g, 6, na, fa);
    for (int i = 0; i < na; i++)
        hd += fa[i] >= VL_CC_HIT_ON;
    VlDiceRoll *r = vl_g_log_roll(g, vl_world_side(w, u), u, "GOR-CC-2", fa, na, 6, 0, VL_CC_HIT_ON);
    if (r)
        snprintf(r->result, sizeof r->result, "%s against %s in melee: %d dice (%d%.60s); %d HIT%s", uid(g, u), uid(g, t), na,
                 cd.att_table, cd.att_why, hd, hd == 1 ? "" : "s");
    vl_g_roll(g, 6, nd, fd);
    for (int i = 0; i < nd; i++)
        ha += fd[i] >= VL_CC_HIT_ON;
    r = vl_g_log_roll(g, vl_world_side(w, t), t, "GOR-CC-2", fd, nd, 6, 0, VL_CC_HIT_ON);
    if (r)
        snprintf(r->result, sizeof r->result, "%s against %s in melee: %d dice (%d%.60s); %d HIT%s", uid(g, t), uid(g, u), nd,
                 cd.def_table, cd.def_why, ha, ha == 1 ? "" : "s");
    vl_g_add_hits(g, t, hd, u, "GOR-CC-2");
    vl_g_add_hits(g, u, ha, t, "GOR-CC-2");
    int loser = hd > ha ? t : ha > hd ? u : -1, winner = loser == t ? u : t;
    if (loser < 0) {
        vl_g_event(g, u, t, "GOR-CC-4", "%s and %s take equal HITs: neither gives way", uid(g, u), uid(g, t));
    } else if (vl_world_present(w, loser)) {
        MoraleResult m = vl_g_morale(g, loser, VL_MORALE_CC_LOSER, "GOR-CC-4", "losing a melee (-1, GOR-MOR-4)");
        int hits;
        switch (vl_cc_loser_result(w, loser, m.fail_by, &hits)) {
        case VL_CC_HOLDS: break;
        case VL_CC_HITS: vl_g_add_hits(g, loser, hits, winner, "GOR-CC-4"); break;
        case VL_CC_OVERRUN:
            vl_g_event(g, loser, winner, "GOR-CC-4", "%s is overrun: the battery is destroyed", uid(g, loser));
            vl_world_set_present(w, loser, false);
            break;
        case VL_CC_RETIRES:
            vl_g_event(g, loser, winner, "GOR-CC-4", "%s retires a charge move", uid(g, loser));
            vl_g_fall_back(g, loser, vl_g_charge_move(g, loser), true, "GOR-CC-4");
            break;
        case VL_CC_ROUTS: vl_g_rout(g, loser, winner, "GOR-CC-4"); break;
        }
    }
    /* GOR-CC-6: still in contact: the one with more HITs falls back 4 in; if equal, the charger. */
    if (touching(w, u, t)) {
        int l = w->units[t].hits > w->units[u].hits ? t : u;
        vl_g_event(g, l, l == u ? t : u, "GOR-CC-6", "%s and %s are still in contact: %s falls back 4 in", uid(g, u),
                   uid(g, t), uid(g, l));
        vl_g_fall_back(g, l, 4.0, true, "GOR-CC-6");
    }
}

/* JR3-IMP-1: the dice-down (D-JR3-4) and its results. */
static void impact(VlGame *g, Charge *c, const VlChargeVerdict *v, const int *cs, int ncs)
{
    VlWorld *w = g->w;
    int u = c->u, t = c->t;
    int nsup = 0, good_cs = 0;
    for (int k = 0; k < c->nsup; k++)
        nsup += vl_world_present(w, c->sup[k]) && !w->units[c->sup[k]].routed;
    for (int k = 0; k < ncs; k++)
        good_cs += vl_world_present(w, cs[k]) && !w->units[cs[k]].routed && !shaken(w, cs[k]);
    char sa[96], sd[96];
    int pa = vl_morale_level(w->scenario->units[u].quality) - vl_morale_standard_modifier(w, u, 0, -1, sa, sizeof sa) - 1 -
             nsup + (c->disordered ? DISORDER_PENALTY : 0);
    bool skirm = vl_world_unit(w, t)->formation == VL_FORM_SKIRMISH;
    int pd = vl_morale_level(w->scenario->units[t].quality) - vl_morale_standard_modifier(w, t, 0, -1, sd, sizeof sd) -
             good_cs + (skirm ? SKIRMISH_PENALTY : 0);
    int fa[2], fd[2], ta, td;
    VlDiceRoll *r = roll_log(g, u, "JR3-IMP-1", 2, 6, pa, fa, &ta);
    if (r)
        snprintf(r->result, sizeof r->result,
                 "%s dices down for impact: %d %+d (level %d; %s; -1 charging, -%d supporting%s) = %d", uid(g, u), ta, pa,
                 vl_morale_level(w->scenario->units[u].quality), sa, nsup, c->disordered ? ", +4 disordered" : "", ta + pa);
    r = roll_log(g, t, "JR3-IMP-1", 2, 6, pd, fd, &td);
    if (r)
        snprintf(r->result, sizeof r->result, "%s dices down for impact: %d %+d (level %d; %s; -%d close support%s) = %d",
                 uid(g, t), td, pd, vl_morale_level(w->scenario->units[t].quality), sd, good_cs,
                 skirm ? ", +6 skirmishers" : "", td + pd);
    ta += pa;
    td += pd;
    vl_g_event(g, u, t, "JR3-IMP-1", "impact: %s %d against %s %d, %s", uid(g, u), ta, uid(g, t), td,
               ta < td ? "the attacker wins" : ta > td ? "the defender wins" : "a tie: they melee");
    if (ta < td) {
        defeated(g, t, u);
        for (int k = 0; k < ncs; k++)
            if (vl_world_present(w, cs[k]) && !w->units[cs[k]].routed) {
                vl_g_event(g, cs[k], u, "JR3-IMP-1", "%s, in close support of %s, is defeated with it", uid(g, cs[k]), uid(g, t));
                defeated(g, cs[k], u);
            }
        /* Step 8 (D-JR3-6): a point unit not shaken goes straight on for the rest of its move, its
         * supporters with it; stopped by the target or one of its close support (0.1 in short, as
         * every Volley move stops short of an enemy: D-GAME-4), it melees that unit. */
        if (!vl_world_present(w, u) || shaken(w, u))
            return;
        double left = c->spare / (1 << ground_class(w, &vl_world_unit(w, u)->fp));
        if (left <= 0.05) {
            vl_g_event(g, u, t, "JR3-IMP-1", "%s has no move left to follow up", uid(g, u));
            return;
        }
        const VlFieldUnit *fu = vl_world_unit(w, u);
        VlVec2 before = fu->pose.anchor;
        vl_g_shift(g, u, vl_v2_scale(c->dir, left), fu->pose.facing);
        vl_g_make_way(g, u);
        VlVec2 shift = vl_v2_sub(vl_world_unit(w, u)->pose.anchor, before);
        vl_g_event(g, u, t, "JR3-IMP-1", "%s follows up %.2f in", uid(g, u), vl_v2_len(shift));
        for (int k = 0; k < c->nsup; k++)
            if (vl_world_present(w, c->sup[k]) && !w->units[c->sup[k]].routed && vl_v2_len(shift) > 0)
                vl_g_shift(g, c->sup[k], shift, vl_world_unit(w, c->sup[k])->pose.facing);
        for (int k = -1; k < ncs; k++) {
            int x = k < 0 ? t : cs[k];
            if (touching(w, u, x) && !w->units[x].routed) {
                vl_g_event(g, u, x, "JR3-IMP-1", "%s runs into %s following up: they melee", uid(g, u), uid(g, x));
                melee(g, c, x, k < 0 ? v->face : VL_FACE_FRONT, 0);
                break;
            }
        }
    } else if (ta > td) {
        int faces[2];
        int nd = mounted_cavalry(w, u) ? 2 : 1;
        int sum;
        VlDiceRoll *r2 = roll_log(g, u, "JR3-IMP-1", nd, 6, 0, faces, &sum);
        if (r2)
            snprintf(r2->result, sizeof r2->result, "%s, beaten at impact, falls back %dD6 = %d in with its supporters",
                     uid(g, u), nd, sum);
        vl_g_event(g, u, t, "JR3-IMP-1", "%s loses the impact and falls back %d in in disorder", uid(g, u), sum);
        vl_g_fall_back(g, u, sum, false, "JR3-IMP-1");
        for (int k = 0; k < c->nsup; k++)
            if (vl_world_present(w, c->sup[k]) && !w->units[c->sup[k]].routed) {
                vl_g_event(g, c->sup[k], u, "JR3-IMP-1", "%s falls back %d in with %s", uid(g, c->sup[k]), sum, uid(g, u));
                vl_g_fall_back(g, c->sup[k], sum, false, "JR3-IMP-1");
            }
        /* Then a simultaneous volley (D-JR3-8): both roll before either takes its HITs. */
        bool both = vl_world_present(w, u) && vl_world_present(w, t);
        int h_on_t = both && can_fire(w, u) ? volley_hits(g, u, t, "JR3-IMP-1", "in the volley after impact") : -1;
        int h_on_u = both && can_fire(w, t) ? volley_hits(g, t, u, "JR3-IMP-1", "in the volley after impact") : -1;
        if (h_on_t >= 0)
            take_fire(g, t, h_on_t, u, "JR3-IMP-1");
        if (h_on_u >= 0)
            take_fire(g, u, h_on_u, t, "JR3-IMP-1");
    } else {
        int def_extra = 0;
        for (int k = 0; k < ncs; k++)
            def_extra += vl_world_present(w, cs[k]) && !w->units[cs[k]].routed;
        melee(g, c, t, v->face, def_extra);
    }
}

/* One JR III charge, from the bonus dice to the end of its impact. */
static void one_charge(VlGame *g, Decl *d)
{
    VlWorld *w = g->w;
    int u = d->unit;
    if (!vl_world_present(w, u) || w->units[u].routed || shaken(w, u)) {
        if (vl_world_present(w, u))
            vl_g_event(g, u, -1, "JR3-CHG-4", "%s is no longer in good morale and does not charge (D-JR3-3)", uid(g, u));
        return;
    }
    if (!vl_world_present(w, d->target)) {
        /* The target has gone: the charge takes the one it must now take (JR3-CHG-2). */
        int nt = vl_charge_target_jr3(w, u, NULL, NULL);
        if (nt < 0 || w->scenario->units[nt].type == VL_GENERAL) {
            vl_g_event(g, u, -1, "JR3-CHG-2", "%s's target has gone and no enemy is left to charge", uid(g, u));
            return;
        }
        vl_g_event(g, u, nt, "JR3-CHG-2", "%s's target has gone: it charges %s instead", uid(g, u), uid(g, nt));
        d->target = nt;
    }
    int t = d->target;
    w->units[u].charged = true;
    VlChargeOrder o = {u, t, VL_RULES_JR3, false, VL_PRE_NONE, 0, 0, true};
    VlChargeVerdict v;
    vl_resolve_charge(w, &o, &v);
    if (v.npath < 2) {
        vl_g_event(g, u, t, "JR3-CHG-3", "%s's straight line to %s is blocked: it stays", uid(g, u), uid(g, t));
        return;
    }
    Charge c = {0};
    c.u = u;
    c.t = t;
    c.start = vl_world_unit(w, u)->pose.anchor;
    c.dir = vl_v2_sub(v.contact_pose.anchor, v.path[0].anchor);
    c.dir = vl_v2_len(c.dir) > 0 ? vl_v2_scale(c.dir, 1 / vl_v2_len(c.dir)) : vl_world_unit(w, u)->fp.fwd;
    for (int k = 0; k < d->nsupports && c.nsup < VL_MAX_SUPPORTS; k++) {
        int s = d->supports[k];
        if (!vl_world_present(w, s) || w->units[s].routed || shaken(w, s))
            continue;
        c.sup_start[c.nsup] = vl_world_unit(w, s)->pose.anchor;
        c.sup[c.nsup++] = s;
    }
    /* JR3-CHG-3: the bonus dice and the total charge move. */
    int nd = w->options.jr3_bonus_dice < 0 ? 0 : w->options.jr3_bonus_dice > 6 ? 6 : w->options.jr3_bonus_dice;
    int faces[6] = {0};
    double normal = normal_move(w, u);
    int bonus = 0;
    if (nd) {
        VlDiceRoll *r = roll_log(g, u, "JR3-CHG-3", nd, 6, 0, faces, &bonus);
        if (r)
            snprintf(r->result, sizeof r->result, "%s's charge bonus movement: %dD6 = %d in", uid(g, u), nd, bonus);
    }
    double total = normal + bonus;
    vl_g_event(g, u, t, "JR3-CHG-3", "%s charges %s: total charge move %.2f in (normal %.2f + bonus %d)", uid(g, u),
               uid(g, t), total, normal, bonus);
    /* JR3-CHG-6, D-JR3-5: the point of disorder: an oblique over 45 degrees at once; else once the
     * normal move is spent, a green unit after half of it. */
    double mark = v.disorder ? 0 : w->scenario->units[u].quality == VL_RAW ? 0.5 * normal : normal;
    c.reach = walk(g, &v, total, mark, &c.mark_at, &c.spare);
    c.disordered = false;
    if (v.disorder)
        vl_g_event(g, u, t, "JR3-CHG-3", "%s's oblique of %.1f degrees disorders it from the start", uid(g, u), v.oblique);
    double go = c.reach < v.distance ? c.reach : v.distance;
    /* JR3-CHG-5: the target and its close support (good or shaken, not routed) roll for the range at
     * which they fire: veterans in half inches, the others in inches (D-JR3-8). */
    int cs[VL_MAX_SUPPORTS], ncs = 0;
    for (int k = 0; k < v.nclose_support; k++)
        if (vl_world_present(w, v.close_support[k]) && !w->units[v.close_support[k]].routed)
            cs[ncs++] = v.close_support[k];
    int firers[VL_MAX_SUPPORTS + 1], nf = 0;
    double at[VL_MAX_SUPPORTS + 1];
    for (int k = -1; k < ncs; k++) {
        int f = k < 0 ? t : cs[k];
        if (!can_fire(w, f))
            continue;
        VlSight sight;
        vl_sight(w->bf, f, u, &sight);
        if (k >= 0 && !sight.clear)
            continue; /* D-JR3-8: close support fires at a point unit it can see */
        int die;
        bool half = w->scenario->units[f].quality == VL_VETERAN;
        VlDiceRoll *r = roll_log(g, f, "JR3-CHG-5", 1, 6, 0, &die, &die);
        double range = half ? die / 2.0 : die;
        double s = fire_point(w, &v, f, range, go);
        if (r)
            snprintf(r->result, sizeof r->result, "%s fires at %s when it is %.1f in away (%d, %s)%s", uid(g, f), uid(g, u), range,
                 die, half ? "half inches: veteran" : "inches", isfinite(s) ? "" : ": it never comes that close");
        if (!isfinite(s))
            continue;
        /* in the order the charge meets them */
        int i = nf++;
        while (i > 0 && at[i - 1] > s) {
            at[i] = at[i - 1];
            firers[i] = firers[i - 1];
            i--;
        }
        at[i] = s;
        firers[i] = f;
    }
    for (int i = 0; i < nf; i++) {
        advance_to(g, &c, &v, at[i]);
        if (!vl_world_present(w, firers[i]) || !vl_world_present(w, u))
            break;
        VlVec2 before = vl_world_unit(w, u)->pose.anchor;
        int hits = volley_hits(g, firers[i], u, "JR3-CHG-5", "as the charge comes on");
        if (hits >= 0)
            take_fire(g, u, hits, firers[i], "JR3-CHG-5");
        if (!vl_world_present(w, u) || w->units[u].routed || vl_v2_dist(before, vl_world_unit(w, u)->pose.anchor) > 1e-9) {
            vl_g_event(g, u, firers[i], "JR3-CHG-6", "%s is halted by fire; its supporters stack up behind it (D-JR3-8)",
                       uid(g, u));
            return;
        }
    }
    advance_to(g, &c, &v, go);
    if (go < v.distance - 1e-9 ||
        vl_footprint_distance(&vl_world_unit(w, u)->fp, &vl_world_unit(w, t)->fp) > 0) {
        vl_g_event(g, u, t, "JR3-CHG-3", "%s's charge runs out %.2f in short of %s", uid(g, u), v.distance - go, uid(g, t));
        return;
    }
    d->contact = true;
    d->face = v.face;
    vl_g_event(g, u, t, "JR3-IMP-1", "%s reaches %s's %s%s", uid(g, u), uid(g, t), vl_face_name(v.face),
               c.disordered ? ", in disorder" : "");
    impact(g, &c, &v, cs, ncs);
}

void vl_g_resolve_charges_jr3(VlGame *g)
{
    VlWorld *w = g->w;
    bool done[MAX_DECL] = {false};
    for (int left = g->ndecl; left > 0; left--) {
        /* JR3-CHG-1: of those not yet resolved, the charge closest to its enemy goes next. */
        int idx[MAX_DECL], units[MAX_DECL], targets[MAX_DECL], order[MAX_DECL], n = 0;
        for (int i = 0; i < g->ndecl; i++) {
            if (done[i])
                continue;
            const Decl *d = &g->decl[i];
            if (!vl_world_present(w, d->unit)) {
                done[i] = true;
                continue;
            }
            /* A charge whose target has gone is placed by the target it must take now (JR3-CHG-2). */
            int t = vl_world_present(w, d->target) ? d->target : vl_charge_target_jr3(w, d->unit, NULL, NULL);
            if (t < 0) {
                done[i] = true;
                vl_g_event(g, d->unit, -1, "JR3-CHG-2", "%s's target has gone and no enemy is left to charge",
                           uid(g, d->unit));
                continue;
            }
            idx[n] = i;
            units[n] = d->unit;
            targets[n] = t;
            n++;
        }
        if (n == 0)
            break;
        vl_charge_order_jr3(w, units, targets, n, order);
        Decl *d = &g->decl[idx[order[0]]];
        done[idx[order[0]]] = true;
        if (n > 1)
            vl_g_event(g, d->unit, d->target, "JR3-CHG-1", "%s's charge is the closest to its enemy of the %d left: it goes next",
                       uid(g, d->unit), n);
        one_charge(g, d);
    }
}
