/**
 * @file world.h
 * @brief The World: everything a ruling may look at. A scenario's units and terrain on a
 *        battlefield, each unit's state (HITs, what it did this turn), the turn, the rule options
 *        and the seeded generator.
 *
 * Offers:
 *  - VlUnitState: per-unit game state.
 *  - VlRuleOptions: which charge rules, and the options the texts leave open (docs/rules-decisions.md).
 *  - vl_world_create() / vl_world_destroy(), and helpers the resolvers share: sides, brigades,
 *    command radius, the units directly behind a unit (GOR-FOLLOW-1), normal movement.
 */
#ifndef VOLLEY_WORLD_H
#define VOLLEY_WORLD_H

#include "volley/battlefield.h"
#include "volley/core.h"
#include "volley/scenario.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct VlRuleOptions {
    VlChargeRules charge_rules;
    /// The Republic options in play: bit (1u << VlRepOption) each; 0 plays Good Old Rebel alone.
    uint32_t republic;
    /// GOR-MOVE-1: the movement table says cavalry lose 1D6 inches in rough, a note says centimetres.
    /// Volley reads inches (false); true reads centimetres (docs/rules-decisions.md D-MOVE-1).
    bool cavalry_rough_in_cm;
    /// JR3-CHG-3: how many bonus dice a JR III charge adds to normal movement (all sixes for the
    /// theoretical maximum). The clarifications do not give the number; Volley uses 2 (D-JR3-1).
    int jr3_bonus_dice;
    /// GOR-RETR-1: how far a unit failing its retreat test falls back: the Retreat phase section
    /// says 10 in (Volley's default), the sequence of play 4 in (D-RETR-1).
    double retreat_distance;
} VlRuleOptions;

/// The options Volley plays by when a scenario or command line says nothing.
VlRuleOptions vl_rule_options_default(void);
/// The options a new game of @p s starts with: the defaults with the scenario's "rules" (its charge
/// rules and Republic options) when it has them. A command line or the menu may then change them.
VlRuleOptions vl_rule_options_for(const VlScenario *s);

/// Whether Republic option @p o is in play in @p opt.
static inline bool vl_rep_on(const VlRuleOptions *opt, VlRepOption o) { return (opt->republic >> o) & 1u; }

/// One unit's game state. Geometry (pose, formation) lives in the battlefield.
typedef struct VlUnitState {
    int hits;
    bool routed;
    bool mounted;           ///< cavalry: false when dismounted
    bool fired;             ///< fired this turn (GOR-CHG-1)
    bool charged;           ///< charged this turn
    bool charged_last_turn; ///< GOR-CHG-1: no charge on consecutive turns
    bool acted;             ///< took its one action this turn (GOR-TURN-3)
    bool gallop_used;       ///< GOR-MOVE-4, once per game
    bool double_time_used;  ///< GOR-MOVE-4, once per game
    bool removed;           ///< routed off the table or destroyed
    bool waiting;           ///< a reinforcement not yet on the table
    bool fired_on;          ///< has been fired on in this game (GOR-FIRE-5)
    int arrive_turn;        ///< reinforcements: the turn it is due (events may change it)
    int attached_to;        ///< GOR-CMD-2: an independent unit attached to this unit's brigade, or -1
    int occupy;             ///< GOR-MOVE-6: the feature it touched moving to occupy it, or -1
    int occupy_turn;        ///< ...and the turn it touched it
    int shot_at_turn;       ///< the last turn it was fired on (0: never), for Advance orders (GOR-GEN-1)
    /* The Republic options' state (docs/rules-decisions.md D-REP-*); untouched when they are off. */
    int lost_turn;          ///< REP-308: the turn it failed its lost-in-the-woods test and halts (0: never)
    int firefight;          ///< REP-505: the enemy it is left in an undecided firefight with, or -1
    bool firefight_attacker; ///< REP-505: it was the attacker of that firefight
    int firefight_face;     ///< REP-505: the defender's face the attacker struck (a VlFace)
    bool firefight_acted;   ///< REP-505: whether it had acted this turn apart from the firefight's lock
    bool weapon_set;        ///< REP-510: its first close combat has set its weapon modifier
    int weapon_mod;         ///< REP-510: close-combat dice it gains (or loses) for the rest of the game
    bool alert;             ///< REP-201: on alert (D-REP-201-1); always false with the option off
    double moved;           ///< inches of movement allowance used this turn (REP-201's quarter move)
    VlPose alert_pose;      ///< REP-201: where it stood when it went on alert (moving again loses it)
    /* Gunson's charges (D-GUN-11); untouched under other charge rules. */
    int gun_pending;          ///< GUN-MOR-1: the move a morale result owes, a VlGunPending (0: none)
    double gun_pending_dist;  ///< ...a retreat's length in inches (a double retreat's is twice a move)
    int gun_pending_from;     ///< ...the unit that beat it, which a rout runs from (or -1)
    bool gun_pending_cavalry; ///< ...charged by cavalry: a retreat it cannot make in full is a surrender
} VlUnitState;

