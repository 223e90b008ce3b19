/* Fire: the artillery and small-arms tables by range band and cover, their modifiers, artillery's
 * sight by level, the fire-target rule and the fire verdict (GOR-ART-1..5, GOR-FIRE-1..6). The game rolls what these
 * decide (src/game/fire.c); the commander's odds read the same functions. */
#include "rules_internal.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* GOR-ART-3: dice for a full battery by cover and band (short 0-15, medium 15-40, long 40-60 in). */
static const int ART_DICE[3][3] = {{6, 4, 3}, {4, 3, 2}, {3, 2, 1}}; /* [cover][band] */
/* GOR-FIRE-2: small arms by cover and band (6/12/18 in). */
static const int ARMS_DICE[3][3] = {{4, 3, 2}, {3, 2, 1}, {2, 1, 0}};
/* GOR-FIRE-4: breech-loaders by cover and band (8/16/24 in). */
static const int BREECH_DICE[3][3] = {{3, 2, 1}, {2, 1, 1}, {1, 1, 1}};

static const char *uid(const VlWorld *w, int u) { return vl_unit_label(w->scenario, u); }

static bool is_general(const VlWorld *w, int u) { return w->scenario->units[u].type == VL_GENERAL; }

/* ---- level and artillery sight ---- */

int vl_unit_level(const VlWorld *w, int u)
{
    /* D-ART-1: a unit stands at the level of the highest hill under at least half of it. */
    return vl_battlefield_level_under(w->bf, &vl_world_unit(w, u)->fp);
}

/* The game's line of sight: the base case, under the Republic option REP-601 when it is in play. */
static VlSightRules sight_rules(const VlWorld *w)
{
    return (VlSightRules){.blind_zones = vl_rep_on(&w->options, VL_REP_601)};
}

void vl_world_sight(const VlWorld *w, int from, int to, VlSight *out)
{
    VlSightRules r = sight_rules(w);
    vl_sight_ruled(w->bf, from, to, &r, NULL, NULL, out);
}

typedef struct LevelCtx {
    const VlWorld *w;
    int level; /* units below this level are seen over */
} LevelCtx;

static bool keep_obstacle(VlObstacleRef o, void *ctx)
{
    LevelCtx *lc = ctx;
    if (o.kind == VL_OBST_TERRAIN)
        return true; /* woods and buildings are never seen over (GOR-ART-2) */
    return vl_unit_level(lc->w, o.index) >= lc->level;
}

void vl_artillery_sight(const VlWorld *w, int firer, int target, VlSight *out)
{
    /* GOR-ART-2: higher ground sees over lower units, never over woods or buildings. */
    int lf = vl_unit_level(w, firer), lt = vl_unit_level(w, target);
    LevelCtx lc = {w, lf > lt ? lf : lt};
    VlSightRules r = sight_rules(w);
    vl_sight_ruled(w->bf, firer, target, &r, lf != lt ? keep_obstacle : NULL, &lc, out);
}

/* ---- sight asked again ----
 *
 * Whether a line is clear is a function of what the sight reads: the two units, the rule (the base
 * case, or artillery's levels), the table and terrain (vl_battlefield_terrain_id), and the units that
 * may stand in the way. Those are only units whose boxes meet the box of the firer's front face and
 * the target (sight_run gathers no other; artillery reads the levels of those it gathered), so the
 * key holds the units within 1 in of the two units' boxes. REP-601's blind zones read more (the hills
 * that cast them, from where the spotter stands): under it nothing is kept. */

#define SIGHT_UNITS 512 /* units in a key at most; beyond that the answer is not kept */
#define SIGHT_HEAD 5
#define SIGHT_KEY (SIGHT_HEAD + SIGHT_UNITS * VL_MEMO_PER_UNIT)

static VlMemo sight_memo = VL_MEMO_INIT(2048, 4, sizeof(bool));

static bool sight_clear(const VlWorld *w, int from, int to, bool artillery)
{
    VlSight s;
    if (artillery)
        vl_artillery_sight(w, from, to, &s);
    else
        vl_world_sight(w, from, to, &s);
    return s.clear;
}

