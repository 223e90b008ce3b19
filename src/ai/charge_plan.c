/* Charges: every legal charge valued by the odds (the charger's test, the target's reaction, the
 * close combat dice and the loser's test: GOR-CHG-3..9, GOR-MOR-3, GOR-CC-2..6), the best played out
 * on copies against the same copies without them, and the charge phase that declares them. The same
 * odds, roles swapped, judge the charges a place invites (exposure.c). */
#include "commander_internal.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The loser's test after close combat (GOR-CC-4, GOR-MOR-4): the worth lost, by the margin, each
 * run of margins with the same result (vl_cc_loser_result) taken at once. */
static double loser_cost(Ai *ai, int l, int new_hits)
{
    const VlWorld *w = ai->view;
    int L = vl_ai_morale_level(w, l), m = vl_ai_standard_mod(ai, l, new_hits) + VL_MORALE_CC_LOSER;
    double hv = vl_ai_hit_value(w, l);
    double gone = vl_ai_loss_value(w, l);
    double cost = 0;
    for (int k = 1; k <= 12;) {
        int hits;
        VlCcResult r = vl_cc_loser_result(w, l, k, &hits);
        int end = k + 1; /* the first margin past this run */
        while (end <= 12 && vl_cc_loser_result(w, l, end, NULL) == r)
            end++;
        double p = vl_morale_fail_chance(L, m, k) - (end <= 12 ? vl_morale_fail_chance(L, m, end) : 0);
        if (r == VL_CC_HITS)
            cost += p * hv * hits;
        else if (r == VL_CC_RETIRES)
            cost += p * VL_AI_WEIGHTS.charge.retire * gone;
        else if (r != VL_CC_HOLDS) /* overrun: the battery is destroyed; or routed */
            cost += p * gone;
        k = end;
    }
    return cost;
}

/* The smallest margin by which loser l fails its test and leaves (GOR-CC-4: retires, routs or is
 * overrun), or 0 if none. */
static int leaving_margin(const VlWorld *w, int l)
{
    for (int k = 1; k <= 12; k++) {
        VlCcResult r = vl_cc_loser_result(w, l, k, NULL);
        if (r != VL_CC_HOLDS && r != VL_CC_HITS)
            return k;
    }
    return 0;
}

/* GOR-CHG-8: the smallest margin by which skirmishers receiving a charge fail and stay to fight
 * (*stay_hits: the HITs they take then), and the HITs of failing by 1 and falling back (*back_hits). */
static int skirm_stay_margin(int *back_hits, int *stay_hits)
{
    vl_skirmisher_charge_result(1, NULL, back_hits);
    int k = 1;
    while (k < 12 && vl_skirmisher_charge_result(k, NULL, stay_hits) != VL_SKIRM_STAYS)
        k++;
    return k;
}

/* Close combat of att dice against def dice (6s hit), the target having taken extra_t HITs on
 * receiving: the expected worth for the charger's side. */
static double combat_value(Ai *ai, int u, int t, int att, int def, int extra_t, double *eh)
{
    const VlWorld *w = ai->view;
    double pt[25], pu[25];
    vl_ai_binomial(att, vl_hit_chance(VL_CC_HIT_ON), pt);
    vl_ai_binomial(def, vl_hit_chance(VL_CC_HIT_ON), pu);
    double hv_t = vl_ai_hit_value(w, t), hv_u = vl_ai_hit_value(w, u), v = 0;
    double lose_t[25], lose_u[25];
    for (int k = 0; k <= 24; k++)
        lose_t[k] = lose_u[k] = NAN;
    *eh = vl_expected_hits(att, VL_CC_HIT_ON);
    for (int i = 0; i <= 24; i++) {
        if (pt[i] < 1e-6)
            continue;
        for (int j = 0; j <= 24; j++) {
            double p = pt[i] * pu[j];
            if (p < 1e-7)
                continue;
            double x = i * hv_t - j * hv_u;
            if (i > j) {
                if (isnan(lose_t[i]))
                    lose_t[i] = loser_cost(ai, t, i + extra_t);
                x += lose_t[i];
            } else if (j > i) {
                if (isnan(lose_u[j]))
                    lose_u[j] = loser_cost(ai, u, j);
                x -= lose_u[j];
            }
            v += p * x;
        }
    }
    return v;
}

