/**
 * @file rules.h
 * @brief Rule tables and the resolvers that read them: movement, charges (Good Old Rebel, JR III,
 *        Gunson), fire, morale, close combat and the rulebook's geometric judgements (fire target,
 *        threatened flanks, support, cover, enfilade).
 *
 * Resolvers are pure: world state + order → verdict + evidence. They change nothing and roll no
 * dice; where a rule needs a die (cavalry in rough), the order may carry the roll, and without it
 * the verdict shows the range of outcomes. Every verdict lists its reasons, each with the clause id
 * from docs/rules-checklist.md, and the geometry behind it, so that a screen can draw why.
 *
 * Offers:
 *  - VlReason / VlReasons: the evidence list.
 *  - vl_move_allowance(): the Movement Table (GOR-MOVE-1); vl_terrain_rough_area() and its
 *    siblings: which terrain it counts as rough or impassable.
 *  - VlMoveOrder → vl_resolve_move() → VlMoveVerdict; VL_MOVE_DOUBLING and VL_DOUBLE_TIME_HITS
 *    (GOR-MOVE-4); vl_move_ride_to(), the steps of a general's ride straight to a point.
 *  - vl_resolve_charge() for each rule set, vl_charge_targets_jr3(), vl_charge_order_jr3().
 *  - Gunson's charge phase (GUN-*): vl_gunson_men(), vl_gunson_infantry_throw(),
 *    vl_gunson_throw_result(), vl_gunson_melee_dice(), vl_gunson_morale_result(),
 *    vl_gunson_joins_rout(), vl_gunson_casualty_cmp(), vl_gunson_in_building(),
 *    vl_gunson_leaves_building().
 *  - vl_fire_target(), vl_threatened_faces(), vl_rear_supports(), vl_cover(), vl_enfiladed().
 *  - Fire (rules/fire.c, GOR-ART-1..5, GOR-FIRE-1..6): vl_unit_level(), vl_world_sight(), vl_artillery_sight(),
 *    vl_artillery_max_range(); VlBand and vl_fire_band(); VlFireDice from vl_fire_dice() (flags
 *    VL_FIRE_FREE, VL_FIRE_ASSUME_ENFILADE) and vl_fire_expected_hits(); VlFireVerdict from
 *    vl_resolve_fire(); vl_hit_chance() and vl_expected_hits() for any such dice; the fire test
 *    (GOR-FIRE-5): VL_FIRE_TEST_HITS, VL_FIRE_FALL_BACK_PER_POINT, vl_fire_test_fall_back().
 *  - Morale (rules/morale.c, GOR-MOR-1..4, GOR-CMDR-1): vl_morale_level(), vl_morale_fail_by(),
 *    vl_morale_pass_chance(), vl_morale_fail_chance(), vl_morale_hits_modifier(),
 *    vl_threatened_flanks(), vl_morale_standard_modifier(), vl_morale_charge_modifier(),
 *    VL_MORALE_CC_LOSER; the
 *    commander's survival: vl_cmdr_survival_modifier(), vl_cmdr_removed(), vl_cmdr_loss_chance();
 *    the rally (GOR-RALLY-1): VL_RALLY_HITS, vl_rally_hits_after(); the retreat test (GOR-RETR-1):
 *    VL_RETREAT_TEST_HITS, VL_RETREAT_FAIL_HITS.
 *  - Close combat (rules/close_combat.c, GOR-CC-2..4): vl_cc_table_dice(), vl_cc_rear_support(),
 *    VlCcDice from vl_cc_dice() (flag VL_CC_ASSUME_SUPPORT), VlCcResult from vl_cc_loser_result(),
 *    VL_CC_HIT_ON; skirmishers receiving a charge (GOR-CHG-8): VlSkirmishResult from
 *    vl_skirmisher_charge_result().
 *  - The Republic options (REP-*, D-REP-*): vl_unit_move_allowance() (REP-303, REP-306, REP-307),
 *    vl_rep_lost_in_woods_tests() (REP-308); close combat's vl_rep_overlap(), vl_rep_point_blank(),
 *    vl_rep_prepared_defence(), vl_rep_trapped_artillery(), vl_rep_firefight(), vl_rep_weapon_mod()
 *    with their VL_REP_* numbers, counted by vl_cc_dice(); vl_rep_confederate(),
 *    vl_rep_rally_modifier(), vl_rep_emergency_rally_modifier() (rules/morale.c).
 *  - Prospects (rules/prospects.c): the odds a preview shows, from the functions the game rolls
 *    with: VlChargeProspect from vl_charge_prospect() (VlMoraleProspect, VlReception,
 *    VlReactionOrders), VlFireProspect from vl_fire_prospect().
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

/// GOR "Rough" for movement: areal terrain a move may not touch without going at the rough rate
/// (woods, heavy woods, rough, entrenchments).
bool vl_terrain_rough_area(VlTerrainType t);
/// Linear terrain a move crosses at the rough rate (fence, wall, hedge, stream). A hill's edge is
/// rough to cross too, but a hill is areal and open inside.
bool vl_terrain_rough_line(VlTerrainType t);
/// Terrain no move may enter (buildings, water).
bool vl_terrain_impassable(VlTerrainType t);
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

/// GOR-MOVE-4: galloping cavalry and infantry at double time move this many times their allowance.
#define VL_MOVE_DOUBLING 2.0
/// GOR-MOVE-4: infantry at double time takes this many HITs after moving.
#define VL_DOUBLE_TIME_HITS 2

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
    bool occupy;      ///< GOR-MOVE-6: moving to occupy occupy_feature: stop at the first touch
    int occupy_feature;
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
    bool refused_early;   ///< refused already before the last step was followed: no last step makes it legal
    int npath;
    VlPose path[VL_MAX_PATH]; ///< the pose after each step, wheels and turns in stages of at most 15 degrees
    int ninterpenetrated;
    int interpenetrated[8]; ///< friends passed through (GOR-MOVE-7: both test morale)
    int nrough;
    int rough[16];          ///< terrain features that made the ground rough
    int road;               ///< the road followed, or -1
    int occupied;           ///< GOR-MOVE-6: the feature touched, which ended the move, or -1
    int extra_hits;         ///< double time: 2 HITs after moving
    VlReasons why;
} VlMoveVerdict;

/// Read a step word ("advance:5", "wheel:-30:left", "form:column:keep=1:facing=90:dismounted").
/// On failure *err says why.
bool vl_step_parse(const char *word, VlStep *st, char *err, size_t errsize);
/// Write a step as a word that vl_step_parse reads back to the same bits.
void vl_step_format(const VlStep *st, char *buf, size_t size);

/// Decide a movement order (general movement phase). Pure.
void vl_resolve_move(const VlWorld *w, const VlMoveOrder *o, VlMoveVerdict *out);
/// The order as carried out once the rough-ground die shows @p die (GOR-MOVE-1, D-MOVE-7): a move
/// too long for that roll has its last straight step (advance, back or drift) shortened to fit.
/// *done gets the order as made and *out its verdict; false when no shortening makes it legal (the
/// move is not made). Pure.
bool vl_resolve_move_rolled(const VlWorld *w, const VlMoveOrder *o, int die, VlMoveOrder *done, VlMoveVerdict *out);
/// A general's ride from @p from straight to the point @p to (GOR-MOVE-1, GOR-MOVE-2, D-MOVE-5,
/// D-UI-ORD-2): a turn to face it (left out when there is none), then an advance of the distance, the
/// angle and the distance rounded to @p deg_step degrees and @p in_step inches when positive. Writes
/// the steps to @p steps and returns how many (1 or 2). Whether he may make it is vl_resolve_move's.
int vl_move_ride_to(VlPose from, VlVec2 to, double deg_step, double in_step, VlStep steps[2]);


/* ---- charges ---- */

