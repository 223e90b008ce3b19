/* The game object: creation, copies and destruction, accessors, the dice and their log, the event
 * log and the state hash. What happens in a game is in turn.c (the phase machine and commands),
 * effects.c (HITs, tests, falling back), fire.c, combat.c, orders.c and victory.c. */
#include "game_internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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


void vl_game_reseed(VlGame *g, uint64_t seed, uint64_t stream) { vl_rng_seed(&g->w->rng, seed, stream); }

bool vl_game_place_unit(VlGame *g, int u, VlPose pose)
{
    const VlFieldUnit *fu = vl_world_unit(g->w, u);
    if (!fu)
        return false;
    vl_battlefield_set_unit(g->w->bf, u, pose, fu->formation);
    return true;
}
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
    r->phase_side = g->w->active_side;
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

bool vl_g_refuse(VlReasons *why, const char *clause, int unit, const char *fmt, ...)
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

/* Let go of a game's hold on its terrain cache, freeing it with the last. */
static void terrain_release(TerrainCache *t)
{
    if (t && atomic_fetch_sub(&t->refs, 1) == 1) {
        t->free_fn(t->data);
        free(t);
    }
}

const void *vl_game_terrain_cache(const VlGame *g) { return g->terrain ? g->terrain->data : NULL; }

bool vl_game_set_terrain_cache(VlGame *g, void *data, void (*free_fn)(void *))
{
    TerrainCache *t = g->terrain ? NULL : malloc(sizeof *t);
    if (!t) {
        free_fn(data);
        return false;
    }
    atomic_init(&t->refs, 1);
    t->data = data;
    t->free_fn = free_fn;
    g->terrain = t;
    return true;
}

void vl_game_destroy(VlGame *g)
{
    if (!g)
        return;
    terrain_release(g->terrain);
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
    if (g->terrain) /* the same table: its cache is shared, counted before anything can fail */
        atomic_fetch_add(&g->terrain->refs, 1);
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
        if (w->options.republic) { /* the options' state; games without them keep their hashes */
            int r[7] = {st->lost_turn, st->firefight,  st->firefight_attacker, st->firefight_face,
                        st->weapon_set, st->weapon_mod, st->firefight_acted};
            h = vl_hash_bytes(h, r, sizeof r);
        }
        if (vl_rep_on(&w->options, VL_REP_201)) { /* only then: the tables of games without it stand */
            int a = st->alert;
            h = vl_hash_bytes(h, &a, sizeof a);
            h = vl_hash_bytes(h, &st->moved, sizeof st->moved);
        }
        if (w->options.charge_rules == VL_RULES_GUNSON) { /* D-GUN-11's owed moves; other games keep their hashes */
            int gp[3] = {st->gun_pending, st->gun_pending_from, st->gun_pending_cavalry};
            h = vl_hash_bytes(h, gp, sizeof gp);
            h = vl_hash_bytes(h, &st->gun_pending_dist, sizeof st->gun_pending_dist);
        }
    }
    return h;
}
