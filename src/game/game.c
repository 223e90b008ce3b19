/* The game: turn and phase machine (GOR-TURN-1..3), movement and rally commands, morale, HITs,
 * falling back and routing, events, reinforcements, victory, logs and the state hash. Fire is in
 * fire.c, charges and close combat in combat.c. */
#include "game_internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *uid(const VlGame *g, int u) { return g->w->scenario->units[u].id; }

static void orders_travel(VlGame *g, int side);
static bool order_allows_move(const VlGame *g, int u, const VlFootprint *to, VlReasons *why);

const char *vl_phase_name(VlPhase p)
{
    static const char *const names[] = {"events", "artillery", "fire", "charge", "movement", "rally", "retreat", "rout", "over"};
    return (unsigned)p < 9 ? names[p] : "?";
}

const char *vl_command_kind_name(VlCommandKind k)
{
    static const char *const names[] = {"end_phase", "artillery_fire", "fire",   "charge", "move",
                                        "rally",     "reactions",      "attach", "occupy", "order"};
    return (unsigned)k < 10 ? names[k] : "?";
}

VlWorld *vl_game_world(VlGame *g) { return g->w; }
const VlWorld *vl_game_world_const(const VlGame *g) { return g->w; }
VlPhase vl_game_phase(const VlGame *g) { return g->phase; }
int vl_game_turn(const VlGame *g) { return g->w->turn; }
int vl_game_active_side(const VlGame *g) { return g->w->active_side; }

bool vl_game_over(const VlGame *g, int *winner, const char **why)
{
    if (winner)
        *winner = g->winner;
    if (why)
        *why = g->why;
    return g->over;
}

const VlDiceRoll *vl_game_dice(const VlGame *g, int *count)
{
    *count = g->ndice;
    return g->dice;
}

const VlGameEvent *vl_game_events(const VlGame *g, int *count)
{
    *count = g->nev;
    return g->ev;
}

void vl_game_inject_dice(VlGame *g, const int *faces, int n)
{
    int *arr = realloc(g->inj, (size_t)(g->ninj + n + 1) * sizeof *arr);
    if (!arr)
        return;
    g->inj = arr;
    memcpy(g->inj + g->ninj, faces, (size_t)n * sizeof *faces);
    g->ninj += n;
}

int vl_game_injected_left(const VlGame *g) { return g->ninj - g->iinj; }

/* ---- logs and dice ---- */

int vl_g_roll(VlGame *g, int sides, int n, int *faces)
{
    int sum = 0;
    for (int i = 0; i < n; i++) {
        int f;
        if (g->iinj < g->ninj)
            f = g->inj[g->iinj++];
        else
            f = (int)vl_rng_below(&g->w->rng, (uint32_t)sides) + 1;
        if (faces && i < 24)
            faces[i] = f;
        sum += f;
    }
    return sum;
}

VlDiceRoll *vl_g_log_roll(VlGame *g, int side, int unit, const char *clause, const int *faces, int n, int sides,
                          int modifier, int need)
{
    if (g->ndice == g->cap_dice) {
        int cap = g->cap_dice ? g->cap_dice * 2 : 256;
        VlDiceRoll *arr = realloc(g->dice, (size_t)cap * sizeof *arr);
        if (!arr)
            return NULL;
        g->dice = arr;
        g->cap_dice = cap;
    }
    VlDiceRoll *r = &g->dice[g->ndice++];
    memset(r, 0, sizeof *r);
    r->seq = g->seq++;
    r->turn = g->w->turn;
    r->phase = g->phase;
    r->side = side;
    r->unit = unit;
    snprintf(r->clause, sizeof r->clause, "%s", clause);
    r->ndice = n < 24 ? n : 24;
    memcpy(r->dice, faces, (size_t)r->ndice * sizeof *faces);
    r->sides = sides;
    r->modifier = modifier;
    r->need = need;
    return r;
}

void vl_g_event(VlGame *g, int unit, int other, const char *clause, const char *fmt, ...)
{
    if (g->nev == g->cap_ev) {
        int cap = g->cap_ev ? g->cap_ev * 2 : 256;
        VlGameEvent *arr = realloc(g->ev, (size_t)cap * sizeof *arr);
        if (!arr)
            return;
        g->ev = arr;
        g->cap_ev = cap;
    }
    VlGameEvent *e = &g->ev[g->nev++];
    e->seq = g->seq++;
    e->turn = g->w->turn;
    e->phase = g->phase;
    e->side = g->w->active_side;
    e->unit = unit;
    e->other = other;
    snprintf(e->clause, sizeof e->clause, "%s", clause);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->text, sizeof e->text, fmt, ap);
    va_end(ap);
}

void vl_g_copy_refusals(VlReasons *why, const VlReasons *from)
{
    for (int i = 0; why && i < from->n; i++)
        if (!from->r[i].ok)
            vl_reason_add(why, from->r[i].clause, false, from->r[i].value, from->r[i].unit, from->r[i].feature, "%s",
                          from->r[i].text);
}

/* ---- morale (GOR-MOR-1, GOR-MOR-2): the rules in rules/morale.c, rolled here ---- */