/// How a charge may begin: straight ahead, or with up to 5 in of wheel or drift (GOR-CHG-4).
typedef enum VlPreKind { VL_PRE_NONE, VL_PRE_DRIFT, VL_PRE_WHEEL_LEFT, VL_PRE_WHEEL_RIGHT } VlPreKind;
const char *vl_pre_kind_name(VlPreKind k);

/// GOR-CHG-2: charge move = normal move + 5 in.
#define VL_CHARGE_BONUS 5.0
/// GOR-CHG-4: at most 5 in of the charge may be wheel or drift.
#define VL_CHARGE_PRE_LIMIT 5.0

typedef struct VlChargeOrder {
    int unit, target;
    VlChargeRules rules;
    bool choose_path;   ///< let the resolver choose the cheapest opening (else pre_kind/pre_amount)
    VlPreKind pre_kind;
    double pre_amount;  ///< drift inches (positive = right) or wheel degrees (positive = clockwise)
    int rough_die;      ///< cavalry in rough, 1..6; 0 = not rolled
    bool ignore_turn_flags; ///< threats: judge "if it charged this instant", ignoring fired/charged flags
} VlChargeOrder;

#define VL_MAX_SUPPORTS 8

typedef struct VlChargeVerdict {
    VlChargeRules rules;
    int unit, target;
    bool eligible;        ///< the unit may charge at all (type, formation, state: GOR-CHG-1)
    bool reachable;       ///< a clear path reaches contact within the charge move
    bool legal;           ///< eligible and reachable (for every die, when the allowance depends on one)
    bool depends_on_die;
    int max_die;
    VlFace face;          ///< the target's face struck (GOR-THREAT-1, GOR-CC-3)
    VlGround ground;
    double allowance_min, allowance_max; ///< the charge move over this ground
    double distance;      ///< path length to contact: opening plus straight run
    VlPreKind pre_kind;
    double pre_amount, pre_cost;
    VlPose contact_pose;
    double half_distance; ///< GOR-CHG-3: a failed morale test moves this far along the path...
    VlPose half_pose;     ///< ...and halts here, never closer than 3 in
    int npath;
    VlPose path[VL_MAX_PATH];
    int blocker_unit, blocker_feature; ///< what stops the path, when it is blocked
    int nrough;
    int rough[16];
    int nsupports;
    int supports[VL_MAX_SUPPORTS]; ///< GOR-CHG-5 supporters, JR3-CHG-4 supporting units
    int nclose_support;
    int close_support[VL_MAX_SUPPORTS]; ///< JR3-CHG-5: the defender's close support within 2 in
    bool disorder;        ///< JR III: an oblique over 45 degrees (JR3-CHG-3)
    double oblique;       ///< degrees between the unit's front and its line of charge
    double max_reach;     ///< JR III: the theoretical maximum charge move
    bool needs_throw;     ///< Gunson: a charge throw is needed (GUN-CHG-1, GUN-CAV-1; not for flank or rear)
    int throw_needed;     ///< Gunson: the lowest throw that charges
    int impetus_men_per_die; ///< Gunson: impetus, men per extra die (0 = none) (GUN-IMP-1)
    VlPose crash_pose;    ///< Gunson cavalry: where it ends after crashing through (GUN-CHG-2)
    VlReasons why;
} VlChargeVerdict;