bool vl_world_sees(const VlWorld *w, int from, int to, bool artillery)
{
    if (from < 0 || from >= w->nunits || to < 0 || to >= w->nunits || sight_rules(w).blind_zones)
        return sight_clear(w, from, to, artillery);
    uint64_t *key = malloc(SIGHT_KEY * sizeof *key);
    int n = 0;
    if (key) {
        key[n++] = (uint64_t)w->nunits;
        key[n++] = (uint64_t)from;
        key[n++] = (uint64_t)to;
        key[n++] = artillery;
        key[n++] = vl_battlefield_terrain_id(w->bf);
        VlBox a = vl_world_unit(w, from)->bounds, b = vl_world_unit(w, to)->bounds;
        VlBox both = vl_box_of_points((VlVec2[4]){a.lo, a.hi, b.lo, b.hi}, 4);
        n = vl_memo_units(w, both, 1.0, from, to, key, n, SIGHT_KEY);
    }
    bool clear;
    if (vl_memo_find(&sight_memo, key, n, &clear)) {
#ifdef VL_RULES_MEMO_VERIFY
        if (clear != sight_clear(w, from, to, artillery)) {
            fprintf(stderr, "sight memo: the kept answer from %d to %d (artillery %d) is not the sight's\n", from, to,
                    artillery);
            abort();
        }
#endif
    } else {
        clear = sight_clear(w, from, to, artillery);
        vl_memo_keep(&sight_memo, key, n, &clear);
    }
    free(key);
    return clear;
}

void vl_world_sight_between(const VlWorld *w, VlTableEnd from, VlTableEnd to, VlSight *out)
{
    /* The sight probe's question, asked as the game asks it: from a battery, the artillery's sight by
     * level (GOR-ART-2, as vl_artillery_sight); from anything else, vl_world_sight's. */
    int lf = -1, lt = 0;
    if (from.unit >= 0 && from.unit < w->nunits && w->scenario->units[from.unit].type == VL_ARTILLERY) {
        lf = vl_unit_level(w, from.unit);
        lt = to.unit >= 0 && to.unit < w->nunits ? vl_unit_level(w, to.unit) : vl_battlefield_level_at(w->bf, to.at, NULL);
    }
    LevelCtx lc = {w, lf > lt ? lf : lt};
    VlSightRules r = sight_rules(w);
    vl_sight_between(w->bf, from, to, &r, lf >= 0 && lf != lt ? keep_obstacle : NULL, &lc, out);
}

/* GOR-ART-3 (long range 60 in), GOR-ART-5 (smoothbores: no long range). */
double vl_artillery_max_range(VlWeapon weapon) { return weapon == VL_SMOOTHBORE ? 40.0 : 60.0; }

/* ---- dice ---- */

const char *vl_band_name(VlBand b)
{
    static const char *const names[] = {"short", "medium", "long", "beyond long"};
    return (unsigned)b < 4 ? names[b] : "?";
}

VlBand vl_fire_band(const VlWorld *w, int firer, double r)
{
    if (w->scenario->units[firer].type == VL_ARTILLERY) /* GOR-ART-3 */
        return r <= 15 ? VL_BAND_SHORT : r <= 40 ? VL_BAND_MEDIUM : r <= 60 ? VL_BAND_LONG : VL_BAND_BEYOND;
    /* GOR-FIRE-2: 6/12/18 in; GOR-FIRE-4: breech-loaders 8/16/24 in. */
    double s = vl_world_unit(w, firer)->weapon == VL_BREECHLOADER ? 8 : 6;
    return r <= s ? VL_BAND_SHORT : r <= 2 * s ? VL_BAND_MEDIUM : r <= 3 * s ? VL_BAND_LONG : VL_BAND_BEYOND;
}

static void add_mod(VlFireDice *d, VlReasons *why, const char *clause, int m, int unit, const char *text)
{
    d->modifier += m;
    strncat(d->mods, text, sizeof d->mods - strlen(d->mods) - 1);
    if (why)
        vl_reason_add(why, clause, true, m, unit, -1, "%+d:%s", m, text);
}