/* Close combat of att dice against def dice (6s hit), the target having taken extra_t HITs on
 * receiving: the chance that the target is the one that leaves. The side that takes more HITs in the
 * combat tests morale and retires or routs when it fails by 2 or more (GOR-CC-4); if both are still
 * in contact, the one with more HITs in all falls back 4 in, the charger when they are equal
 * (GOR-CC-6). */
static double p_target_gives_way(Ai *ai, int u, int t, int att, int def, int extra_t)
{
    const VlWorld *w = ai->view;
    double pt[25], pu[25], p = 0;
    vl_ai_binomial(att, vl_hit_chance(VL_CC_HIT_ON), pt);
    vl_ai_binomial(def, vl_hit_chance(VL_CC_HIT_ON), pu);
    int kt = leaving_margin(w, t), ku = leaving_margin(w, u);
    double ft = kt ? vl_morale_fail_chance(vl_ai_morale_level(w, t), vl_ai_standard_mod(ai, t, 0) + VL_MORALE_CC_LOSER, kt) : 0;
    double fu = ku ? vl_morale_fail_chance(vl_ai_morale_level(w, u), vl_ai_standard_mod(ai, u, 0) + VL_MORALE_CC_LOSER, ku) : 0;
    int ht = w->units[t].hits + extra_t, hu = w->units[u].hits;
    for (int i = 0; i <= 24; i++)
        for (int j = 0; j <= 24; j++) {
            double q = pt[i] * pu[j];
            if (q < 1e-9)
                continue;
            double back_t = ht + i > hu + j ? 1 : 0; /* GOR-CC-6, if still in contact */
            if (i > j)
                p += q * (ft + (1 - ft) * back_t);
            else if (j > i)
                p += q * (1 - fu) * back_t;
            else
                p += q * back_t;
        }
    return p;
}

/* GUN-MOR-1: what a unit's morale throw after a melee costs its side: 3 or 4 retreats a move, 2 a double
 * move (each a retirement), 1 routs (lost, as a rout). */
static double gunson_throw_cost(const VlWorld *w, int l)
{
    double retire = 0, rout = 0;
    for (int f = 1; f <= 6; f++) {
        VlGunMorale m = vl_gunson_morale_result(f);
        retire += m == VL_GUN_RETREAT || m == VL_GUN_DOUBLE_RETREAT ? 1.0 / 6 : 0;
        rout += m == VL_GUN_ROUTS ? 1.0 / 6 : 0;
    }
    return (retire * VL_AI_WEIGHTS.charge.retire + rout) * vl_ai_loss_value(w, l);
}

/* A Gunson charge by the odds, from the functions the game rolls: the throw (GUN-CHG-1, GUN-CAV-1),
 * the melee's dice (GUN-IMP-1, GUN-FLANK-1), a 6 a kill, a kill a HIT (D-GUN-5), and the morale throw
 * of the side that lost the larger share, or of a unit charged by cavalry (GUN-MOR-1, D-GUN-10). */
static void gunson_odds(Ai *ai, const VlChargeVerdict *v, ChargeEval *e)
{
    const VlWorld *w = ai->view;
    int u = v->unit, t = v->target;
    VlGunMelee m;
    vl_gunson_melee_dice(w, v, &m);
    double p_go = 0, p_back = 0;
    for (int f = 1; f <= 6; f++) {
        VlGunThrow r = v->needs_throw ? vl_gunson_throw_result(w->scenario->units[u].type == VL_CAVALRY, v->throw_needed, f)
                                      : VL_GUN_CHARGES;
        p_go += r == VL_GUN_CHARGES ? 1.0 / 6 : 0;
        p_back += r == VL_GUN_RETREATS ? 1.0 / 6 : 0;
    }
    double pt[25], pu[25];
    vl_ai_binomial(m.att, vl_hit_chance(6), pt);
    vl_ai_binomial(m.def, vl_hit_chance(6), pu);
    double hv_t = vl_ai_hit_value(w, t), hv_u = vl_ai_hit_value(w, u);
    double cost_t = gunson_throw_cost(w, t), cost_u = gunson_throw_cost(w, u);
    double p_give = 1 - (1.0 / 3); /* GUN-MOR-1: a thrower gives way unless it throws 5 or 6 */
    bool cav = w->scenario->units[u].type == VL_CAVALRY;
    double val = 0, pushed = 0;
    for (int i = 0; i <= 24; i++)
        for (int j = 0; j <= 24; j++) {
            double q = pt[i] * pu[j];
            if (q < 1e-9)
                continue;
            int cmp = vl_gunson_casualty_cmp(i, m.def_men, j, m.att_men); /* > 0: the target lost more */
            bool t_throws = cmp > 0 || cav, u_throws = cmp < 0;
            val += q * (i * hv_t - j * hv_u + (t_throws ? cost_t : 0) - (u_throws ? cost_u : 0));
            pushed += q * (t_throws ? p_give : 0);
        }
    e->face = v->face;
    e->contact = v->contact_pose;
    e->half = vl_world_unit(w, u)->pose; /* a refused charge stays where it is */
    e->cover = false;
    e->square = vl_world_unit(w, t)->formation == VL_FORM_SQUARE;
    e->att = m.att;
    e->def = m.def;
    e->p_charge = p_go;
    e->p_stand = 1; /* no receiving test under Gunson (D-GUN-12) */
    e->p_pushed = p_go * pushed;
    e->hits_on_target = p_go * vl_expected_hits(m.att, 6);
    e->value = e->odds_value = p_go * val - p_back * VL_AI_WEIGHTS.charge.retire * vl_ai_loss_value(w, u);
}

