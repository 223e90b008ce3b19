/* Private to the charge files of src/rules: the charge path and its search (charge_path.c), the
 * verdict's common parts (charge.c), one resolver per rule system (charge_gor.c, charge_jr3.c,
 * charge_gunson.c) and the support test threats.c shares with Good Old Rebel. */
#ifndef VOLLEY_CHARGE_INTERNAL_H
#define VOLLEY_CHARGE_INTERNAL_H

#include "rules_internal.h"

#define VL_CHARGE_PI 3.14159265358979323846
#define VL_CHARGE_FAR 500.0 /* longer than any table: the run's search length */

static inline const char *uid(const VlWorld *w, int u) { return vl_unit_label(w->scenario, u); }

/* One candidate path and what it meets. */
typedef struct Path {
    VlPreKind kind;
    double amount, pre_cost;
    Motion pre;        /* the opening motion */
    VlPose start, after_pre;
    VlVec2 dir;        /* straight run direction */
    double run;
    bool reaches;      /* contact with the target, path clear */
    int blocker_unit, blocker_feature;
    bool off_table;
    Met met_pre, met_run;
} Path;

/* A candidate opening with its cost to contact against the target alone (no clearance yet). */
typedef struct Cand {
    VlPreKind kind;
    double amount, cost;
    /* For a wheel: the straight run to contact and the facing's forward vector after the opening, as
     * the cost was worked out (the struck-face forecast of the search uses them again). */
    bool has_run;
    double run;
    VlVec2 fwd;
    /* Not worked out (cost left at infinity): its cost is at least bound, more than the search needs
     * to know exactly (charge_path.c, cand_lazy). */
    bool deferred;
    double bound;
} Cand;

/* What vl_charge_search_gor found: the cheapest clear path in reach, and what explains a refusal. */
typedef struct Search {
    Path best;
    bool found;
    Path first_clear; /* the cheapest clear path, within reach or not (to explain a refusal) */
    bool any_clear;
    Cand cheapest;    /* the cheapest opening of all, clear or not (to explain a refusal) */
    bool any;
    Path face_best[4];
    bool face_found[4];
} Search;

/* The centre of a footprint's box: where JR III and Gunson aim a charge (JR3-CHG-3, GUN-CHG-2). */
static inline VlVec2 vl_charge_box_centre(const VlFootprint *fp)
{
    return vl_v2_lerp(fp->box.p[0], fp->box.p[2], 0.5);
}

/* ---- the path and its search (charge_path.c) ---- */

/* Evaluate a path: opening (kind, amount), then straight ahead (dir NULL) or along *dir. */
void vl_charge_eval_path(const VlWorld *w, int u, int t, VlPreKind kind, double amount, const VlVec2 *dir, Path *p);
/* The target's face the charger touches at contact (GOR-THREAT-1, GOR-CC-3; D-CHG-3 at a corner). */
VlFace vl_charge_struck_face(const VlFootprint *ch, const VlFootprint *tg, VlVec2 dir);
/* Footprint of unit u at pose p (its own formation). */
void vl_charge_footprint_at(const VlWorld *w, int u, VlPose p, VlFootprint *fp);
/* Pose after travelling s inches along the path. */
VlPose vl_charge_pose_along(const Path *p, double s);
/* The unit vector of a charge straight at the target's centre (JR3-CHG-3, GUN-CHG-2); the charger's
 * front when it stands on that centre. */
VlVec2 vl_charge_line_at(const VlFieldUnit *fu, const VlFieldUnit *tu);
/* The ground of a path: rough when the opening or the run crosses rough (road ignored: D-CHG-4).
 * rough receives the features (room for 16). */
VlGround vl_charge_path_ground(const VlWorld *w, const Path *p, int *rough, int *nrough);
/* The longest charge move of u over ground g (GOR-CHG-2); cavalry in rough at its best roll. */
double vl_charge_reach_over(const VlWorld *w, int u, VlGround g);
/* The cheapest clear Good Old Rebel path within @p limit inches (GOR-CHG-4). With a face mask
 * (bit f for face f, GOR-THREAT-1) the cheapest path striking each wanted face instead: only
 * face_found and face_best of those faces are to be relied on; the search stops when all are found. */
void vl_charge_search_gor(const VlWorld *w, int u, int t, double limit, unsigned want_faces, Search *sr);

/* ---- common to every verdict (charge.c) ---- */

/* GOR-CHG-1 eligibility; JR III and Gunson share the type and state checks. */
bool vl_charge_eligible(const VlWorld *w, const VlChargeOrder *o, VlChargeVerdict *out);
/* The verdict's path, distance and contact pose from a path. */
void vl_charge_fill_path(const VlWorld *w, const Path *p, VlChargeVerdict *out);

/* ---- one resolver per rule system, after the common checks ---- */

void vl_charge_resolve_gor(const VlWorld *w, const VlChargeOrder *o, VlChargeVerdict *out);
void vl_charge_resolve_jr3(const VlWorld *w, const VlChargeOrder *o, VlChargeVerdict *out);
void vl_charge_resolve_gunson(const VlWorld *w, const VlChargeOrder *o, VlChargeVerdict *out);

/* GOR-CHG-5 supports and GOR-SUPP-1 rear support (charge_gor.c; threats.c uses it too): back at least
 * partly directly behind front, within @p within inches. */
bool vl_charge_directly_behind(const VlFootprint *front, const VlFootprint *back, double within);
/* What keeps friend @p back from supporting @p front (GOR-CHG-5 and GOR-SUPP-1 alike): another
 * brigade, or either out of its brigade commander's radius (8 in); VL_SUPPORT_OK when nothing. */
typedef enum VlSupportBar {
    VL_SUPPORT_OK,
    VL_SUPPORT_OTHER_BRIGADE,
    VL_SUPPORT_FRONT_OUT,
    VL_SUPPORT_BACK_OUT
} VlSupportBar;
VlSupportBar vl_charge_support_bar(const VlWorld *w, int front, int back);

#endif
