/**
 * @file ai.h
 * @brief Computer players. They see the game through the public API and act only through
 *        commands, so they cannot break a rule: every command is checked like a human's.
 *
 * Offers:
 *  - vl_random_player_phase(): the random-legal player of `volley sim` (issue: the game engine).
 *  - vl_ai_phase(): the computer commander, at three levels (issue: a solo opponent worth playing).
 *    It weighs fire by expected HITs and their morale effect, charges by the odds of the morale
 *    test, the close combat dice and the face struck, and moves its brigades towards the
 *    scenario's objectives in two lines, in command, minding the charges and fire each place
 *    invites and the table edge behind. It looks ahead by playing candidate charges (and, at the
 *    hard level, whole movement phases) out on copies of the game with dice of its own.
 *    docs/ai-results.md has its measured strength and limits. vl_ai_phase_interruptible() is the
 *    same with a question it asks now and then, to give up a plan no longer wanted.
 *  - VlAiPlan: what it intends and why, one line per decision, for the screen to draw.
 *  - VlPlayer, vl_players_parse(): the player words of `--players` and the saves.
 */
#ifndef VOLLEY_AI_H
#define VOLLEY_AI_H

#include "volley/log.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Play the active side's current phase with random legal commands, ending with END_PHASE. Its
/// choices come from @p rng (not the game's generator: choices are inputs, like a human's). Every
/// command goes through vl_log_apply when @p log is given, else vl_game_apply. Returns the number of
/// commands issued, or -1 if a command was refused (a bug: the player only sends checked commands).
int vl_random_player_phase(VlGame *g, VlLog *log, VlRng *rng);

/* ---- the computer commander ---- */

/// How hard the commander thinks. The work is counted in candidates and look-ahead games, never
/// in seconds, so a level, a game state and a seed always give the same decisions.
typedef enum VlAiLevel {
    VL_AI_EASY,   ///< a few candidate orders a unit, some error, charges by the odds alone; blind to
                  ///< the charges and fire its moves invite, to its table edge and to the clock
                  ///< (it plays the last turns like the first)
    VL_AI_NORMAL, ///< more candidates, those dangers weighed, the best charges played out on copies,
                  ///< routes round rough and blocked ground, and the objectives as they will stand
                  ///< when the game ends by turns (galloping or at double time to reach them at the
                  ///< end, fire at the units that alone hold them)
    VL_AI_HARD,   ///< the most candidates and charge look-aheads, and the movement phase played out
                  ///< on copies in several postures through the enemy's reply (another posture than
                  ///< normal's is taken only when it is ahead by more than the dice's spread)
} VlAiLevel;
/// "easy", "normal", "hard" (NULL for anything else).
const char *vl_ai_level_name(VlAiLevel level);
/// The level named "easy", "normal" or "hard"; -1 otherwise.
int vl_ai_level_parse(const char *s);

/// Who plays a side: a person at the screen, the commander at a level, or the random-legal player.
typedef enum VlPlayerKind {
    VL_PLAYER_HUMAN,
    VL_PLAYER_AI,     ///< the computer commander (vl_ai_phase) at .level
    VL_PLAYER_RANDOM, ///< the random-legal player (vl_random_player_phase)
} VlPlayerKind;

typedef struct VlPlayer {
    VlPlayerKind kind;
    VlAiLevel level; ///< VL_PLAYER_AI only
} VlPlayer;

/// Read one player word, as `--players` and the saves write them: human, ai (= ai:normal), computer
/// (= ai:normal, what older saves wrote), ai:easy, ai:normal, ai:hard, random. False for anything
/// else.
bool vl_player_parse(const char *word, VlPlayer *out);
/// Read "A,B" (first side, then second) or "A" (both sides). False, with what was wrong in @p err,
/// for anything but one or two known words.
bool vl_players_parse(const char *s, VlPlayer out[2], char *err, size_t errsize);
/// A player's word as saves record it: "human", "ai:easy", "ai:normal", "ai:hard" or "random".
const char *vl_player_name(VlPlayer p);

