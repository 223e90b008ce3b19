/* Charges: Good Old Rebel (GOR-CHG-1..5, GOR-THREAT-1), JR III (JR3-CHG-1..5) and Gunson
 * (GUN-CHG-1, GUN-CHG-2, GUN-IMP-1, GUN-CAV-1, GUN-FLANK-1). The path search they share is in
 * charge_path.c; a system whose resolver has its own file (charge_gor.c, ...) is resolved there. */
#include "charge_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

const char *vl_pre_kind_name(VlPreKind k)
{
    static const char *const names[] = {"none", "drift", "wheel-left", "wheel-right"};
    return (unsigned)k < 4 ? names[k] : "?";
}

/* GOR-CHG-1 eligibility; JR III and Gunson share the type and state checks. */
bool vl_charge_eligible(const VlWorld *w, const VlChargeOrder *o, VlChargeVerdict *out)
{
    int u = o->unit;
    const VlScenarioUnit *su = &w->scenario->units[u];
    const VlUnitState *st = &w->units[u];
    const VlFieldUnit *fu = vl_world_unit(w, u);
    bool ok = true;
    if (su->type != VL_INFANTRY && !(su->type == VL_CAVALRY && st->mounted)) {
        vl_reason_add(&out->why, su->type == VL_CAVALRY ? "GOR-CAV-1" : "GOR-CHG-1", false, NAN, u, -1,
                      "%s: only infantry and mounted cavalry charge", su->id);
        ok = false;
    }
    if (st->routed) {
        vl_reason_add(&out->why, "GOR-ROUT-1", false, NAN, u, -1, "%s is routed", su->id);
        ok = false;
    }
    if (o->rules == VL_RULES_GOR) {
        if (fu->formation != VL_FORM_LINE) {
            vl_reason_add(&out->why, fu->formation == VL_FORM_SKIRMISH ? "GOR-FORM-2" : fu->formation == VL_FORM_COLUMN ? "GOR-FORM-3" : "GOR-CHG-1",
                          false, NAN, u, -1, "%s is in %s: only units in line charge", su->id,
                          vl_formation_name(fu->formation));
            ok = false;
        }
        if (!o->ignore_turn_flags && st->fired) {
            vl_reason_add(&out->why, "GOR-CHG-1", false, NAN, u, -1, "%s has fired this turn", su->id);
            ok = false;
        }
        if (!o->ignore_turn_flags && st->charged_last_turn) {
            vl_reason_add(&out->why, "GOR-CHG-1", false, NAN, u, -1, "%s charged last turn: no charges on consecutive turns",
                          su->id);
            ok = false;
        }
    } else if (fu->formation == VL_FORM_SKIRMISH || fu->formation == VL_FORM_SQUARE) {
        vl_reason_add(&out->why, o->rules == VL_RULES_JR3 ? "JR3-CHG-4" : "GUN-CHG-1", false, NAN, u, -1,
                      "%s is in %s and cannot lead a charge", su->id, vl_formation_name(fu->formation));
        ok = false;
    }
    if (ok)
        vl_reason_add(&out->why, o->rules == VL_RULES_GOR ? "GOR-CHG-1" : o->rules == VL_RULES_JR3 ? "JR3-CHG-2" : "GUN-CHG-1",
                      true, NAN, u, -1, "%s may charge", su->id);
    return ok;
}

void vl_charge_fill_path(const VlWorld *w, const Path *p, VlChargeVerdict *out)
{
    out->pre_kind = p->kind;
    out->pre_amount = p->amount;
    out->pre_cost = p->pre_cost;
    out->distance = p->pre_cost + p->run;
    out->contact_pose = vl_charge_pose_along(p, out->distance);
    out->npath = 0;
    out->path[out->npath++] = p->start;
    if (p->pre.turn) {
        int k = (int)ceil(fabs(p->pre.deg) / 15);
        for (int j = 1; j <= k && out->npath < VL_MAX_PATH - 1; j++)
            out->path[out->npath++] = vl_charge_pose_along(p, p->pre_cost * j / k);
    } else if (p->pre_cost > 0) {
        out->path[out->npath++] = p->after_pre;
    }
    out->path[out->npath++] = out->contact_pose;
    (void)w;
}

