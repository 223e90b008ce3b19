/**
 * @file summary.h
 * @brief What a player turn did, in a few lines a person reads: the HITs each unit took, the units
 *        that routed, left the table or were destroyed, the generals lost, the objectives that
 *        changed hands, and each charge with its outcome. Worked out from the game as it stood
 *        before the turn and after it, and the events the turn wrote; the screen (after the
 *        computer's turn, on the hand-over, in the replay viewer) and `volley replay --summary`
 *        show the same lines.
 *
 * Offers:
 *  - VlSummaryKind, VlChargeOutcome, VlSummaryLine, VlTurnSummary.
 *  - vl_summary_build(): the summary of one turn from the worlds before and after and its events;
 *    vl_summary_between(): the same from two states of one game.
 *  - vl_summary_line_text(): a line in words, naming units and objectives by their names.
 */
#ifndef VOLLEY_SUMMARY_H
#define VOLLEY_SUMMARY_H

#include <stddef.h>

#include "volley/game.h"

#ifdef __cplusplus
extern "C" {
#endif

/// What a line of the summary tells.
typedef enum VlSummaryKind {
    VL_SUM_CHARGE,    ///< `unit` charged `other`, with `outcome`
    VL_SUM_LOSS,      ///< `unit` took `amount` HITs in the turn (now `total`)
    VL_SUM_ROUT,      ///< `unit` routed
    VL_SUM_GONE,      ///< `unit` left the table routed, or was destroyed (an overrun battery)
    VL_SUM_GENERAL,   ///< general `unit` was lost (GOR-CMDR-1)
    VL_SUM_OBJECTIVE, ///< objective `other` passed from side `from` to side `to` (-1: nobody, or both)
} VlSummaryKind;

/// How a charge ended, as far as the turn's events say (GOR-CHG-2..9, GOR-CC-4).
typedef enum VlChargeOutcome {
    VL_CHARGE_DECLARED,    ///< declared, not resolved within the turn's events
    VL_CHARGE_FALTERED,    ///< failed its charge test and halted part way (GOR-CHG-3)
    VL_CHARGE_UNREACHABLE, ///< passed, but could no longer reach the target (GOR-CHG-2)
    VL_CHARGE_SHORT,       ///< ran out of move before contact (GOR-CHG-2, rough ground)
    VL_CHARGE_EVADED,      ///< the target fell back rather than receive it (GOR-CHG-7, GOR-CHG-8)
    VL_CHARGE_HOME,        ///< reached the target; no close combat settled it
    VL_CHARGE_WON,         ///< the target lost the close combat (GOR-CC-4)
    VL_CHARGE_LOST,        ///< the charger lost the close combat (GOR-CC-4)
    VL_CHARGE_DRAWN,       ///< equal HITs: neither gave way (GOR-CC-4)
} VlChargeOutcome;

/// One line of a turn's summary.
typedef struct VlSummaryLine {
    VlSummaryKind kind;
    int side;        ///< the side of `unit` (for objectives: the side that took it, `to`)
    int unit;        ///< the unit the line is about, or -1 (objectives)
    int other;       ///< the charge's target, the objective's index, else -1
    int amount;      ///< loss: HITs taken in the turn
    int total;       ///< loss: HITs it has after the turn
    int from, to;    ///< objective: who held it before and after (-1: nobody, or contested)
    VlChargeOutcome outcome; ///< charge
    bool target_routed;      ///< charge: the target routed in the turn
    VlVec2 at;       ///< where it happened, inches: the unit where it ends (or last stood), the objective
} VlSummaryLine;

#define VL_SUMMARY_MAX 96

/// A player turn's summary: its lines in the order charges (as declared), routs, units gone, generals
/// lost, objectives, then the HITs taken, most first.
typedef struct VlTurnSummary {
    int turn;        ///< the game turn
    int side;        ///< whose player turn it was
    int n;
    int more;        ///< lines that did not fit in `line`
    int hits[2];     ///< HITs each side took in the turn
    VlSummaryLine line[VL_SUMMARY_MAX];
} VlTurnSummary;

/// The summary of side @p side's turn @p turn: @p before and @p after are the world at its start and
/// at its end (same scenario), @p ev / @p nev the events written in between (vl_game_events from
/// the first new one).
void vl_summary_build(const VlWorld *before, const VlWorld *after, const VlGameEvent *ev, int nev, int turn, int side,
                      VlTurnSummary *out);
/// The summary of what happened in one game between state @p before (an earlier copy of it,
/// vl_game_clone) and @p after: the events @p after wrote since, turn and side those of @p before.
void vl_summary_between(const VlGame *before, const VlGame *after, VlTurnSummary *out);
/// Line @p i of @p sum in words, units by vl_unit_label, objectives by vl_objective_label
/// ("13th Alabama charged 1st Tennessee: won the melee", "Round Top: taken by the Union").
void vl_summary_line_text(const VlScenario *s, const VlTurnSummary *sum, int i, char *buf, size_t size);
/// The summary's heading in words ("Turn 2, Confederate: 5 HITs given, 2 taken").
void vl_summary_title(const VlScenario *s, const VlTurnSummary *sum, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif
