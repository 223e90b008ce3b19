/* The effects of a ruling: morale tests rolled (GOR-MOR-1, GOR-MOR-2), HITs and the commanders'
 * risk (GOR-CMDR-1, GOR-CMD-3), falling back (D-GAME-4, GOR-FOLLOW-1, GOR-CAV-1), routing
 * (GOR-ROUT-1), making way (D-GAME-11) and re-forming in place. fire.c and combat.c sit on these;
 * nothing here calls up into turn.c. */
#include "game_internal.h"

#include <math.h>
#include <stdio.h>

static const char *uid(const VlGame *g, int u) { return vl_unit_label(g->w->scenario, u); }

/* ---- morale (GOR-MOR-1, GOR-MOR-2): the rules in rules/morale.c, rolled here ---- */

MoraleResult vl_g_morale(VlGame *g, int u, int extra_mod, const char *clause, const char *what)
{
    VL_ASSERT(u >= 0 && u < g->w->nunits, "vl_g_morale: unit index out of range");
    const VlScenarioUnit *su = &g->w->scenario->units[u];
    MoraleResult m = {0};
    char std[96];
    m.level = vl_morale_level(su->quality);
    m.modifier = vl_morale_standard_modifier(g->w, u, 0, -1, std, sizeof std) + extra_mod;
    int faces[2];
    int sum = vl_g_roll(g, 6, 2, faces);
    m.total = sum + m.modifier;
    m.fail_by = vl_morale_fail_by(m.level, m.total); /* GOR-MOR-1 */
    m.pass = m.fail_by == 0;
    VlDiceRoll *r = vl_g_log_roll(g, vl_world_side(g->w, u), u, clause, faces, 2, 6, m.modifier, m.level + 1);
    char verdict[24];
    snprintf(verdict, sizeof verdict, m.pass ? "passes" : "fails by %d", m.fail_by);
    /* The dice log, the event and the screen all say "needs N" (N = level + 1): one wording. */
    if (r)
        snprintf(r->result, sizeof r->result, "%.39s morale for %.40s, needs %d (level %d; %.60s; %+d other): %d, %s",
                 uid(g, u), what, m.level + 1, m.level, std, extra_mod, m.total, verdict);
    vl_g_event(g, u, -1, clause, "%s tests morale for %s: %d, needs %d, %s", uid(g, u), what, m.total, m.level + 1,
               verdict);
    return m;
}

/* ---- HITs and commanders (GOR-CMDR-1, GOR-CMD-3) ---- */

static void general_killed(VlGame *g, int gen)
{
    VlWorld *w = g->w;
    vl_world_set_present(w, gen, false);
    g->replace_pending[gen] = true;
    vl_g_event(g, gen, -1, "GOR-CMDR-1", "%s is removed from the game", uid(g, gen));
    /* GOR-CMD-3: every unit of the brigade takes 1 HIT. */
    for (int j = 0; j < w->nunits; j++)
        if (j != gen && vl_world_present(w, j) && vl_world_same_brigade(w, j, gen) &&
            w->scenario->units[j].type != VL_GENERAL) {
            w->units[j].hits++;
            vl_g_event(g, j, gen, "GOR-CMD-3", "%s takes 1 HIT: its brigade commander has fallen", uid(g, j));
        }
}

/* GOR-CMDR-1: the survival test of command base c, attacked by @p attacker (or -1) or beside a
 * unit that took @p hits (rules/morale.c). */
static void survival_test(VlGame *g, int c, int attacker, int hits)
{
    VlWorld *w = g->w;
    int mod = vl_cmdr_survival_modifier(w, attacker, hits);
    int faces[2];
    int total = vl_g_roll(g, 6, 2, faces) + mod;
    bool removed = vl_cmdr_removed(total);
    VlDiceRoll *r = vl_g_log_roll(g, vl_world_side(w, c), c, "GOR-CMDR-1", faces, 2, 6, mod, 11);
    if (r)
        snprintf(r->result, sizeof r->result, "%s survival: %d%s, %s", uid(g, c), total, mod ? " (with +2)" : "",
                 removed ? "removed" : "survives");
    if (removed)
        general_killed(g, c);
}

