/* Fire: artillery (GOR-ART-1..5) and small arms (GOR-FIRE-1..6), with the morale checks fire causes
 * (GOR-FIRE-5). */
#include "game_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *uid(const VlGame *g, int u) { return g->w->scenario->units[u].id; }

/* GOR-ART-3: dice for a full battery by band (short 0-15, medium 15-40, long 40-60) and cover. */
static const int ART_DICE[3][3] = {{6, 4, 3}, {4, 3, 2}, {3, 2, 1}}; /* [cover][band] */
/* GOR-FIRE-2: small arms by band (6/12/18 in) and cover. */
static const int ARMS_DICE[3][3] = {{4, 3, 2}, {3, 2, 1}, {2, 1, 0}};
/* GOR-FIRE-4: breech-loaders by band (8/16/24 in) and cover. */
static const int BREECH_DICE[3][3] = {{3, 2, 1}, {2, 1, 1}, {1, 1, 1}};

static bool is_skirmish(const VlWorld *w, int u) { return vl_world_unit(w, u)->formation == VL_FORM_SKIRMISH; }

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
    bool two = g->phase_hits[t] >= 2 && !g->phase_tested[t];
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
    vl_g_fall_back(g, t, 2.0 * m.fail_by, true, "GOR-FIRE-5");
}

/* ---- artillery ---- */

typedef struct LevelCtx {
    const VlWorld *w;
    int level; /* units below this level are seen over */
} LevelCtx;

static bool keep_obstacle(VlObstacleRef o, void *ctx)
{
    LevelCtx *lc = ctx;
    if (o.kind == VL_OBST_TERRAIN)
        return true; /* woods and buildings are never seen over (GOR-ART-2) */
    return vl_game_unit_level(lc->w, o.index) >= lc->level;
}

void vl_game_artillery_sight(const VlWorld *w, int firer, int target, VlSight *out)
{
    /* GOR-ART-2: higher ground sees over lower units, never over woods or buildings. */
    int lf = vl_game_unit_level(w, firer), lt = vl_game_unit_level(w, target);
    LevelCtx lc = {w, lf > lt ? lf : lt};
    vl_sight_filtered(w->bf, firer, target, lf != lt ? keep_obstacle : NULL, &lc, out);
}

double vl_artillery_max_range(VlWeapon weapon) { return weapon == VL_SMOOTHBORE ? 40.0 : 60.0; }

