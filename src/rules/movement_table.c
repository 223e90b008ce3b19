/* GOR-MOVE-1, the Movement Table of Good Old Rebel, as data. Inches per general movement phase.
 *
 *                          open   rough        road
 *   limbered artillery      10    -5           +5
 *   infantry line           10    -5           (no change)
 *   infantry skirmish line  10    10           (no change)
 *   infantry column         15    -5           +5
 *   cavalry line            10    -1D6         (no change)
 *   cavalry column          15    -1D6         +5
 *   brigade commander       15    15           15
 *   unlimbered artillery    cannot move; it may pivot for the whole move (GOR-MOVE-3)
 *
 * Squares are not in the table: Volley holds that a square does not move, but may re-form or
 * about-turn (docs/rules-decisions.md D-MOVE-3). Dismounted cavalry moves as a skirmish line
 * (GOR-CAV-1). */
#include "volley/rules.h"

typedef struct Row {
    double open, rough_change, road_change;
    bool rough_die; /* rough costs 1D6 instead of rough_change */
} Row;

static const Row ROW_LIMBERED = {10, -5, +5, false};
static const Row ROW_INF_LINE = {10, -5, 0, false};
static const Row ROW_INF_SKIRMISH = {10, 0, 0, false};
static const Row ROW_INF_COLUMN = {15, -5, +5, false};
static const Row ROW_CAV_LINE = {10, 0, 0, true};
static const Row ROW_CAV_COLUMN = {15, 0, +5, true};
static const Row ROW_GENERAL = {15, 0, 0, false};

const char *vl_ground_name(VlGround g)
{
    static const char *const names[] = {"open", "rough", "road"};
    return (unsigned)g < 3 ? names[g] : "?";
}

VlAllowance vl_move_allowance(const VlWorld *w, VlUnitType type, VlFormation form, bool mounted, VlGround g, int die)
{
    VlAllowance a = {0, 0, false, true};
    const Row *row = NULL;
    switch (type) {
    case VL_GENERAL: row = &ROW_GENERAL; break;
    case VL_ARTILLERY: row = form == VL_FORM_LIMBERED ? &ROW_LIMBERED : NULL; break;
    case VL_INFANTRY:
        row = form == VL_FORM_LINE ? &ROW_INF_LINE
            : form == VL_FORM_SKIRMISH ? &ROW_INF_SKIRMISH
            : form == VL_FORM_COLUMN ? &ROW_INF_COLUMN
            : NULL;
        break;
    case VL_CAVALRY:
        if (!mounted) /* GOR-CAV-1: dismounted cavalry moves as skirmishing infantry */
            row = form == VL_FORM_SKIRMISH ? &ROW_INF_SKIRMISH : NULL;
        else
            row = form == VL_FORM_LINE ? &ROW_CAV_LINE : form == VL_FORM_COLUMN ? &ROW_CAV_COLUMN : NULL;
        break;
    default: break;
    }
    if (!row) {
        a.can_move = false;
        return a;
    }
    double v = row->open;
    if (g == VL_GROUND_ROAD)
        v += row->road_change;
    if (g == VL_GROUND_ROUGH) {
        if (row->rough_die) {
            /* D-MOVE-1: inches by default; the note's centimetres as an option. */
            double unit = w && w->options.cavalry_rough_in_cm ? 1.0 / 2.54 : 1.0;
            a.die_loss = true;
            if (die >= 1 && die <= 6) {
                a.min = a.max = v - die * unit;
            } else {
                a.min = v - 6 * unit;
                a.max = v - 1 * unit;
            }
            return a;
        }
        v += row->rough_change;
    }
    a.min = a.max = v;
    return a;
}

/* The Republic movement options on a unit's allowance (docs/rules-decisions.md D-REP-1..3). */
VlAllowance vl_unit_move_allowance(const VlWorld *w, int u, VlFormation form, bool mounted, VlGround g, bool lined_up,
                                   int die, VlReasons *why)
{
    const VlScenarioUnit *su = &w->scenario->units[u];
    VlAllowance a = vl_move_allowance(w, su->type, form, mounted, g, die);
    if (!a.can_move || su->type == VL_GENERAL)
        return a;
    /* REP-303, D-REP-1: a column (or limbered battery: the formations the table gives a road bonus)
     * lined up on the road it follows moves double its open rate, instead of the table's +5 in. */
    if (vl_rep_on(&w->options, VL_REP_303) && g == VL_GROUND_ROAD && lined_up &&
        (form == VL_FORM_COLUMN || form == VL_FORM_LIMBERED)) {
        VlAllowance open = vl_move_allowance(w, su->type, form, mounted, VL_GROUND_OPEN, die);
        a.min = a.max = VL_REP_ROAD_FACTOR * open.max;
        if (why)
            vl_reason_add(why, "REP-303", true, a.max, u, -1, "a %s lined up on the road moves double: %.0f in",
                          vl_formation_name(form), a.max);
    }
    double loss = 0;
    /* REP-306, D-REP-2: 1 in less for every 2 HITs. */
    int confused = vl_rep_on(&w->options, VL_REP_306) ? vl_rep_confused_loss(w->units[u].hits) : 0;
    if (confused > 0) {
        loss += confused;
        if (why)
            vl_reason_add(why, "REP-306", true, -confused, u, -1, "confused by %d HITs: %d in less", w->units[u].hits,
                          confused);
    }
    /* REP-307, D-REP-3: dismounted cavalry 1 in less. */
    if (vl_rep_on(&w->options, VL_REP_307) && su->type == VL_CAVALRY && !mounted) {
        loss += VL_REP_DISMOUNTED_LOSS;
        if (why)
            vl_reason_add(why, "REP-307", true, -VL_REP_DISMOUNTED_LOSS, u, -1, "dismounted cavalry: %.0f in less",
                          VL_REP_DISMOUNTED_LOSS);
    }
    a.min = a.min > loss ? a.min - loss : 0;
    a.max = a.max > loss ? a.max - loss : 0;
    return a;
}

int vl_rep_confused_loss(int hits) { return hits > 0 ? hits / VL_REP_CONFUSED_HITS : 0; }
