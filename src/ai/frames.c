/* Brigades: their groups, goals and frames. Each brigade gets a goal (an objective, a badly hurt
 * enemy, else the nearest enemy brigade) and a frame: where the middle of its front line should
 * stand this turn and which way it faces; its regiments then take places in two lines, the guns on
 * the flanks, the shaken behind, the commander between the lines. */
#include "commander_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* p moved, if need be, to lie at least `margin` inches inside every table edge. */
static VlVec2 keep_on_table(const VlWorld *w, VlVec2 p, double margin)
{
    p.x = fmin(fmax(p.x, margin), vl_battlefield_width(w->bf) - margin);
    p.y = fmin(fmax(p.y, margin), vl_battlefield_height(w->bf) - margin);
    return p;
}

/* Half the diagonal of a footprint's box: every block lies within it of the box's middle. */
static double reach_of(const VlFootprint *fp) { return 0.5 * vl_v2_dist(fp->box.p[0], fp->box.p[2]); }

double vl_ai_enemy_gap(const VlWorld *w, int side, int u, int *nearest)
{
    double best = INFINITY;
    if (nearest)
        *nearest = -1;
    const VlFootprint *fu = &vl_world_unit(w, u)->fp;
    VlVec2 cu = centre_of(fu);
    double ru = reach_of(fu);
    for (int e = 0; e < w->nunits; e++) {
        if (!fighter(w, e) || vl_world_side(w, e) == side || w->units[e].routed)
            continue;
        /* No two footprints are nearer than their boxes' middles less the two half diagonals: an
         * enemy farther than that beyond the nearest so far (by more than rounding could make of
         * it) is not the nearest, and its distance is not asked. */
        const VlFootprint *fe = &vl_world_unit(w, e)->fp;
        if (vl_v2_dist(cu, centre_of(fe)) - ru - reach_of(fe) > best + 1e-6) {
#ifdef VL_AI_MARK_VERIFY
            if (!(udist(w, u, e) > best)) {
                fprintf(stderr, "enemy gap: a unit passed over is nearer\n");
                abort();
            }
#endif
            continue;
        }
        double d = udist(w, u, e);
        if (d < best) {
            best = d;
            if (nearest)
                *nearest = e;
        }
    }
    return best;
}

int vl_ai_cmp_ranked(const void *a, const void *b)
{
    const Ranked *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return x->u - y->u;
}

/* The frames' routes (a regiment in line, 10 in a move, 5 in rough, 3 in either side), one per
 * goal: brigades making for the same place share its search, whose answers are the same however far
 * it has gone (route.h). */
typedef struct FrameRoutes {
    int n;
    VlVec2 goal[8];
    VlAiRoute r[8];
    VlAiRoute spare; /* when all eight are taken: built for one brigade, then freed */
} FrameRoutes;

/* The route to @p goal, kept in @p fr (NULL when out of memory). */
static VlAiRoute *frame_route(FrameRoutes *fr, const VlAiGround *g, VlVec2 goal)
{
    for (int i = 0; i < fr->n; i++)
        if (fr->goal[i].x == goal.x && fr->goal[i].y == goal.y)
            return &fr->r[i];
    VlAiRoute *r = fr->n < 8 ? &fr->r[fr->n] : &fr->spare;
    if (!vl_ai_route_build(r, g, goal, 0, 10, 5, 3))
        return NULL;
    if (fr->n < 8)
        fr->goal[fr->n++] = goal;
    return r;
}