/// Decide a charge of one unit at one target under the given rules. Pure.
void vl_resolve_charge(const VlWorld *w, const VlChargeOrder *o, VlChargeVerdict *out);

/// The pose a charger has after travelling @p s inches along the verdict's path (0 = start,
/// distance = contact). For the half charge and a charge cut short by its die.
VlPose vl_charge_pose_at(const VlWorld *w, const VlChargeVerdict *v, double s);

/// JR3-CHG-2: the target a JR III charge must take: the closest visible enemy in the primary zone,
/// or a visible enemy outside it that is closer (ties go to the primary zone). -1 when none.
/// @p in_zone receives whether the target is in the primary zone.
int vl_charge_target_jr3(const VlWorld *w, int unit, bool *in_zone, VlReasons *why);

/// JR3-CHG-1: order declared charges closest-to-enemy first (stable for ties). @p units and
/// @p targets have n entries; @p order receives the indices in resolution order.
void vl_charge_order_jr3(const VlWorld *w, const int *units, const int *targets, int n, int *order);

/* ---- Gunson's charge phase (GUN-*): what the game rolls, in src/rules/charge_gunson.c ---- */

/// D-GUN-5: the men a Volley unit stands for at full strength; one HIT is one man lost.
#define VL_GUN_MEN 12
/// GUN-MOR-1: friends within this many inches of a unit that routs throw to join the rout.
#define VL_GUN_ROUT_RADIUS 12.0

/// D-GUN-5: the men unit @p u has now: VL_GUN_MEN less its HITs, never fewer than 1.
int vl_gunson_men(const VlWorld *w, int u);
/// GUN-CHG-1: the charge throw infantry needs at its strength: 4 at full strength, 5 below two
/// thirds, 6 below one third (D-GUN-5).
int vl_gunson_infantry_throw(const VlWorld *w, int u);

/// What a charge throw does (GUN-CHG-1, GUN-CAV-1).
typedef enum VlGunThrow {
    VL_GUN_CHARGES,  ///< the throw was made
    VL_GUN_REFUSES,  ///< infantry one short: refuses to charge this move
    VL_GUN_SWERVES,  ///< cavalry one short: splits and swerves (D-GUN-8)
    VL_GUN_RETREATS  ///< two or more short: retreats (retires) a move
} VlGunThrow;
/// GUN-CHG-1, GUN-CAV-1: the result of a throw of @p face when @p need (1..6) was needed.
VlGunThrow vl_gunson_throw_result(bool cavalry, int need, int face);

/// The dice of a Gunson melee (GUN-IMP-1, GUN-FLANK-1): a die a man, 6s kill.
typedef struct VlGunMelee {
    int att_men, att_impetus, att; ///< the charger's men, its impetus dice, its dice in all
    int def_men, def;              ///< the target's men and its dice
    bool def_no_value;             ///< GUN-FLANK-1: struck on a flank or the rear, no melee value
} VlGunMelee;
/// GUN-IMP-1, GUN-FLANK-1: the dice of the melee of the Gunson charge @p v judged (its impetus and
/// face), at the two units' strength now.
void vl_gunson_melee_dice(const VlWorld *w, const VlChargeVerdict *v, VlGunMelee *out);

/// GUN-MOR-1: the morale throw after a melee.
typedef enum VlGunMorale { VL_GUN_STANDS, VL_GUN_RETREAT, VL_GUN_DOUBLE_RETREAT, VL_GUN_ROUTS } VlGunMorale;
/// GUN-MOR-1: what a morale throw of @p face (1..6) does.
VlGunMorale vl_gunson_morale_result(int face);
/// GUN-MOR-1: does a friend near a rout that throws @p face join it?
bool vl_gunson_joins_rout(int face);
/// D-GUN-13: how near (inches) a base must be to a building's outline for the unit to be in it.
#define VL_GUN_TOUCH 0.1
/// GUN-MOR-1, D-GUN-13: is unit @p u in a building (a base touching a building's outline)?
bool vl_gunson_in_building(const VlWorld *w, int u);
/// GUN-MOR-1: does the loser of a melee in a building, throwing @p face, leave it (a move back)?
bool vl_gunson_leaves_building(int face);
/// D-GUN-5: compare two casualty percentages, @p hits_a of @p men_a against @p hits_b of @p men_b:
/// 1 when a's is higher, -1 when b's is, 0 when equal.
int vl_gunson_casualty_cmp(int hits_a, int men_a, int hits_b, int men_b);

/* ---- the rulebook's geometric judgements ---- */

/// How far a unit's small arms reach: its weapon's longest range, but a cavalryman's breech-loading
/// carbine only to medium range, 16 in (GOR-FIRE-4 note, D-FIRE-4).
double vl_unit_fire_range(VlUnitType type, VlWeapon weapon);

/// GOR-FIRE-1, GOR-FIRE-6: whom a unit's small-arms fire must target: the enemy in its corridor (in
/// range, in sight) presenting the greatest frontage; a friend nearer than that target and exposing
/// more of itself blocks the fire. Returns the target or -1; *blocked_by names a blocking friend.
int vl_fire_target(const VlWorld *w, int unit, int *blocked_by, VlReasons *why);

/// GOR-THREAT-1: which of a unit's faces an enemy could strike with a legal charge this instant.
/// Faces in contact with a friend are not open. threat[face] receives the enemy, or -1.
void vl_threatened_faces(const VlWorld *w, int unit, int threat[4], VlReasons *why);