void vl_resolve_charge(const VlWorld *w, const VlChargeOrder *o, VlChargeVerdict *out)
{
    memset(out, 0, sizeof *out);
    out->rules = o->rules;
    out->unit = o->unit;
    out->target = o->target;
    out->blocker_unit = out->blocker_feature = -1;
    int u = o->unit, t = o->target;
    if (u < 0 || u >= w->nunits || t < 0 || t >= w->nunits || !vl_world_present(w, u) || !vl_world_present(w, t)) {
        vl_reason_add(&out->why, "GOR-CHG-1", false, NAN, -1, -1, "no such unit on the table");
        return;
    }
    if (!vl_world_enemies(w, u, t)) {
        vl_reason_add(&out->why, "GOR-CHG-1", false, NAN, t, -1, "%s is a friend", uid(w, t));
        return;
    }
    out->eligible = vl_charge_eligible(w, o, out);
    switch (o->rules) {
    case VL_RULES_JR3: vl_charge_resolve_jr3(w, o, out); break;
    case VL_RULES_GUNSON: vl_charge_resolve_gunson(w, o, out); break;
    default: vl_charge_resolve_gor(w, o, out); break;
    }
    /* The die only decides a charge nothing else forbids (see vl_resolve_move). */
    if (!out->eligible || !out->reachable || vl_reasons_refuse(&out->why))
        out->depends_on_die = false;
    out->legal = out->eligible && out->reachable && !out->depends_on_die && !vl_reasons_refuse(&out->why);
}

/* ---- judgements ---- */

void vl_threatened_faces(const VlWorld *w, int u, int threat[4], VlReasons *why)
{
    for (int f = 0; f < 4; f++)
        threat[f] = -1;
    const VlFootprint *fp = &vl_world_unit(w, u)->fp;
    if (fp->square)
        return; /* a square has no flanks or rear */
    /* Faces a friend touches are not open (D-THREAT-2). */
    bool open[4] = {true, true, true, true};
    for (int j = 0; j < w->nunits; j++) {
        if (j == u || !vl_world_present(w, j) || vl_world_enemies(w, u, j) || w->scenario->units[j].type == VL_GENERAL)
            continue;
        for (int f = 1; f < 4; f++) {
            VlVec2 seg[2];
            vl_footprint_face(fp, (VlFace)f, &seg[0], &seg[1]);
            if (vl_footprint_distance_to_convex(&vl_world_unit(w, j)->fp, seg, 2) == 0)
                open[f] = false;
        }
    }
    for (int e = 0; e < w->nunits; e++) {
        if (!vl_world_present(w, e) || !vl_world_enemies(w, u, e))
            continue;
        /* No point of a charger travels farther than its path's length, opening included, so an enemy
         * farther than its charge move from every open face cannot strike one. */
        const VlFootprint *ef = &vl_world_unit(w, e)->fp;
        const VlScenarioUnit *se0 = &w->scenario->units[e];
        double reach = vl_charge_reach_over(w, e, VL_GROUND_OPEN);
        if (se0->type == VL_GENERAL || se0->type == VL_ARTILLERY || vl_footprint_distance(ef, fp) > reach)
            continue;
        bool near_open = false;
        for (int f = 1; f < 4 && !near_open; f++) {
            VlVec2 seg[2];
            vl_footprint_face(fp, (VlFace)f, &seg[0], &seg[1]);
            near_open = open[f] && vl_footprint_distance_to_convex(ef, seg, 2) <= reach;
        }
        if (!near_open)
            continue;
        VlChargeOrder o = {e, u, VL_RULES_GOR, true, VL_PRE_NONE, 0, 1, true};
        VlChargeVerdict probe;
        memset(&probe, 0, sizeof probe);
        if (!vl_charge_eligible(w, &o, &probe))
            continue;
        const VlScenarioUnit *sen = &w->scenario->units[e];
        VlAllowance best_case = vl_move_allowance(w, sen->type, vl_world_unit(w, e)->formation, w->units[e].mounted,
                                                  VL_GROUND_OPEN, 0);
        Search sr;
        vl_charge_search_gor(w, e, u, best_case.max + VL_CHARGE_BONUS, true, &sr);
        for (int f = 1; f < 4; f++) {
            if (!sr.face_found[f] || !open[f] || threat[f] >= 0)
                continue;
            const Path *p = &sr.face_best[f];
            int rough[16], nrough;
            VlGround g = vl_charge_path_ground(w, p, rough, &nrough);
            const VlScenarioUnit *se = &w->scenario->units[e];
            /* Best case for cavalry in rough: a roll of 1 (the enemy "could" reach). */
            VlAllowance al = vl_move_allowance(w, se->type, vl_world_unit(w, e)->formation, w->units[e].mounted, g, 1);
            double over_ground = al.max + VL_CHARGE_BONUS;
            double dist = p->pre_cost + p->run;
            if (dist <= over_ground + 1e-9) {
                threat[f] = e;
                if (why)
                    vl_reason_add(why, "GOR-THREAT-1", true, dist, e, -1,
                                  "%s threatens the %s of %s: a legal charge of %.2f in (charge move %.2f in) strikes it",
                                  se->id, vl_face_name((VlFace)f), uid(w, u), dist, over_ground);
            }
        }
    }
}