void vl_ai_build_groups(Ai *ai)
{
    const VlWorld *w = W(ai);
    const VlScenario *s = w->scenario;
    int n = ai->n;
    FrameRoutes fr = {.n = 0};
    ai->ngroups = 0;
    for (int u = 0; u < n; u++)
        ai->group_of[u] = -1;
    /* Group the side's units by brigade (attachments included); independents alone. */
    for (int u = 0; u < n; u++) {
        if (!fighter(w, u) || vl_world_side(w, u) != ai->side)
            continue;
        int gi = -1;
        for (int k = 0; k < ai->ngroups && gi < 0; k++)
            if (vl_world_same_brigade(w, u, ai->groups[k].units[0]))
                gi = k;
        if (gi < 0) {
            if (ai->ngroups == (int)(sizeof ai->groups / sizeof ai->groups[0]))
                continue;
            gi = ai->ngroups++;
            memset(&ai->groups[gi], 0, sizeof ai->groups[gi]);
            ai->groups[gi].general = vl_world_commander(w, u);
        }
        Group *gr = &ai->groups[gi];
        if (gr->n < 48) {
            gr->units[gr->n++] = u;
            ai->group_of[u] = gi;
        }
    }
    for (int k = 0; k < ai->ngroups; k++)
        if (ai->groups[k].general >= 0)
            ai->group_of[ai->groups[k].general] = k;
    for (int u = 0; u < n; u++) {
        if (!fighter(w, u) || vl_world_side(w, u) != ai->side)
            continue;
        ai->shaken[u] = w->units[u].hits >= 3 && !w->units[u].routed;
    }
    /* Objectives: how much each is wanted. Who holds each is asked once: nothing here moves anyone. */
    int no = s->nobjectives;
    double want[64];
    int taken[64] = {0};
    bool held_ours[64], held_theirs[64];
    int ours_best = -1; /* the most valuable objective the side alone holds */
    for (int i = 0; i < no && i < 64; i++) {
        const VlObjective *o = &s->objectives[i];
        held_ours[i] = vl_ai_holds(w, ai->side, o);
        held_theirs[i] = vl_ai_holds(w, 1 - ai->side, o);
        bool ours = held_ours[i], theirs = held_theirs[i];
        want[i] = o->points * (ours && !theirs ? VL_AI_WEIGHTS.objective.want_ours
                               : theirs          ? VL_AI_WEIGHTS.objective.want_theirs
                                                 : VL_AI_WEIGHTS.objective.want_open);
        if (ours && !theirs && (ours_best < 0 || o->points > s->objectives[ours_best].points))
            ours_best = i;
    }
    /* A holder for each objective within reach, the most valuable first: the regiment already on it,
     * else the nearest fresh one, never more than a third of the side. The brigades then make for
     * the objectives left, or for the enemy. */
    int fresh = 0, nhold = 0;
    for (int u = 0; u < n; u++) {
        ai->holder_of[u] = -1;
        ai->hold_p[u] = 0;
        fresh += fighter(w, u) && vl_world_side(w, u) == ai->side && !w->units[u].routed && !ai->shaken[u] &&
                 utype(w, u) != VL_ARTILLERY;
    }
    /* Small forces hold with up to half their regiments, larger ones with a third; in the last four
     * turns, whoever can get there: the objectives as they stand at the end decide the game. */
    bool last_turns = ai->turns_left <= 3;
    int max_hold = last_turns ? fresh + 2 : fresh <= 3 ? (fresh + 2) / 2 : fresh / 3;
    if (max_hold < 1)
        max_hold = 1;
    bool done[64] = {false};
    /* First those already standing on an objective (at the end of the game every holder is chosen
     * below, by the points it adds: pick_end_holder). */
    for (int i = 0; i < no && i < 64 && !last_turns; i++) {
        const VlObjective *o = &s->objectives[i];
        int best = -1;
        for (int u = 0; u < n; u++)
            if (fighter(w, u) && vl_world_side(w, u) == ai->side && !w->units[u].routed && ai->holder_of[u] < 0 &&
                utype(w, u) != VL_ARTILLERY &&
                vl_ai_on_objective(&vl_world_unit(w, u)->fp, o) &&
                (best < 0 || w->units[u].hits < w->units[best].hits))
                best = u;
        if (best >= 0) {
            ai->holder_of[best] = i;
            taken[i] += 2;
            done[i] = true;
            nhold++;
        }
    }
    for (int round = 0; round < no && round < 64; round++) {
        int i = -1;
        for (int k = 0; k < no && k < 64; k++)
            if (!done[k] && (i < 0 || s->objectives[k].points > s->objectives[i].points))
                i = k;
        if (i < 0 || nhold >= max_hold)
            break;
        done[i] = true;
        const VlObjective *o = &s->objectives[i];
        /* Held by the enemy: a brigade's goal to attack, not a walk; but at the end of the game a
         * unit within its radius denies the enemy its points (vl_game_points), so one goes there. */
        if (held_theirs[i] && !last_turns)
            continue;
        double miss = 1, p = 1;
        int best = last_turns ? vl_ai_pick_end_holder(ai, o, miss, &p) : vl_ai_pick_holder(ai, o);
        if (best < 0)
            continue;
        ai->holder_of[best] = i;
        ai->hold_p[best] = last_turns ? p : 0;
        taken[i] += 2;
        nhold++;
        /* In the last two turns, while those sent may well not get there (units in the way may yet
         * stop them, a retreat test send them back), one more goes, up to three, if it adds more
         * than it gives up; the guns too, if they can (they limber now and drive on next turn). */
        miss *= 1 - p;
        for (int more = 0; more < 2 && ai->turns_left <= 1 && miss > 0.2; more++) {
            int next = vl_ai_pick_end_holder(ai, o, miss, &p);
            if (next < 0)
                break;
            ai->holder_of[next] = i;
            ai->hold_p[next] = p;
            nhold++;
            miss *= 1 - p;
        }
    }
    /* Ahead on the points as they stand (vl_game_points), the side has its lead to lose: every
     * brigade gathers on the most valuable objective its side alone holds, facing the way it goes,
     * and leaves the enemy to come to it rather than closing on the nearest. */
    int keep = vl_game_points(ai->g, ai->side) > vl_game_points(ai->g, 1 - ai->side) ? ours_best : -1;
    for (int k = 0; k < ai->ngroups; k++) {
        Group *gr = &ai->groups[k];
        VlVec2 c = {0, 0};
        int m = 0;
        double dE = INFINITY;
        int nearE = -1;
        double fsum_x = 0, fsum_y = 0;
        /* The frame follows the regiments free to manoeuvre: not holding an objective, not shaken,
         * not guns (unless there is nothing else). */
        for (int pass = 0; pass < 2 && m == 0; pass++)
            for (int i = 0; i < gr->n; i++) {
                int u = gr->units[i];
                if (pass == 0 && (ai->shaken[u] || w->units[u].routed || ai->holder_of[u] >= 0 || utype(w, u) == VL_ARTILLERY))
                    continue;
                int e;
                double d = vl_ai_enemy_gap(w, ai->side, u, &e);
                if (d < dE) {
                    dE = d;
                    nearE = e;
                }
                VlVec2 f = vl_facing_forward(vl_world_unit(w, u)->pose.facing);
                fsum_x += f.x;
                fsum_y += f.y;
                c = vl_v2_add(c, ucentre(w, u));
                m++;
            }
        c = vl_v2_scale(c, 1.0 / (m ? m : 1));
        double cur_facing = bearing((VlVec2){0, 0}, (VlVec2){fsum_x, fsum_y});
        /* The goal: the most wanted objective for the distance, shared out among brigades. */
        int best = -1;
        bool objective = false;
        double bscore = 0;
        for (int i = 0; i < no && i < 64; i++) {
            double d = vl_v2_dist(c, s->objectives[i].position);
            double sc = want[i] / (1.0 + d / 20.0) / (1.0 + taken[i]);
            if (sc > bscore) {
                bscore = sc;
                best = i;
            }
        }
        if (keep >= 0) {
            best = keep;
            nearE = -1;
        }
        /* A badly hurt enemy close by: only close combat routs it (GOR-CC-4), and a rout is a point. */
        int prey = -1;
        for (int e = 0; e < n; e++)
            if (fighter(w, e) && vl_world_side(w, e) != ai->side && !w->units[e].routed && w->units[e].hits >= 4 &&
                vl_v2_dist(c, ucentre(w, e)) < 22 &&
                (prey < 0 || w->units[e].hits - 0.2 * vl_v2_dist(c, ucentre(w, e)) >
                                 w->units[prey].hits - 0.2 * vl_v2_dist(c, ucentre(w, prey))))
                prey = e;
        if (prey >= 0) {
            gr->goal = ucentre(w, prey);
            nearE = prey;
            dE = fmin(dE, vl_v2_dist(c, gr->goal));
            snprintf(gr->what, sizeof gr->what, "finish off %s (%d HITs)", uid(w, prey), w->units[prey].hits);
        } else if (best >= 0 && !(held_ours[best] && !held_theirs[best] && nearE >= 0 && dE < 14)) {
            taken[best]++;
            objective = true;
            gr->goal = s->objectives[best].position;
            snprintf(gr->what, sizeof gr->what, "%s %.60s (%d point%s)", held_ours[best] ? "hold" : "take",
                     s->objectives[best].name, s->objectives[best].points, s->objectives[best].points == 1 ? "" : "s");
        } else if (nearE >= 0) {
            /* No objective worth it: the nearest enemy brigade's middle. */
            VlVec2 ec = {0, 0};
            int me = 0;
            for (int e = 0; e < n; e++)
                if (fighter(w, e) && !w->units[e].routed && vl_world_enemies(w, gr->units[0], e) &&
                    (e == nearE || vl_world_same_brigade(w, e, nearE))) {
                    ec = vl_v2_add(ec, ucentre(w, e));
                    me++;
                }
            gr->goal = vl_v2_scale(ec, 1.0 / me);
            snprintf(gr->what, sizeof gr->what, "attack %s's brigade", uid(w, nearE));
        } else {
            gr->goal = c;
            snprintf(gr->what, sizeof gr->what, "hold");
        }
        /* Face the enemy once it is near, else the goal. */
        double to_goal = vl_v2_dist(c, gr->goal);
        gr->facing = to_goal > 1 ? bearing(c, gr->goal) : cur_facing;
        if (nearE >= 0 && dE < 30)
            gr->facing = bearing(c, ucentre(w, nearE));
        VlVec2 fwd = vl_facing_forward(gr->facing);
        double to_enemy = nearE >= 0 ? vl_v2_dist(c, ucentre(w, nearE)) : INFINITY;
        VlVec2 dir = to_goal > 1e-9 ? vl_v2_scale(vl_v2_sub(gr->goal, c), 1.0 / to_goal) : fwd;
        /* Is the nearest enemy squarely in the way to the goal? */
        bool in_way = nearE >= 0 && to_enemy < to_goal + 4 &&
                      vl_v2_dot(dir, vl_v2_scale(vl_v2_sub(ucentre(w, nearE), c), 1.0 / fmax(to_enemy, 1e-9))) > 0.7;
        double standoff = ai->posture->standoff >= 0 ? ai->posture->standoff : ai->L->standoff;
        if (ai->posture->hold) {
            gr->front = c;
        } else if (nearE >= 0 && dE < 20 && (!objective || in_way)) {
            /* Engaged: close to the stand-off distance, at most a move. */
            double step = dE - standoff;
            step = step < -4 ? -4 : step > 8 ? 8 : step;
            gr->front = vl_v2_mad(c, fwd, step);
        } else {
            double step = to_goal < 10 ? to_goal : 10;
            if (nearE >= 0 && standoff > 6 && dE - standoff < step)
                step = fmax(0, dE - standoff);
            gr->front = vl_v2_mad(c, dir, step);
            /* On the march, the frame follows the way round what lies across the straight line. */
            if (ai->ground.cls && step > 2 && vl_ai_ground_obstructed(&ai->ground, c, gr->goal)) {
                VlAiRoute *r = frame_route(&fr, &ai->ground, gr->goal);
                if (r) {
                    double straight = vl_ai_route_straight_cost(&ai->ground, c, gr->goal, 10, 5, 3);
                    double round = vl_ai_route_cost(r, c);
                    if (isfinite(round) && (!isfinite(straight) || round < straight - fmax(3, 0.15 * straight)))
                        gr->front = vl_ai_route_waypoint(r, &ai->ground, c, step);
                    if (r == &fr.spare)
                        vl_ai_route_free(r);
                }
            }
        }
        /* Keep the frame on the table. */
        gr->front = keep_on_table(w, gr->front, 4);
    }
    for (int i = 0; i < fr.n; i++)
        vl_ai_route_free(&fr.r[i]);
}