/* GOR-ART-4: a friend of the target within 50 mm beyond it, farther from the firer. */
static bool friend_beyond(const VlWorld *w, int u, int t)
{
    const VlFootprint *ff = &vl_world_unit(w, u)->fp, *tf = &vl_world_unit(w, t)->fp;
    double dt = vl_footprint_distance(ff, tf);
    for (int j = 0; j < w->nunits; j++)
        if (j != t && vl_world_present(w, j) && !vl_world_enemies(w, t, j) && !is_general(w, j) &&
            vl_footprint_distance(&vl_world_unit(w, j)->fp, tf) <= 50.0 / VL_MM_PER_IN &&
            vl_footprint_distance(ff, &vl_world_unit(w, j)->fp) > dt)
            return true;
    return false;
}

static void artillery_dice(const VlWorld *w, int u, int t, unsigned flags, VlFireDice *d, VlReasons *why)
{
    const VlFieldUnit *fu = vl_world_unit(w, u), *tu = vl_world_unit(w, t);
    d->hit_on = 6; /* GOR-ART-3: 6s hit */
    d->band = flags & VL_FIRE_FREE ? VL_BAND_SHORT : vl_fire_band(w, u, d->range);
    d->in_range = (flags & VL_FIRE_FREE) || d->range <= vl_artillery_max_range(fu->weapon);
    if (!d->in_range) {
        if (why)
            vl_reason_add(why, d->band == VL_BAND_BEYOND ? "GOR-ART-3" : "GOR-ART-5", false, d->range, t, -1,
                          "%s is %.2f in away: beyond %s range", uid(w, t), d->range,
                          d->band == VL_BAND_BEYOND ? "long (60 in)" : "a smoothbore's medium (40 in)");
        return;
    }
    d->cover = vl_cover(w, u, t);
    d->table = ART_DICE[d->cover][d->band];
    if (why)
        vl_reason_add(why, "GOR-ART-3", true, d->table, t, -1, "%s range %.2f in, %s: %d dice", vl_band_name(d->band), d->range,
                      vl_cover_name(d->cover), d->table);
    if (!(flags & VL_FIRE_FREE)) {
        if ((flags & VL_FIRE_ASSUME_ENFILADE) || vl_enfiladed(w, u, t)) {
            d->enfilade = true;
            add_mod(d, why, "GOR-ART-4", 3, t, tu->formation == VL_FORM_SQUARE ? " +3 against a square" : " +3 enfilade");
        } else if (friend_beyond(w, u, t)) {
            d->beyond = true;
            add_mod(d, why, "GOR-ART-4", 1, t, " +1 a friend within 50 mm beyond the target");
        }
    }
    if (tu->formation == VL_FORM_SKIRMISH)
        add_mod(d, why, "GOR-ART-4", -1, t, " -1 skirmishers");
    int dice = d->table + d->modifier;
    if (fu->spec.count < 4) {
        /* GOR-ART-5: a split battery rolls its share, rounded down. */
        d->split = true;
        dice = dice * fu->spec.count / 4;
        if (why)
            vl_reason_add(why, "GOR-ART-5", true, fu->spec.count, u, -1, "%d guns of 4: %d dice", fu->spec.count, dice > 0 ? dice : 0);
    }
    d->dice = dice < 1 ? 0 : dice;
}