static void commander_risk(VlGame *g, int u, int hits, int attacker)
{
    VlWorld *w = g->w;
    for (int c = 0; c < w->nunits; c++) {
        if (!vl_world_present(w, c) || w->scenario->units[c].type != VL_GENERAL || vl_world_side(w, c) != vl_world_side(w, u))
            continue;
        if (vl_footprint_distance(&vl_world_unit(w, c)->fp, &vl_world_unit(w, u)->fp) > 0)
            continue;
        survival_test(g, c, attacker, hits);
    }
}

void vl_g_add_hits(VlGame *g, int u, int hits, int attacker, const char *clause)
{
    if (hits <= 0 || !vl_world_present(g->w, u))
        return;
    g->w->units[u].hits += hits;
    VL_ASSERT(g->w->units[u].hits > 0, "vl_g_add_hits: a unit's HITs overflowed");
    vl_g_event(g, u, attacker, clause, "%s takes %d HIT%s (now %d)", uid(g, u), hits, hits == 1 ? "" : "s",
               g->w->units[u].hits);
    commander_risk(g, u, hits, attacker);
}

/* ---- falling back and routing ---- */

double vl_g_charge_move(const VlGame *g, int u)
{
    const VlWorld *w = g->w;
    const VlScenarioUnit *su = &w->scenario->units[u];
    VlAllowance a = vl_move_allowance(w, su->type, vl_world_unit(w, u)->formation, w->units[u].mounted, VL_GROUND_OPEN, 0);
    if (!a.can_move) /* squares and unlimbered guns still run when routed: as infantry line */
        a = vl_move_allowance(w, VL_INFANTRY, VL_FORM_LINE, false, VL_GROUND_OPEN, 0);
    return a.max + VL_CHARGE_BONUS;
}

/* Move u by vector v (keeping facing), stopping 0.1 in short of units and impassable ground in its way
 * (D-GAME-4). Returns the fraction moved, or -1 when it left the table. */
double vl_g_shift(VlGame *g, int u, VlVec2 v, double facing)
{
    VlWorld *w = g->w;
    const VlFieldUnit *fu = vl_world_unit(w, u);
    double len = vl_v2_len(v);
    if (len <= 0)
        return 0;
    VlFootprint fp;
    vl_footprint_build(&fp, (VlPose){fu->pose.anchor, facing}, fu->formation, fu->spec);
    double stop = 1;
    for (int j = 0; j < w->nunits; j++) {
        if (j == u || !vl_world_present(w, j) || vl_world_makes_way(w, j, u))
            continue; /* a general's base stops no unit: he makes way (D-GAME-11) */
        bool enemy = vl_world_enemies(w, u, j);
        const VlFootprint *o = &vl_world_unit(w, j)->fp;
        for (int a = 0; a < fp.nblocks; a++)
            for (int b = 0; b < o->nblocks; b++) {
                double t0, t1;
                if (!vl_sweep_translate(fp.blocks[a].p, 4, o->blocks[b].p, 4, v, &t0, &t1) || t1 <= 1e-12 || t0 >= stop)
                    continue;
                /* A unit it touches now only stops it if the move would run into it, not slide along
                 * or away; a friend ahead likewise; an enemy ahead stops it before contact. */
                if (!enemy || t0 <= 1e-12) {
                    double lo = t0 > 0 ? t0 : 0, hi = t1 < 1 ? t1 : 1;
                    VlVec2 mid[4];
                    for (int k = 0; k < 4; k++)
                        mid[k] = vl_v2_mad(fp.blocks[a].p[k], v, 0.5 * (lo + hi));
                    if (hi <= lo || vl_convex_overlap_area(mid, 4, o->blocks[b].p, 4) <= 1e-9)
                        continue;
                }
                double sv = t0 - 0.1 / len;
                stop = sv > 0 ? sv : 0;
            }
    }
    int nt = vl_battlefield_terrain_count(w->bf);
    for (int t = 0; t < nt; t++) {
        const VlTerrain *f = vl_battlefield_terrain(w->bf, t);
        if (f->type != VL_T_BUILDING && f->type != VL_T_WATER)
            continue;
        /* Step back along the way until clear of the building or water. */
        for (int a = 0; a < fp.nblocks; a++) {
            double lo = 0, hi = stop;
            VlVec2 q[4];
            for (int k = 0; k < 4; k++)
                q[k] = vl_v2_mad(fp.blocks[a].p[k], v, hi);
            if (vl_convex_poly_overlap_area(q, 4, f->pts, f->npts) <= 1e-9)
                continue;
            for (int it = 0; it < 40; it++) {
                double mid = 0.5 * (lo + hi);
                for (int k = 0; k < 4; k++)
                    q[k] = vl_v2_mad(fp.blocks[a].p[k], v, mid);
                if (vl_convex_poly_overlap_area(q, 4, f->pts, f->npts) <= 1e-9)
                    lo = mid;
                else
                    hi = mid;
            }
            stop = lo;
        }
    }
    VlPose np = {vl_v2_mad(fu->pose.anchor, v, stop), facing};
    vl_battlefield_set_unit(w->bf, u, np, fu->formation);
    VlBox b = vl_footprint_bounds(&vl_world_unit(w, u)->fp);
    double W = vl_battlefield_width(w->bf), H = vl_battlefield_height(w->bf);
    if (b.lo.x < -VL_EPS || b.lo.y < -VL_EPS || b.hi.x > W + VL_EPS || b.hi.y > H + VL_EPS)
        return -1;
    vl_g_make_way(g, u);
    return stop;
}