/// One decision of the commander, as a screen draws it: an arrow from @p from to @p to for a move,
/// a line from the unit to @p target for fire and charges, a mark for a hold or a rally.
typedef struct VlAiIntent {
    VlPhase phase;
    VlCommandKind kind;   ///< the command issued; END_PHASE for a unit told to hold
    int unit;
    int target;           ///< fire and charge: the enemy unit; else -1
    VlPose from, to;      ///< where the unit stood and where the order takes it (equal for fire, rally, hold)
    VlFormation to_formation; ///< the formation the order leaves it in (its formation, but for a move)
    VlVec2 goal;          ///< move and hold: the place its brigade is making for (inches)
    double score;         ///< the value the commander gave it; 1.0 is about one enemy unit routed
    double expected_hits; ///< fire: HITs expected on the target; charge: HITs expected on it in close combat
    double chance;        ///< charge, rally: chance the unit passes its morale test; fire: chance the
                          ///< target must test (first time fired on, or 2 HITs in the phase)
    bool issued;          ///< the game accepted the command (false for holds, which issue none)
    char reason[160];     ///< a short explanation, e.g. "flank charge: morale 83%, 9 dice against 3"
} VlAiIntent;

/// What a brigade is making for this player turn.
typedef struct VlAiGoal {
    int general;          ///< the brigade's commander, or -1 (independent unit or none left)
    int lead;             ///< the first unit of the group
    VlVec2 point;         ///< the goal: an objective, or the enemy
    VlVec2 front;         ///< where the commander wants the middle of its front line this turn
    double facing;        ///< the way the line should face (compass degrees)
    char what[96];        ///< e.g. "take Herbst Woods (2 points)" or "attack c_1tn"
} VlAiGoal;

#define VL_AI_MAX_INTENTS 192
#define VL_AI_MAX_GOALS 24

/// The commander's plan for one player turn: vl_ai_phase() adds each phase's decisions, starting
/// afresh when it is called for a new player turn (another turn or side than the plan holds).
typedef struct VlAiPlan {
    int side, turn;       ///< the player turn the plan is for
    VlAiLevel level;
    int n;                ///< intents recorded; any beyond VL_AI_MAX_INTENTS are counted in dropped
    int dropped;
    VlAiIntent items[VL_AI_MAX_INTENTS];
    int ngoals;
    VlAiGoal goals[VL_AI_MAX_GOALS];
    char posture[96];     ///< how boldly the brigades close this turn, e.g. "stand off beyond charge reach"
    int evaluated;        ///< candidate orders judged (the level's budget spent)
    int simulated;        ///< look-ahead plays on copies of the game
    int refused;          ///< commands the game refused: 0 unless the core and its checks disagree
} VlAiPlan;

/// Empty a plan (vl_ai_phase does it itself at the start of each player turn).
void vl_ai_plan_reset(VlAiPlan *plan);

/// Play the active side's current phase as the computer commander, ending with END_PHASE. Its
/// choices, and the dice of its look-ahead games on copies of the game, come from @p rng, never
/// from the game's generator (it cannot peek at the real dice). Every command is checked with
/// vl_game_check first and then goes through vl_log_apply when @p log is given, else
/// vl_game_apply. @p plan_out (may be NULL) receives the decisions with their reasons.
/// Returns the number of commands issued, or -1 if a command was refused (a bug, as above).
int vl_ai_phase(VlGame *g, VlLog *log, VlRng *rng, VlAiLevel level, VlAiPlan *plan_out);

/// Asked now and then while the commander plans (between look-ahead games, between units, before
/// each command): a non-zero answer stops it. @p ctx is what vl_ai_phase_interruptible was given.
/// It is called on the thread that plans, so a flag set by another thread must be read atomically.
typedef int (*VlAiInterrupt)(void *ctx);

/// What vl_ai_phase_interruptible returns when @p interrupt stopped it.
#define VL_AI_INTERRUPTED (-2)

/// vl_ai_phase that gives up when @p interrupt (may be NULL: never) answers non-zero: it then issues
/// nothing more, not even END_PHASE, and returns VL_AI_INTERRUPTED. The game may be left part-way
/// through the phase with some commands applied, so plan on a copy that can be thrown away (the
/// screen does, on its own thread, and stops it when a new game or quitting drops the plan). Not
/// interrupted, it decides exactly as vl_ai_phase does: asking costs no dice.
int vl_ai_phase_interruptible(VlGame *g, VlLog *log, VlRng *rng, VlAiLevel level, VlAiPlan *plan_out,
                              VlAiInterrupt interrupt, void *ctx);

#ifdef __cplusplus
}
#endif
#endif