static void small_arms_dice(const VlWorld *w, int u, int t, unsigned flags, VlFireDice *d, VlReasons *why)
{
    const VlFieldUnit *fu = vl_world_unit(w, u), *tu = vl_world_unit(w, t);
    const VlScenarioUnit *su = &w->scenario->units[u];
    bool breech = fu->weapon == VL_BREECHLOADER;
    const char *clause = breech ? "GOR-FIRE-4" : "GOR-FIRE-2";
    d->hit_on = breech ? 5 : 6; /* GOR-FIRE-4: breech-loaders hit on 5s and 6s */
    d->band = flags & VL_FIRE_FREE ? VL_BAND_SHORT : vl_fire_band(w, u, d->range);
    /* GOR-FIRE-3: smoothbores short only; carbines (and cavalry's breech-loading carbines, D-FIRE-4)
     * medium at most. */
    d->in_range = d->band != VL_BAND_BEYOND && !(fu->weapon == VL_SMOOTHBORE && d->band > VL_BAND_SHORT) &&
                  !((fu->weapon == VL_CARBINE || (breech && su->type == VL_CAVALRY)) && d->band > VL_BAND_MEDIUM);
    if (!d->in_range) {
        if (why)
            vl_reason_add(why, "GOR-FIRE-3", false, d->range, t, -1, "%s is %.2f in away: beyond %s's range", uid(w, t), d->range,
                          uid(w, u));
        return;
    }
    d->cover = vl_cover(w, u, t);
    d->table = (breech ? BREECH_DICE : ARMS_DICE)[d->cover][d->band];
    if (why)
        vl_reason_add(why, clause, true, d->table, t, -1, "%s range %.2f in, %s: %d dice", vl_band_name(d->band), d->range,
                      vl_cover_name(d->cover), d->table);
    if (tu->formation == VL_FORM_SKIRMISH)
        add_mod(d, why, "GOR-FIRE-3", -1, t, " -1 against skirmishers");
    if (fu->formation == VL_FORM_SKIRMISH && su->type != VL_CAVALRY && !breech)
        add_mod(d, why, "GOR-FIRE-3", -1, u, " -1 by skirmishers");
    if (fu->formation == VL_FORM_SQUARE)
        add_mod(d, why, "GOR-FIRE-3", -2, u, " -2 from a square");
    if (d->table == 0) {
        /* D-FIRE-5: the table itself gives no dice (heavy cover at long range): no fire. */
        if (why)
            vl_reason_add(why, "GOR-FIRE-2", false, d->range, t, -1, "no dice: %s is in heavy cover at long range", uid(w, t));
        return;
    }
    int dice = d->table + d->modifier;
    if (dice < 1 && why) /* GOR-FIRE-2: modifiers never take it below 1 die */
        vl_reason_add(why, "GOR-FIRE-2", true, 1, u, -1, "modifiers never take the fire below 1 die");
    d->dice = dice < 1 ? 1 : dice;
}

void vl_fire_dice(const VlWorld *w, int u, int t, unsigned flags, VlFireDice *out, VlReasons *why)
{
    VL_ASSERT(u >= 0 && u < w->nunits && t >= 0 && t < w->nunits, "vl_fire_dice: unit index out of range");
    memset(out, 0, sizeof *out);
    out->artillery = w->scenario->units[u].type == VL_ARTILLERY;
    out->range = vl_footprint_distance(&vl_world_unit(w, u)->fp, &vl_world_unit(w, t)->fp);
    if (out->artillery)
        artillery_dice(w, u, t, flags, out, why);
    else
        small_arms_dice(w, u, t, flags, out, why);
    if (why && out->dice > 0)
        vl_reason_add(why, out->artillery ? "GOR-ART-3" : out->hit_on == 5 ? "GOR-FIRE-4" : "GOR-FIRE-2", true, out->dice, t, -1,
                      "%d dice at %s, %s hit", out->dice, uid(w, t), out->hit_on == 5 ? "5s and 6s" : "6s");
}

double vl_fire_expected_hits(const VlWorld *w, int u, int t, unsigned flags)
{
    VlFireDice d;
    vl_fire_dice(w, u, t, flags, &d, NULL);
    return vl_expected_hits(d.dice, d.hit_on);
}

/* A D6 shows hit_on or more on 7 - hit_on faces of 6. */
double vl_hit_chance(int hit_on) { return (7 - hit_on) / 6.0; }

/* The product first, then the division: the order the game's and the commander's sums were pinned in. */
double vl_expected_hits(int dice, int hit_on) { return dice * (7 - hit_on) / 6.0; }

/* GOR-FIRE-5: 2 in back for every point failed. */
double vl_fire_test_fall_back(int fail_by) { return VL_FIRE_FALL_BACK_PER_POINT * fail_by; }

/* ---- the fire-target rule (GOR-FIRE-1, GOR-FIRE-6, GOR-FORM-3, D-FIRE-1, D-FIRE-4, D-GAME-3) ----
 *
 * Whom a unit's small arms must fire at: the enemy in its corridor, in range and in sight, that
 * shows the greatest frontage (the nearer on a tie), unless a nearer friend showing more of itself
 * blocks the fire; and how far a unit's small arms reach. */