static void leave_table(VlGame *g, int u, const char *clause)
{
    g->w->units[u].routed = true;
    vl_world_set_present(g->w, u, false);
    vl_g_event(g, u, -1, clause, "%s leaves the table: routed for good", uid(g, u));
}

int vl_g_place_blocker(const VlGame *g, int u, const VlFootprint *fp, bool touch_enemy, bool touch_friend)
{
    const VlWorld *w = g->w;
    VlBox b = vl_footprint_bounds(fp);
    if (b.lo.x < -VL_EPS || b.lo.y < -VL_EPS || b.hi.x > vl_battlefield_width(w->bf) + VL_EPS ||
        b.hi.y > vl_battlefield_height(w->bf) + VL_EPS)
        return VL_PLACE_EDGE;
    for (int j = 0; j < w->nunits; j++) {
        if (j == u || !vl_world_present(w, j) || vl_world_makes_way(w, j, u))
            continue; /* D-GAME-11: a general makes way (vl_g_make_way) */
        /* Bounding boxes more than 1e-6 apart hold footprints that neither touch (within VL_EPS) nor
         * overlap: the exact tests are skipped for them, with the same answer (as in src/rules/threats.c). */
        if (!vl_box_overlap(b, vl_world_unit(w, j)->bounds, 1e-6))
            continue;
        const VlFootprint *o = &vl_world_unit(w, j)->fp;
        bool touch = vl_world_enemies(w, u, j) ? touch_enemy : touch_friend;
        if (touch ? vl_footprint_distance(fp, o) == 0 : vl_footprint_overlap_area(fp, o) > 1e-9)
            return j;
    }
    if (vl_terrain_cover_area(w->bf, fp, (1u << VL_T_BUILDING) | (1u << VL_T_WATER)) > 1e-9)
        return VL_PLACE_GROUND;
    return VL_PLACE_FREE;
}

/* D-GAME-11: set general c down at the nearest place clear of every unit, touching no enemy, on the
 * table and out of buildings and water: on rings 0.25 in apart out to 12 in about where he stands,
 * the first ring with room, and on it the first of 24 directions taken from the one pointing away
 * from unit u, then 15 degrees either side in turn. False when there is no such place. */
static bool step_aside(VlGame *g, int c, int u)
{
    VlWorld *w = g->w;
    const VlFieldUnit *fc = vl_world_unit(w, c), *fu = vl_world_unit(w, u);
    VlPose at = fc->pose;
    VlVec2 away = vl_v2_sub(vl_v2_lerp(fc->fp.box.p[0], fc->fp.box.p[2], 0.5), vl_v2_lerp(fu->fp.box.p[0], fu->fp.box.p[2], 0.5));
    double len = vl_v2_len(away);
    away = len > 1e-9 ? vl_v2_scale(away, 1 / len) : vl_v2_neg(fu->fp.fwd);
    VlFootprint fp;
    for (int ring = 1; ring <= 48; ring++)
        for (int k = 0; k < 24; k++) {
            VlVec2 dir = vl_rotate_about(away, (VlVec2){0, 0}, (k % 2 ? 15 : -15) * ((k + 1) / 2));
            VlPose p = {vl_v2_mad(at.anchor, dir, 0.25 * ring), at.facing};
            vl_footprint_build(&fp, p, fc->formation, fc->spec);
            if (vl_g_place_blocker(g, c, &fp, true, false) == VL_PLACE_FREE) {
                vl_battlefield_set_unit(w->bf, c, p, fc->formation);
                return true;
            }
        }
    return false;
}