int vl_rear_supports(const VlWorld *w, int u, int *out, int max, VlReasons *why)
{
    int n = 0;
    const VlFootprint *fp = &vl_world_unit(w, u)->fp;
    double du;
    bool u_in = vl_world_in_command(w, u, &du);
    for (int j = 0; j < w->nunits; j++) {
        if (j == u || !vl_world_present(w, j) || vl_world_enemies(w, u, j) || w->units[j].routed)
            continue;
        const VlFieldUnit *fj = vl_world_unit(w, j);
        const VlScenarioUnit *sj = &w->scenario->units[j];
        if (sj->type == VL_GENERAL || sj->type == VL_ARTILLERY || !vl_charge_directly_behind(fp, &fj->fp, 5.0))
            continue;
        if (fj->formation == VL_FORM_COLUMN) {
            if (why)
                vl_reason_add(why, "GOR-FORM-3", true, NAN, j, -1, "%s is behind but in column: columns give no support", sj->id);
            continue;
        }
        double dj;
        bool j_in = vl_world_in_command(w, j, &dj);
        if (!vl_world_same_brigade(w, u, j) || !u_in || !j_in) {
            if (why)
                vl_reason_add(why, "GOR-SUPP-1", true, NAN, j, -1,
                              "%s is partly directly behind within 5 in but does not support: %s", sj->id,
                              !vl_world_same_brigade(w, u, j) ? "another brigade"
                              : !u_in ? "the front unit is out of command radius (8 in)"
                                      : "it is out of command radius (8 in)");
            continue;
        }
        if (n < max)
            out[n++] = j;
        if (why)
            vl_reason_add(why, "GOR-SUPP-1", true, NAN, j, -1,
                          "%s supports from the rear: same brigade, both in command, partly directly behind within 5 in",
                          sj->id);
    }
    return n;
}

VlPose vl_charge_pose_at(const VlWorld *w, const VlChargeVerdict *v, double s)
{
    if (v->npath < 2)
        return v->npath ? v->path[0] : vl_world_unit(w, v->unit)->pose;
    VlPose start = v->path[0];
    VlPose end = v->contact_pose;
    if (s <= 0)
        return start;
    if (s >= v->distance)
        s = v->distance;
    const VlFieldUnit *fu = vl_world_unit(w, v->unit);
    VlFootprint fp;
    vl_footprint_build(&fp, start, fu->formation, fu->spec);
    VlPose after = start;
    if (v->pre_kind == VL_PRE_DRIFT) {
        after.anchor = vl_v2_mad(start.anchor, fp.right, v->pre_amount);
    } else if (v->pre_kind == VL_PRE_WHEEL_LEFT || v->pre_kind == VL_PRE_WHEEL_RIGHT) {
        VlVec2 c = v->pre_kind == VL_PRE_WHEEL_LEFT ? fp.box.p[0] : fp.box.p[1];
        after.anchor = vl_rotate_about(start.anchor, c, v->pre_amount);
        after.facing = start.facing + v->pre_amount;
    }
    if (s < v->pre_cost && v->pre_cost > 0) {
        double frac = s / v->pre_cost;
        if (v->pre_kind == VL_PRE_DRIFT)
            return (VlPose){vl_v2_mad(start.anchor, fp.right, v->pre_amount * frac), start.facing};
        VlVec2 c = v->pre_kind == VL_PRE_WHEEL_LEFT ? fp.box.p[0] : fp.box.p[1];
        return (VlPose){vl_rotate_about(start.anchor, c, v->pre_amount * frac), start.facing + v->pre_amount * frac};
    }
    /* The straight run: from the end of the opening towards the contact pose. */
    double run = v->distance - v->pre_cost;
    if (run <= 0)
        return end;
    return (VlPose){vl_v2_lerp(after.anchor, end.anchor, (s - v->pre_cost) / run), end.facing};
}