/// GOR-SUPP-1: friends that support a unit from the rear: same brigade, both in command, at least
/// partly directly behind it within 5 in, not in column. Returns the count (at most max).
int vl_rear_supports(const VlWorld *w, int unit, int *out, int max, VlReasons *why);

/* ---- cover ---- */

/// Cover a target has against a unit (GOR "Light cover", "Heavy cover"; D-FIRE-2).
typedef enum VlCover { VL_COVER_OPEN, VL_COVER_LIGHT, VL_COVER_HEAVY } VlCover;
const char *vl_cover_name(VlCover c);
/// Areal cover holding at least half the target, or a fence, hedge (light) or wall (heavy) across the
/// line from the attacker's front to the target within 2 in of the target.
VlCover vl_cover(const VlWorld *w, int from, int target);
/// GOR-ART-4: does @p firer's shot at @p target count as enfilade (+3 dice)? The flank of a line or
/// unlimbered battery, the head or tail of a column or limbered battery, or any square.
bool vl_enfiladed(const VlWorld *w, int firer, int target);
/// A linear feature of the given types (bit mask of 1u << type) across the line from @p from's front
/// to @p target's centre within 2 in of the target (a wall preferred), or -1.
int vl_line_between(const VlWorld *w, int from, int target, unsigned type_mask);

/* ---- fire (rules/fire.c): GOR-ART-1..5, GOR-FIRE-1..6 ---- */

/// The level a unit stands at: the highest hill level under at least half of its footprint (D-ART-1).
int vl_unit_level(const VlWorld *w, int u);
/// The game's line of sight from @p from to @p to: vl_sight, under the Republic option REP-601 (blind
/// zones, docs/rules-decisions.md D-REP-601-*) when the world's options have it on.
void vl_world_sight(const VlWorld *w, int from, int to, VlSight *out);
/// GOR-ART-2: artillery's line of fire: from higher ground (firer or target above the other),
/// units at a lower level than the higher of the two are seen over; woods and buildings never are.
void vl_artillery_sight(const VlWorld *w, int firer, int target, VlSight *out);
/// Only whether vl_world_sight (@p artillery false) or vl_artillery_sight (true) finds the line clear,
/// without the evidence. The answers are kept for the questions asked again (the commander asks the
/// same sight on many copies of a game): the same answer, less work.
bool vl_world_sees(const VlWorld *w, int from, int to, bool artillery);
/// The game's line of sight between any two ends (a unit or a point, vl_sight_between): from a battery,
/// vl_artillery_sight's rule of levels (a point target at the level of its ground); else vl_world_sight's.
/// Two units: exactly the sight the game uses when that unit fires.
void vl_world_sight_between(const VlWorld *w, VlTableEnd from, VlTableEnd to, VlSight *out);
/// GOR-ART-3, GOR-ART-5: the longest artillery range, 60 in (long), 40 in for smoothbores.
double vl_artillery_max_range(VlWeapon weapon);

/// Range bands of fire (GOR-ART-3; GOR-FIRE-2; GOR-FIRE-4 for breech-loaders).
typedef enum VlBand { VL_BAND_SHORT, VL_BAND_MEDIUM, VL_BAND_LONG, VL_BAND_BEYOND } VlBand;
const char *vl_band_name(VlBand b);
/// The band a range falls in for this unit's fire: artillery 15/40/60 in, small arms 6/12/18 in,
/// breech-loaders 8/16/24 in. Only the distance: whether the weapon reaches it is vl_fire_dice's.
VlBand vl_fire_band(const VlWorld *w, int firer, double range);

/// vl_fire_dice() flags.
enum {
    /// GOR-CHG-6: a charged unit's free fire at its charger, at short range; artillery takes none
    /// of GOR-ART-4's +1/+3 (only -1 against skirmishers).
    VL_FIRE_FREE = 1u << 0,
    /// Planning: count GOR-ART-4's +3 as if the guns saw the target's flank or end (a column or
    /// limbered battery turns to march, guns pivot), whether or not they see it now.
    VL_FIRE_ASSUME_ENFILADE = 1u << 1,
};

/// The dice of one shot, as the tables and modifiers give them.
typedef struct VlFireDice {
    bool artillery;
    double range;     ///< footprint to footprint, inches
    VlBand band;      ///< by distance alone
    bool in_range;    ///< the weapon reaches that band (GOR-ART-5, GOR-FIRE-3, D-FIRE-4)
    VlCover cover;
    int table;        ///< dice the table gives for the band and cover (GOR-ART-3, GOR-FIRE-2, GOR-FIRE-4)
    int modifier;     ///< the sum of the modifiers (GOR-ART-4, GOR-FIRE-3)
    bool enfilade;    ///< GOR-ART-4 +3 (enfilade, or a square)
    bool beyond;      ///< GOR-ART-4 +1: a friend of the target within 50 mm beyond it
    bool split;       ///< GOR-ART-5: a battery of fewer than 4 guns rolls its share, rounded down
    int dice;         ///< dice rolled; 0 = no fire (out of range, or none in the table: D-FIRE-5)
    int hit_on;       ///< lowest face that hits: 6, or 5 for breech-loaders (GOR-FIRE-4)
    char mods[96];    ///< the modifiers as text, each with a leading space (" -1 against skirmishers")
} VlFireDice;