int vl_fire_target(const VlWorld *w, int u, int *blocked_by, VlReasons *why)
{
    if (blocked_by)
        *blocked_by = -1;
    const VlFieldUnit *fu = vl_world_unit(w, u);
    const VlScenarioUnit *su = &w->scenario->units[u];
    if (su->type != VL_INFANTRY && su->type != VL_CAVALRY) {
        if (why)
            vl_reason_add(why, "GOR-FIRE-1", false, NAN, u, -1, "%s has no small arms", uid(w, u));
        return -1;
    }
    if (fu->formation == VL_FORM_COLUMN) {
        if (why)
            vl_reason_add(why, "GOR-FORM-3", false, NAN, u, -1, "%s is in column: columns cannot fire", uid(w, u));
        return -1;
    }
    double range = vl_unit_fire_range(su->type, fu->weapon);
    int best = -1;
    double best_exp = 0, best_d = INFINITY;
    for (int j = 0; j < w->nunits; j++) {
        /* D-GAME-3: a command base is never a target. */
        if (j == u || !vl_world_present(w, j) || !vl_world_enemies(w, u, j) || w->scenario->units[j].type == VL_GENERAL)
            continue;
        double exp;
        if (!vl_fire_corridor(&fu->fp, range, &vl_world_unit(w, j)->fp, &exp) || exp <= VL_EPS)
            continue;
        if (!vl_world_sees(w, u, j, false)) {
            if (why)
                vl_reason_add(why, "GOR-FIRE-1", true, exp, j, -1, "%s is in the corridor but out of sight", uid(w, j));
            continue;
        }
        double d = vl_footprint_distance(&fu->fp, &vl_world_unit(w, j)->fp);
        if (why)
            vl_reason_add(why, "GOR-FIRE-1", true, exp, j, -1, "%s shows %.2f in of frontage in the line of fire at %.2f in",
                          uid(w, j), exp, d);
        /* GOR-FIRE-1: the greatest frontage; equal frontage goes to the nearer (D-FIRE-1). */
        if (exp > best_exp + 1e-9 || (fabs(exp - best_exp) <= 1e-9 && d < best_d)) {
            best = j;
            best_exp = exp;
            best_d = d;
        }
    }
    if (best < 0)
        return -1;
    /* GOR-FIRE-6 (example E): a nearer friend showing more of itself in the line of fire blocks it. */
    for (int j = 0; j < w->nunits; j++) {
        if (j == u || !vl_world_present(w, j) || vl_world_enemies(w, u, j) || w->scenario->units[j].type == VL_GENERAL)
            continue;
        double exp;
        if (!vl_fire_corridor(&fu->fp, range, &vl_world_unit(w, j)->fp, &exp))
            continue;
        double d = vl_footprint_distance(&fu->fp, &vl_world_unit(w, j)->fp);
        if (d < best_d && exp > best_exp + 1e-9) {
            if (blocked_by)
                *blocked_by = j;
            if (why)
                vl_reason_add(why, "GOR-FIRE-6", false, exp, j, -1,
                              "friend %s, nearer, shows %.2f in in the line of fire against %s's %.2f in: the fire is blocked",
                              uid(w, j), exp, uid(w, best), best_exp);
            return -1;
        }
    }
    if (why)
        vl_reason_add(why, "GOR-FIRE-1", true, best_exp, best, -1, "target: %s, the greatest frontage in the line of fire",
                      uid(w, best));
    return best;
}

double vl_unit_fire_range(VlUnitType type, VlWeapon weapon)
{
    if (type == VL_CAVALRY && weapon == VL_BREECHLOADER)
        return 16.0;
    return vl_weapon_max_range(weapon);
}

/* ---- the verdict ---- */

static bool refuse(VlFireVerdict *v, const char *clause, int unit, const char *text)
{
    vl_reason_add(&v->why, clause, false, NAN, unit, -1, "%s", text);
    return false;
}

/* GOR-ART-2: never over friends within 6 in of the target: none may stand in the hull of the
 * guns' front and the target. */