MoraleResult vl_g_morale(VlGame *g, int u, int extra_mod, const char *clause, const char *what)
{
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
    if (r)
        snprintf(r->result, sizeof r->result, "%.20s %.40s morale, needs over %d (%.60s; %+d other): %d, %s", su->id, what,
                 m.level, std, extra_mod, m.total, verdict);
    vl_g_event(g, u, -1, clause, "%s tests morale for %s: %d against %d, %s", su->id, what, m.total, m.level, verdict);
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

/* What stops footprint fp of unit u from standing where it is: -1 nothing; a unit index; PLACE_EDGE
 * when it leaves the table; PLACE_GROUND for a building or water. Overlapping another unit always
 * blocks; merely touching blocks for enemies / friends as asked. */
enum { PLACE_FREE = -1, PLACE_EDGE = -2, PLACE_GROUND = -3 };
static int place_blocker(const VlGame *g, int u, const VlFootprint *fp, bool touch_enemy, bool touch_friend)
{
    const VlWorld *w = g->w;
    VlBox b = vl_footprint_bounds(fp);
    if (b.lo.x < -VL_EPS || b.lo.y < -VL_EPS || b.hi.x > vl_battlefield_width(w->bf) + VL_EPS ||
        b.hi.y > vl_battlefield_height(w->bf) + VL_EPS)
        return PLACE_EDGE;
    for (int j = 0; j < w->nunits; j++) {
        if (j == u || !vl_world_present(w, j) || vl_world_makes_way(w, j, u))
            continue; /* D-GAME-11: a general makes way (vl_g_make_way) */
        const VlFootprint *o = &vl_world_unit(w, j)->fp;
        bool touch = vl_world_enemies(w, u, j) ? touch_enemy : touch_friend;
        if (touch ? vl_footprint_distance(fp, o) == 0 : vl_footprint_overlap_area(fp, o) > 1e-9)
            return j;
    }
    if (vl_terrain_cover_area(w->bf, fp, (1u << VL_T_BUILDING) | (1u << VL_T_WATER)) > 1e-9)
        return PLACE_GROUND;
    return PLACE_FREE;
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
            if (place_blocker(g, c, &fp, true, false) == PLACE_FREE) {
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
        if (place_blocker(g, u, &cand, false, false) == PLACE_FREE) {
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
 * take 1 HIT; a general behind is carried along without one. */
static void followers(VlGame *g, int u, const int *behind, int nb, VlVec2 v)
{
    VlWorld *w = g->w;
    for (int k = 0; k < nb; k++) {
        int j = behind[k];
        if (!vl_world_present(w, j))
            continue;
        double moved = vl_g_shift(g, j, v, vl_world_unit(w, j)->pose.facing);
        bool general = w->scenario->units[j].type == VL_GENERAL;
        if (!general)
            vl_g_event(g, j, u, "GOR-FOLLOW-1", "%s, directly behind %s, falls back with it", uid(g, j), uid(g, u));
        if (moved < 0)
            leave_table(g, j, "GOR-FOLLOW-1");
        else if (!general)
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

void vl_g_rout(VlGame *g, int u, const char *clause)
{
    VlWorld *w = g->w;
    if (!vl_world_present(w, u))
        return;
    VlUnitState *st = &w->units[u];
    remount(g, u);
    /* Those behind it before it turns are those in its way: they go first (GOR-FOLLOW-1). */
    int behind[16];
    int nb = st->routed ? 0 : vl_world_units_behind(g->w, u, behind, 16);
    const VlFieldUnit *fu = vl_world_unit(w, u);
    if (!st->routed) {
        /* Routers turn their backs on the enemy (GOR-CC-4 note). */
        st->routed = true;
        VlVec2 centre = vl_v2_lerp(fu->fp.box.p[0], fu->fp.box.p[2], 0.5);
        VlPose np = {vl_v2_sub(vl_v2_scale(centre, 2), fu->pose.anchor), fu->pose.facing + 180};
        vl_battlefield_set_unit(w->bf, u, np, fu->formation);
        vl_g_event(g, u, -1, clause, "%s routs", uid(g, u));
    }
    fu = vl_world_unit(w, u);
    double d = vl_g_charge_move(g, u);
    followers(g, u, behind, nb, vl_v2_scale(fu->fp.fwd, d));
    double frac = vl_g_shift(g, u, vl_v2_scale(fu->fp.fwd, d), fu->pose.facing);
    if (frac < 0)
        leave_table(g, u, clause);
    else
        vl_g_event(g, u, -1, clause, "%s runs %.2f in to the rear", uid(g, u), frac * d);
}

/* ---- creation ---- */

VlGame *vl_game_create(const VlScenario *s, uint64_t seed, const VlRuleOptions *options)
{
    VlGame *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->w = vl_world_create(s, seed);
    size_t n = (size_t)(s->nunits ? s->nunits : 1);
    g->phase_hits = calloc(n, sizeof *g->phase_hits);
    g->phase_tested = calloc(n, sizeof *g->phase_tested);
    g->replace_pending = calloc(n, sizeof *g->replace_pending);
    if (!g->w || !g->phase_hits || !g->phase_tested || !g->replace_pending) {
        vl_game_destroy(g);
        return NULL;
    }
    size_t nb = (size_t)(s->nbrigades ? s->nbrigades : 1);
    g->order = calloc(nb, sizeof *g->order);
    g->hold_at = calloc(nb, sizeof *g->hold_at);
    g->pending = calloc(nb, sizeof *g->pending);
    g->pending_left = calloc(nb, sizeof *g->pending_left);
    g->order_sent_turn = calloc(nb, sizeof *g->order_sent_turn);
    if (!g->order || !g->hold_at || !g->pending || !g->pending_left || !g->order_sent_turn) {
        vl_game_destroy(g);
        return NULL;
    }
    for (int b = 0; s->orders && b < s->nbrigades; b++) {
        g->order[b] = s->initial_order[b];
        int c = s->brigades[b].commander;
        if (c >= 0)
            g->hold_at[b] = vl_world_unit(g->w, c)->pose.anchor;
    }
    if (options)
        g->w->options = *options;
    g->reactions[0] = g->reactions[1] = VL_REACT_DEFAULT;
    g->winner = -1;
    g->w->turn = 0;
    return g;
}

void vl_game_destroy(VlGame *g)
{
    if (!g)
        return;
    vl_world_destroy(g->w);
    free(g->dice);
    free(g->ev);
    free(g->inj);
    free(g->phase_hits);
    free(g->phase_tested);
    free(g->replace_pending);
    free(g->order);
    free(g->hold_at);
    free(g->pending);
    free(g->pending_left);
    free(g->order_sent_turn);
    free(g);
}

VlGame *vl_game_clone(const VlGame *src)
{
    VlGame *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    *g = *src;
    size_t n = (size_t)(src->w->nunits ? src->w->nunits : 1);
    g->w = vl_world_clone(src->w);
    g->dice = malloc((size_t)(src->cap_dice ? src->cap_dice : 1) * sizeof *g->dice);
    g->ev = malloc((size_t)(src->cap_ev ? src->cap_ev : 1) * sizeof *g->ev);
    g->inj = malloc((size_t)(src->ninj + 1) * sizeof *g->inj);
    g->phase_hits = malloc(n * sizeof *g->phase_hits);
    g->phase_tested = malloc(n * sizeof *g->phase_tested);
    g->replace_pending = malloc(n * sizeof *g->replace_pending);
    size_t nb = (size_t)(src->w->scenario->nbrigades ? src->w->scenario->nbrigades : 1);
    g->order = malloc(nb * sizeof *g->order);
    g->hold_at = malloc(nb * sizeof *g->hold_at);
    g->pending = malloc(nb * sizeof *g->pending);
    g->pending_left = malloc(nb * sizeof *g->pending_left);
    g->order_sent_turn = malloc(nb * sizeof *g->order_sent_turn);
    if (!g->w || !g->dice || !g->ev || !g->inj || !g->phase_hits || !g->phase_tested || !g->replace_pending ||
        !g->order || !g->hold_at || !g->pending || !g->pending_left || !g->order_sent_turn) {
        vl_game_destroy(g);
        return NULL;
    }
    if (src->ninj)
        memcpy(g->inj, src->inj, (size_t)src->ninj * sizeof *g->inj);
    if (src->ndice)
        memcpy(g->dice, src->dice, (size_t)src->ndice * sizeof *g->dice);
    if (src->nev)
        memcpy(g->ev, src->ev, (size_t)src->nev * sizeof *g->ev);
    memcpy(g->phase_hits, src->phase_hits, n * sizeof *g->phase_hits);
    memcpy(g->phase_tested, src->phase_tested, n * sizeof *g->phase_tested);
    memcpy(g->replace_pending, src->replace_pending, n * sizeof *g->replace_pending);
    memcpy(g->order, src->order, nb * sizeof *g->order);
    memcpy(g->hold_at, src->hold_at, nb * sizeof *g->hold_at);
    memcpy(g->pending, src->pending, nb * sizeof *g->pending);
    memcpy(g->pending_left, src->pending_left, nb * sizeof *g->pending_left);
    memcpy(g->order_sent_turn, src->order_sent_turn, nb * sizeof *g->order_sent_turn);
    return g;
}

/* ---- victory ---- */

static bool counts_for_victory(const VlWorld *w, int u) { return w->scenario->units[u].type != VL_GENERAL; }

static bool holds(const VlWorld *w, int side, const VlObjective *o)
{
    VlVec2 pt[1] = {o->position};
    for (int u = 0; u < w->nunits; u++)
        if (vl_world_present(w, u) && vl_world_side(w, u) == side && !w->units[u].routed && counts_for_victory(w, u) &&
            vl_footprint_distance_to_convex(&vl_world_unit(w, u)->fp, pt, 1) <= o->radius)
            return true;
    return false;
}

int vl_game_points(const VlGame *g, int side)
{
    const VlWorld *w = g->w;
    int pts = 0;
    for (int i = 0; i < w->scenario->nobjectives; i++) {
        const VlObjective *o = &w->scenario->objectives[i];
        if (holds(w, side, o) && !holds(w, 1 - side, o))
            pts += o->points;
    }
    for (int u = 0; u < w->nunits; u++)
        if (vl_world_side(w, u) != side && counts_for_victory(w, u) && (w->units[u].routed || w->units[u].removed))
            pts++;
    return pts;
}

/* The share (percent) of a side's units routed or gone. */
static int broken_percent(const VlWorld *w, int side)
{
    int all = 0, lost = 0;
    for (int u = 0; u < w->nunits; u++) {
        if (vl_world_side(w, u) != side || !counts_for_victory(w, u))
            continue;
        all++;
        lost += w->units[u].routed || w->units[u].removed;
    }
    return all ? lost * 100 / all : 0;
}

static void check_break(VlGame *g)
{
    if (g->over)
        return;
    const VlScenario *s = g->w->scenario;
    bool b0 = broken_percent(g->w, 0) >= s->break_percent, b1 = broken_percent(g->w, 1) >= s->break_percent;
    if (!b0 && !b1)
        return;
    g->over = true;
    g->phase = VL_PHASE_OVER;
    g->winner = b0 && b1 ? -1 : b0 ? 1 : 0;
    snprintf(g->why, sizeof g->why, "%s", b0 && b1 ? "both armies broke" : b0 ? "the first side's army broke" : "the second side's army broke");
    if (g->winner >= 0)
        snprintf(g->why, sizeof g->why, "%s's army broke: %d%% of its units routed or gone", s->sides[1 - g->winner].name,
                 broken_percent(g->w, 1 - g->winner));
    vl_g_event(g, -1, -1, "VICTORY", "%s", g->why);
}

static void end_by_turns(VlGame *g)
{
    const VlScenario *s = g->w->scenario;
    int p0 = vl_game_points(g, 0), p1 = vl_game_points(g, 1);
    g->over = true;
    g->phase = VL_PHASE_OVER;
    g->winner = p0 > p1 ? 0 : p1 > p0 ? 1 : -1;
    snprintf(g->why, sizeof g->why, "after %d turns: %.40s %d, %.40s %d points%s", s->turns, s->sides[0].name, p0,
             s->sides[1].name, p1, g->winner < 0 ? " (a draw)" : "");
    vl_g_event(g, -1, -1, "VICTORY", "%s", g->why);
}

/* ---- turn structure ---- */

static void arrivals(VlGame *g, int side)
{
    VlWorld *w = g->w;
    for (int u = 0; u < w->nunits; u++) {
        VlUnitState *st = &w->units[u];
        if (!st->waiting || vl_world_side(w, u) != side || st->arrive_turn > w->turn)
            continue;
        /* It comes on where the scenario puts it, if that ground is clear (else it waits a turn). */
        if (place_blocker(g, u, &vl_world_unit(w, u)->fp, true, true) != PLACE_FREE) {
            st->arrive_turn = w->turn + 1;
            vl_g_event(g, u, -1, "SCN-ARRIVE", "%s cannot come on: its place is taken; it waits a turn", uid(g, u));
            continue;
        }
        vl_world_set_present(w, u, true);
        vl_g_event(g, u, -1, "SCN-ARRIVE", "%s arrives by the %s edge", uid(g, u), w->scenario->units[u].arrive_edge);
        vl_g_make_way(g, u);
    }
}

static void roll_events(VlGame *g)
{
    VlWorld *w = g->w;
    const VlScenario *s = w->scenario;
    int faces[2];
    int total = vl_g_roll(g, 6, 2, faces);
    VlDiceRoll *r = vl_g_log_roll(g, s->first_side, -1, "GOR-TURN-1", faces, 2, 6, 0, 0);
    const VlEvent *e = NULL;
    for (int i = 0; i < s->nevents; i++)
        if (total >= s->events[i].lo && total <= s->events[i].hi)
            e = &s->events[i];
    if (r)
        snprintf(r->result, sizeof r->result, "events table: %d: %.130s", total, e ? e->text : "nothing happens");
    if (!e) {
        vl_g_event(g, -1, -1, "GOR-TURN-1", "events roll %d: nothing happens", total);
        return;
    }
    vl_g_event(g, e->unit, -1, "GOR-TURN-1", "events roll %d: %s", total, e->text);
    if (e->unit < 0)
        return;
    VlUnitState *st = &w->units[e->unit];
    switch (e->effect) {
    case VL_EFFECT_HITS: vl_g_add_hits(g, e->unit, e->amount, -1, "GOR-TURN-1"); break;
    case VL_EFFECT_RALLY:
        st->hits = st->hits > e->amount ? st->hits - e->amount : 0;
        break;
    case VL_EFFECT_ARRIVE:
        if (st->waiting)
            st->arrive_turn = w->turn;
        break;
    case VL_EFFECT_DELAY:
        if (st->waiting)
            st->arrive_turn += e->amount;
        break;
    default: break;
    }
}

static void start_turn(VlGame *g)
{
    VlWorld *w = g->w;
    w->turn++;
    if (w->turn > w->scenario->turns) {
        w->turn--;
        end_by_turns(g);
        return;
    }
    for (int u = 0; u < w->nunits; u++) {
        VlUnitState *st = &w->units[u];
        st->charged_last_turn = st->charged;
        st->charged = false;
        st->fired = false;
        st->acted = false;
    }
    w->active_side = w->scenario->first_side;
    g->phase = VL_PHASE_EVENTS;
    roll_events(g);
    arrivals(g, w->active_side);
    orders_travel(g, w->active_side);
    g->phase = VL_PHASE_ARTILLERY;
}

static void start_phase(VlGame *g)
{
    for (int u = 0; u < g->w->nunits; u++) {
        g->phase_hits[u] = 0;
        g->phase_tested[u] = false;
    }
    g->ndecl = 0;
}

/* GOR-CMD-3: a replacement commander next to any unit of the brigade, at the start of the rally phase. */
static void replace_commanders(VlGame *g)
{
    VlWorld *w = g->w;
    for (int c = 0; c < w->nunits; c++) {
        if (!g->replace_pending[c] || vl_world_side(w, c) != w->active_side)
            continue;
        for (int u = 0; u < w->nunits; u++) {
            if (!vl_world_present(w, u) || !vl_world_same_brigade(w, u, c) || w->scenario->units[u].type == VL_GENERAL)
                continue;
            /* Just behind the unit's rear face, facing the same way. */
            const VlFieldUnit *fu = vl_world_unit(w, u);
            VlVec2 rear = vl_v2_lerp(fu->fp.box.p[2], fu->fp.box.p[3], 0.5);
            VlPose p = {vl_v2_mad(rear, fu->fp.fwd, -0.1), fu->pose.facing};
            vl_battlefield_set_unit(w->bf, c, p, VL_FORM_NONE);
            if (place_blocker(g, c, &vl_world_unit(w, c)->fp, true, true) != PLACE_FREE)
                continue;
            w->units[c].removed = false;
            vl_battlefield_set_active(w->bf, c, true);
            g->replace_pending[c] = false;
            vl_g_event(g, c, u, "GOR-CMD-3", "a new commander for %s's brigade takes the field beside %s", uid(g, c), uid(g, u));
            break;
        }
    }
}

/* GOR-RETR-1: units with 5 or more HITs test; failing ones fall back and take a HIT. */
static void retreat_phase(VlGame *g)
{
    VlWorld *w = g->w;
    for (int u = 0; u < w->nunits; u++) {
        if (!vl_world_present(w, u) || vl_world_side(w, u) != w->active_side || w->units[u].routed || w->units[u].hits < 5 ||
            w->scenario->units[u].type == VL_GENERAL)
            continue;
        MoraleResult m = vl_g_morale(g, u, 0, "GOR-RETR-1", "its 5 or more HITs");
        if (m.pass)
            continue;
        vl_g_fall_back(g, u, w->options.retreat_distance, true, "GOR-RETR-1");
        vl_g_add_hits(g, u, 1, -1, "GOR-RETR-1");
    }
}

/* GOR-ROUT-1: routers that did not rally run a charge move to the rear and take a HIT. */
static void rout_phase(VlGame *g)
{
    VlWorld *w = g->w;
    for (int u = 0; u < w->nunits; u++) {
        if (!vl_world_present(w, u) || vl_world_side(w, u) != w->active_side || !w->units[u].routed)
            continue;
        vl_g_rout(g, u, "GOR-ROUT-1");
        if (vl_world_present(w, u))
            vl_g_add_hits(g, u, 1, -1, "GOR-ROUT-1");
    }
}

static void advance_phase(VlGame *g)
{
    VlWorld *w = g->w;
    switch (g->phase) {
    case VL_PHASE_ARTILLERY: g->phase = VL_PHASE_FIRE; break;
    case VL_PHASE_FIRE: g->phase = VL_PHASE_CHARGE; break;
    case VL_PHASE_CHARGE:
        vl_g_resolve_charges(g);
        g->phase = VL_PHASE_MOVEMENT;
        break;
    case VL_PHASE_MOVEMENT:
        g->phase = VL_PHASE_RALLY;
        replace_commanders(g);
        break;
    case VL_PHASE_RALLY:
        g->phase = VL_PHASE_RETREAT;
        retreat_phase(g);
        g->phase = VL_PHASE_ROUT;
        rout_phase(g);
        check_break(g);
        if (g->over)
            return;
        if (w->active_side == w->scenario->first_side) {
            w->active_side = 1 - w->active_side;
            arrivals(g, w->active_side);
            orders_travel(g, w->active_side);
            g->phase = VL_PHASE_ARTILLERY;
        } else {
            start_turn(g);
        }
        break;
    default: break;
    }
    start_phase(g);
    check_break(g);
}

/* ---- commands ---- */

static bool refuse(VlReasons *why, const char *clause, int unit, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static bool refuse(VlReasons *why, const char *clause, int unit, const char *fmt, ...)
{
    if (why) {
        char text[200];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(text, sizeof text, fmt, ap);
        va_end(ap);
        vl_reason_add(why, clause, false, NAN, unit, -1, "%s", text);
    }
    return false;
}

/* The checks every unit command shares: own unit, on the table, the phase. */
static bool own_unit(const VlGame *g, int u, VlReasons *why)
{
    const VlWorld *w = g->w;
    if (u < 0 || u >= w->nunits)
        return refuse(why, "GOR-TURN-3", -1, "no such unit");
    if (!vl_world_present(w, u))
        return refuse(why, "GOR-TURN-3", u, "%s is not on the table", uid(g, u));
    if (vl_world_side(w, u) != w->active_side)
        return refuse(why, "GOR-TURN-2", u, "%s is not the active player's", uid(g, u));
    return true;
}

static bool do_move(VlGame *g, const VlCommand *c, bool apply, VlReasons *why)
{
    VlWorld *w = g->w;
    int u = c->move.unit;
    if (g->phase != VL_PHASE_MOVEMENT)
        return refuse(why, "GOR-TURN-2", u, "movement orders belong to the general movement phase");
    if (!own_unit(g, u, why))
        return false;
    VlMoveVerdict v;
    VlMoveOrder asked = c->move;
    asked.rough_die = 0; /* the game rolls the die itself (GOR-MOVE-1); a command cannot choose it */
    vl_resolve_move(w, &asked, &v);
    if (!v.legal && !v.depends_on_die) {
        vl_g_copy_refusals(why, &v.why);
        return false;
    }
    VlFootprint to;
    vl_footprint_build(&to, v.final_pose, v.final_formation, vl_world_unit(w, u)->spec);
    if (!order_allows_move(g, u, &to, why))
        return false;
    if (!apply)
        return true;
    VlMoveOrder o = asked;
    if (v.depends_on_die) {
        /* Cavalry in rough: roll the D6 now (GOR-MOVE-1). Short of the allowance, the unit stops
         * where its allowance runs out along the last straight step (D-MOVE-7). */
        int face;
        vl_g_roll(g, 6, 1, &face);
        VlDiceRoll *r = vl_g_log_roll(g, w->active_side, u, "GOR-MOVE-1", &face, 1, 6, 0, 0);
        if (r)
            snprintf(r->result, sizeof r->result, "%s loses %d from its allowance in rough", uid(g, u), face);
        vl_resolve_move_rolled(w, &asked, face, &o, &v);
        if (!v.legal) {
            vl_g_event(g, u, -1, "GOR-MOVE-1", "%s cannot move: the rough ground costs too much with that roll", uid(g, u));
            w->units[u].acted = true;
            return true;
        }
    }
    vl_battlefield_set_unit(w->bf, u, v.final_pose, v.final_formation);
    VlUnitState *st = &w->units[u];
    st->mounted = v.final_mounted;
    st->acted = true;
    if (v.occupied >= 0) {
        st->occupy = v.occupied;
        st->occupy_turn = w->turn;
    }
    if (o.gallop)
        st->gallop_used = true;
    if (o.double_time)
        st->double_time_used = true;
    bool whole = false, formed = false;
    for (int i = 0; i < o.nsteps; i++) {
        whole |= o.steps[i].kind == VL_STEP_FORM || o.steps[i].kind == VL_STEP_PIVOT;
        formed |= o.steps[i].kind == VL_STEP_FORM;
    }
    if (formed)
        vl_g_event(g, u, -1, "GOR-FORM-7", "%s forms %s (the whole move)", uid(g, u), vl_formation_name(v.final_formation));
    else if (whole)
        vl_g_event(g, u, -1, "GOR-MOVE-3", "%s pivots in place (the whole move)", uid(g, u));
    else
        vl_g_event(g, u, -1, "GOR-MOVE-2", "%s moves (%s ground, %.2f of %.2f in)", uid(g, u), vl_ground_name(v.ground),
                   v.cost, v.allowance.max);
    vl_g_make_way(g, u);
    if (v.extra_hits)
        vl_g_add_hits(g, u, v.extra_hits, -1, "GOR-MOVE-4");
    bool fell_back = false;
    for (int i = 0; i < o.nsteps; i++)
        fell_back |= o.steps[i].kind == VL_STEP_BACK;
    if (fell_back) {
        /* GOR-MOVE-5: falling back means a morale test; failing costs 1 HIT. */
        MoraleResult m = vl_g_morale(g, u, 0, "GOR-MOVE-5", "falling back");
        if (!m.pass)
            vl_g_add_hits(g, u, 1, -1, "GOR-MOVE-5");
    }
    for (int k = 0; k < v.ninterpenetrated; k++) {
        /* GOR-MOVE-7: both units test; each failure is 1 HIT. */
        int f = v.interpenetrated[k];
        int pair[2] = {u, f};
        for (int j = 0; j < 2; j++) {
            MoraleResult m = vl_g_morale(g, pair[j], 0, "GOR-MOVE-7", "interpenetration");
            if (!m.pass)
                vl_g_add_hits(g, pair[j], 1, -1, "GOR-MOVE-7");
        }
    }
    return true;
}

static bool do_rally(VlGame *g, const VlCommand *c, bool apply, VlReasons *why)
{
    VlWorld *w = g->w;
    int u = c->unit;
    if (g->phase != VL_PHASE_RALLY)
        return refuse(why, "GOR-TURN-2", u, "rallying belongs to the rally phase");
    if (!own_unit(g, u, why))
        return false;
    VlUnitState *st = &w->units[u];
    if (w->scenario->units[u].type == VL_GENERAL)
        return refuse(why, "GOR-RALLY-1", u, "a general does not rally");
    if (st->acted)
        return refuse(why, "GOR-RALLY-1", u, "%s has acted this turn: only units that took no action may rally", uid(g, u));
    if (st->hits == 0 && !st->routed)
        return refuse(why, "GOR-RALLY-1", u, "%s has no HITs and is not routed: nothing to rally from", uid(g, u));
    if (!apply)
        return true;
    st->acted = true;
    MoraleResult m = vl_g_morale(g, u, 0, "GOR-RALLY-1", "rallying");
    if (!m.pass)
        return true;
    /* GOR-RALLY-1: pass removes 2 HITs; a router stops routing and may face any way. */
    st->hits = st->hits > 2 ? st->hits - 2 : 0;
    if (st->routed) {
        st->routed = false;
        const VlFieldUnit *fu = vl_world_unit(w, u);
        if (isfinite(c->facing)) {
            /* It turns about its centre; if that would put it on top of another unit, in a building or
             * off the table, it keeps its facing (D-GAME-9). */
            VlVec2 centre = vl_v2_lerp(fu->fp.box.p[0], fu->fp.box.p[2], 0.5);
            VlFootprint probe;
            vl_footprint_build(&probe, (VlPose){{0, 0}, c->facing}, fu->formation, fu->spec);
            VlVec2 pc = vl_v2_lerp(probe.box.p[0], probe.box.p[2], 0.5);
            VlPose np = {vl_v2_sub(centre, pc), c->facing};
            VlFootprint nf;
            vl_footprint_build(&nf, np, fu->formation, fu->spec);
            if (place_blocker(g, u, &nf, false, false) == PLACE_FREE) {
                vl_battlefield_set_unit(w->bf, u, np, fu->formation);
                vl_g_make_way(g, u);
            } else
                vl_g_event(g, u, -1, "GOR-RALLY-1", "%s has no room to turn and keeps its facing (D-GAME-9)", uid(g, u));
        }
        vl_g_event(g, u, -1, "GOR-RALLY-1", "%s stops routing", uid(g, u));
    }
    vl_g_event(g, u, -1, "GOR-RALLY-1", "%s rallies: now %d HITs", uid(g, u), st->hits);
    return true;
}

/* GOR-CMD-2: an independent unit attached to a brigade at the start of play. */
static bool do_attach(VlGame *g, const VlCommand *c, bool apply, VlReasons *why)
{
    VlWorld *w = g->w;
    int u = c->unit, t = c->target;
    if (!own_unit(g, u, why))
        return false;
    if (w->turn != 1 || w->units[u].acted)
        return refuse(why, "GOR-CMD-2", u, "independent units are attached at the start of play (turn 1, before they act)");
    if (w->scenario->units[u].brigade_label[0] || w->units[u].attached_to >= 0)
        return refuse(why, "GOR-CMD-2", u, "%s already belongs to a brigade", uid(g, u));
    if (t < 0 || t >= w->nunits || t == u || vl_world_enemies(w, u, t) || !vl_world_brigade(w, t)[0])
        return refuse(why, "GOR-CMD-2", t, "attach to a friendly unit of a brigade (or its general)");
    if (apply) {
        w->units[u].attached_to = t;
        vl_g_event(g, u, t, "GOR-CMD-2", "%s is attached to %s's brigade (%s)", uid(g, u), uid(g, t), vl_world_brigade(w, t));
    }
    return true;
}

/* GOR-MOVE-6: the turn after touching a feature it moved to occupy, the unit is placed on it. */
static bool do_occupy(VlGame *g, const VlCommand *c, bool apply, VlReasons *why)
{
    VlWorld *w = g->w;
    int u = c->unit;
    if (g->phase != VL_PHASE_MOVEMENT)
        return refuse(why, "GOR-TURN-2", u, "occupying a feature belongs to the general movement phase");
    if (!own_unit(g, u, why))
        return false;
    VlUnitState *st = &w->units[u];
    if (st->occupy < 0 || st->occupy_turn != w->turn - 1)
        return refuse(why, "GOR-MOVE-6", u, "%s did not reach a feature to occupy last turn", uid(g, u));
    if (st->acted || st->routed)
        return refuse(why, "GOR-MOVE-6", u, "%s has acted this turn or is routed", uid(g, u));
    const VlFieldUnit *fu = vl_world_unit(w, u);
    const VlScenarioUnit *su = &w->scenario->units[u];
    if (!isfinite(c->pose.anchor.x) || !isfinite(c->pose.anchor.y) || !isfinite(c->pose.facing))
        return refuse(why, "GOR-MOVE-6", u, "the new place is not a number");
    VlFootprint fp;
    vl_footprint_build(&fp, c->pose, fu->formation, fu->spec);
    const VlTerrain *f = vl_battlefield_terrain(w->bf, st->occupy);
    /* It must stand on the feature (touching its outline or path, or on top of an area), within a
     * normal move of where it is (D-MOVE-8), on the table, clear of units, buildings and water. */
    bool on = false;
    int nseg = f->type < VL_T_AREAL_COUNT ? f->npts : f->npts - 1;
    for (int s = 0; s < nseg && !on; s++) {
        VlVec2 seg[2] = {f->pts[s], f->pts[(s + 1) % f->npts]};
        on = vl_footprint_distance_to_convex(&fp, seg, 2) <= (f->type < VL_T_AREAL_COUNT ? 0 : 0.5 * f->width);
    }
    if (!on && f->type < VL_T_AREAL_COUNT)
        on = vl_poly_point_side(f->pts, f->npts, fp.block_centre[0]) > 0;
    if (!on)
        return refuse(why, "GOR-MOVE-6", u, "the new place does not occupy %s", f->id);
    VlAllowance a = vl_move_allowance(w, su->type, fu->formation, st->mounted, VL_GROUND_OPEN, 1);
    if (vl_v2_dist(c->pose.anchor, fu->pose.anchor) > a.max + 1e-9)
        return refuse(why, "GOR-MOVE-6", u, "the new place is more than a normal move (%.1f in) away", a.max);
    int blocker = place_blocker(g, u, &fp, true, false);
    if (blocker == PLACE_EDGE)
        return refuse(why, "GOR-MOVE-6", u, "the new place is off the table");
    if (blocker == PLACE_GROUND)
        return refuse(why, "GOR-MOVE-6", u, "a unit cannot stand in a building or water");
    if (blocker >= 0)
        return refuse(why, "GOR-MOVE-6", blocker, "the new place is taken by %s", uid(g, blocker));
    if (apply) {
        vl_battlefield_set_unit(w->bf, u, c->pose, fu->formation);
        st->acted = true;
        st->occupy = -1;
        vl_g_event(g, u, -1, "GOR-MOVE-6", "%s is placed to occupy %s", uid(g, u), f->id);
        vl_g_make_way(g, u);
    }
    return true;
}

/* ---- Generals and orders (GOR-GEN-1, optional) ---- */

VlOrder vl_game_brigade_order(const VlGame *g, int b)
{
    return g->w->scenario->orders && b >= 0 && b < g->w->scenario->nbrigades ? g->order[b] : VL_ORDER_NONE;
}

VlOrder vl_game_pending_order(const VlGame *g, int b, double *left)
{
    if (!g->w->scenario->orders || b < 0 || b >= g->w->scenario->nbrigades)
        return VL_ORDER_NONE;
    if (left)
        *left = g->pending_left[b];
    return g->pending[b];
}

static int quality_mod(const VlWorld *w, int general)
{
    VlQuality q = w->scenario->units[general].quality;
    return q == VL_VETERAN ? 1 : q == VL_RAW ? -1 : 0; /* GOR-GEN-1: veteran +1, seasoned 0, raw -1 */
}

/* The brigade index a unit belongs to (its own or the one it is attached to), or -1. */
static int brigade_of(const VlWorld *w, int u)
{
    const char *label = vl_world_brigade(w, u);
    for (int b = 0; label[0] && b < w->scenario->nbrigades; b++)
        if (strcmp(w->scenario->brigades[b].id, label) == 0)
            return b;
    return -1;
}

static int corps_of(const VlScenario *s, int b)
{
    for (int k = 0; k < s->ncorps; k++)
        for (int i = 0; i < s->corps[k].nbrigades; i++)
            if (s->corps[k].brigades[i] == b)
                return k;
    return -1;
}

/* An order that has reached its brigade is received on a 4+ with the brigadier's quality. */
static void receive_order(VlGame *g, int b)
{
    VlWorld *w = g->w;
    const VlBrigade *br = &w->scenario->brigades[b];
    int c = br->commander;
    VlOrder o = g->pending[b];
    g->pending[b] = VL_ORDER_NONE;
    if (c < 0 || !vl_world_present(w, c)) {
        vl_g_event(g, -1, -1, "GOR-GEN-1", "the %s order for %s finds no brigade commander and is lost", vl_order_name(o), br->id);
        return;
    }
    int face, mod = quality_mod(w, c);
    int total = vl_g_roll(g, 6, 1, &face) + mod;
    VlDiceRoll *r = vl_g_log_roll(g, br->side, c, "GOR-GEN-1", &face, 1, 6, mod, 4);
    if (r)
        snprintf(r->result, sizeof r->result, "%s receives the %s order: %d, %s", uid(g, c), vl_order_name(o), total,
                 total >= 4 ? "understood" : "lost");
    if (total < 4)
        return;
    g->order[b] = o;
    g->hold_at[b] = vl_world_unit(w, c)->pose.anchor;
    vl_g_event(g, c, -1, "GOR-GEN-1", "%s's brigade (%s) is now under %s orders", uid(g, c), br->id, vl_order_name(o));
}

/* At the start of a side's player turn, orders on their way travel 20 in (GOR-GEN-1). */
static void orders_travel(VlGame *g, int side)
{
    const VlScenario *s = g->w->scenario;
    for (int b = 0; s->orders && b < s->nbrigades; b++) {
        if (g->pending[b] == VL_ORDER_NONE || s->brigades[b].side != side || g->order_sent_turn[b] >= g->w->turn)
            continue;
        g->pending_left[b] -= 20.0;
        if (g->pending_left[b] <= 0)
            receive_order(g, b);
    }
}

static bool do_order(VlGame *g, const VlCommand *c, bool apply, VlReasons *why)
{
    VlWorld *w = g->w;
    const VlScenario *s = w->scenario;
    int b = c->target;
    if (!s->orders)
        return refuse(why, "GOR-GEN-1", -1, "this scenario does not play the optional Generals and orders rule");
    if (b < 0 || b >= s->nbrigades || s->brigades[b].side != w->active_side)
        return refuse(why, "GOR-GEN-1", -1, "orders go to one of your own brigades");
    if (c->order < VL_ORDER_ATTACK || c->order > VL_ORDER_RETIRE)
        return refuse(why, "GOR-GEN-1", -1, "the orders are attack, advance, hold and retire");
    int k = corps_of(s, b);
    if (k < 0 || !vl_world_present(w, s->corps[k].commander))
        return refuse(why, "GOR-GEN-1", -1, "brigade %s has no corps commander on the table to send it orders", s->brigades[b].id);
    if (g->order_sent_turn[b] == w->turn)
        return refuse(why, "GOR-GEN-1", -1, "an order has already been sent to %s this turn", s->brigades[b].id);
    if (!apply)
        return true;
    int cc = s->corps[k].commander, mod = quality_mod(w, cc), face;
    g->order_sent_turn[b] = w->turn;
    int total = vl_g_roll(g, 6, 1, &face) + mod;
    VlDiceRoll *r = vl_g_log_roll(g, w->active_side, cc, "GOR-GEN-1", &face, 1, 6, mod, 4);
    if (r)
        snprintf(r->result, sizeof r->result, "%s sends %s to %s: %d, %s", uid(g, cc), vl_order_name(c->order),
                 s->brigades[b].id, total, total >= 4 ? "sent" : "not sent");
    if (total < 4)
        return true;
    /* It rides from the corps commander to the brigadier: 10 in this turn, 20 in each turn after. */
    int bc = s->brigades[b].commander;
    double dist = bc >= 0 && vl_world_present(w, bc)
                      ? vl_footprint_distance(&vl_world_unit(w, cc)->fp, &vl_world_unit(w, bc)->fp)
                      : 0;
    g->pending[b] = c->order;
    g->pending_left[b] = dist - 10.0;
    vl_g_event(g, cc, bc, "GOR-GEN-1", "%s sends %s orders to %s (%.1f in away)", uid(g, cc), vl_order_name(c->order),
               s->brigades[b].id, dist);
    if (g->pending_left[b] <= 0)
        receive_order(g, b);
    return true;
}

/* Does the brigade's order allow this unit to end up at fp (GOR-GEN-1)? Generals and artillery act
 * on their own initiative. */
static bool order_allows_move(const VlGame *g, int u, const VlFootprint *to, VlReasons *why)
{
    const VlWorld *w = g->w;
    int b = brigade_of(w, u);
    VlOrder o = vl_game_brigade_order(g, b);
    VlUnitType type = w->scenario->units[u].type;
    if (o == VL_ORDER_NONE || type == VL_GENERAL || type == VL_ARTILLERY)
        return true;
    const VlFootprint *from = &vl_world_unit(w, u)->fp;
    double before = INFINITY, after = INFINITY;
    for (int j = 0; j < w->nunits; j++)
        if (vl_world_present(w, j) && vl_world_enemies(w, u, j) && w->scenario->units[j].type != VL_GENERAL) {
            before = fmin(before, vl_footprint_distance(from, &vl_world_unit(w, j)->fp));
            after = fmin(after, vl_footprint_distance(to, &vl_world_unit(w, j)->fp));
        }
    const double slack = 1e-6;
    switch (o) {
    case VL_ORDER_ATTACK:
        if (after > before + slack)
            return refuse(why, "GOR-GEN-1", u, "under Attack orders %s moves towards the enemy, not away", uid(g, u));
        break;
    case VL_ORDER_ADVANCE:
        if (after > before + slack)
            return refuse(why, "GOR-GEN-1", u, "under Advance orders %s moves towards the enemy, not away", uid(g, u));
        if (after < before - slack && w->units[u].shot_at_turn >= w->turn - 1 && w->units[u].shot_at_turn > 0)
            return refuse(why, "GOR-GEN-1", u, "under Advance orders %s halts once fired on", uid(g, u));
        break;
    case VL_ORDER_HOLD: {
        VlVec2 at[1] = {g->hold_at[b]};
        double d0 = vl_footprint_distance_to_convex(from, at, 1), d1 = vl_footprint_distance_to_convex(to, at, 1);
        if (d1 > VL_COMMAND_RADIUS + slack && d1 > d0 + slack)
            return refuse(why, "GOR-GEN-1", u, "under Hold orders %s stays within 8 in of the position held", uid(g, u));
        break;
    }
    case VL_ORDER_RETIRE:
        if (after < before - slack)
            return refuse(why, "GOR-GEN-1", u, "under Retire orders %s does not move towards the enemy", uid(g, u));
        break;
    default: break;
    }
    return true;
}

bool vl_g_order_allows_charge(const VlGame *g, int u, VlReasons *why)
{
    const VlWorld *w = g->w;
    VlOrder o = vl_game_brigade_order(g, brigade_of(w, u));
    if (o == VL_ORDER_NONE || o == VL_ORDER_ATTACK)
        return true;
    return refuse(why, "GOR-GEN-1", u, "only brigades under Attack orders charge; %s's brigade is under %s orders", uid(g, u),
                  vl_order_name(o));
}

static bool dispatch(VlGame *g, const VlCommand *c, bool apply, VlReasons *why)
{
    if (g->over)
        return refuse(why, "VICTORY", -1, "the game is over: %s", g->why);
    switch (c->kind) {
    case VL_CMD_END_PHASE:
        if (apply)
            advance_phase(g);
        return true;
    case VL_CMD_REACTIONS:
        if (apply)
            g->reactions[g->w->active_side] = c->reactions;
        return true;
    case VL_CMD_ARTILLERY_FIRE:
        if (g->phase != VL_PHASE_ARTILLERY)
            return refuse(why, "GOR-TURN-2", c->unit, "artillery fires in the artillery phase");
        if (!own_unit(g, c->unit, why))
            return false;
        return vl_g_artillery_fire(g, c->unit, c->target, apply, why);
    case VL_CMD_FIRE:
        if (g->phase != VL_PHASE_FIRE)
            return refuse(why, "GOR-TURN-2", c->unit, "small arms fire in the general fire phase");
        if (!own_unit(g, c->unit, why))
            return false;
        return vl_g_small_arms(g, c, apply, why);
    case VL_CMD_CHARGE:
        if (g->phase != VL_PHASE_CHARGE)
            return refuse(why, "GOR-TURN-2", c->unit, "charges are declared in the charge phase");
        if (!own_unit(g, c->unit, why))
            return false;
        return vl_g_declare(g, c, apply, why);
    case VL_CMD_MOVE: return do_move(g, c, apply, why);
    case VL_CMD_RALLY: return do_rally(g, c, apply, why);
    case VL_CMD_ATTACH: return do_attach(g, c, apply, why);
    case VL_CMD_OCCUPY: return do_occupy(g, c, apply, why);
    case VL_CMD_ORDER: return do_order(g, c, apply, why);
    }
    return refuse(why, "GOR-TURN-2", -1, "unknown command");
}

void vl_game_start(VlGame *g)
{
    if (g->w->turn == 0 && !g->over)
        start_turn(g);
}

VlStatus vl_game_apply(VlGame *g, const VlCommand *c, VlReasons *why)
{
    vl_game_start(g); /* the first command starts the game */
    VlReasons local = {0};
    if (!dispatch(g, c, false, why ? why : &local))
        return VL_ERR_INVALID;
    dispatch(g, c, true, NULL);
    return VL_OK;
}

bool vl_game_check(const VlGame *g, const VlCommand *c, VlReasons *why)
{
    if (g->w->turn == 0) {
        /* Not started: judge on a started copy. */
        VlGame *copy = vl_game_clone(g);
        if (!copy)
            return false;
        start_turn(copy);
        bool ok = dispatch(copy, c, false, why);
        vl_game_destroy(copy);
        return ok;
    }
    return dispatch((VlGame *)g, c, false, why);
}

/* ---- state hash ---- */

uint64_t vl_game_hash(const VlGame *g)
{
    const VlWorld *w = g->w;
    uint64_t h = VL_HASH_INIT;
    int head[4] = {w->turn, (int)g->phase, w->active_side, g->over ? 1 + g->winner : 0};
    h = vl_hash_bytes(h, head, sizeof head);
    h = vl_hash_bytes(h, &w->rng, sizeof w->rng);
    for (int b = 0; w->scenario->orders && b < w->scenario->nbrigades; b++) {
        int ob[3] = {(int)g->order[b], (int)g->pending[b], g->order_sent_turn[b]};
        h = vl_hash_bytes(h, ob, sizeof ob);
        h = vl_hash_bytes(h, &g->pending_left[b], sizeof g->pending_left[b]);
    }
    for (int u = 0; u < w->nunits; u++) {
        const VlFieldUnit *fu = vl_world_unit(w, u);
        const VlUnitState *st = &w->units[u];
        double pose[3] = {fu->pose.anchor.x, fu->pose.anchor.y, fu->pose.facing};
        h = vl_hash_bytes(h, pose, sizeof pose);
        int f[17] = {(int)fu->formation, st->hits,     st->routed,       st->mounted,          st->fired,
                     st->charged,        st->charged_last_turn, st->acted, st->gallop_used, st->double_time_used,
                     st->removed,        st->waiting,  st->fired_on,     st->attached_to,      st->occupy,
                     st->occupy_turn,    st->shot_at_turn};
        h = vl_hash_bytes(h, f, sizeof f);
    }
    return h;
}

/* ---- kept for callers: the rules live in rules/fire.c ---- */

int vl_game_unit_level(const VlWorld *w, int u) { return vl_unit_level(w, u); }

void vl_game_artillery_sight(const VlWorld *w, int firer, int target, VlSight *out) { vl_artillery_sight(w, firer, target, out); }