bool vl_g_artillery_fire(VlGame *g, int u, int t, bool apply, VlReasons *why)
{
    VlWorld *w = g->w;
    const VlScenarioUnit *su = &w->scenario->units[u];
    const VlFieldUnit *fu = vl_world_unit(w, u);
    VlUnitState *st = &w->units[u];
    VlReasons local = {0};
    if (!why)
        why = &local;
    if (su->type != VL_ARTILLERY || fu->formation != VL_FORM_UNLIMBERED) {
        vl_reason_add(why, "GOR-ART-1", false, NAN, u, -1, "only unlimbered artillery fires in the artillery phase");
        return false;
    }
    if (st->routed || st->acted) {
        vl_reason_add(why, st->routed ? "GOR-ROUT-1" : "GOR-TURN-3", false, NAN, u, -1, "%s %s", su->id,
                      st->routed ? "is routed" : "has already acted this turn");
        return false;
    }
    if (t < 0 || t >= w->nunits || !vl_world_present(w, t) || !vl_world_enemies(w, u, t)) {
        vl_reason_add(why, "GOR-ART-1", false, NAN, t, -1, "the target must be an enemy on the table");
        return false;
    }
    if (w->scenario->units[t].type == VL_GENERAL) {
        vl_reason_add(why, "D-GAME-3", false, NAN, t, -1, "a command base is not a target");
        return false;
    }
    const VlFieldUnit *tu = vl_world_unit(w, t);
    if (!vl_in_artillery_arc(&fu->fp, &tu->fp)) {
        vl_reason_add(why, "GOR-ART-1", false, NAN, t, -1, "%s is outside the arc (front face, 45 degrees either side)",
                      uid(g, t));
        return false;
    }
    double range = vl_footprint_distance(&fu->fp, &tu->fp);
    int band = range <= 15 ? 0 : range <= 40 ? 1 : range <= 60 ? 2 : 3;
    if (range > vl_artillery_max_range(fu->weapon)) {
        vl_reason_add(why, band == 3 ? "GOR-ART-3" : "GOR-ART-5", false, range, t, -1, "%s is %.2f in away: beyond %s range",
                      uid(g, t), range, band == 3 ? "long (60 in)" : "a smoothbore's medium (40 in)");
        return false;
    }
    VlSight s;
    vl_game_artillery_sight(w, u, t, &s);
    if (!s.clear) {
        vl_reason_add(why, "GOR-ART-2", false, NAN, s.nblockers && s.blockers[0].kind == VL_OBST_UNIT ? s.blockers[0].index : -1,
                      s.nblockers && s.blockers[0].kind == VL_OBST_TERRAIN ? s.blockers[0].index : -1,
                      "no clear line of fire to %s", uid(g, t));
        return false;
    }
    /* GOR-ART-2: never over friends within 6 in of the target. */
    VlVec2 hullpts[6] = {fu->fp.box.p[0], fu->fp.box.p[1], tu->fp.box.p[0], tu->fp.box.p[1], tu->fp.box.p[2], tu->fp.box.p[3]}, hull[8];
    int nh = vl_convex_hull(hullpts, 6, hull);
    for (int j = 0; j < w->nunits; j++) {
        if (j == u || !vl_world_present(w, j) || vl_world_enemies(w, u, j) || w->scenario->units[j].type == VL_GENERAL)
            continue;
        const VlFootprint *jf = &vl_world_unit(w, j)->fp;
        if (vl_footprint_distance(jf, &tu->fp) > 6.0)
            continue;
        bool between = false;
        for (int b = 0; b < jf->nblocks && !between; b++)
            between = vl_convex_overlap_area(jf->blocks[b].p, 4, hull, nh) > 1e-9;
        if (between) {
            vl_reason_add(why, "GOR-ART-2", false, NAN, j, -1, "the fire would pass over %s, within 6 in of the target",
                          uid(g, j));
            return false;
        }
    }
    VlCover cover = vl_cover(w, u, t);
    int dice = ART_DICE[cover][band];
    int mod = 0;
    const char *mods = "";
    if (vl_enfiladed(w, u, t)) {
        mod = 3;
        mods = tu->formation == VL_FORM_SQUARE ? "+3 against a square" : "+3 enfilade";
    } else {
        /* +1 for a friend of the target within 50 mm beyond it (farther from the firer). */
        double dt = vl_footprint_distance(&fu->fp, &tu->fp);
        for (int j = 0; j < w->nunits && !mod; j++)
            if (j != t && vl_world_present(w, j) && !vl_world_enemies(w, t, j) && w->scenario->units[j].type != VL_GENERAL &&
                vl_footprint_distance(&vl_world_unit(w, j)->fp, &tu->fp) <= 50.0 / VL_MM_PER_IN &&
                vl_footprint_distance(&fu->fp, &vl_world_unit(w, j)->fp) > dt) {
                mod = 1;
                mods = "+1 a friend within 50 mm beyond the target";
            }
    }
    if (is_skirmish(w, t))
        mod -= 1;
    dice += mod;
    /* GOR-ART-5: a split battery rolls its share, rounded down. */
    if (fu->spec.count < 4)
        dice = dice * fu->spec.count / 4;
    if (dice < 1) {
        vl_reason_add(why, "GOR-ART-3", false, NAN, t, -1, "no dice against %s in %s at this range", uid(g, t), vl_cover_name(cover));
        return false;
    }
    if (!apply)
        return true;
    char what[160];
    snprintf(what, sizeof what, "%s range %.1f in, %s, %d dice%s%s%s%s, 6s hit",
             band == 0 ? "short" : band == 1 ? "medium" : "long", range, vl_cover_name(cover), dice, mods[0] ? " " : "",
             mods, is_skirmish(w, t) ? " -1 skirmishers" : "", fu->spec.count < 4 ? ", split battery" : "");
    int hits = roll_hits(g, u, t, dice, 6, mod, "GOR-ART-3", what);
    st->fired = st->acted = true;
    g->phase_hits[t] += hits;
    vl_g_add_hits(g, t, hits, u, "GOR-ART-3");
    vl_g_after_fire(g, t);
    return true;
}

/* ---- small arms ---- */