/* Value a legal charge of u at t by the odds (GOR-CHG-3, GOR-MOR-3, GOR-CHG-6..9, GOR-CC-2..4; under
 * Gunson gunson_odds). */
void vl_ai_charge_odds(Ai *ai, int u, int t, const VlChargeVerdict *given, ChargeEval *e)
{
    const VlWorld *w = ai->view;
    memset(e, 0, sizeof *e);
    e->unit = u;
    e->target = t;
    VlChargeVerdict v;
    if (given)
        v = *given;
    else {
        VlChargeOrder o = {u, t, w->options.charge_rules, true, VL_PRE_NONE, 0, 0, false};
        vl_resolve_charge(w, &o, &v);
    }
    if (v.rules == VL_RULES_GUNSON) {
        gunson_odds(ai, &v, e);
        return;
    }
    e->face = v.face;
    e->contact = v.contact_pose;
    e->half = v.half_pose;
    e->cover = vl_cover(w, u, t) != VL_COVER_OPEN;
    bool skirm_t = uform(w, t) == VL_FORM_SKIRMISH;
    bool cav = mounted_cav(w, u);
    bool sq_now = uform(w, t) == VL_FORM_SQUARE;
    bool may_square = cav && infantry_like(w, t) && !sq_now && !w->units[t].routed;
    int Lt = vl_ai_morale_level(w, t), Lu = vl_ai_morale_level(w, u);
    double p_t = w->units[t].routed ? 0 : vl_morale_pass_chance(Lt, vl_ai_standard_mod(ai, t, 0));
    /* The charger's test (GOR-MOR-3), against the target as it stands or formed in square. */
    int su = vl_ai_standard_mod(ai, u, 0);
    double p_go = vl_morale_pass_chance(Lu, su + vl_morale_charge_modifier(w, u, t, v.face, false, NULL, 0));
    double p_go_sq = vl_morale_pass_chance(Lu, su + vl_morale_charge_modifier(w, u, t, v.face, true, NULL, 0));
    double hv_u = vl_ai_hit_value(w, u), hv_t = vl_ai_hit_value(w, t);
    int att, def;
    /* One outcome of the target's reaction: square or not. */
    double total = 0, eh_total = 0;
    for (int sq = 0; sq < 2; sq++) {
        double weight = sq ? (sq_now ? 1 : may_square ? p_t : 0) : (sq_now ? 0 : may_square ? 1 - p_t : 1);
        if (weight <= 0)
            continue;
        bool square = sq;
        /* GOR-CC-2, GOR-CC-3: its supporters (GOR-CHG-5) move up behind it. */
        VlCcDice cd;
        vl_cc_dice(w, u, t, v.face, square, 0, 0, v.nsupports > 0 ? VL_CC_ASSUME_SUPPORT : 0, &cd);
        att = cd.att > 0 ? cd.att : 0;
        def = cd.def;
        double pg = square && cav ? p_go_sq : p_go;
        double eh, val, pushed;
        if (skirm_t) {
            /* GOR-CHG-8: skirmishers that pass fall back; failing by a little, back with a HIT; by
             * more, they stay with HITs and fight. */
            int hb, hs, ks = skirm_stay_margin(&hb, &hs);
            double f1 = vl_morale_fail_chance(Lt, vl_ai_standard_mod(ai, t, 0), 1);
            double f3 = vl_morale_fail_chance(Lt, vl_ai_standard_mod(ai, t, 0), ks);
            val = (1 - f1) * VL_AI_WEIGHTS.charge.skirm_fall_back + (f1 - f3) * (hb * hv_t + VL_AI_WEIGHTS.charge.skirm_ground) +
                  f3 * (hs * hv_t + combat_value(ai, u, t, att, def, hs, &eh));
            eh = f3 * eh;
            pushed = 1 - f3 + f3 * p_target_gives_way(ai, u, t, att, def, hs);
        } else if (may_square) {
            /* GOR-CHG-9: it tested at the declaration: formed square instead of firing, or failed
             * and lost its fire; no receiving test either way. */
            val = combat_value(ai, u, t, att, def, 0, &eh);
            pushed = p_target_gives_way(ai, u, t, att, def, 0);
        } else {
            double eh1, eh2;
            double stand = combat_value(ai, u, t, att, def, 0, &eh1) - vl_ai_free_fire_hits(w, t, u) * hv_u;
            double wilt = hv_t + combat_value(ai, u, t, att, def, 1, &eh2);
            val = p_t * stand + (1 - p_t) * wilt;
            eh = p_t * eh1 + (1 - p_t) * eh2;
            pushed = p_t * p_target_gives_way(ai, u, t, att, def, 0) + (1 - p_t) * p_target_gives_way(ai, u, t, att, def, 1);
        }
        /* A charger that fails halts half way, no closer than 3 in, in front of the enemy: its fire
         * at short range next, and the test that may bring. */
        double halt_hits = uform(w, t) == VL_FORM_UNLIMBERED ? VL_AI_WEIGHTS.charge.halt_fire_guns
                                                              : VL_AI_WEIGHTS.charge.halt_fire_arms;
        double halt = VL_AI_WEIGHTS.charge.halt + vl_ai_incoming_cost(w, u, halt_hits, vl_ai_threatened(ai, u));
        total += weight * (pg * val - (1 - pg) * halt);
        eh_total += weight * pg * eh;
        e->p_charge += weight * pg;
        e->p_pushed += weight * pg * pushed;
        if (weight >= 0.5) { /* the dice of the likelier reaction, for the explanation */
            e->att = att;
            e->def = def;
            e->square = square;
        }
    }
    e->p_stand = p_t;
    e->hits_on_target = eh_total;
    e->value = e->odds_value = total;
}

