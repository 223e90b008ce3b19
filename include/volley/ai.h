/**
 * @file ai.h
 * @brief Computer players. They see the game through the public API and act only through
 *        commands, so they cannot break a rule: every command is checked like a human's.
 *
 * Offers:
 *  - vl_random_player_phase(): the random-legal player of `volley sim` (issue: the game engine).
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

#ifdef __cplusplus
}
#endif
#endif