/* The band and dice of unit u firing at t at range r, or -1 band when out of range. */
static int small_arms_dice(const VlWorld *w, int u, int t, double r, int *band_out, int *hit_on, char *mods, size_t size)
{
    const VlFieldUnit *fu = vl_world_unit(w, u), *tu = vl_world_unit(w, t);
    const VlScenarioUnit *su = &w->scenario->units[u];
    bool breech = fu->weapon == VL_BREECHLOADER;
    double s = breech ? 8 : 6;
    int band = r <= s ? 0 : r <= 2 * s ? 1 : r <= 3 * s ? 2 : 3;
    /* GOR-FIRE-3: smoothbore short only; carbines (and cavalry breech-loading carbines) medium at most. */
    if ((fu->weapon == VL_SMOOTHBORE && band > 0) ||
        ((fu->weapon == VL_CARBINE || (breech && su->type == VL_CAVALRY)) && band > 1))
        band = 3;
    *band_out = band;
    if (band == 3)
        return 0;
    VlCover cover = vl_cover(w, u, t);
    int dice = breech ? BREECH_DICE[cover][band] : ARMS_DICE[cover][band];
    int mod = 0;
    mods[0] = 0;
    if (tu->formation == VL_FORM_SKIRMISH) {
        mod -= 1;
        strncat(mods, " -1 against skirmishers", size - strlen(mods) - 1);
    }
    if (fu->formation == VL_FORM_SKIRMISH && su->type != VL_CAVALRY && !breech) {
        mod -= 1;
        strncat(mods, " -1 by skirmishers", size - strlen(mods) - 1);
    }
    if (fu->formation == VL_FORM_SQUARE) {
        mod -= 2;
        strncat(mods, " -2 from a square", size - strlen(mods) - 1);
    }
    *hit_on = breech ? 5 : 6;
    if (dice == 0)
        return 0; /* the table itself gives no dice (heavy cover at long range): no fire (D-FIRE-5) */
    dice += mod;
    return dice < 1 ? 1 : dice; /* GOR-FIRE-2: modifiers never take it below 1 die */
}

static bool can_fire_small_arms(const VlGame *g, int u, VlReasons *why)
{
    const VlWorld *w = g->w;
    const VlScenarioUnit *su = &w->scenario->units[u];
    const VlFieldUnit *fu = vl_world_unit(w, u);
    const VlUnitState *st = &w->units[u];
    if (!(su->type == VL_INFANTRY || (su->type == VL_CAVALRY && !st->mounted))) {
        vl_reason_add(why, "GOR-FIRE-1", false, NAN, u, -1, "only infantry and dismounted cavalry fire small arms");
        return false;
    }
    if (fu->formation == VL_FORM_COLUMN) {
        vl_reason_add(why, "GOR-FORM-3", false, NAN, u, -1, "%s is in column: columns cannot fire", su->id);
        return false;
    }
    if (st->routed || st->acted) {
        vl_reason_add(why, st->routed ? "GOR-ROUT-1" : "GOR-TURN-3", false, NAN, u, -1, "%s %s", su->id,
                      st->routed ? "is routed" : "has already acted this turn");
        return false;
    }
    return true;
}