/// The dice @p firer would roll at @p target from where both stand: table, band, cover and
/// modifiers; never whether it may fire at all (vl_resolve_fire). @p why (or NULL) gets a reason
/// per item with its clause. Pure.
void vl_fire_dice(const VlWorld *w, int firer, int target, unsigned flags, VlFireDice *out, VlReasons *why);
/// The HITs one such shot does on average: dice times the chance of a hitting face.
double vl_fire_expected_hits(const VlWorld *w, int firer, int target, unsigned flags);
/// GOR-ART-3, GOR-FIRE-2, GOR-FIRE-4, GOR-CC-2: the chance one D6 shows @p hit_on or more.
double vl_hit_chance(int hit_on);
/// The HITs @p dice such dice do on average: @p dice times (7 - @p hit_on), over 6.
double vl_expected_hits(int dice, int hit_on);

/// GOR-FIRE-5: a unit fired on tests morale the first time, or when fire gives it this many HITs
/// or more in one phase (once a phase).
#define VL_FIRE_TEST_HITS 2
/// GOR-FIRE-5: a unit failing that test falls back this many inches for every point it failed by.
#define VL_FIRE_FALL_BACK_PER_POINT 2.0
/// GOR-FIRE-5: how far a unit failing its fire test by @p fail_by falls back (unlimbered guns
/// limber up where they stand instead).
double vl_fire_test_fall_back(int fail_by);

/// Whether a unit may fire at a target now, and with what.
typedef struct VlFireVerdict {
    int firer;
    int target;      ///< the target judged: the one asked for, or for small arms the rule's
    bool artillery;  ///< artillery fire (artillery phase) rather than small arms (fire phase)
    bool may_fire;   ///< the unit may fire at all (type, formation, not routed, not yet acted)
    bool legal;      ///< may fire at this target with at least one die
    int rule_target; ///< small arms: the target GOR-FIRE-1 gives (-1: none); artillery: -1
    int blocked_by;  ///< GOR-FIRE-6: the friend blocking the line of fire, or -1
    bool share_only; ///< a breech-loader's other target: only a share of the rule target's dice (GOR-FIRE-4)
    VlFireDice dice; ///< against target (when there is one)
    VlReasons why;
} VlFireVerdict;

/// Decide fire by @p firer at @p target: with @p artillery, the artillery phase's fire of
/// unlimbered guns at any enemy in their arc, range and sight (GOR-ART-1..5); else small arms at
/// the target the rules give (GOR-FIRE-1..6), @p target -1 asking for that one, another target
/// only for a share of a breech-loader's dice (GOR-FIRE-4). Pure.
void vl_resolve_fire(const VlWorld *w, int firer, int target, bool artillery, VlFireVerdict *out);

/* ---- morale (rules/morale.c): GOR-MOR-1..4, GOR-CMDR-1 ---- */

/// GOR-MOR-1: the level 2D6 plus modifiers must exceed: raw 7, seasoned 6, veteran 5.
int vl_morale_level(VlQuality q);
/// GOR-MOR-1: by how much a test of @p total (2D6 + modifiers) fails at @p level; 0 when it passes.
int vl_morale_fail_by(int level, int total);
/// GOR-MOR-1: the chance that 2D6 + @p modifier exceeds @p level.
double vl_morale_pass_chance(int level, int modifier);
/// The chance that the test fails by at least @p by (>= 1).
double vl_morale_fail_chance(int level, int modifier, int by);
/// GOR-MOR-2: the modifier @p hits HITs give: -1 for every 2.
int vl_morale_hits_modifier(int hits);
/// GOR-MOR-2 with GOR-THREAT-1: the unit's left, right and rear faces an enemy could charge now.
int vl_threatened_flanks(const VlWorld *w, int u);
/// GOR-MOR-2: the standard modifiers: -1 a threatened flank, -1 for every 2 HITs (its own plus
/// @p extra_hits not yet taken), +1 its commander in contact. @p flanks: the threatened flanks, or
/// -1 to judge them now. @p why (or NULL) gets them as text.
int vl_morale_standard_modifier(const VlWorld *w, int u, int extra_hits, int flanks, char *why, size_t size);
/// GOR-MOR-3: a charger's extra modifiers against @p target struck on @p face: +2 flank, rear or
/// routers, +1 skirmishers, -1 cover, -2 mounted cavalry against a square (@p square: the target is
/// one, or for planning will be one). @p why (or NULL) gets them as text.
int vl_morale_charge_modifier(const VlWorld *w, int u, int target, VlFace face, bool square, char *why, size_t size);
/// GOR-MOR-4: the loser of a close combat tests at -1.
#define VL_MORALE_CC_LOSER (-1)

/// GOR-RALLY-1: a passed rally test takes this many HITs off.
#define VL_RALLY_HITS 2
/// GOR-RALLY-1: the HITs a unit with @p hits has left after a passed rally (never fewer than 0).
int vl_rally_hits_after(int hits);

/// GOR-RETR-1: a unit with this many HITs or more tests morale in its side's retreat phase.
#define VL_RETREAT_TEST_HITS 5
/// GOR-RETR-1: failing, it falls back (VlRuleOptions.retreat_distance, D-RETR-1) and takes this
/// many HITs.
#define VL_RETREAT_FAIL_HITS 1

/// GOR-CMDR-1: the modifier of a commander's survival test, attacked by @p attacker (or -1) or
/// beside a unit that took @p hits: +2 against mounted cavalry or 2 or more HITs at once.
int vl_cmdr_survival_modifier(const VlWorld *w, int attacker, int hits);
/// GOR-CMDR-1: 2D6 + modifier of 11 or more removes him.
bool vl_cmdr_removed(int total);
/// GOR-CMDR-1: the chance one such test removes him.
double vl_cmdr_loss_chance(const VlWorld *w, int attacker, int hits);