static int friend_in_the_way(const VlWorld *w, int u, int t)
{
    const VlFootprint *ff = &vl_world_unit(w, u)->fp, *tf = &vl_world_unit(w, t)->fp;
    VlVec2 pts[6] = {ff->box.p[0], ff->box.p[1], tf->box.p[0], tf->box.p[1], tf->box.p[2], tf->box.p[3]}, hull[8];
    int nh = vl_convex_hull(pts, 6, hull);
    for (int j = 0; j < w->nunits; j++) {
        if (j == u || !vl_world_present(w, j) || vl_world_enemies(w, u, j) || is_general(w, j))
            continue;
        const VlFootprint *jf = &vl_world_unit(w, j)->fp;
        if (vl_footprint_distance(jf, tf) > 6.0)
            continue;
        for (int b = 0; b < jf->nblocks; b++)
            if (vl_convex_overlap_area(jf->blocks[b].p, 4, hull, nh) > 1e-9)
                return j;
    }
    return -1;
}

/* Not routed and not yet acted (GOR-ROUT-1, GOR-TURN-3). */
static bool free_to_act(const VlWorld *w, int u, VlFireVerdict *v)
{
    const VlUnitState *st = &w->units[u];
    if (!st->routed && !st->acted)
        return true;
    char text[160];
    snprintf(text, sizeof text, "%s %s", uid(w, u), st->routed ? "is routed" : "has already acted this turn");
    return refuse(v, st->routed ? "GOR-ROUT-1" : "GOR-TURN-3", u, text);
}

static bool artillery_verdict(const VlWorld *w, int u, int t, VlFireVerdict *v)
{
    char text[200];
    if (w->scenario->units[u].type != VL_ARTILLERY || vl_world_unit(w, u)->formation != VL_FORM_UNLIMBERED)
        return refuse(v, "GOR-ART-1", u, "only unlimbered artillery fires in the artillery phase");
    if (!free_to_act(w, u, v))
        return false;
    v->may_fire = true;
    if (t < 0 || t >= w->nunits || !vl_world_present(w, t) || !vl_world_enemies(w, u, t))
        return refuse(v, "GOR-ART-1", t, "the target must be an enemy on the table");
    if (is_general(w, t))
        return refuse(v, "D-GAME-3", t, "a command base is not a target");
    if (!vl_in_artillery_arc(&vl_world_unit(w, u)->fp, &vl_world_unit(w, t)->fp)) {
        snprintf(text, sizeof text, "%s is outside the arc (front face, 45 degrees either side)", uid(w, t));
        return refuse(v, "GOR-ART-1", t, text);
    }
    VlReasons dw = {0};
    vl_fire_dice(w, u, t, 0, &v->dice, &dw);
    if (!v->dice.in_range) {
        for (int i = 0; i < dw.n; i++)
            if (!dw.r[i].ok)
                vl_reason_add(&v->why, dw.r[i].clause, false, dw.r[i].value, dw.r[i].unit, -1, "%s", dw.r[i].text);
        return false;
    }
    if (!vl_world_sees(w, u, t, true)) {
        VlSight s; /* the evidence: what blocks it */
        vl_artillery_sight(w, u, t, &s);
        bool unit = s.nblockers && s.blockers[0].kind == VL_OBST_UNIT, ground = s.nblockers && s.blockers[0].kind == VL_OBST_TERRAIN;
        vl_reason_add(&v->why, "GOR-ART-2", false, NAN, unit ? s.blockers[0].index : -1, ground ? s.blockers[0].index : -1,
                      "no clear line of fire to %s", uid(w, t));
        return false;
    }
    int j = friend_in_the_way(w, u, t);
    if (j >= 0) {
        snprintf(text, sizeof text, "the fire would pass over %s, within 6 in of the target", uid(w, j));
        return refuse(v, "GOR-ART-2", j, text);
    }
    vl_reason_add(&v->why, "GOR-ART-2", true, NAN, t, -1, "a clear line of fire to %s", uid(w, t));
    for (int i = 0; i < dw.n; i++)
        vl_reason_add(&v->why, dw.r[i].clause, dw.r[i].ok, dw.r[i].value, dw.r[i].unit, dw.r[i].feature, "%s", dw.r[i].text);
    if (v->dice.dice < 1) {
        snprintf(text, sizeof text, "no dice against %s in %s at this range", uid(w, t), vl_cover_name(v->dice.cover));
        return refuse(v, "GOR-ART-3", t, text);
    }
    return true;
}

