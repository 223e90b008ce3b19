/**
 * @file rules.h
 * @brief Rule tables and the resolvers that read them: movement, charges (Good Old Rebel, JR III,
 *        Gunson) and the rulebook's geometric judgements (fire target, threatened flanks, support).
 *
 * Resolvers are pure: world state + order → verdict + evidence. They change nothing and roll no
 * dice; where a rule needs a die (cavalry in rough), the order may carry the roll, and without it
 * the verdict shows the range of outcomes. Every verdict lists its reasons, each with the clause id
 * from RULES-CHECKLIST.md, and the geometry behind it, so that a screen can draw why.
 *
 * Offers:
 *  - VlReason / VlReasons: the evidence list.
 *  - vl_move_allowance(): the Movement Table (GOR-MOVE-1).
 *  - VlMoveOrder → vl_resolve_move() → VlMoveVerdict.
 *  - vl_resolve_charge() for each rule set, vl_charge_targets_jr3(), vl_charge_order_jr3().
 *  - vl_fire_target(), vl_threatened_faces(), vl_rear_supports().
 */
#ifndef VOLLEY_RULES_H
#define VOLLEY_RULES_H

#include "volley/world.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- evidence ---- */

/// One reason behind a verdict.
typedef struct VlReason {
    char clause[16]; ///< checklist id, e.g. "GOR-CHG-2", or "D-MOVE-2" for a recorded decision
    bool ok;         ///< true when it speaks for the verdict, false when it is why something is refused
    double value;    ///< the number it is about (inches, degrees), or NaN
    int unit;        ///< the unit it is about, or -1
    int feature;     ///< the terrain feature it is about, or -1
    char text[200];
} VlReason;

#define VL_MAX_REASONS 24
typedef struct VlReasons {
    int n;
    VlReason r[VL_MAX_REASONS];
} VlReasons;

/// Append a reason (silently keeps the first VL_MAX_REASONS).
void vl_reason_add(VlReasons *rs, const char *clause, bool ok, double value, int unit, int feature,
                   const char *fmt, ...) __attribute__((format(printf, 7, 8)));
/// True when some reason refuses (ok == false).
bool vl_reasons_refuse(const VlReasons *rs);

/* ---- the Movement Table (GOR-MOVE-1) ---- */

/// Ground a move crosses, as the Movement Table sees it.
typedef enum VlGround { VL_GROUND_OPEN, VL_GROUND_ROUGH, VL_GROUND_ROAD } VlGround;
const char *vl_ground_name(VlGround g);

/// A unit's normal movement allowance over some ground. When the table says cavalry lose 1D6 in
/// rough, min and max span the die (die 6 to die 1) and die_loss is set; otherwise min == max.
typedef struct VlAllowance {
    double min, max;
    bool die_loss;   ///< cavalry in rough: allowance = max + 1 - die (inches, or die/2.54 in cm)
    bool can_move;   ///< false for unlimbered artillery and squares (they may only turn or re-form)
} VlAllowance;
VlAllowance vl_move_allowance(const VlWorld *w, VlUnitType type, VlFormation form, bool mounted, VlGround g,
                              int die);

/* ---- movement ---- */

typedef enum VlStepKind {
    VL_STEP_ADVANCE,   ///< straight ahead, inches
    VL_STEP_BACK,      ///< fall back: straight backwards keeping facing (GOR-MOVE-5), inches
    VL_STEP_WHEEL,     ///< wheel by degrees (positive = clockwise) about the left or right end, or centre
    VL_STEP_DRIFT,     ///< sideways, inches (positive = right), at most 50 mm a turn (GOR-MOVE-3)
    VL_STEP_TURN,      ///< column, limbered guns, general: face a new way at no cost (GOR-MOVE-2)
    VL_STEP_ABOUT,     ///< about turn: half the allowance (GOR-MOVE-3)
    VL_STEP_PIVOT,     ///< unlimbered artillery: pivot in place by degrees, the whole move (GOR-MOVE-3)
    VL_STEP_FORM,      ///< change formation, the whole move (GOR-FORM-7)
} VlStepKind;
const char *vl_step_kind_name(VlStepKind k);

typedef enum VlPivot { VL_PIVOT_LEFT, VL_PIVOT_RIGHT, VL_PIVOT_CENTRE } VlPivot;

typedef struct VlStep {
    VlStepKind kind;
    double amount;         ///< inches or degrees, as the kind says
    VlPivot pivot;         ///< wheel: the end that stays put
    VlFormation formation; ///< form: the new formation
    bool mounted;          ///< form, cavalry: mounted after the change
    int keep_base;         ///< form: the base that stays put (it may turn); -1 = base 0
    double facing;         ///< form: the new facing of the kept base (NaN = unchanged)
} VlStep;

#define VL_MAX_STEPS 16
#define VL_MAX_PATH 64

typedef struct VlMoveOrder {
    int unit;
    int nsteps;
    VlStep steps[VL_MAX_STEPS];
    bool gallop;      ///< GOR-MOVE-4: mounted cavalry doubles its allowance once per game
    bool double_time; ///< GOR-MOVE-4: infantry in command doubles once per game and takes 2 HITs
    int rough_die;    ///< the 1D6 for cavalry in rough, 1..6; 0 = not rolled (the verdict gives the range)
} VlMoveOrder;

typedef struct VlMoveVerdict {
    bool legal;          ///< legal as ordered (with the die given, or for every die when none is)
    bool depends_on_die; ///< without a die: legal for some rolls only; max_die is the worst roll that still allows it
    int max_die;
    VlGround ground;
    VlAllowance allowance; ///< after doubling, if any
    double cost;           ///< inches: the farthest any base travelled, counting half for about turns
    VlPose final_pose;
    VlFormation final_formation;
    bool final_mounted;
    int steps_done;       ///< steps carried out (fewer than ordered when interpenetration ended the move)
    int npath;
    VlPose path[VL_MAX_PATH]; ///< the pose after each step, wheels and turns in stages of at most 15 degrees
    int ninterpenetrated;
    int interpenetrated[8]; ///< friends passed through (GOR-MOVE-7: both test morale)
    int nrough;
    int rough[16];          ///< terrain features that made the ground rough
    int road;               ///< the road followed, or -1
    int extra_hits;         ///< double time: 2 HITs after moving
    VlReasons why;
} VlMoveVerdict;

/// Decide a movement order (general movement phase). Pure.
void vl_resolve_move(const VlWorld *w, const VlMoveOrder *o, VlMoveVerdict *out);

#ifdef __cplusplus
}
#endif
#endif