/* ---- close combat (rules/close_combat.c): GOR-CC-2..4 ---- */

/// GOR-CC-2: a close combat die hits on a 6.
#define VL_CC_HIT_ON 6

/// GOR-CC-2: the table's dice of attacker @p a (infantry, or mounted cavalry) and of defender @p d
/// (infantry, mounted cavalry, artillery; a square when @p square). 6s hit.
void vl_cc_table_dice(const VlWorld *w, int a, int d, bool square, int *att, int *def);
/// GOR-CC-3: does a friend other than artillery support @p u from the rear (GOR-SUPP-1)?
bool vl_cc_rear_support(const VlWorld *w, int u);

/// The dice of one close combat round.
typedef struct VlCcDice {
    int att_table, def_table; ///< GOR-CC-2
    int att_mod, def_mod;     ///< GOR-CC-3
    int att, def;             ///< dice rolled (may be 0 or less: no dice)
    char att_why[200], def_why[200]; ///< the modifiers as text, each with a leading space
} VlCcDice;
/// vl_cc_dice() flags.
enum {
    /// Planning before the charge: count the attacker's rear support (+3) as given, as its GOR-CHG-5
    /// supporters will move up behind it.
    VL_CC_ASSUME_SUPPORT = 1u << 0,
};
/// GOR-CC-2, GOR-CC-3: main attacker @p a at @p d's @p face, @p d a square or not (@p square: as it
/// stands, or for planning as it may be), with @p extra_attackers other units in contact (each +2)
/// and @p extra_defenders friends of @p d fighting beside it (each +2): rear support +3, flank or
/// rear +3, against skirmishers +3, cover -2 light / -3 heavy.
void vl_cc_dice(const VlWorld *w, int a, int d, VlFace face, bool square, int extra_attackers, int extra_defenders,
                unsigned flags, VlCcDice *out);

/// GOR-CC-4: what a failed loser's test does, by the margin.
typedef enum VlCcResult {
    VL_CC_HOLDS,     ///< passed
    VL_CC_HITS,      ///< failed by 1: HITs (2 for skirmishers, else 1)
    VL_CC_OVERRUN,   ///< unlimbered guns failing by 2 or more: the battery is destroyed
    VL_CC_RETIRES,   ///< failed by 2 or 3: retires a charge move
    VL_CC_ROUTS,     ///< failed by 4 or more
} VlCcResult;
/// GOR-CC-4: the result for loser @p l failing its test by @p fail_by (0 = passed); *hits gets
/// the HITs of VL_CC_HITS.
VlCcResult vl_cc_loser_result(const VlWorld *w, int l, int fail_by, int *hits);

/// GOR-CHG-8: what skirmishers receiving a charge do after their morale test.
typedef enum VlSkirmishResult {
    VL_SKIRM_PASSES,     ///< passed: they may fall back (chosen) or give their free fire
    VL_SKIRM_FALLS_BACK, ///< failed by 1 or 2: forced back, with HITs
    VL_SKIRM_STAYS,      ///< failed by 3 or more: they stay, with HITs, and fight
} VlSkirmishResult;
/// GOR-CHG-8: the result of skirmishers failing their test by @p fail_by (0 = passed). *fall_back_in
/// gets how far they go back when they do (passing and choosing to, or forced), *hits the HITs they
/// take; either may be NULL.
VlSkirmishResult vl_skirmisher_charge_result(int fail_by, double *fall_back_in, int *hits);

/* ---- the Republic advanced rules as options (docs/rules-decisions.md D-REP-*) ----
 * Each plays only when its bit is on in VlWorld.options.republic (vl_rep_on). */

/// REP-303: a column lined up on a road moves this many times its open rate along it.
#define VL_REP_ROAD_FACTOR 2.0
/// REP-306: a unit moves 1 in less for every this many HITs (D-REP-2).
#define VL_REP_CONFUSED_HITS 2
/// REP-307: dismounted cavalry moves this many inches less.
#define VL_REP_DISMOUNTED_LOSS 1.0
/// REP-306: the inches @p hits HITs take off a move.
int vl_rep_confused_loss(int hits);
/// GOR-MOVE-1 with REP-303, REP-306 and REP-307: unit @p u's allowance in @p form over @p g;
/// @p lined_up: its column stands lined up on the road it follows (REP-303). @p why (or NULL) gets a
/// reason for each option that changed it. vl_resolve_move uses this; so does nothing else.
VlAllowance vl_unit_move_allowance(const VlWorld *w, int u, VlFormation form, bool mounted, VlGround g, bool lined_up,
                                   int die, VlReasons *why);

/// REP-308: a lost unit is more than this many inches from every friend.
#define VL_REP_LOST_ALONE 4.0
/// REP-308: its test is a morale test at this modifier (the woods are rough ground, D-REP-4).
#define VL_REP_LOST_MODIFIER (-1)
/// REP-308: must unit @p u test before moving this turn: raw, at least half in woods or heavy woods,
/// more than 4 in from every friend (generals do not count), not routed.
bool vl_rep_lost_in_woods_tests(const VlWorld *w, int u);