/* The odds of a charge by @p a at @p b next turn, from where both stand in @p w (GOR-THREAT-1 judged
 * by the charge resolver, ignoring this turn's flags), read from ai->view as charge_odds() reads
 * them. False when the resolver does not allow it. */
bool vl_ai_charge_next_turn(Ai *ai, const VlWorld *w, int a, int b, ChargeEval *ce)
{
    VlChargeOrder o = {a, b, w->options.charge_rules, true, VL_PRE_NONE, 0, 1, true};
    VlChargeVerdict v;
    vl_resolve_charge(w, &o, &v);
    if (!(v.legal || v.depends_on_die))
        return false;
    vl_ai_charge_odds(ai, a, b, &v, ce);
    return true;
}

/* Play a charge (or none, when c is NULL) and the rest of the charge phase out on a copy (dice of
 * the commander's stream, as vl_ai_copy_game's). It only reads @p ai and its game, so several may run
 * at once; the caller counts the copies played. */
static double play_charge(const Ai *ai, const VlCommand *c, uint64_t seed, double *result)
{
    *result = 0;
    VlGame *copy = vl_game_clone(ai->g);
    if (!copy)
        return 0;
    vl_game_reseed(copy, seed, 0x414955ull); /* stream "AIU", as vl_ai_copy_game */
    double v = -1e9;
    if (!c || vl_game_apply(copy, c, NULL) == VL_OK) {
        VlCommand end = vl_ai_blank(VL_CMD_END_PHASE, -1);
        if (vl_game_apply(copy, &end, NULL) == VL_OK) {
            /* On our last player turn the result counts apart from the material: a won game (an
             * army broken), or the points as they stand, as surely as they stand (result_change). */
            int winner;
            if (ai->turns_left > 0) {
                v = vl_ai_evaluate(copy, ai->side);
            } else {
                v = vl_ai_material(copy, ai->side);
                *result = vl_game_over(copy, &winner, NULL)
                              ? vl_ai_result_of(winner, ai->side)
                              : vl_ai_sureness(W(ai), ai->side) *
                                    vl_ai_result_of_lead(vl_game_points(copy, ai->side) - vl_game_points(copy, 1 - ai->side));
            }
        }
    }
    vl_game_destroy(copy);
    return v;
}