/* GOR-FIRE-4, D-FIRE-3: another target for a share of a breech-loader's dice: an enemy in its line
 * of fire, in range and in sight. */
static bool share_target(const VlWorld *w, int u, int t, VlFireVerdict *v)
{
    const VlFieldUnit *fu = vl_world_unit(w, u);
    double exp;
    if (t >= w->nunits || !vl_world_present(w, t) || !vl_world_enemies(w, u, t) || is_general(w, t) ||
        !vl_fire_corridor(&fu->fp, vl_unit_fire_range(w->scenario->units[u].type, fu->weapon), &vl_world_unit(w, t)->fp, &exp))
        return refuse(v, "GOR-FIRE-4", t, "every share of split fire needs an enemy in the line of fire");
    if (!vl_world_sees(w, u, t, false)) {
        char text[160];
        snprintf(text, sizeof text, "%s is out of sight", uid(w, t));
        return refuse(v, "GOR-FIRE-4", t, text);
    }
    v->share_only = true;
    vl_reason_add(&v->why, "GOR-FIRE-4", true, NAN, t, -1, "%s may take a share of the %d dice %s has against %s", uid(w, t),
                  v->dice.dice, uid(w, u), uid(w, v->rule_target));
    return true;
}

static bool small_arms_verdict(const VlWorld *w, int u, int t, VlFireVerdict *v)
{
    const VlScenarioUnit *su = &w->scenario->units[u];
    char text[200];
    if (!(su->type == VL_INFANTRY || (su->type == VL_CAVALRY && !w->units[u].mounted)))
        return refuse(v, "GOR-FIRE-1", u, "only infantry and dismounted cavalry fire small arms");
    if (vl_world_unit(w, u)->formation == VL_FORM_COLUMN) {
        snprintf(text, sizeof text, "%s is in column: columns cannot fire", uid(w, u));
        return refuse(v, "GOR-FORM-3", u, text);
    }
    if (!free_to_act(w, u, v))
        return false;
    v->may_fire = true;
    VlReasons tw = {0};
    int forced = vl_fire_target(w, u, &v->blocked_by, &tw);
    v->rule_target = forced;
    if (forced < 0) {
        for (int i = 0; i < tw.n; i++)
            if (!tw.r[i].ok)
                vl_reason_add(&v->why, tw.r[i].clause, false, tw.r[i].value, tw.r[i].unit, -1, "%s", tw.r[i].text);
        snprintf(text, sizeof text, "%s has no target in its line of fire", uid(w, u));
        return refuse(v, "GOR-FIRE-1", u, text);
    }
    if (tw.n) /* the last reason names the target and why */
        v->why.r[v->why.n++] = tw.r[tw.n - 1];
    v->target = forced;
    vl_fire_dice(w, u, forced, 0, &v->dice, &v->why);
    if (v->dice.dice < 1)
        return false; /* out of range, or none in the table (D-FIRE-5): vl_fire_dice said why */
    if (t < 0 || t == forced)
        return true;
    if (vl_world_unit(w, u)->weapon != VL_BREECHLOADER) {
        snprintf(text, sizeof text, "%s must fire at %s, the greatest frontage in its line of fire", uid(w, u), uid(w, forced));
        return refuse(v, "GOR-FIRE-1", forced, text);
    }
    v->target = t;
    return share_target(w, u, t, v);
}

void vl_resolve_fire(const VlWorld *w, int firer, int target, bool artillery, VlFireVerdict *out)
{
    VL_ASSERT(firer >= 0 && firer < w->nunits, "vl_resolve_fire: firer out of range");
    memset(out, 0, offsetof(VlFireVerdict, why));
    out->why.n = 0;
    out->firer = firer;
    out->target = target;
    out->rule_target = -1;
    out->blocked_by = -1;
    out->artillery = artillery;
    out->legal = artillery ? artillery_verdict(w, firer, target, out) : small_arms_verdict(w, firer, target, out);
}