/// Close-combat dice the options give (D-REP-5..12).
enum {
    VL_REP_OVERLAP_DICE = 2,        ///< REP-501
    VL_REP_POINT_BLANK_DICE = 2,    ///< REP-506A
    VL_REP_PREPARED_DICE = 1,       ///< REP-506B
    VL_REP_REBEL_YELL_DICE = 1,     ///< REP-509, for Confederate attackers
    VL_REP_REBEL_YELL_RALLY = -1,   ///< REP-509, on Confederate rally tests
    VL_REP_ATTRITION_SIDES = 20,    ///< REP-513: the attrition die...
    VL_REP_ATTRITION_ON = 13,       ///< ...costs its roller 1 HIT on this face
};
/// REP-501: unopposed within this many inches of the overlapping unit (D-REP-5).
#define VL_REP_OVERLAP_OPPOSED 5.0
/// REP-501: does @p u overlap @p opp (its front at least half a base wider and reaching past both
/// ends of @p opp's front) with no other enemy within 5 in? Only infantry and cavalry, and only
/// front to front (@p face: the face of the defender struck; the flank modifier excludes it).
bool vl_rep_overlap(const VlWorld *w, int u, int opp, VlFace face);
/// REP-506A: defender @p d in line, not raw, no HITs, and on alert (@p alert: REP-201, which this
/// version does not have, so the game passes false).
bool vl_rep_point_blank(const VlWorld *w, int d, bool alert);
/// REP-506B: defender @p d in line, not raw, no HITs, at least half in ground that is not flat and
/// open (woods, heavy woods, rough, buildings, a hill, entrenchments).
bool vl_rep_prepared_defence(const VlWorld *w, int d);
/// REP-507: a battery at least half in woods, heavy woods or buildings: captured if it must give ground.
bool vl_rep_trapped_artillery(const VlWorld *w, int u);
/// REP-505: a close combat of infantry against infantry (not dismounted cavalry), one on one.
bool vl_rep_firefight(const VlWorld *w, int a, int d);
/// REP-510: the lasting modifier a unit gets from its first close combat, where it scored @p own
/// HITs and its opponent @p other: half the difference, rounded down, plus to the winner.
int vl_rep_weapon_mod(int own, int other);
/// REP-509: unit @p u's side is the Confederacy (its side's id or name says so, D-REP-8).
bool vl_rep_confederate(const VlWorld *w, int u);
/// REP-509: the modifier of @p u's rally tests (-1 for Confederates with the option on).
int vl_rep_rally_modifier(const VlWorld *w, int u);
/// REP-508: a commander within this many inches may try an emergency rally.
#define VL_REP_EMERGENCY_RADIUS 3.0
/// REP-508: the extra modifier of unit @p u's emergency rally by commander @p c: double a
/// commander's +1 (GOR-MOR-2), less what the standard modifier already counts, with REP-509.
int vl_rep_emergency_rally_modifier(const VlWorld *w, int u, int c);

/* ---- prospects (rules/prospects.c): the odds a preview shows, as the game rolls them ---- */

/// One morale test as the game would roll it from the table as it stands (GOR-MOR-1, GOR-MOR-2,
/// and the situation's own modifier).
typedef struct VlMoraleProspect {
    bool taken;       ///< a test is rolled at all
    char clause[16];  ///< the clause the game rolls it under (GOR-CHG-3, GOR-CHG-6, ...)
    int level;        ///< GOR-MOR-1: 2D6 plus the modifier must exceed it
    int standard;     ///< GOR-MOR-2: flanks, HITs, commander
    int extra;        ///< the situation's own: GOR-MOR-3 for a charger, none for a defender
    int modifier;     ///< standard + extra
    int need;         ///< the lowest 2D6 score that passes, level + 1 - modifier (2 or less: always, 13 or more: never)
    double pass;      ///< the chance it passes (vl_morale_pass_chance)
    char why[200];    ///< the modifiers as text
} VlMoraleProspect;

/// The odds of one shot as the game rolls it: small arms at the target the rules give (GOR-FIRE-1),
/// artillery at the target asked for (GOR-ART-1).
typedef struct VlFireProspect {
    int target;       ///< whom the dice go at: for small arms the rule's target (-1: none)
    int dice;         ///< dice rolled (0: none)
    int hit_on;       ///< lowest face that hits
    double p_hit;     ///< the chance one die hits (vl_hit_chance)
    double expected;  ///< HITs expected (vl_expected_hits)
} VlFireProspect;

/// The shot @p firer would fire now: artillery (@p artillery) at @p target, small arms at the
/// target GOR-FIRE-1 gives (the game's small-arms command takes no other unless split). Pure.
void vl_fire_prospect(const VlWorld *w, int firer, int target, bool artillery, VlFireProspect *out);

/// What the target of a charge does when charged, as the game decides it (GOR-CHG-6..9).
typedef enum VlReception {
    VL_RECEPTION_STANDS,      ///< GOR-CHG-6: tests on contact; passing, it fires at short range; failing, 1 HIT
    VL_RECEPTION_SQUARE,      ///< GOR-CHG-9: tests at the declaration; passing, it forms square and does nothing more;
                              ///< failing, it loses its fire and tests on contact as GOR-CHG-6
    VL_RECEPTION_SKIRMISHERS, ///< GOR-CHG-8: tests on contact, the margin deciding
    VL_RECEPTION_FALLS_BACK,  ///< GOR-CHG-7: mounted cavalry falls back a full move: no test, no combat
    VL_RECEPTION_ROUTED,      ///< GOR-ROUT-1, D-GAME-10: neither tests nor fires
} VlReception;
const char *vl_reception_name(VlReception r);