static int cmp_charge(const void *a, const void *b)
{
    const ChargeEval *x = a, *y = b;
    if (x->value != y->value)
        return x->value < y->value ? 1 : -1;
    return x->unit != y->unit ? x->unit - y->unit : x->target - y->target;
}

/* Every legal charge of our units (with @p only, of the units it marks), valued by the odds.
 * Returns the count; *out is malloc'd. */
int vl_ai_list_charges(Ai *ai, bool ignore_fired, const bool *only, ChargeEval **out)
{
    const VlWorld *w = W(ai);
    int n = ai->n, k = 0, cap = 64;
    ChargeEval *list = malloc((size_t)cap * sizeof *list);
    *out = list;
    if (!list)
        return 0;
    for (int u = 0; u < n; u++) {
        /* GOR-CHG-1's turn flags; Gunson has none (GUN-CHG-1). */
        bool flags = w->options.charge_rules != VL_RULES_GUNSON;
        if (!charger_kind(w, u) || vl_world_side(w, u) != ai->side || w->units[u].acted ||
            (flags && w->units[u].charged_last_turn))
            continue;
        if ((flags && w->units[u].fired && !ignore_fired) || (only && !only[u]))
            continue;
        for (int t = 0; t < n; t++) {
            if (!fighter(w, t) || !vl_world_enemies(w, u, t) || udist(w, u, t) > CHARGE_REACH)
                continue;
            bool ok;
            VlChargeVerdict v;
            if (ignore_fired) {
                /* In the fire phase: would it be legal in the charge phase? Ask the resolver directly. */
                VlChargeOrder o = {u, t, w->options.charge_rules, true, VL_PRE_NONE, 0, 0, false};
                vl_resolve_charge(w, &o, &v);
                ok = v.legal || v.depends_on_die;
            } else {
                VlCommand c = vl_ai_blank(VL_CMD_CHARGE, u);
                c.target = t;
                c.choose_path = true;
                ok = vl_game_check(ai->g, &c, NULL);
            }
            if (!ok)
                continue;
            if (ai->plan)
                ai->plan->evaluated++;
            if (k == cap) {
                ChargeEval *m = realloc(list, (size_t)(cap *= 2) * sizeof *list);
                if (!m)
                    break;
                *out = list = m;
            }
            /* The verdict just asked for is the one the odds would ask for again (the same order on
             * the same table): in the fire phase it is given to them. */
            vl_ai_charge_odds(ai, u, t, ignore_fired && ai->view == w ? &v : NULL, &list[k++]);
        }
    }
    return k;
}

static void charge_reason(char *buf, size_t n, const VlWorld *w, const ChargeEval *e, bool looked)
{
    snprintf(buf, n, "%s charge at %.24s: morale %.0f%%, %d dice against %d%s%s%s%s",
             e->face == VL_FACE_FRONT ? "frontal" : e->face == VL_FACE_REAR ? "rear" : "flank", uid(w, e->target),
             100 * e->p_charge, e->att, e->def, w->units[e->target].routed ? ", it is routed" : "",
             e->square ? ", against a square" : "", e->cover ? ", into cover" : "", looked ? ", played out on copies" : "");
}

/* The charge phase's look-ahead: the phase played on with no charge (base) and with each of the
 * best charges by the odds, on the same dice streams. Every play is on its own copy and writes only
 * its own value, so they are shared among threads (vl_parallel_run); the sums are then taken in
 * stream order, as when they were played in turn. */
typedef struct ChargePlays {
    const Ai *ai;
    const ChargeEval *list;
    int sims, S;
    StopGate *gate; /* asked between plays */
    uint64_t seeds[32];
    double base[32], base_res[32];
    double *val, *res; /* [charge * S + stream] */
    atomic_int next, played;
    atomic_bool stopped;
} ChargePlays;

static void charge_plays_work(void *arg, int worker)
{
    ChargePlays *cp = arg;
    const Ai *ai = cp->ai;
    int S = cp->S;
    for (int t; (t = atomic_fetch_add(&cp->next, 1)) < S * (1 + cp->sims);) {
        /* Between plays, as the commander asked between charges: give up when told to. */
        if (atomic_load(&cp->stopped) || vl_ai_gate_ask(cp->gate)) {
            atomic_store(&cp->stopped, true);
            continue;
        }
        int s = t % S, i = t / S - 1;
        if (i < 0) {
            cp->base[s] = play_charge(ai, NULL, cp->seeds[s], &cp->base_res[s]);
        } else {
            if (cp->list[i].odds_value < VL_AI_WEIGHTS.charge.hopeless)
                continue; /* hopeless by the odds: not played */
            VlCommand c = vl_ai_blank(VL_CMD_CHARGE, cp->list[i].unit);
            c.target = cp->list[i].target;
            c.choose_path = true;
            cp->val[i * S + s] = play_charge(ai, &c, cp->seeds[s], &cp->res[i * S + s]);
        }
        atomic_fetch_add(&cp->played, 1);
    }
}

