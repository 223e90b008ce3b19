/**
 * @file game.h
 * @brief The complete Good Old Rebel game: the turn and phase machine, commands with legality checks
 *        that explain refusals, the dice log and the event log.
 *
 * Commands are the game's only input (Doom's rule): a front end, the computer player and a replay
 * all drive the game through vl_game_apply(). Every die goes through the game's seeded PCG32, or,
 * in tests, through a queue of injected rolls, and is written to the dice log with its clause.
 *
 * Offers:
 *  - VlGame: a World plus the phase machine, logs and result.
 *  - VlCommand and vl_game_apply(); vl_game_check() to ask without doing.
 *  - VlDiceRoll / VlGameEvent logs; vl_game_hash() for determinism.
 */
#ifndef VOLLEY_GAME_H
#define VOLLEY_GAME_H

#include "volley/rules.h"
#include "volley/world.h"

#ifdef __cplusplus
extern "C" {
#endif

/// GOR-TURN-2: the phases of a player turn, in order. EVENTS opens each game turn.
typedef enum VlPhase {
    VL_PHASE_EVENTS,
    VL_PHASE_ARTILLERY,
    VL_PHASE_FIRE,
    VL_PHASE_CHARGE,
    VL_PHASE_MOVEMENT,
    VL_PHASE_RALLY,
    VL_PHASE_RETREAT,
    VL_PHASE_ROUT,
    VL_PHASE_OVER,
} VlPhase;
const char *vl_phase_name(VlPhase p);

typedef enum VlCommandKind {
    VL_CMD_END_PHASE,      ///< the active player is done with this phase
    VL_CMD_ARTILLERY_FIRE, ///< unit fires at target (GOR-ART-*)
    VL_CMD_FIRE,           ///< unit fires small arms; targets chosen by GOR-FIRE-1 unless split (GOR-FIRE-4)
    VL_CMD_CHARGE,         ///< declare a charge at target, with supports (GOR-CHG-*)
    VL_CMD_MOVE,           ///< a movement order (GOR-MOVE-*)
    VL_CMD_RALLY,          ///< rally test; a routed unit that passes may face anew (GOR-RALLY-1)
    VL_CMD_REACTIONS,      ///< the side's standing orders for its units' reactions (D-GAME-2)
    VL_CMD_ATTACH,         ///< attach an independent unit to target's brigade, turn 1 only (GOR-CMD-2)
    VL_CMD_OCCUPY,         ///< place a unit on the feature it reached last turn (GOR-MOVE-6)
    VL_CMD_ORDER,          ///< the corps commander sends an order to brigade `target` (GOR-GEN-1, optional)
} VlCommandKind;
const char *vl_command_kind_name(VlCommandKind k);

/// Standing orders: how a side's units react when the enemy acts (D-GAME-2).
enum {
    VL_REACT_SQUARE = 1u << 0,         ///< infantry charged by cavalry tries to form square (GOR-CHG-9)
    VL_REACT_SKIRMISH_BACK = 1u << 1,  ///< skirmishers that pass fall back 10 in rather than fire (GOR-CHG-8)
    VL_REACT_CAVALRY_BACK = 1u << 2,   ///< mounted cavalry charged by infantry falls back a move (GOR-CHG-7)
};
#define VL_REACT_DEFAULT (VL_REACT_SQUARE | VL_REACT_SKIRMISH_BACK)

#define VL_MAX_FIRE_TARGETS 4

typedef struct VlCommand {
    VlCommandKind kind;
    int unit;
    int target;               ///< artillery fire, charge
    int ntargets;             ///< small-arms fire: 0 = the target GOR-FIRE-1 chooses
    int targets[VL_MAX_FIRE_TARGETS];
    int dice[VL_MAX_FIRE_TARGETS]; ///< breech-loaders splitting their dice (GOR-FIRE-4)
    bool choose_path;         ///< charge: let the resolver choose the opening
    VlPreKind pre_kind;
    double pre_amount;
    int nsupports;
    int supports[VL_MAX_SUPPORTS];
    VlMoveOrder move;
    double facing;            ///< rally: new facing for a rallied router (NaN: keep)
    VlPose pose;              ///< occupy: where the unit is placed
    VlOrder order;            ///< order: the order sent
    unsigned reactions;       ///< VL_REACT_* bits
} VlCommand;

/// One die roll as the dice log keeps it.
typedef struct VlDiceRoll {
    int seq;         ///< order among all rolls and events of the game
    int turn;
    VlPhase phase;
    int side;        ///< who rolled
    int phase_side;  ///< whose player turn it was (the active side): whose fire, whose charge
    int unit;        ///< for which unit, or -1
    char clause[16];
    int ndice;
    int dice[24];    ///< the faces (D6 or D10)
    int sides;       ///< 6 or 10; 20 for REP-513's attrition die
    int modifier;    ///< added to the total (morale) or to the dice count (fire, combat)
    int need;        ///< what it had to beat or reach (0 when not applicable)
    char result[240];
} VlDiceRoll;

/// One thing that happened, for the record and the screen.
typedef struct VlGameEvent {
    int seq;    ///< order among all rolls and events of the game
    int turn;
    VlPhase phase;
    int side;
    int unit;   ///< main unit, or -1
    int other;  ///< the other unit, or -1
    char clause[16];
    char text[200];
} VlGameEvent;

typedef struct VlGame VlGame;

/// Start a game of a scenario (which must outlive the game) with a seed. NULL when out of memory.
VlGame *vl_game_create(const VlScenario *s, uint64_t seed, const VlRuleOptions *options);
void vl_game_destroy(VlGame *g);
/// Start the first turn (events roll, first side's artillery phase). vl_game_apply does it for the
/// first command; call it to look at the opening position first. Does nothing once started.
void vl_game_start(VlGame *g);
/// A deep copy (the AI's look-ahead); logs are copied too.
VlGame *vl_game_clone(const VlGame *g);

const VlWorld *vl_game_world_const(const VlGame *g);
/// What has been worked out from the table's terrain alone, which no command changes (the computer
/// commander's ground for its routes): made once by whoever first wants it, then shared, never
/// changed, by the game and every copy made of it after (vl_game_clone), on whatever thread; freed
/// with the last of them. NULL until set.
const void *vl_game_terrain_cache(const VlGame *g);
/// Give @p g its terrain cache: @p data, freed by @p free_fn with the last game holding it. False,
/// and @p data freed at once, when out of memory or when @p g has one already.
bool vl_game_set_terrain_cache(VlGame *g, void *data, void (*free_fn)(void *));
/// Reseed the game's dice (a copy's, for a look-ahead that must not use the real game's stream):
/// the game's PCG32 restarts at (seed, stream). Never called on the game being played.
void vl_game_reseed(VlGame *g, uint64_t seed, uint64_t stream);
/// Stand a unit at @p pose in its current formation, outside the rules (the charge sandbox's
/// drag). Returns false for an index out of range. Never used in play: it is not a command.
bool vl_game_place_unit(VlGame *g, int u, VlPose pose);
VlPhase vl_game_phase(const VlGame *g);
int vl_game_turn(const VlGame *g);
int vl_game_active_side(const VlGame *g);
/// After the game ends: the winning side, or -1 for a draw; *why gets the reason.
bool vl_game_over(const VlGame *g, int *winner, const char **why);
/// Victory points so far for a side (objectives held, enemy units routed or gone).
int vl_game_points(const VlGame *g, int side);
/// Who holds objective @p o in @p w: the side with a unit in good order within its radius while the
/// other has none (the points vl_game_points counts), else -1 (nobody, contested, or no such objective).
int vl_objective_holder(const VlWorld *w, int o);

/// Apply a command. On refusal nothing changes, *why (may be NULL) holds the reasons and a
/// non-OK status is returned.
VlStatus vl_game_apply(VlGame *g, const VlCommand *c, VlReasons *why);
/// Would this command be accepted now? Same checks as vl_game_apply, changes nothing.
bool vl_game_check(const VlGame *g, const VlCommand *c, VlReasons *why);
/// vl_game_check() for a move command whose verdict the caller has: @p given is vl_resolve_move()'s
/// on this game's world for c->move with rough_die 0, used instead of asking the resolver again.
bool vl_game_check_move(const VlGame *g, const VlCommand *c, const VlMoveVerdict *given, VlReasons *why);
/// Could unit @p u of the active side still act in this phase: fire (some target the game would
/// accept), charge (some enemy it may legally charge), move (it has not acted and is not routed),
/// rally (the game would take its rally)? False for the other side's units and the automatic phases.
bool vl_game_unit_can_act(const VlGame *g, int u);
/// How many of the active side's units could still act (vl_game_unit_can_act); the first @p max of
/// them written to @p out when it is not NULL.
int vl_game_units_able(const VlGame *g, int *out, int max);

/// The logs, oldest first.
const VlDiceRoll *vl_game_dice(const VlGame *g, int *count);
const VlGameEvent *vl_game_events(const VlGame *g, int *count);

/// Tests: rolls to use before the generator (faces in order, for every die the game throws).
void vl_game_inject_dice(VlGame *g, const int *faces, int n);
/// Tests: how many injected faces are still unused.
int vl_game_injected_left(const VlGame *g);

/// FNV-1a hash of the whole game state (units, turn, phase, generator): equal states, equal hashes.
uint64_t vl_game_hash(const VlGame *g);

/// The charges declared so far this charge phase: their units and targets. Returns the count.
int vl_game_declared_charges(const VlGame *g, int *units, int *targets, int max);

/// GOR-GEN-1: the order a brigade is under (VL_ORDER_NONE when the rule is not in play), and an
/// order on its way to it (VL_ORDER_NONE when none) with the inches it still has to travel.
VlOrder vl_game_brigade_order(const VlGame *g, int brigade);
VlOrder vl_game_pending_order(const VlGame *g, int brigade, double *inches_left);



#ifdef __cplusplus
}
#endif
#endif