/// The defending side's standing orders (D-GAME-2), as the game holds them (VL_REACT_* in game.h).
typedef struct VlReactionOrders {
    bool square;        ///< GOR-CHG-9: infantry charged by mounted cavalry tries to form square
    bool skirmish_back; ///< GOR-CHG-8: skirmishers that pass fall back rather than fire
    bool cavalry_back;  ///< GOR-CHG-7: mounted cavalry charged by infantry falls back a move
} VlReactionOrders;

/// The odds of one GOR charge, one on one: the charger's test, the defender's reaction and test,
/// the close combat's dice. Each from the function the game rolls with, on the table as it stands
/// (other charges resolved first, and HITs taken on the way, may change them).
typedef struct VlChargeProspect {
    int unit, target;
    VlFace face;
    VlMoraleProspect charger;   ///< GOR-CHG-3 with GOR-MOR-3, the target as it stands
    VlReception reception;
    VlMoraleProspect defender;  ///< the target's test: GOR-CHG-9 at the declaration for SQUARE, else GOR-CHG-6 or
                                ///< GOR-CHG-8 on contact; .taken false when it takes none
    VlMoraleProspect charger_if_square;  ///< SQUARE: the charger's test once the square stands (GOR-MOR-3)
    VlMoraleProspect defender_if_failed; ///< SQUARE: the GOR-CHG-6 test on contact after a failed attempt
    bool skirmish_back;         ///< SKIRMISHERS: passing, they fall back by order rather than fire (GOR-CHG-8)
    int skirmish_stay_by;       ///< SKIRMISHERS: failing by this much or more they stay and fight (GOR-CHG-8)
    VlFireProspect free_fire;   ///< GOR-CHG-6: the target's fire at short range when it passes (dice 0: it has none)
    double p_driven_off;        ///< the chance that fire drives the charger back before the combat (its GOR-FIRE-5
                                ///< test failed: the first time fired on, or 2 or more HITs)
    double p_fight;             ///< the chance the target is still there to fight once the charge arrives
    VlCcDice cc;                ///< GOR-CC-2, GOR-CC-3: the target as it stands (the supporters moved up)
    VlCcDice cc_if_square;      ///< SQUARE: against the square
} VlChargeProspect;

/// The odds of the GOR charge @p v judged (its unit, target, face and supporters), with the target
/// side's standing orders @p orders. Pure.
void vl_charge_prospect(const VlWorld *w, const VlChargeVerdict *v, VlReactionOrders orders, VlChargeProspect *out);


/* ---- generating forces ---- */

/// GOR-ARM-1: does a unit of this side and year carry smoothbores, on this D10 (1..10)? Western
/// battles take 1 from the roll.
bool vl_arming_smoothbore(int year, bool confederate, bool western, int d10);
/// GOR-QUAL-1: a unit's quality by year, side and type on a D6 (D-QUAL-1 for 1864).
VlQuality vl_quality_roll(int year, bool confederate, VlUnitType type, int d6);

/* ---- the checklist ---- */

typedef enum VlRuleState { VL_RULE_NOT_YET, VL_RULE_PARTLY, VL_RULE_DONE } VlRuleState;
typedef struct VlRuleInfo {
    const char *id;    ///< docs/rules-checklist.md id
    VlRuleState state; ///< done (implemented and tested), partly (what is done is tested), not yet
    const char *note;  ///< what is done and what is not
} VlRuleInfo;
/// Every rule of docs/rules-checklist.md with its state in this version.
const VlRuleInfo *vl_rules_checklist(int *count);
const char *vl_rule_state_name(VlRuleState s);
/// A rule id explained in a few plain sentences of Volley's own (what the clause decides, and its
/// numbers), for every checklist id and every ruling of docs/rules-decisions.md (explain.c); the id
/// is matched without regard to case. NULL for an id it does not know.
const char *vl_rule_explain(const char *id);
/// The @p i-th id that vl_rule_explain() knows, from 0; NULL past the last.
const char *vl_rule_explain_id(int i);

/* ---- the rule set a game plays by (ruleset.c) ---- */

/// "Good Old Rebel", "Johnny Reb III (2008 charge clarifications)", "Gunson's Charge Moves (1964)".
const char *vl_charge_rules_title(VlChargeRules r);
/// A Republic option's name for people ("firefights") and its one-line summary (the checklist's).
const char *vl_rep_option_title(VlRepOption o);
const char *vl_rep_option_summary(VlRepOption o);
/// Whether this version plays the option in a game (its checklist id is done), and likewise a
/// charge system (every checklist id of it done).
bool vl_rep_option_playable(VlRepOption o);
bool vl_charge_rules_playable(VlChargeRules c);
/// Whether this version plays every part of @p o in a game; false with the reason (which rule ids
/// are not done, and what to do) in @p why. Every way into a game (command line, menu, a save, a
/// scenario's "rules") asks this, so a rule not yet played is said, never skipped.
bool vl_rule_options_check(const VlRuleOptions *o, char *why, size_t size);
/// Set @p io's charge rules from @p charges ("gor", "jr3", "gunson"; NULL keeps them) and its
/// Republic options from @p republic (comma-separated ids, "all", "none"; NULL keeps them). False with the
/// reason in @p why, @p io unchanged in part.
bool vl_rule_options_parse(const char *charges, const char *republic, VlRuleOptions *io, char *why, size_t size);
/// "Good Old Rebel with JR III charges; Republic options: REP-505 firefights" (@p titles), or the
/// short "Good Old Rebel with JR III charges + REP-505, REP-601".
void vl_rule_options_describe(const VlRuleOptions *o, bool titles, char *out, size_t size);

#ifdef __cplusplus
}
#endif
#endif