/* Places in the frame: two lines of regiments, guns on the flanks, the shaken behind, the commander
 * between the lines, where 8 in reaches both. Nobody stands within 5 in directly behind a regiment
 * of the first line: there it would give rear support (GOR-SUPP-1), but be pushed back with it, with
 * 1 HIT, each time it falls back (GOR-FOLLOW-1), which under fire is far more often; a commander is
 * carried along, off the table if it comes to that. (Distances from the front face, inches.) */
#define SECOND_LINE 11.2

#define COMMANDER_BACK 7.9

/* The least distance from a table edge to the middle of a shaken unit's place (inches). */
#define SLOT_MARGIN 4.0

void vl_ai_assign_slots(Ai *ai)
{
    const VlWorld *w = W(ai);
    for (int k = 0; k < ai->ngroups; k++) {
        Group *gr = &ai->groups[k];
        VlVec2 fwd = vl_facing_forward(gr->facing), right = vl_facing_right(gr->facing);
        Ranked line[48], guns[48], hurt[48];
        int nl = 0, ng = 0, nh = 0;
        for (int i = 0; i < gr->n; i++) {
            int u = gr->units[i];
            VlVec2 rel = vl_v2_sub(ucentre(w, u), gr->front);
            if (ai->holder_of[u] >= 0) {
                /* On its objective: stay there facing the nearest enemy; else make for it. */
                const VlObjective *o = &w->scenario->objectives[ai->holder_of[u]];
                bool on = vl_ai_on_objective(&vl_world_unit(w, u)->fp, o);
                int ne;
                vl_ai_enemy_gap(w, ai->side, u, &ne);
                ai->slot[u] = on ? ucentre(w, u) : o->position;
                ai->slot_facing[u] = ne >= 0 ? bearing(on ? ucentre(w, u) : o->position, ucentre(w, ne)) : gr->facing;
                continue;
            }
            if (utype(w, u) == VL_ARTILLERY)
                guns[ng++] = (Ranked){u, vl_v2_dot(rel, right)};
            else if (ai->shaken[u] || w->units[u].routed)
                hurt[nh++] = (Ranked){u, vl_v2_dot(rel, right)};
            else
                line[nl++] = (Ranked){u, -vl_v2_dot(rel, fwd)}; /* most forward first */
        }
        qsort(line, (size_t)nl, sizeof line[0], vl_ai_cmp_ranked);
        int nfront = (nl + 1) / 2;
        if (nl <= 2)
            nfront = nl;
        double spacing = 8.4;
        /* Front line, then second line, each from left to right. */
        for (int row = 0; row < 2; row++) {
            int lo = row ? nfront : 0, hi = row ? nl : nfront;
            Ranked r[48];
            int m = 0;
            for (int i = lo; i < hi; i++)
                r[m++] = (Ranked){line[i].u, vl_v2_dot(vl_v2_sub(ucentre(w, line[i].u), gr->front), right)};
            qsort(r, (size_t)m, sizeof r[0], vl_ai_cmp_ranked);
            for (int i = 0; i < m; i++) {
                /* The second line lies behind the middle regiments of the first. A brigade spread
                 * wider than its frame closes up a third of the way each turn. */
                double x = (i - (m - 1) / 2.0) * spacing;
                if (fabs(r[i].key) > fabs(x) + 4 && (r[i].key > 0) == (x >= 0))
                    x += (r[i].key - x) * 0.67;
                VlVec2 p = vl_v2_mad(gr->front, right, x);
                p = vl_v2_mad(p, fwd, row ? -SECOND_LINE : -1.0);
                ai->slot[r[i].u] = p;
                ai->slot_facing[r[i].u] = gr->facing;
            }
        }
        qsort(guns, (size_t)ng, sizeof guns[0], vl_ai_cmp_ranked);
        double half = (nfront > 0 ? nfront : 1) * spacing / 2;
        for (int i = 0; i < ng; i++) {
            double x = (i % 2 ? -1 : 1) * (half + 3.0 + 3.5 * (i / 2));
            ai->slot[guns[i].u] = vl_v2_mad(vl_v2_mad(gr->front, right, x), fwd, -2.5);
            ai->slot_facing[guns[i].u] = gr->facing;
        }
        qsort(hurt, (size_t)nh, sizeof hurt[0], vl_ai_cmp_ranked);
        for (int i = 0; i < nh; i++) {
            /* 14 in behind the front can lie beyond the table edge when the brigade stands
             * near its own edge: the hurt unit would march up to the edge and stand against it,
             * where its first failed retreat test takes it off the table (GOR-RETR-1). Its place
             * keeps its middle SLOT_MARGIN inside the table. (Only the shaken's places: keeping
             * the second line's and the guns' on the table too cost hard about 9 points against
             * easy on the brigade action, docs/ai-results.md.) */
            VlVec2 p = vl_v2_mad(vl_v2_mad(gr->front, right, (i - (nh - 1) / 2.0) * spacing), fwd, -14);
            ai->slot[hurt[i].u] = keep_on_table(w, p, SLOT_MARGIN);
            ai->slot_facing[hurt[i].u] = gr->facing;
        }
        if (gr->general >= 0) {
            ai->slot[gr->general] = vl_v2_mad(gr->front, fwd, -COMMANDER_BACK);
            ai->slot_facing[gr->general] = gr->facing;
        }
    }
}

void vl_ai_record_goals(Ai *ai)
{
    VlAiPlan *p = ai->plan;
    if (!p)
        return;
    p->ngoals = 0;
    for (int k = 0; k < ai->ngroups && p->ngoals < VL_AI_MAX_GOALS; k++) {
        const Group *gr = &ai->groups[k];
        VlAiGoal *gl = &p->goals[p->ngoals++];
        gl->general = gr->general;
        gl->lead = gr->units[0];
        gl->point = gr->goal;
        gl->front = gr->front;
        gl->facing = gr->facing;
        snprintf(gl->what, sizeof gl->what, "%s", gr->what);
    }
}