/// GUN-MOR-1, D-GUN-11: the move a Gunson morale result owes, made at the start of the unit's own
/// side's next movement phase.
typedef enum VlGunPending { VL_GUN_PENDING_NONE, VL_GUN_PENDING_RETREAT, VL_GUN_PENDING_ROUT } VlGunPending;

typedef struct VlWorld {
    const VlScenario *scenario; ///< not owned; must outlive the world
    VlBattlefield *bf;          ///< owned
    VlUnitState *units;         ///< owned, one per scenario unit
    int nunits;
    int turn;        ///< 1-based
    int active_side; ///< index into scenario sides
    VlRuleOptions options;
    VlRng rng;
} VlWorld;

/// A deep copy of a world (same scenario). NULL when out of memory.
VlWorld *vl_world_clone(const VlWorld *w);
/// Take a unit off the table for good (routed off, destroyed, killed) or bring one on.
void vl_world_set_present(VlWorld *w, int u, bool present);

/// Create a world at the start of a scenario. NULL when out of memory.
VlWorld *vl_world_create(const VlScenario *s, uint64_t seed);
void vl_world_destroy(VlWorld *w);

/// Unit accessors (index = scenario unit index).
const VlFieldUnit *vl_world_unit(const VlWorld *w, int u);
/// The unit's side (0 or 1). Inline, as vl_world_enemies() and vl_world_present(): the rules and
/// the commander ask them in their innermost loops, millions of times a player turn.
static inline int vl_world_side(const VlWorld *w, int u)
{
    VL_ASSERT(u >= 0 && u < w->nunits, "vl_world_side: unit index out of range");
    return w->scenario->units[u].side;
}
static inline bool vl_world_enemies(const VlWorld *w, int a, int b) { return vl_world_side(w, a) != vl_world_side(w, b); }
/// D-GAME-11: true when unit j's base is no obstacle to unit u, whichever side: j is a general and u
/// is not (the general steps aside for it instead).
bool vl_world_makes_way(const VlWorld *w, int j, int u);
/// True when the unit is on the table and not removed.
static inline bool vl_world_present(const VlWorld *w, int u)
{
    return u >= 0 && u < w->nunits && !w->units[u].removed && !w->units[u].waiting;
}

/// Command radius (GOR-CMD-1): 8 inches from the brigade commander's base.
#define VL_COMMAND_RADIUS 8.0
/// The general commanding unit u's brigade, or -1 (no brigade, or no commander on the table).
int vl_world_commander(const VlWorld *w, int u);
/// GOR-CMD-1: u is in command when its brigade commander is on the table within 8 in of it.
/// Generals themselves count as in command. *dist receives the distance (or -1).
bool vl_world_in_command(const VlWorld *w, int u, double *dist);
/// GOR-FOLLOW-1 (example F): the friends at least partly directly behind u within 5 in of its rear,
/// who fall back with it. Writes up to max indices to out; returns how many.
int vl_world_units_behind(const VlWorld *w, int u, int *out, int max);
/// The brigade id a unit belongs to ("" for an independent unit not attached).
const char *vl_world_brigade(const VlWorld *w, int u);
/// True when a and b are of the same brigade (same non-empty brigade id).
bool vl_world_same_brigade(const VlWorld *w, int a, int b);

#ifdef __cplusplus
}
#endif
#endif
