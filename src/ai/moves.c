/* Candidate orders for a unit's move: towards its place or an objective, to face the enemy or the
 * guns, back, re-forming, a commander's ride to steady a hurt regiment, and on the last turn orders
 * drawn at random; each settled against the move resolver (shortened where the ground or a unit in
 * the way makes it too long) and kept only when it leads somewhere no kept order does. */
#include "commander_internal.h"

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Add the order of these steps for u to the candidates, room allowing; galloping or at double time
 * when mv->doubled. */
static void add_move(Mover *mv, int u, const VlStep *steps, int nsteps)
{
    if (mv->ncands >= mv->cap)
        return;
    /* Doubling is for going far: a change of formation, a pivot or a fall back gains nothing by it. */
    for (int i = 0; mv->doubled && i < nsteps; i++)
        if (steps[i].kind == VL_STEP_FORM || steps[i].kind == VL_STEP_PIVOT || steps[i].kind == VL_STEP_BACK)
            return;
    Cand *cd = &mv->cands[mv->ncands];
    memset(cd, 0, sizeof *cd);
    cd->c = vl_ai_blank(VL_CMD_MOVE, u);
    cd->c.move.nsteps = nsteps;
    for (int i = 0; i < nsteps; i++)
        cd->c.move.steps[i] = steps[i];
    if (mv->doubled) {
        const VlWorld *w = W(mv->ai);
        cd->c.move.gallop = mounted_cav(w, u);
        cd->c.move.double_time = utype(w, u) == VL_INFANTRY;
    }
    mv->ncands++;
}

static VlStep step(VlStepKind kind, double amount, VlPivot pivot)
{
    VlStep s;
    memset(&s, 0, sizeof s);
    s.kind = kind;
    s.amount = amount;
    s.pivot = pivot;
    s.keep_base = -1;
    s.facing = NAN;
    return s;
}

static VlStep form_step(VlFormation f, bool mounted, double facing)
{
    VlStep s = step(VL_STEP_FORM, 0, VL_PIVOT_LEFT);
    s.formation = f;
    s.mounted = mounted;
    s.facing = facing;
    return s;
}

/* Column orders (GOR-MOVE-2: a column turns freely): straight on for @p lead inches first if
 * @p lead > 0, then a turn to each of @p heads (its place, the way its place faces, the nearest
 * enemy) and on, the whole of @p d (@p d0 towards its place) and half of it. */
static void turn_and_go(Mover *mv, int u, double lead, double d0, double d, const double heads[3])
{
    double facing = vl_world_unit(W(mv->ai), u)->pose.facing;
    VlStep s[3];
    int n = 0;
    if (lead > 0)
        s[n++] = step(VL_STEP_ADVANCE, lead, VL_PIVOT_LEFT);
    for (int k = 0; k < 3; k++) {
        double dist = k == 0 ? d0 : d;
        s[n] = step(VL_STEP_TURN, turn_to(facing, heads[k]), VL_PIVOT_LEFT);
        for (int f = 0; f < 2; f++) {
            s[n + 1] = step(VL_STEP_ADVANCE, f ? dist * 0.5 : dist, VL_PIVOT_LEFT);
            add_move(mv, u, s, n + 2);
        }
    }
}

/* The bearing from c to the enemy battery that would do u the most harm where it stands (the HITs
 * it expects there), if any battery could fire on it: a unit holding ground under guns may do
 * better to face them than the nearest enemy (no enfilade from the front, GOR-ART-4). */
static bool gun_bearing(const VlWorld *w, int u, VlVec2 c, double *brg)
{
    double most = 0.05;
    bool found = false;
    for (int e = 0; e < w->nunits; e++) {
        if (!vl_ai_guns_lay_on(w, e, u))
            continue;
        double h = vl_ai_est_hits(w, e, u);
        if (h > most) {
            most = h;
            *brg = bearing(c, ucentre(w, e));
            found = true;
        }
    }
    return found;
}

/* Commander u's orders that end in contact with a unit of his brigade that needs him (STEADY_HITS
 * or more, the two most hurt within his move @p A): against either flank, level with its rear, or
 * behind its middle, facing its way. Placed exactly: touching is contact (GOR-MOR-2), overlapping a
 * friend is not allowed, and a commander turns freely (D-MOVE-5). */
static void steadying_moves(Mover *mv, int u, const Group *gr, double A)
{
    const VlWorld *w = W(mv->ai);
    const VlFieldUnit *fu = vl_world_unit(w, u);
    double gw = vl_v2_dist(fu->fp.box.p[0], fu->fp.box.p[1]), gd = vl_v2_dist(fu->fp.box.p[1], fu->fp.box.p[2]);
    int first = -1;
    for (int pick = 0; pick < 2; pick++) {
        int m = -1;
        for (int i = 0; gr && i < gr->n; i++) {
            int k = gr->units[i];
            if (k == first || !fighter(w, k) || w->units[k].hits < STEADY_HITS || uform(w, k) == VL_FORM_SQUARE ||
                udist(w, u, k) > A)
                continue;
            if (m < 0 || w->units[k].hits > w->units[m].hits)
                m = k;
        }
        if (m < 0)
            return;
        first = m;
        const VlFieldUnit *mu = vl_world_unit(w, m);
        const VlQuad *b = &mu->fp.box;
        VlVec2 aims[3] = {
            vl_v2_mad(vl_v2_mad(b->p[2], mu->fp.right, gw / 2), mu->fp.fwd, gd), /* right flank */
            vl_v2_mad(vl_v2_mad(b->p[3], mu->fp.right, -gw / 2), mu->fp.fwd, gd), /* left flank */
            vl_v2_lerp(b->p[2], b->p[3], 0.5),                                    /* behind */
        };
        for (int k = 0; k < 3; k++) {
            /* Behind a skirmish line's middle is the gap between its bases: behind its first base. */
            if (k == 2 && mu->formation == VL_FORM_SKIRMISH)
                aims[2] = vl_v2_lerp(mu->fp.bases[0].p[2], mu->fp.bases[0].p[3], 0.5);
            double dd = vl_v2_dist(fu->pose.anchor, aims[k]);
            if (dd > A - 0.05)
                continue;
            VlStep s[3];
            int n = 0;
            double head = fu->pose.facing;
            if (dd > 1e-6) {
                head = bearing(fu->pose.anchor, aims[k]);
                s[n++] = step(VL_STEP_TURN, turn_to(fu->pose.facing, head), VL_PIVOT_LEFT);
                s[n++] = step(VL_STEP_ADVANCE, dd, VL_PIVOT_LEFT);
            }
            if (fabs(turn_to(head, mu->pose.facing)) > 1e-9)
                s[n++] = step(VL_STEP_TURN, turn_to(head, mu->pose.facing), VL_PIVOT_LEFT);
            if (n > 0)
                add_move(mv, u, s, n);
        }
    }
}

