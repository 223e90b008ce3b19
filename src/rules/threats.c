/* The threat judgement and rear support: which of a unit's faces an enemy could strike with a legal
 * Good Old Rebel charge this instant (GOR-THREAT-1, D-THREAT-2), and which friends support it from
 * the rear (GOR-SUPP-1, GOR-FORM-3). */
#include "charge_internal.h"

#include <math.h>
#include <string.h>

void vl_threatened_faces(const VlWorld *w, int u, int threat[4], VlReasons *why)
{
    for (int f = 0; f < 4; f++)
        threat[f] = -1;
    const VlFootprint *fp = &vl_world_unit(w, u)->fp;
    if (fp->square)
        return; /* a square has no flanks or rear */
    /* Faces a friend touches are not open (D-THREAT-2). */
    bool open[4] = {true, true, true, true};
    /* Bounding boxes more than this apart hold footprints that neither touch (within VL_EPS) nor come
     * within a distance d of each other (with d less than the gap): the exact tests below are skipped
     * for them, and give the same answers. */
    const double margin = 1e-6;
    VlBox ub = vl_world_unit(w, u)->bounds;
    for (int j = 0; j < w->nunits; j++) {
        if (j == u || !vl_world_present(w, j) || vl_world_enemies(w, u, j) || w->scenario->units[j].type == VL_GENERAL ||
            !vl_box_overlap(ub, vl_world_unit(w, j)->bounds, margin))
            continue;
        for (int f = 1; f < 4; f++) {
            VlVec2 seg[2];
            vl_footprint_face(fp, (VlFace)f, &seg[0], &seg[1]);
            if (vl_footprint_distance_to_convex(&vl_world_unit(w, j)->fp, seg, 2) == 0)
                open[f] = false;
        }
    }
    /* The faces still to judge: open and not yet found threatened. An enemy can only add a threat to
     * one of these (the first threat found on a face is the one kept), so the search stops when none
     * is left and an enemy is searched only when one of these is in its reach. */
    int left = open[1] + open[2] + open[3];
    for (int e = 0; e < w->nunits && left > 0; e++) {
        if (!vl_world_present(w, e) || !vl_world_enemies(w, u, e))
            continue;
        /* No point of a charger travels farther than its path's length, opening included, so an enemy
         * farther than its charge move from every open face cannot strike one. */
        const VlFootprint *ef = &vl_world_unit(w, e)->fp;
        const VlScenarioUnit *se0 = &w->scenario->units[e];
        double reach = vl_charge_reach_over(w, e, VL_GROUND_OPEN);
        if (se0->type == VL_GENERAL || se0->type == VL_ARTILLERY ||
            !vl_box_overlap(ub, vl_world_unit(w, e)->bounds, reach + margin) || vl_footprint_distance(ef, fp) > reach)
            continue;
        bool near_open = false;
        for (int f = 1; f < 4 && !near_open; f++) {
            VlVec2 seg[2];
            vl_footprint_face(fp, (VlFace)f, &seg[0], &seg[1]);
            near_open = open[f] && threat[f] < 0 && vl_footprint_distance_to_convex(ef, seg, 2) <= reach;
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
        /* Only the faces still to judge are asked for (never the front): the search stops when it has
         * a path for each, and the faces kept below are the same (GOR-THREAT-1). */
        unsigned want = 0;
        for (int f = 1; f < 4; f++)
            want |= open[f] && threat[f] < 0 ? 1u << f : 0u;
        Search sr;
        vl_charge_search_gor(w, e, u, best_case.max + VL_CHARGE_BONUS, want, &sr);
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
                left--;
                if (why)
                    vl_reason_add(why, "GOR-THREAT-1", true, dist, e, -1,
                                  "%s threatens the %s of %s: a legal charge of %.2f in (charge move %.2f in) strikes it",
                                  uid(w, e), vl_face_name((VlFace)f), uid(w, u), dist, over_ground);
            }
        }
    }
}

int vl_rear_supports(const VlWorld *w, int u, int *out, int max, VlReasons *why)
{
    int n = 0;
    const VlFootprint *fp = &vl_world_unit(w, u)->fp;
    for (int j = 0; j < w->nunits; j++) {
        if (j == u || !vl_world_present(w, j) || vl_world_enemies(w, u, j) || w->units[j].routed)
            continue;
        const VlFieldUnit *fj = vl_world_unit(w, j);
        const VlScenarioUnit *sj = &w->scenario->units[j];
        if (sj->type == VL_GENERAL || sj->type == VL_ARTILLERY || !vl_charge_directly_behind(fp, &fj->fp, 5.0))
            continue;
        if (fj->formation == VL_FORM_COLUMN) {
            if (why)
                vl_reason_add(why, "GOR-FORM-3", true, NAN, j, -1, "%s is behind but in column: columns give no support", uid(w, j));
            continue;
        }
        VlSupportBar bar = vl_charge_support_bar(w, u, j);
        if (bar != VL_SUPPORT_OK) {
            if (why)
                vl_reason_add(why, "GOR-SUPP-1", true, NAN, j, -1,
                              "%s is partly directly behind within 5 in but does not support: %s", uid(w, j),
                              bar == VL_SUPPORT_OTHER_BRIGADE ? "another brigade"
                              : bar == VL_SUPPORT_FRONT_OUT ? "the front unit is out of command radius (8 in)"
                                                            : "it is out of command radius (8 in)");
            continue;
        }
        if (n < max)
            out[n++] = j;
        if (why)
            vl_reason_add(why, "GOR-SUPP-1", true, NAN, j, -1,
                          "%s supports from the rear: same brigade, both in command, partly directly behind within 5 in",
                          uid(w, j));
    }
    return n;
}