bool vl_g_small_arms(VlGame *g, const VlCommand *c, bool apply, VlReasons *why)
{
    VlWorld *w = g->w;
    int u = c->unit;
    VlReasons local = {0};
    if (!why)
        why = &local;
    if (!can_fire_small_arms(g, u, why))
        return false;
    const VlFieldUnit *fu = vl_world_unit(w, u);
    int blocked = -1;
    VlReasons tw = {0};
    int forced = vl_fire_target(w, u, &blocked, &tw);
    bool breech = fu->weapon == VL_BREECHLOADER;
    int targets[VL_MAX_FIRE_TARGETS], dice_for[VL_MAX_FIRE_TARGETS], nt = 0;
    if (forced < 0) {
        for (int i = 0; i < tw.n; i++)
            if (!tw.r[i].ok)
                vl_reason_add(why, tw.r[i].clause, false, tw.r[i].value, tw.r[i].unit, -1, "%s", tw.r[i].text);
        vl_reason_add(why, "GOR-FIRE-1", false, NAN, u, -1, "%s has no target in its line of fire", uid(g, u));
        return false;
    }
    double range = vl_footprint_distance(&fu->fp, &vl_world_unit(w, forced)->fp);
    int band, hit_on = 6;
    char mods[96];
    int total = small_arms_dice(w, u, forced, range, &band, &hit_on, mods, sizeof mods);
    if (band != 3 && total == 0) {
        vl_reason_add(why, "GOR-FIRE-2", false, range, forced, -1, "no dice: %s is in heavy cover at long range",
                      uid(g, forced));
        return false;
    }
    if (band == 3) {
        vl_reason_add(why, "GOR-FIRE-3", false, range, forced, -1, "%s is %.2f in away: beyond %s's range", uid(g, forced), range,
                      uid(g, u));
        return false;
    }
    if (c->ntargets == 0 || (c->ntargets == 1 && c->targets[0] == forced)) {
        targets[0] = forced;
        dice_for[0] = total;
        nt = 1;
    } else if (!breech) {
        vl_reason_add(why, "GOR-FIRE-1", false, NAN, forced, -1, "%s must fire at %s, the greatest frontage in its line of fire",
                      uid(g, u), uid(g, forced));
        return false;
    } else {
        /* GOR-FIRE-4, D-FIRE-3: a breech-loader shares its dice (those it has against the target the
         * rules choose) among enemies in its line of fire and range. */
        int sum = 0;
        for (int i = 0; i < c->ntargets && i < VL_MAX_FIRE_TARGETS; i++) {
            int t = c->targets[i];
            double exp;
            VlSight s;
            if (t < 0 || t >= w->nunits || !vl_world_present(w, t) || !vl_world_enemies(w, u, t) ||
                w->scenario->units[t].type == VL_GENERAL ||
                !vl_fire_corridor(&fu->fp, vl_unit_fire_range(w->scenario->units[u].type, fu->weapon), &vl_world_unit(w, t)->fp,
                                  &exp)) {
                vl_reason_add(why, "GOR-FIRE-4", false, NAN, t, -1, "every share of split fire needs an enemy in the line of fire");
                return false;
            }
            vl_sight(w->bf, u, t, &s);
            if (!s.clear) {
                vl_reason_add(why, "GOR-FIRE-4", false, NAN, t, -1, "%s is out of sight", uid(g, t));
                return false;
            }
            if (c->dice[i] < 1) {
                vl_reason_add(why, "GOR-FIRE-4", false, NAN, t, -1, "each target of split fire gets at least one die");
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
    for (int i = 0; i < nt; i++) {
        int t = targets[i];
        double r = vl_footprint_distance(&fu->fp, &vl_world_unit(w, t)->fp);
        int b, h;
        char m2[96];
        small_arms_dice(w, u, t, r, &b, &h, m2, sizeof m2);
        char what[160];
        snprintf(what, sizeof what, "%s range %.1f in, %s, %d dice%s, %s hit", b == 0 ? "short" : b == 1 ? "medium" : "long", r,
                 vl_cover_name(vl_cover(w, u, t)), dice_for[i], nt == 1 ? mods : m2, hit_on == 5 ? "5s and 6s" : "6s");
        int hits = roll_hits(g, u, t, dice_for[i], hit_on, 0, breech ? "GOR-FIRE-4" : "GOR-FIRE-2", what);
        g->phase_hits[t] += hits;
        vl_g_add_hits(g, t, hits, u, breech ? "GOR-FIRE-4" : "GOR-FIRE-2");
        vl_g_after_fire(g, t);
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
    int dice, hit_on = 6;
    char what[160];
    if (su->type == VL_ARTILLERY && fu->formation == VL_FORM_UNLIMBERED) {
        VlCover cover = vl_cover(w, u, t);
        dice = ART_DICE[cover][0] - is_skirmish(w, t);
        if (fu->spec.count < 4)
            dice = dice * fu->spec.count / 4;
        snprintf(what, sizeof what, "free fire at short range, %s, %d dice", vl_cover_name(cover), dice);
    } else if (su->type == VL_INFANTRY || (su->type == VL_CAVALRY && !w->units[u].mounted)) {
        if (fu->formation == VL_FORM_COLUMN)
            return; /* columns cannot fire (GOR-FORM-3) */
        int band;
        char mods[96];
        dice = small_arms_dice(w, u, t, 0, &band, &hit_on, mods, sizeof mods);
        snprintf(what, sizeof what, "free fire at short range, %s, %d dice%s", vl_cover_name(vl_cover(w, u, t)), dice, mods);
    } else {
        return; /* mounted cavalry and generals have no fire */
    }
    if (dice < 1)
        return;
    int hits = roll_hits(g, u, t, dice, hit_on, 0, "GOR-CHG-6", what);
    g->phase_hits[t] += hits;
    vl_g_add_hits(g, t, hits, u, "GOR-CHG-6");
    vl_g_after_fire(g, t);
}