/* The candidate orders for one unit: towards its place, to face the enemy, back, re-forming. */
void vl_ai_gen_moves(Mover *mv, int u)
{
    Ai *ai = mv->ai;
    const VlWorld *w = W(ai);
    const VlFieldUnit *fu = vl_world_unit(w, u);
    VlUnitType type = utype(w, u);
    VlFormation form = fu->formation;
    bool mounted = w->units[u].mounted;
    VlAllowance al = vl_move_allowance(w, type, form, mounted, VL_GROUND_OPEN, 0);
    double A = mv->doubled ? VL_MOVE_DOUBLING * al.max : al.max; /* galloping or double time: twice as far (GOR-MOVE-4) */
    VlVec2 c = ucentre(w, u), slot = mv->aimed ? mv->aim : mv->routed ? mv->waypoint : ai->slot[u];
    double to_slot = vl_v2_dist(c, slot);
    double brg = bearing(c, slot), sf = ai->slot_facing[u];
    int ne;
    double dE = vl_ai_enemy_gap(w, ai->side, u, &ne);
    double ebrg = ne >= 0 ? bearing(c, ucentre(w, ne)) : sf;
    bool column_like = form == VL_FORM_COLUMN || form == VL_FORM_LIMBERED || type == VL_GENERAL;
    /* The guns' way, when it is neither the nearest enemy's nor its place's (those are tried anyway). */
    double gbrg = 0;
    bool face_guns = type != VL_GENERAL && type != VL_ARTILLERY && gun_bearing(w, u, c, &gbrg) &&
                     fabs(turn_to(gbrg, ebrg)) > 15 && fabs(turn_to(gbrg, sf)) > 15;
    VlStep s[4];
    if (type == VL_GENERAL) {
        /* Its place, or beside or behind it (out of a regiment's way). */
        static const double SPOT[5][2] = {{0, 0}, {3, 0}, {-3, 0}, {7, -4}, {-7, -4}};
        for (int k = 0; k < 5; k++) {
            VlVec2 aim = vl_v2_mad(vl_v2_mad(slot, vl_facing_right(sf), SPOT[k][0]), vl_facing_forward(sf), SPOT[k][1]);
            double dd = vl_v2_dist(fu->pose.anchor, aim);
            s[0] = step(VL_STEP_TURN, turn_to(fu->pose.facing, bearing(fu->pose.anchor, aim)), VL_PIVOT_LEFT);
            s[1] = step(VL_STEP_ADVANCE, dd < A ? dd : A - 0.05, VL_PIVOT_LEFT);
            add_move(mv, u, s, 2);
        }
        const Group *gr = ai->group_of[u] >= 0 ? &ai->groups[ai->group_of[u]] : NULL;
        steadying_moves(mv, u, gr, A);
        /* Beside the flank of each of his first regiments, level with its rear: in command of it,
         * and out of the way of its falling back, which would carry him along (GOR-FOLLOW-1). */
        for (int i = 0, done = 0; gr && i < gr->n && done < 2; i++) {
            int m = gr->units[i];
            if (!fighter(w, m) || w->units[m].routed || utype(w, m) == VL_ARTILLERY)
                continue;
            done++;
            const VlFootprint *mf = &vl_world_unit(w, m)->fp;
            for (int side = 0; side < 2; side++) {
                VlVec2 end = side ? mf->box.p[2] : mf->box.p[3];
                VlVec2 aim = vl_v2_mad(end, mf->right, side ? 2.0 : -2.0);
                double dd = vl_v2_dist(fu->pose.anchor, aim);
                s[0] = step(VL_STEP_TURN, turn_to(fu->pose.facing, bearing(fu->pose.anchor, aim)), VL_PIVOT_LEFT);
                s[1] = step(VL_STEP_ADVANCE, dd < A ? dd : A - 0.05, VL_PIVOT_LEFT);
                add_move(mv, u, s, 2);
            }
        }
        return;
    }
    if (type == VL_ARTILLERY) {
        if (form == VL_FORM_UNLIMBERED) {
            double rng = vl_artillery_max_range(fu->weapon); /* GOR-ART-3, GOR-ART-5 */
            if (ne >= 0 && dE <= rng) {
                for (int k = 0; k < 2; k++) {
                    double d = turn_to(fu->pose.facing, k ? sf : ebrg);
                    if (fabs(d) > 5) {
                        s[0] = step(VL_STEP_PIVOT, d, VL_PIVOT_CENTRE);
                        add_move(mv, u, s, 1);
                    }
                }
            }
            s[0] = form_step(VL_FORM_LIMBERED, false, bearing(c, slot));
            add_move(mv, u, s, 1);
            return;
        }
        /* Limbered: unlimber facing the enemy, or drive towards its place. */
        if (ne >= 0) {
            s[0] = form_step(VL_FORM_UNLIMBERED, false, ebrg);
            add_move(mv, u, s, 1);
            s[0] = form_step(VL_FORM_UNLIMBERED, false, sf);
            add_move(mv, u, s, 1);
        }
    }
    if (column_like) {
        /* Straight on first: a column just come on at the table edge cannot turn (its tail would
         * swing off the table). */
        s[0] = step(VL_STEP_ADVANCE, A - 0.05, VL_PIVOT_LEFT);
        add_move(mv, u, s, 1);
        const double col_heads[3] = {brg, sf, ebrg};
        turn_and_go(mv, u, 0, fmin(to_slot, A), A, col_heads);
        /* On a way round: to the waypoint, then on towards the place with what is left (a column
         * turns freely, GOR-MOVE-2). */
        if (mv->routed && !mv->aimed) {
            double leg = vl_v2_dist(c, mv->waypoint), rest = A - 0.05 - leg;
            if (leg > 1 && rest > 1) {
                s[0] = step(VL_STEP_TURN, turn_to(fu->pose.facing, brg), VL_PIVOT_LEFT);
                s[1] = step(VL_STEP_ADVANCE, leg, VL_PIVOT_LEFT);
                s[2] = step(VL_STEP_TURN, turn_to(brg, bearing(mv->waypoint, ai->slot[u])), VL_PIVOT_LEFT);
                s[3] = step(VL_STEP_ADVANCE, fmin(rest, vl_v2_dist(mv->waypoint, ai->slot[u])), VL_PIVOT_LEFT);
                add_move(mv, u, s, 4);
            }
        }
        /* Its way lies behind it and a table edge lies ahead nearer than its length. A column
         * turns about its head, so one that has marched up to a table edge, facing it, cannot
         * turn there: its tail would swing off the table. About turn first (half the allowance,
         * GOR-MOVE-3: the rear face becomes the front, where it stands), then turn towards its
         * place and go on with what is left. */
        double len = vl_v2_dist(fu->fp.box.p[0], fu->fp.box.p[3]);
        if (to_slot > 2 && fabs(turn_to(fu->pose.facing, brg)) > 90 && vl_ai_room_along(w, u, fu->fp.fwd) < len) {
            s[0] = step(VL_STEP_ABOUT, 0, VL_PIVOT_CENTRE);
            s[1] = step(VL_STEP_TURN, turn_to(fu->pose.facing + 180, brg), VL_PIVOT_LEFT);
            s[2] = step(VL_STEP_ADVANCE, fmin(0.5 * A - 0.05, to_slot), VL_PIVOT_LEFT);
            add_move(mv, u, s, 3);
        }
        if (type != VL_ARTILLERY) {
            s[0] = form_step(VL_FORM_LINE, mounted, sf);
            add_move(mv, u, s, 1);
            s[0] = form_step(VL_FORM_LINE, mounted, ebrg);
            add_move(mv, u, s, 1);
            if (face_guns) {
                s[0] = form_step(VL_FORM_LINE, mounted, gbrg);
                add_move(mv, u, s, 1);
            }
        }
        /* Within half an inch of a table edge (most often just come on there), it may not be able
         * to turn where it stands: its tail would swing off. So also straight on until the tail
         * clears the edge, then turn (GOR-MOVE-2: a column turns freely) and go on with what is
         * left, or half of it: towards its place, the way its place faces, or towards the nearest
         * enemy. */
        VlBox bb = vl_footprint_bounds(&fu->fp);
        double edge = fmin(fmin(bb.lo.x, bb.lo.y),
                           fmin(vl_battlefield_width(w->bf) - bb.hi.x, vl_battlefield_height(w->bf) - bb.hi.y));
        double rest = A - 0.05 - len - 0.5;
        if (edge < 0.5 && rest > 0.5)
            turn_and_go(mv, u, len + 0.5, fmin(rest, fmax(0.5, to_slot - len)), rest, col_heads);
        return;
    }
    if (form == VL_FORM_SQUARE) {
        s[0] = form_step(VL_FORM_LINE, false, sf);
        add_move(mv, u, s, 1);
        s[0] = form_step(VL_FORM_LINE, false, ebrg);
        add_move(mv, u, s, 1);
        return;
    }
    /* Lines and skirmish lines: wheel towards the place (or the way to face), then advance. */
    double W = vl_v2_dist(fu->fp.box.p[0], fu->fp.box.p[1]);
    double per_deg = PI / 180.0 * W;
    /* A regiment sent to an objective also tries a third and two thirds of the wheel towards it:
     * less wheel leaves more of the move to go forward, and a unit in the way may be passed. */
    double toward = turn_to(fu->pose.facing, brg);
    double heads[7] = {to_slot > 2 ? brg : sf, sf, ebrg, fu->pose.facing, fu->pose.facing + toward / 3,
                       fu->pose.facing + 2 * toward / 3};
    int nheads = (ai->holder_of[u] >= 0 || mv->aimed) && to_slot > 2 && fabs(toward) > 15 ? 6 : 4;
    if (face_guns && fabs(turn_to(gbrg, fu->pose.facing)) > 5)
        heads[nheads++] = gbrg; /* to face the guns */
    for (int k = 0; k < nheads; k++) {
        double d = turn_to(fu->pose.facing, heads[k]);
        /* Beyond 90 degrees, a line goes back (fall back) or about-turns; wheel at most that. */
        if (fabs(d) > 100)
            continue;
        double maxd = (A - 0.05) / per_deg;
        if (fabs(d) > maxd)
            d = d > 0 ? maxd : -maxd;
        double left = A - fabs(d) * per_deg - 0.05;
        int n0 = 0;
        if (fabs(d) > 3)
            s[n0++] = step(VL_STEP_WHEEL, d, d > 0 ? VL_PIVOT_RIGHT : VL_PIVOT_LEFT);
        /* Straight on: as far as the place, or the whole allowance. */
        VlVec2 f = vl_facing_forward(fu->pose.facing + d);
        double along = vl_v2_dot(vl_v2_sub(slot, c), f);
        double opts[3] = {left, along, left * 0.5};
        for (int o = 0; o < 3; o++) {
            double a = opts[o];
            if (a > left)
                a = left;
            if (a < 0.3 && n0 == 0)
                continue;
            if (o > 0 && (a <= 0.3 || fabs(a - left) < 0.5))
                continue;
            s[n0] = step(VL_STEP_ADVANCE, a > 0 ? a : 0, VL_PIVOT_LEFT);
            add_move(mv, u, s, a > 0.3 ? n0 + 1 : n0);
        }
    }
    /* Its way lies behind it: about turn (half the allowance, GOR-MOVE-3), then wheel towards it
     * and go on with what is left. */
    double back_d = turn_to(fu->pose.facing, brg);
    if (to_slot > 2 && fabs(back_d) > 100) {
        double d = turn_to(fu->pose.facing + 180, brg);
        double half = 0.5 * A - 0.05;
        double maxd = half / per_deg;
        if (fabs(d) > maxd)
            d = d > 0 ? maxd : -maxd;
        int n0 = 0;
        s[n0++] = step(VL_STEP_ABOUT, 0, VL_PIVOT_CENTRE);
        if (fabs(d) > 3)
            s[n0++] = step(VL_STEP_WHEEL, d, d > 0 ? VL_PIVOT_RIGHT : VL_PIVOT_LEFT);
        double left = half - fabs(d) * per_deg - 0.05;
        if (left > 0.3)
            s[n0++] = step(VL_STEP_ADVANCE, fmin(left, to_slot), VL_PIVOT_LEFT);
        add_move(mv, u, s, n0);
    }
    /* Drift to close a gap or find cover (GOR-MOVE-3: 50 mm a turn). */
    double lat = vl_v2_dot(vl_v2_sub(slot, c), fu->fp.right);
    if (fabs(lat) > 0.5) {
        s[0] = step(VL_STEP_DRIFT, lat > 0 ? fmin(lat, 1.96) : fmax(lat, -1.96), VL_PIVOT_LEFT);
        s[1] = step(VL_STEP_ADVANCE, fmax(0, fmin(A - 2.1, vl_v2_dot(vl_v2_sub(slot, c), fu->fp.fwd))), VL_PIVOT_LEFT);
        add_move(mv, u, s, s[1].amount > 0.3 ? 2 : 1);
    }
    /* Fall back keeping the front to the enemy (GOR-MOVE-5): the way out for the hurt or outflanked. */
    if (dE < 20) {
        s[0] = step(VL_STEP_BACK, A - 0.05, VL_PIVOT_LEFT);
        add_move(mv, u, s, 1);
        s[0] = step(VL_STEP_BACK, (A - 0.05) / 2, VL_PIVOT_LEFT);
        add_move(mv, u, s, 1);
    }
    /* Re-form: column to march far (or to face a place that lies well off to the side: a column
     * turns freely, GOR-MOVE-2), square against cavalry, line from skirmish to charge. */
    if (type == VL_INFANTRY || type == VL_CAVALRY) {
        if ((dE > 28 && to_slot > 20) ||
            ((ai->holder_of[u] >= 0 || mv->routed || mv->aimed) && to_slot > 6 && fabs(turn_to(fu->pose.facing, brg)) > 45)) {
            s[0] = form_step(VL_FORM_COLUMN, type == VL_CAVALRY, brg); /* dismounted cavalry remounts */
            add_move(mv, u, s, 1);
        }
        if (form == VL_FORM_SKIRMISH && type == VL_INFANTRY && dE < 20) {
            s[0] = form_step(VL_FORM_LINE, false, ebrg);
            add_move(mv, u, s, 1);
        }
    }
}