void vl_ai_charge_phase(Ai *ai)
{
    ChargeEval *list;
    int k = vl_ai_list_charges(ai, false, NULL, &list);
    if (!list)
        return;
    qsort(list, (size_t)k, sizeof *list, cmp_charge);
    /* Look ahead: the best by the odds are played out on copies with the same dice with and without
     * the charge; the difference is the charge's value (the odds count for half, to steady it). */
    int sims = k < ai->L->charge_sims ? k : ai->L->charge_sims;
    StopGate gate;
    ChargePlays cp = {ai, list, sims, ai->L->samples < 32 ? ai->L->samples : 32, &gate, {0}, {0}, {0}, NULL, NULL, 0, 0, false};
    bool play = sims > 0 && cp.S > 0;
    if (play) {
        vl_ai_gate_open(&gate, ai);
        play = !atomic_load(&gate.stopped);
    }
    if (play) {
        int S = cp.S;
        for (int s = 0; s < S; s++)
            cp.seeds[s] = ((uint64_t)vl_rng_next(ai->rng) << 32) | vl_rng_next(ai->rng);
        cp.val = malloc((size_t)sims * (size_t)S * sizeof *cp.val);
        cp.res = malloc((size_t)sims * (size_t)S * sizeof *cp.res);
        if (!cp.val || !cp.res) {
            free(cp.val);
            free(cp.res);
            free(list);
            return;
        }
        vl_parallel_run(0, charge_plays_work, &cp);
        if (ai->plan)
            ai->plan->simulated += atomic_load(&cp.played);
        ai->interrupted |= atomic_load(&cp.stopped);
    }
    for (int i = 0; i < sims && cp.val && !ai->interrupted; i++) {
        if (list[i].odds_value < VL_AI_WEIGHTS.charge.hopeless)
            continue; /* hopeless by the odds */
        int S = cp.S;
        double sum = 0, res = 0;
        for (int s = 0; s < S; s++) {
            sum += cp.val[i * S + s] - cp.base[s];
            res += cp.res[i * S + s] - cp.base_res[s];
        }
        /* The copies stop at the end of the charge phase: a charger that faltered stands in front of
         * the enemy's fire, which only the odds count. The result, on the last turn, in full. */
        double halted = (1 - list[i].p_charge) * VL_AI_WEIGHTS.charge.halted;
        list[i].value = VL_AI_WEIGHTS.charge.odds_share * list[i].odds_value +
                        VL_AI_WEIGHTS.charge.played_share * (sum / S - halted) + res / S;
        list[i].played = true;
    }
    free(cp.val);
    free(cp.res);
    /* At the end of the game a charge changes the objectives as they will stand (the charger may be
     * carried off one, the target pushed off one) and gives up the objective the charger's move
     * could have reached. Then the best first, by the values the look-ahead set. */
    for (int i = 0; i < k; i++)
        list[i].value += vl_ai_charge_objective_worth(ai, &list[i]) - vl_ai_objective_move_worth(ai, list[i].unit);
    qsort(list, (size_t)k, sizeof *list, cmp_charge);
    const VlWorld *w = W(ai);
    for (int i = 0; i < k; i++) {
        ChargeEval *e = &list[i];
        if (e->value < ai->L->charge_min)
            break;
        w = W(ai);
        if (w->units[e->unit].acted || !vl_world_present(w, e->target))
            continue;
        VlCommand c = vl_ai_blank(VL_CMD_CHARGE, e->unit);
        c.target = e->target;
        c.choose_path = true;
        VlAiIntent it = vl_ai_intent(ai, c.kind, e->unit, e->target);
        it.score = e->value;
        it.expected_hits = e->hits_on_target;
        it.chance = e->p_charge;
        charge_reason(it.reason, sizeof it.reason, w, e, i < sims && ai->L->samples > 0);
        vl_ai_send(ai, &c, &it);
        if (ai->failed)
            break;
    }
    free(list);
}