void vl_g_make_way(VlGame *g, int u)
{
    VlWorld *w = g->w;
    if (!vl_world_present(w, u))
        return;
    for (int c = 0; c < w->nunits; c++) {
        if (c == u || !vl_world_present(w, c) || !vl_world_makes_way(w, c, u))
            continue;
        bool enemy = vl_world_enemies(w, u, c);
        const VlFootprint *fu = &vl_world_unit(w, u)->fp, *fc = &vl_world_unit(w, c)->fp;
        if (enemy ? vl_footprint_distance(fu, fc) > 0 : vl_footprint_overlap_area(fu, fc) <= 1e-9)
            continue;
        if (!step_aside(g, c, u)) {
            vl_g_event(g, c, u, "D-GAME-11", "%s has no room to make way for %s and is lost", uid(g, c), uid(g, u));
            general_killed(g, c);
            continue;
        }
        vl_g_event(g, c, u, "D-GAME-11", "%s makes way for %s", uid(g, c), uid(g, u));
        /* Met by an enemy unit, he has been attacked directly (GOR-CMDR-1). */
        if (enemy)
            survival_test(g, c, u, 0);
    }
}

bool vl_g_reform_in_place(VlGame *g, int u, VlFormation f)
{
    /* One base stays where it is (GOR-FORM-7); the first base whose keeping leaves room wins. */
    VlWorld *w = g->w;
    const VlFieldUnit *fu = vl_world_unit(w, u);
    VlFootprint probe, cand;
    vl_footprint_build(&probe, (VlPose){{0, 0}, fu->pose.facing}, f, fu->spec);
    for (int k = 0; k < fu->fp.nbases && k < probe.nbases; k++) {
        VlVec2 keep = vl_v2_lerp(fu->fp.bases[k].p[0], fu->fp.bases[k].p[2], 0.5);
        VlVec2 pc = vl_v2_lerp(probe.bases[k].p[0], probe.bases[k].p[2], 0.5);
        VlPose p = {vl_v2_sub(keep, pc), fu->pose.facing};
        vl_footprint_build(&cand, p, f, fu->spec);
        if (vl_g_place_blocker(g, u, &cand, false, false) == VL_PLACE_FREE) {
            vl_battlefield_set_unit(w->bf, u, p, f);
            vl_g_make_way(g, u);
            return true;
        }
    }
    return false;
}

/* GOR-CAV-1: dismounted cavalry forced back or routed remounts at once, at no cost (as a line). */
static void remount(VlGame *g, int u)
{
    VlWorld *w = g->w;
    if (w->scenario->units[u].type != VL_CAVALRY || w->units[u].mounted)
        return;
    if (!vl_g_reform_in_place(g, u, VL_FORM_LINE)) {
        vl_g_event(g, u, -1, "GOR-CAV-1", "%s has no room to remount and goes back on foot", uid(g, u));
        return;
    }
    w->units[u].mounted = true;
    vl_g_event(g, u, -1, "GOR-CAV-1", "%s remounts as it is forced back", uid(g, u));
}

/* GOR-FOLLOW-1 (example F): the units directly behind u go first by v, keeping their distance, and
 * take 1 HIT. A command base is no follower: combat results never move or remove one (GOR-CMDR-1,
 * D-FOLLOW-1); he stays where he stands, and if u ends on him he makes way (D-GAME-11). */