/* Where a verdict leaves the unit, into its candidate. */
void vl_ai_cand_take(Cand *cd, const VlMoveVerdict *v)
{
    cd->pose = v->final_pose;
    cd->formation = v->final_formation;
    cd->mounted = v->final_mounted;
    cd->passed_through = v->ninterpenetrated;
}

/* ---- The posture copies' settled orders ----
 * A node is a history of commands sent to a posture copy's game: its parent and the last command.
 * Two copies on the same node are the same game (the same start, the same dice, the same commands
 * applied by the same rules), grid and all, so vl_ai_settle() there gives the same answer to the
 * same candidate. Nodes and answers are compared whole, byte for byte: a hash only finds them. */
typedef struct MemoNode {
    uint64_t h;
    int parent;
    VlCommand c;
} MemoNode;

/* What vl_ai_settle() reads of a candidate and the node it is asked on... */
typedef struct SettleKey {
    int node;
    int probe;
    int formation;
    int mounted;
    int passed_through;
    int max_die;
    VlPose pose;
    VlCommand c;
} SettleKey;

/* ...and what it leaves in it, with its answer. */
typedef struct SettleAnswer {
    uint64_t h;
    SettleKey key;
    bool ok;
    VlMoveOrder move;
    int formation;
    bool mounted;
    int passed_through;
    int max_die;
    VlPose pose;
} SettleAnswer;

