/* Charges: the public entry and what every rule system's verdict shares.
 *
 * vl_resolve_charge() checks the two units, judges eligibility (GOR-CHG-1, GOR-CAV-1, GOR-ROUT-1,
 * GOR-FORM-2, GOR-FORM-3; for JR III and Gunson the shared type and state checks with JR3-CHG-2,
 * JR3-CHG-4 and GUN-CHG-1) and hands the order to its system: Good Old Rebel (charge_gor.c), JR III
 * (charge_jr3.c) or Gunson (charge_gunson.c). Here too: the path a verdict records and the pose
 * along it (vl_charge_pose_at). The path search the systems share is in charge_path.c, the
 * threatened flanks and rear support in threats.c. */
#include "charge_internal.h"

#include <math.h>
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
                      "%s: only infantry and mounted cavalry charge", uid(w, u));
        ok = false;
    }
    if (st->routed) {
        vl_reason_add(&out->why, "GOR-ROUT-1", false, NAN, u, -1, "%s is routed", uid(w, u));
        ok = false;
    }
    if (o->rules == VL_RULES_GOR) {
        if (fu->formation != VL_FORM_LINE) {
            vl_reason_add(&out->why, fu->formation == VL_FORM_SKIRMISH ? "GOR-FORM-2" : fu->formation == VL_FORM_COLUMN ? "GOR-FORM-3" : "GOR-CHG-1",
                          false, NAN, u, -1, "%s is in %s: only units in line charge", uid(w, u),
                          vl_formation_name(fu->formation));
            ok = false;
        }
        if (!o->ignore_turn_flags && st->fired) {
            vl_reason_add(&out->why, "GOR-CHG-1", false, NAN, u, -1, "%s has fired this turn", uid(w, u));
            ok = false;
        }
        if (!o->ignore_turn_flags && st->charged_last_turn) {
            vl_reason_add(&out->why, "GOR-CHG-1", false, NAN, u, -1, "%s charged last turn: no charges on consecutive turns",
                          uid(w, u));
            ok = false;
        }
    } else if (fu->formation == VL_FORM_SKIRMISH || fu->formation == VL_FORM_SQUARE) {
        vl_reason_add(&out->why, o->rules == VL_RULES_JR3 ? "JR3-CHG-4" : "GUN-CHG-1", false, NAN, u, -1,
                      "%s is in %s and cannot lead a charge", uid(w, u), vl_formation_name(fu->formation));
        ok = false;
    }
    if (o->rules == VL_RULES_JR3 && !st->routed && st->hits >= 2) {
        /* JR3-CHG-4: a point unit must be in good morale; 2 HITs or more is shaken (D-JR3-3). */
        vl_reason_add(&out->why, "JR3-CHG-4", false, NAN, u, -1, "%s is shaken (%d HITs, D-JR3-3) and cannot charge", uid(w, u),
                      st->hits);
        ok = false;
    }
    if (ok)
        vl_reason_add(&out->why, o->rules == VL_RULES_GOR ? "GOR-CHG-1" : o->rules == VL_RULES_JR3 ? "JR3-CHG-2" : "GUN-CHG-1",
                      true, NAN, u, -1, "%s may charge", uid(w, u));
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