static void followers(VlGame *g, int u, const int *behind, int nb, VlVec2 v)
{
    VlWorld *w = g->w;
    for (int k = 0; k < nb; k++) {
        int j = behind[k];
        if (!vl_world_present(w, j) || w->scenario->units[j].type == VL_GENERAL)
            continue;
        double moved = vl_g_shift(g, j, v, vl_world_unit(w, j)->pose.facing);
        vl_g_event(g, j, u, "GOR-FOLLOW-1", "%s, directly behind %s, falls back with it", uid(g, j), uid(g, u));
        if (moved < 0)
            leave_table(g, j, "GOR-FOLLOW-1");
        else
            vl_g_add_hits(g, j, 1, -1, "GOR-FOLLOW-1");
    }
}

double vl_g_fall_back(VlGame *g, int u, double dist, bool forced, const char *clause)
{
    VlWorld *w = g->w;
    if (!vl_world_present(w, u) || dist <= 0)
        return 0;
    if (forced)
        remount(g, u);
    int behind[16];
    int nb = forced ? vl_world_units_behind(g->w, u, behind, 16) : 0;
    const VlFieldUnit *fu = vl_world_unit(w, u);
    VlVec2 v = vl_v2_scale(fu->fp.fwd, -dist);
    followers(g, u, behind, nb, v);
    double frac = vl_g_shift(g, u, v, fu->pose.facing);
    if (frac < 0) {
        leave_table(g, u, clause);
        return dist;
    }
    vl_g_event(g, u, -1, clause, "%s falls back %.2f in", uid(g, u), frac * dist);
    return frac * dist;
}

/* D-ROUT-1: the facing that puts u's back to enemy. The face of u's box toward the enemy becomes its
 * rear: the one face the enemy touches, or else the face whose outward region, judged against the box's
 * own proportions, holds the enemy's middle. In front: about turn; behind: as it stands; on a flank: a
 * quarter turn away. Without an enemy, an about turn. */
static double rout_facing(const VlWorld *w, int u, int enemy)
{
    const VlFieldUnit *fu = vl_world_unit(w, u);
    double f = fu->pose.facing;
    if (enemy < 0 || !vl_world_present(w, enemy))
        return f + 180;
    const VlFootprint *fp = &fu->fp, *ef = &vl_world_unit(w, enemy)->fp;
    static const double turn[4] = {[VL_FACE_FRONT] = 180, [VL_FACE_RIGHT] = -90, [VL_FACE_REAR] = 0, [VL_FACE_LEFT] = 90};
    int touched = -1, ntouched = 0;
    for (int k = 0; k < 4; k++) {
        VlVec2 seg[2];
        vl_footprint_face(fp, (VlFace)k, &seg[0], &seg[1]);
        if (vl_footprint_distance_to_convex(ef, seg, 2) <= VL_EPS) {
            touched = k;
            ntouched++;
        }
    }
    if (ntouched == 1)
        return f + turn[touched];
    VlVec2 d = vl_v2_sub(vl_v2_lerp(ef->box.p[0], ef->box.p[2], 0.5), vl_v2_lerp(fp->box.p[0], fp->box.p[2], 0.5));
    double along = vl_v2_dot(d, fp->fwd), side = vl_v2_dot(d, fp->right);
    double depth = vl_v2_dist(fp->box.p[1], fp->box.p[2]), width = vl_v2_dist(fp->box.p[0], fp->box.p[1]);
    if (fabs(along) * width >= fabs(side) * depth)
        return f + (along >= 0 ? turn[VL_FACE_FRONT] : turn[VL_FACE_REAR]);
    return f + (side >= 0 ? turn[VL_FACE_RIGHT] : turn[VL_FACE_LEFT]);
}

/* u's pose turned to @p facing about the middle of its box. */
static VlPose turned_about_centre(const VlFieldUnit *fu, double facing)
{
    VlVec2 centre = vl_v2_lerp(fu->fp.box.p[0], fu->fp.box.p[2], 0.5);
    double half = 0.5 * vl_v2_dist(fu->fp.box.p[1], fu->fp.box.p[2]);
    double t = facing * 3.14159265358979323846 / 180.0;
    return (VlPose){vl_v2_mad(centre, (VlVec2){sin(t), cos(t)}, half), facing};
}