/* The fire a place draws (vl_ai_incoming_hits on the scratch world with the unit there), by the
 * node, the unit and the place. */
typedef struct HitsKey {
    int node;
    int unit;
    int stay;
    int formation;
    int mounted;
    VlPose pose;
} HitsKey;

typedef struct HitsAnswer {
    uint64_t h;
    HitsKey key;
    double hits;
} HitsAnswer;

/* The postures' phases run on several threads at once (lookahead.c), so every look-up and every
 * answer kept is made under the lock. An answer is fixed by its key, so which copy asks first, and
 * whether another asks it again meanwhile, changes nothing but the work done. */
struct SettleMemo {
    pthread_mutex_t lock;
    HitsAnswer *hits;
    int nhits, caphits;
    int *hslot;
    int hslots;
    MemoNode *nodes;
    int nnodes, capnodes;
    int *nslot; /* open addressing over the nodes, -1 empty */
    int nslots;
    SettleAnswer *ans;
    int nans, capans;
    int *aslot;
    int aslots;
};

/* At most so many answers are kept a look-ahead (about 1.3 kB each); past it, orders settle afresh. */
#define MEMO_MOST_ANSWERS 65536

static uint64_t mix_bytes(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

SettleMemo *vl_ai_settle_memo_new(void)
{
    SettleMemo *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    if (pthread_mutex_init(&m->lock, NULL) != 0) {
        free(m);
        return NULL;
    }
    m->nslots = 1024;
    m->aslots = 4096;
    m->hslots = 2048;
    m->nslot = malloc((size_t)m->nslots * sizeof *m->nslot);
    m->aslot = malloc((size_t)m->aslots * sizeof *m->aslot);
    m->hslot = malloc((size_t)m->hslots * sizeof *m->hslot);
    m->capnodes = 256;
    m->nodes = malloc((size_t)m->capnodes * sizeof *m->nodes);
    if (!m->nslot || !m->aslot || !m->hslot || !m->nodes) {
        vl_ai_settle_memo_free(m);
        return NULL;
    }
    memset(m->nslot, -1, (size_t)m->nslots * sizeof *m->nslot);
    memset(m->aslot, -1, (size_t)m->aslots * sizeof *m->aslot);
    memset(m->hslot, -1, (size_t)m->hslots * sizeof *m->hslot);
    m->nodes[0] = (MemoNode){.h = 0, .parent = -1};
    m->nnodes = 1;
    return m;
}

void vl_ai_settle_memo_free(SettleMemo *m)
{
    if (!m)
        return;
    pthread_mutex_destroy(&m->lock);
    free(m->nodes);
    free(m->nslot);
    free(m->ans);
    free(m->aslot);
    free(m->hits);
    free(m->hslot);
    free(m);
}

/* Double an open-addressed index of @p nitems items (each @p size bytes, its hash at @p hoff). */
static bool rehash(int **slot, int *nslots, int nitems, const void *items, size_t size, size_t hoff)
{
    int ns = *nslots * 2;
    int *t = malloc((size_t)ns * sizeof *t);
    if (!t)
        return false;
    memset(t, -1, (size_t)ns * sizeof *t);
    for (int i = 0; i < nitems; i++) {
        uint64_t h;
        memcpy(&h, (const char *)items + (size_t)i * size + hoff, sizeof h);
        size_t k = (size_t)h & (size_t)(ns - 1);
        while (t[k] >= 0)
            k = (k + 1) & (size_t)(ns - 1);
        t[k] = i;
    }
    free(*slot);
    *slot = t;
    *nslots = ns;
    return true;
}

/* Room for one more item in a table of the memo, of @p n items of @p size bytes: its capacity
 * doubled when full, and its index (@p slot, the hashes at @p hoff) doubled past half full. Returns
 * the table, moved or not; *room is false when there is none (MEMO_MOST_ANSWERS kept, or no
 * memory), and nothing is to be added. */
static void *table_room(void *items, int n, int *cap, size_t size, int **slot, int *nslots, size_t hoff, bool *room)
{
    *room = false;
    if (n >= MEMO_MOST_ANSWERS)
        return items;
    if (n == *cap) {
        int grown_cap = *cap ? 2 * *cap : 1024;
        void *grown = realloc(items, (size_t)grown_cap * size);
        if (!grown)
            return items;
        items = grown;
        *cap = grown_cap;
    }
    *room = 2 * (n + 1) <= *nslots || rehash(slot, nslots, n, items, size, hoff);
    return items;
}

/* Index item @p id, of hash @p h, in the first free slot from its own. */
static void slot_put(int *slot, int nslots, uint64_t h, int id)
{
    size_t i = (size_t)h & (size_t)(nslots - 1);
    while (slot[i] >= 0)
        i = (i + 1) & (size_t)(nslots - 1);
    slot[i] = id;
}

static int memo_after(SettleMemo *m, int node, const VlCommand *c);

int vl_ai_settle_memo_after(SettleMemo *m, int node, const VlCommand *c)
{
    pthread_mutex_lock(&m->lock);
    int id = memo_after(m, node, c);
    pthread_mutex_unlock(&m->lock);
    return id;
}

static int memo_after(SettleMemo *m, int node, const VlCommand *c)
{
    if (node < 0 || node >= m->nnodes)
        return -1;
    uint64_t h = mix_bytes(mix_bytes(0xcbf29ce484222325ull, &node, sizeof node), c, sizeof *c);
    size_t k = (size_t)h & (size_t)(m->nslots - 1);
    for (; m->nslot[k] >= 0; k = (k + 1) & (size_t)(m->nslots - 1)) {
        const MemoNode *e = &m->nodes[m->nslot[k]];
        if (e->h == h && e->parent == node && memcmp(&e->c, c, sizeof *c) == 0)
            return m->nslot[k];
    }
    if (m->nnodes == m->capnodes) {
        MemoNode *grown = realloc(m->nodes, (size_t)m->capnodes * 2 * sizeof *grown);
        if (!grown)
            return -1;
        m->nodes = grown;
        m->capnodes *= 2;
    }
    int id = m->nnodes++;
    m->nodes[id] = (MemoNode){.h = h, .parent = node};
    memcpy(&m->nodes[id].c, c, sizeof *c);
    m->nslot[k] = id;
    if (2 * m->nnodes > m->nslots && !rehash(&m->nslot, &m->nslots, m->nnodes, m->nodes, sizeof *m->nodes,
                                             offsetof(MemoNode, h)))
        return -1;
    return id;
}

static void settle_key(SettleKey *k, const Mover *mv, const Cand *cd)
{
    memset(k, 0, sizeof *k);
    k->node = mv->ai->snode;
    k->probe = mv->probe;
    k->formation = (int)cd->formation;
    k->mounted = cd->mounted;
    k->passed_through = cd->passed_through;
    k->max_die = cd->max_die;
    memcpy(&k->pose, &cd->pose, sizeof k->pose);
    memcpy(&k->c, &cd->c, sizeof k->c);
}

/* The answer kept for @p k (its hash @p h), or NULL. */
static const SettleAnswer *memo_find(const SettleMemo *m, const SettleKey *k, uint64_t h)
{
    for (size_t i = (size_t)h & (size_t)(m->aslots - 1); m->aslot[i] >= 0; i = (i + 1) & (size_t)(m->aslots - 1)) {
        const SettleAnswer *a = &m->ans[m->aslot[i]];
        if (a->h == h && memcmp(&a->key, k, sizeof *k) == 0)
            return a;
    }
    return NULL;
}

static void memo_keep(SettleMemo *m, const SettleKey *k, uint64_t h, bool ok, const Cand *cd)
{
    bool room;
    m->ans = table_room(m->ans, m->nans, &m->capans, sizeof *m->ans, &m->aslot, &m->aslots, offsetof(SettleAnswer, h), &room);
    if (!room)
        return;
    SettleAnswer *a = &m->ans[m->nans];
    a->h = h;
    a->key = *k;
    a->ok = ok;
    a->move = cd->c.move;
    a->formation = (int)cd->formation;
    a->mounted = cd->mounted;
    a->passed_through = cd->passed_through;
    a->max_die = cd->max_die;
    a->pose = cd->pose;
    slot_put(m->aslot, m->aslots, h, m->nans++);
}

static bool settle_fresh(Mover *mv, Cand *cd);

/* The fire kept for @p k (its hash @p h), into @p hits; false when none is. */
static bool hits_find(const SettleMemo *m, const HitsKey *k, uint64_t h, double *hits)
{
    for (size_t i = (size_t)h & (size_t)(m->hslots - 1); m->hslot[i] >= 0; i = (i + 1) & (size_t)(m->hslots - 1)) {
        const HitsAnswer *a = &m->hits[m->hslot[i]];
        if (a->h == h && memcmp(&a->key, k, sizeof *k) == 0) {
            *hits = a->hits;
            return true;
        }
    }
    return false;
}

static void hits_keep(SettleMemo *m, const HitsKey *k, uint64_t h, double hits)
{
    bool room;
    m->hits = table_room(m->hits, m->nhits, &m->caphits, sizeof *m->hits, &m->hslot, &m->hslots, offsetof(HitsAnswer, h), &room);
    if (!room)
        return;
    HitsAnswer *a = &m->hits[m->nhits];
    a->h = h;
    a->key = *k;
    a->hits = hits;
    slot_put(m->hslot, m->hslots, h, m->nhits++);
}

/* The scratch world a place is scored on is a fresh clone of the copy's world for each unit (its
 * grid rebuilt in the units' order), with the unit moved to the place and back for each candidate:
 * a move takes the unit out of its cells and puts it last in the new ones, so every candidate finds
 * the cells as the first did. What the place is scored on is therefore fixed by the node, the unit
 * and the place (or its standing still, scored first on the clone as made). */
double vl_ai_memo_incoming_hits(Mover *mv, int u, const Cand *cd)
{
    SettleMemo *m = mv->ai->smemo;
    if (!m || mv->ai->snode < 0)
        return vl_ai_incoming_hits(mv->scratch, u);
    HitsKey k;
    memset(&k, 0, sizeof k);
    k.node = mv->ai->snode;
    k.unit = u;
    k.stay = cd->stay;
    if (!cd->stay) {
        k.formation = (int)cd->formation;
        k.mounted = cd->mounted;
        memcpy(&k.pose, &cd->pose, sizeof k.pose);
    }
    uint64_t h = mix_bytes(0xcbf29ce484222325ull, &k, sizeof k);
    double hits;
    pthread_mutex_lock(&m->lock);
    bool found = hits_find(m, &k, h, &hits);
    pthread_mutex_unlock(&m->lock);
    if (found) {
#ifdef VL_AI_MEMO_VERIFY
        double fresh = vl_ai_incoming_hits(mv->scratch, u);
        if (memcmp(&fresh, &hits, sizeof fresh) != 0) {
            fprintf(stderr, "incoming hits memo: answer differs from a fresh one (unit %d)\n", u);
            abort();
        }
#endif
        return hits;
    }
    hits = vl_ai_incoming_hits(mv->scratch, u);
    double kept;
    pthread_mutex_lock(&m->lock);
    if (!hits_find(m, &k, h, &kept)) /* another copy may have kept it meanwhile */
        hits_keep(m, &k, h, hits);
    pthread_mutex_unlock(&m->lock);
    return hits;
}

/* Check a candidate against the resolver; shorten a last advance that the ground makes too long.
 * Fills the pose it leads to. False when it is not a legal order. On a posture copy the answer is
 * taken from the look-ahead's memo when a copy on the same history was asked it already. */
bool vl_ai_settle(Mover *mv, Cand *cd)
{
    SettleMemo *m = mv->ai->smemo;
    if (!m || mv->ai->snode < 0)
        return settle_fresh(mv, cd);
    SettleKey k;
    settle_key(&k, mv, cd);
    uint64_t h = mix_bytes(0xcbf29ce484222325ull, &k, sizeof k);
    SettleAnswer ans;
    pthread_mutex_lock(&m->lock);
    const SettleAnswer *found = memo_find(m, &k, h);
    if (found)
        ans = *found; /* copied: another thread may grow the answers once the lock is let go */
    pthread_mutex_unlock(&m->lock);
    if (found) {
        const SettleAnswer *a = &ans;
#ifdef VL_AI_MEMO_VERIFY
        Cand fresh = *cd;
        bool fok = settle_fresh(mv, &fresh);
        if (fok != a->ok || memcmp(&fresh.c.move, &a->move, sizeof a->move) != 0 || fresh.max_die != a->max_die ||
            (int)fresh.formation != a->formation || fresh.mounted != a->mounted ||
            fresh.passed_through != a->passed_through || memcmp(&fresh.pose, &a->pose, sizeof a->pose) != 0) {
            fprintf(stderr, "settle memo: answer differs from a fresh one (unit %d)\n", cd->c.unit);
            abort();
        }
#endif
        cd->c.move = a->move;
        cd->formation = (VlFormation)a->formation;
        cd->mounted = a->mounted;
        cd->passed_through = a->passed_through;
        cd->max_die = a->max_die;
        cd->pose = a->pose;
        return a->ok;
    }
    bool ok = settle_fresh(mv, cd);
    pthread_mutex_lock(&m->lock);
    if (!memo_find(m, &k, h)) /* another copy may have kept it meanwhile */
        memo_keep(m, &k, h, ok, cd);
    pthread_mutex_unlock(&m->lock);
    return ok;
}

#ifdef VL_AI_MEMO_VERIFY
/* The temporary build's check: a verdict kept is the one the resolver gives afresh. */
static void verify_verdict(const VlWorld *w, const VlMoveOrder *o, const VlMoveVerdict *kept)
{
    VlMoveVerdict f;
    vl_resolve_move(w, o, &f);
    if (f.legal != kept->legal || f.depends_on_die != kept->depends_on_die || f.max_die != kept->max_die ||
        memcmp(&f.cost, &kept->cost, sizeof f.cost) != 0 || memcmp(&f.allowance, &kept->allowance, sizeof f.allowance) != 0 ||
        memcmp(&f.final_pose, &kept->final_pose, sizeof f.final_pose) != 0 || f.final_formation != kept->final_formation ||
        f.final_mounted != kept->final_mounted || f.steps_done != kept->steps_done ||
        f.ninterpenetrated != kept->ninterpenetrated || f.occupied != kept->occupied || f.extra_hits != kept->extra_hits ||
        f.why.n != kept->why.n) {
        fprintf(stderr, "settle: a kept verdict differs from a fresh one (unit %d)\n", o->unit);
        abort();
    }
}
#endif

static bool settle_fresh(Mover *mv, Cand *cd)
{
    const VlWorld *w = W(mv->ai);
    VlMoveVerdict v;
    /* Cavalry in rough loses 1D6 in (GOR-MOVE-1): no longer than the best roll allows. The order
     * leaves the die to the game, which cuts a last straight step short on a worse roll (D-MOVE-7);
     * move_unit judges it over all six rolls. */
    VlMoveOrder o = cd->c.move;
    o.rough_die = 1;
    bool as_now = false; /* v is the verdict on o as it stands */
    for (int tries = 0; tries < 3; tries++) {
        vl_resolve_move(w, &o, &v);
        as_now = true;
        if (v.legal)
            break;
        VlStep *last = &o.steps[o.nsteps - 1];
        double over = v.cost - v.allowance.max;
        if (!(over > 0) || (last->kind != VL_STEP_ADVANCE && last->kind != VL_STEP_BACK) || last->amount <= over + 0.3)
            break;
        last->amount -= over + 0.1;
        as_now = false;
    }
    cd->c.move = o;
    cd->c.move.rough_die = 0;
    /* The die enters a move's verdict only through the allowance of cavalry in rough, which then
     * says so (die_loss; GOR-MOVE-1): without it the verdict with no die is the one just given for
     * the die 1, and is not asked again. */
    bool given = as_now && !v.allowance.die_loss;
    bool fresh = false; /* v is the verdict on cd->c.move as it stands */
#ifdef VL_AI_MEMO_VERIFY
    bool refused_early = false;
#endif
    for (int tries = 0; tries < 5; tries++) {
        if (!(tries == 0 && given))
            vl_resolve_move(w, &cd->c.move, &v);
#ifdef VL_AI_MEMO_VERIFY
        else
            verify_verdict(w, &cd->c.move, &v);
#endif
        fresh = true;
        if (v.legal || v.depends_on_die)
            break;
        VlStep *last = &cd->c.move.steps[cd->c.move.nsteps - 1];
        if (last->kind != VL_STEP_ADVANCE && last->kind != VL_STEP_BACK)
            return false;
        /* Refused before its last step (a wheel into an enemy, say), or ended before it (a turn
         * through a friend ends the move there, GOR-MOVE-7): no other length of the last step gives
         * a legal order carried out to its end, and the shortening and halving below would find
         * none. (The amount is checked so that the last step was not itself refused for it.) */
        bool hopeless = v.refused_early || (v.steps_done < cd->c.move.nsteps && isfinite(last->amount) && last->amount >= 0);
#ifdef VL_AI_MEMO_VERIFY
        refused_early |= hopeless; /* the temporary build goes on, to check that nothing is found */
#else
        if (hopeless)
            return false;
#endif
        double over = v.cost - v.allowance.max;
        if (over > 0 && last->amount > over + 0.3) {
            last->amount -= over + 0.1;
            fresh = false;
            continue;
        }
        /* Something in the way (an enemy, a friend it would end on, the table edge): go as far as
         * the way allows, found by halving the interval (to 1/64 of the step). The verdict at the
         * farthest legal length is kept, not asked again. */
        double lo = 0, hi = last->amount;
        VlMoveVerdict at_lo;
        for (int k = 0; k < 6; k++) {
            last->amount = 0.5 * (lo + hi);
            vl_resolve_move(w, &cd->c.move, &v);
            if (v.legal || v.depends_on_die) {
                lo = last->amount;
                at_lo = v;
            } else {
                hi = last->amount;
            }
        }
        if (lo < 0.3)
            return false;
        last->amount = lo;
        v = at_lo;
#ifdef VL_AI_MEMO_VERIFY
        verify_verdict(w, &cd->c.move, &v);
#endif
        break;
    }
    cd->max_die = v.depends_on_die ? v.max_die : 6;
    if (!(v.legal || v.depends_on_die) || v.steps_done < cd->c.move.nsteps)
        return false;
#ifdef VL_AI_MEMO_VERIFY
    if (!mv->probe && vl_game_check_move(mv->ai->g, &cd->c, fresh ? &v : NULL, NULL) != vl_game_check(mv->ai->g, &cd->c, NULL)) {
        fprintf(stderr, "settle: the check with the verdict given differs\n");
        abort();
    }
#endif
    if (!mv->probe && !vl_game_check_move(mv->ai->g, &cd->c, fresh ? &v : NULL, NULL))
        return false;
#ifdef VL_AI_MEMO_VERIFY
    if (refused_early) {
        fprintf(stderr, "settle: an order refused before its last step was made legal by shortening it\n");
        abort();
    }
#endif
    vl_ai_cand_take(cd, &v);
    return true;
}

/* Does an order already kept leave the unit as @p cd does (the same place, facing, formation and
 * die to roll)? Several ways of asking for a move often settle on the same one; each kept
 * candidate should be a different choice, or the level's budget is spent on copies. */
bool vl_ai_same_as_kept(const Cand *kept, int n, const Cand *cd)
{
    for (int i = 0; i < n; i++)
        if (vl_v2_dist(kept[i].pose.anchor, cd->pose.anchor) < 0.05 &&
            fabs(turn_to(kept[i].pose.facing, cd->pose.facing)) < 0.5 && kept[i].formation == cd->formation &&
            kept[i].mounted == cd->mounted && kept[i].max_die == cd->max_die)
            return true;
    return false;
}

/* Generate orders that make for @p aim (galloping or at double time when @p doubled) and keep up to
 * @p most legal ones that lead somewhere no kept order does, after the @p keep kept. Returns the new
 * number kept. */
int vl_ai_extra_orders(Mover *mv, int u, int keep, VlVec2 aim, bool doubled, int most)
{
    Cand *cs = mv->cands;
    mv->ncands = keep;
    mv->doubled = doubled;
    mv->aimed = true;
    mv->aim = aim;
    vl_ai_gen_moves(mv, u);
    mv->doubled = mv->aimed = false;
    for (int i = keep, extra = 0; i < mv->ncands && extra < most; i++)
        if (vl_ai_settle(mv, &cs[i]) && !vl_ai_same_as_kept(cs, keep, &cs[i])) {
            cs[keep++] = cs[i];
            extra++;
        }
    return keep;
}

/* Whether order @p mo drawn by vl_ai_sampled_orders (legs of a turn or wheel and an advance) surely
 * ends farther from objective @p o than its radius, so that settling it could only lead to its being
 * dropped. Settling cuts short only the last advance, and a step before it that cannot be carried
 * out leaves the order illegal (GOR-MOVE-7 ends a move that passes through a friend). Every place
 * the order can end is therefore the unit's footprint somewhere along that last advance, inside the
 * hull of the footprints at its start and at its full length. The steps before it are followed as
 * the move resolver follows them (a column or general turns about its head; a line wheels about the
 * end its pivot names, GOR-MOVE-2), and a margin covers any rounding between the two. */
static bool surely_off(const VlFieldUnit *fu, const VlMoveOrder *mo, const VlObjective *o)
{
    if (mo->nsteps < 1 || mo->steps[mo->nsteps - 1].kind != VL_STEP_ADVANCE)
        return false;
    VlPose p = fu->pose;
    VlFootprint fp = fu->fp;
    for (int i = 0; i + 1 < mo->nsteps; i++) {
        const VlStep *st = &mo->steps[i];
        if (st->kind == VL_STEP_ADVANCE) {
            p.anchor = vl_v2_mad(p.anchor, fp.fwd, st->amount);
        } else if (st->kind == VL_STEP_TURN) {
            p.facing += st->amount;
        } else if (st->kind == VL_STEP_WHEEL && st->pivot != VL_PIVOT_CENTRE) {
            p.anchor = vl_rotate_about(p.anchor, st->pivot == VL_PIVOT_LEFT ? fp.box.p[0] : fp.box.p[1], st->amount);
            p.facing += st->amount;
        } else {
            return false;
        }
        vl_footprint_build(&fp, p, fu->formation, fu->spec);
    }
    VlVec2 pts[8], hull[9];
    for (int k = 0; k < 4; k++) {
        pts[k] = fp.box.p[k];
        pts[4 + k] = vl_v2_mad(fp.box.p[k], fp.fwd, mo->steps[mo->nsteps - 1].amount);
    }
    int nh = vl_convex_hull(pts, 8, hull);
    return nh >= 3 && vl_convex_distance(hull, nh, &o->position, 1) > o->radius + 0.05;
}

/* The last movement phase: the objectives as they then stand decide the game (D-GAME-8), and the
 * way onto one may need a path the generated orders do not try (round a unit, wheel then wheel
 * back). Draw orders at random, one or two legs of a turn or wheel and an advance, half of them
 * heading roughly for the objective, plainly or doubled (GOR-MOVE-4), and keep up to EXTRA_CANDS
 * legal ones per objective that end within its radius, those that need no lucky die first (cavalry
 * in rough, GOR-MOVE-1). Only objectives not ours alone, within reach. Returns the new number kept. */
int vl_ai_sampled_orders(Mover *mv, int u, int keep)
{
    Ai *ai = mv->ai;
    const VlWorld *w = W(ai);
    const VlScenario *sc = w->scenario;
    const VlFieldUnit *fu = vl_world_unit(w, u);
    VlFormation form = fu->formation;
    if (utype(w, u) == VL_GENERAL || (utype(w, u) == VL_ARTILLERY && form == VL_FORM_UNLIMBERED) || form == VL_FORM_SQUARE)
        return keep;
    bool dbl_ok = vl_ai_may_double(w, u);
    double A = vl_ai_march(w, u);
    bool column_like = form == VL_FORM_COLUMN || form == VL_FORM_LIMBERED;
    for (int i = 0; i < sc->nobjectives; i++) {
        const VlObjective *o = &sc->objectives[i];
        double gap = vl_footprint_distance_to_convex(&fu->fp, &o->position, 1) - o->radius;
        if (gap <= 0 || gap > (dbl_ok ? 2 : 1) * A + 1 || (vl_ai_holds(w, ai->side, o) && !vl_ai_holds(w, 1 - ai->side, o)))
            continue;
        Cand found[EXTRA_CANDS];
        int nf = 0;
        for (int k = 0; k < ai->L->last_samples && keep < mv->cap; k++) {
            Cand cd;
            memset(&cd, 0, sizeof cd);
            cd.c = vl_ai_blank(VL_CMD_MOVE, u);
            cd.c.move.gallop = dbl_ok && mounted_cav(w, u) && vl_rng_below(ai->rng, 2);
            cd.c.move.double_time = dbl_ok && !mounted_cav(w, u) && vl_rng_below(ai->rng, 2);
            double reach = (cd.c.move.gallop || cd.c.move.double_time ? 2 : 1) * A;
            int legs = 1 + (int)vl_rng_below(ai->rng, 2), n = 0;
            double facing = fu->pose.facing;
            for (int l = 0; l < legs; l++) {
                double to = l == 0 && vl_rng_below(ai->rng, 2) ? bearing(ucentre(w, u), o->position) + uniform(ai->rng, -45, 45)
                                                                 : facing + uniform(ai->rng, -100, 100);
                /* A line wheels only part of the way: its outer end's arc is paid out of the move. */
                double d = turn_to(facing, to);
                if (column_like)
                    cd.c.move.steps[n++] = step(VL_STEP_TURN, d, VL_PIVOT_LEFT);
                else
                    cd.c.move.steps[n++] = step(VL_STEP_WHEEL, 0.6 * d, d > 0 ? VL_PIVOT_RIGHT : VL_PIVOT_LEFT);
                facing += column_like ? d : 0.6 * d;
                cd.c.move.steps[n++] = step(VL_STEP_ADVANCE, uniform(ai->rng, 0.5, reach), VL_PIVOT_LEFT);
            }
            cd.c.move.nsteps = n;
            /* An order that cannot end on the objective however it settles is dropped unsettled. */
            bool off = surely_off(fu, &cd.c.move, o);
#ifndef VL_AI_MEMO_VERIFY
            if (off)
                continue;
#endif
            /* As far as the legs' turns and wheels and whatever stands in the way allow. */
            if (!vl_ai_settle(mv, &cd))
                continue;
            VlFootprint at;
            vl_footprint_build(&at, cd.pose, cd.formation, fu->spec);
            bool on = vl_ai_on_objective(&at, o);
#ifdef VL_AI_MEMO_VERIFY
            if (off && on) {
                fprintf(stderr, "sampled orders: an order judged surely off the objective ends on it (unit %d)\n", u);
                abort();
            }
#endif
            if (!on || vl_ai_same_as_kept(mv->cands, keep, &cd) || vl_ai_same_as_kept(found, nf, &cd))
                continue;
            if (nf < EXTRA_CANDS) {
                found[nf++] = cd;
            } else {
                int worst = 0;
                for (int j = 1; j < nf; j++)
                    worst = found[j].max_die < found[worst].max_die ? j : worst;
                if (cd.max_die > found[worst].max_die)
                    found[worst] = cd;
            }
        }
        for (int j = 0; j < nf && keep < mv->cap; j++)
            mv->cands[keep++] = found[j];
    }
    return keep;
}