void vl_g_rout(VlGame *g, int u, int enemy, const char *clause)
{
    VlWorld *w = g->w;
    if (!vl_world_present(w, u))
        return;
    VlUnitState *st = &w->units[u];
    remount(g, u);
    const VlFieldUnit *fu = vl_world_unit(w, u);
    double nf = fu->pose.facing;
    VlPose np = fu->pose;
    bool first = !st->routed;
    if (first) {
        /* Routers turn their backs on the enemy (GOR-CC-4 note, D-ROUT-1), in place about the middle of
         * the box; a quarter turn with no room for the new shape is an about turn instead. */
        st->routed = true;
        nf = rout_facing(w, u, enemy);
        np = turned_about_centre(fu, nf);
        if (fabs(remainder(nf - fu->pose.facing, 180.0)) > 1e-9) {
            VlFootprint probe;
            vl_footprint_build(&probe, np, fu->formation, fu->spec);
            if (vl_g_place_blocker(g, u, &probe, false, false) != VL_PLACE_FREE) {
                nf = fu->pose.facing + 180;
                np = turned_about_centre(fu, nf);
            }
        }
    }
    /* Every rout move is a forced one: the units in its way, those directly behind it as it would stand
     * facing back the way it runs, go first (GOR-FOLLOW-1, D-ROUT-1). */
    int behind[16];
    VlFormation form = fu->formation;
    vl_battlefield_set_unit(w->bf, u, turned_about_centre(fu, nf + 180), form);
    int nb = vl_world_units_behind(g->w, u, behind, 16);
    vl_battlefield_set_unit(w->bf, u, np, form);
    if (first)
        vl_g_event(g, u, -1, clause, "%s routs", uid(g, u));
    fu = vl_world_unit(w, u);
    double d = vl_g_charge_move(g, u);
    followers(g, u, behind, nb, vl_v2_scale(fu->fp.fwd, d));
    double frac = vl_g_shift(g, u, vl_v2_scale(fu->fp.fwd, d), fu->pose.facing);
    if (frac < 0)
        leave_table(g, u, clause);
    else
        vl_g_event(g, u, -1, clause, "%s runs %.2f in to the rear", uid(g, u), frac * d);
}

/* ---- REP-508: the emergency rally ---- */

bool vl_g_emergency_rally(VlGame *g, int l, int winner, bool *used)
{
    VlWorld *w = g->w;
    if (!vl_rep_on(&w->options, VL_REP_508) || !vl_world_present(w, l))
        return false;
    /* D-REP-10: the nearest general of the loser's side within 3 in who has not tried one this phase. */
    int c = -1;
    double best = INFINITY;
    for (int j = 0; j < w->nunits; j++) {
        if (used[j] || !vl_world_present(w, j) || w->scenario->units[j].type != VL_GENERAL ||
            vl_world_side(w, j) != vl_world_side(w, l))
            continue;
        double d = vl_footprint_distance(&vl_world_unit(w, j)->fp, &vl_world_unit(w, l)->fp);
        if (d <= VL_REP_EMERGENCY_RADIUS && d < best) {
            best = d;
            c = j;
        }
    }
    if (c < 0)
        return false;
    used[c] = true;
    vl_g_event(g, c, l, "REP-508", "%s rides to %s to rally it at once", uid(g, c), uid(g, l));
    /* First his survival, unmodified (GOR-CMDR-1's numbers). */
    int faces[2];
    int total = vl_g_roll(g, 6, 2, faces);
    bool removed = vl_cmdr_removed(total);
    VlDiceRoll *r = vl_g_log_roll(g, vl_world_side(w, c), c, "REP-508", faces, 2, 6, 0, 11);
    if (r)
        snprintf(r->result, sizeof r->result, "%s risks himself rallying %s: %d, %s", uid(g, c), uid(g, l), total,
                 removed ? "removed" : "survives");
    if (removed) {
        general_killed(g, c);
        return false;
    }
    /* Then the rally at double his value (and REP-509's -1 for Confederates). */
    int mod = vl_rep_emergency_rally_modifier(w, l, c);
    char what[120];
    snprintf(what, sizeof what, "an emergency rally by %.40s (%+d)", uid(g, c), mod);
    MoraleResult m = vl_g_morale(g, l, mod, "REP-508", what);
    if (m.pass)
        vl_g_event(g, l, winner, "REP-508", "%s rallies where it stands: the combat is fought again", uid(g, l));
    return m.pass;
}
