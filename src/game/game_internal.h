/* Private to src/game: the game object and the helpers its files share. The layers, from the
 * bottom; each file calls only into those below it:
 *   game.c     the object, its dice and logs, refusals
 *   effects.c  what rulings do to units (tests rolled, HITs, fall back, rout, make way, re-form)
 *   orders.c   the optional generals' orders (GOR-GEN-1)          victory.c  points, break, end
 *   fire.c, combat.c  roll what src/rules decides, on effects.c (combat.c asks orders.c too)
 *   turn.c     the phase machine and commands, vl_game_apply / vl_game_check, on top. */
#ifndef VOLLEY_GAME_INTERNAL_H
#define VOLLEY_GAME_INTERNAL_H

#include "volley/game.h"

#include <stdatomic.h>

#define MAX_DECL 64

/* A charge declared this phase (GOR-CHG-3: declare all, then test each). */
typedef struct Decl {
    int unit, target;
    bool choose_path;
    VlPreKind pre_kind;
    double pre_amount;
    int nsupports;
    int supports[VL_MAX_SUPPORTS];
    bool square_tested;  /* GOR-CHG-9 done for this charge */
    bool defender_no_fire; /* the target lost its chance to fire (failed square test) */
    bool passed;         /* charger passed its morale test */
    bool contact;        /* in contact with the target after the move */
    VlFace face;
    bool reaction;       /* REP-201's counter-charge: always a GOR charge (D-REP-201-2) */
} Decl;

/* vl_game_terrain_cache(): one block shared by a game and its copies, counted. */
typedef struct TerrainCache {
    atomic_int refs;
    void *data;
    void (*free_fn)(void *);
} TerrainCache;

struct VlGame {
    VlWorld *w;
    TerrainCache *terrain; /* shared with the copies (never part of the state: not hashed) */
    VlPhase phase;
    unsigned reactions[2];
    /* logs */
    VlDiceRoll *dice;
    int ndice, cap_dice;
    VlGameEvent *ev;
    int nev, cap_ev;
    /* injected dice (tests) */
    int *inj;
    int ninj, iinj;
    /* per phase */
    int *phase_hits;     /* HITs from fire this phase */
    bool *phase_tested;  /* the 2-HIT test done this phase (GOR-FIRE-5) */
    bool *replace_pending; /* generals killed, to be replaced in their side's next rally phase */
    int ndecl;
    Decl decl[MAX_DECL];
    int seq; /* next sequence number for the logs */
    /* GOR-GEN-1, per brigade: the order in force, where a Hold order holds, an order on its way */
    VlOrder *order;
    VlVec2 *hold_at;
    VlOrder *pending;
    double *pending_left;
    int *order_sent_turn;
    /* result */
    bool over;
    int winner;
    char why[200];
};

/* Dice: every roll is logged. roll_d6(n) fills faces and returns their sum. */
int vl_g_roll(VlGame *g, int sides, int n, int *faces);
VlDiceRoll *vl_g_log_roll(VlGame *g, int side, int unit, const char *clause, const int *faces, int n, int sides,
                          int modifier, int need);
void vl_g_event(VlGame *g, int unit, int other, const char *clause, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* Add the refusals (ok == false) of a verdict to @p why (NULL: none). */
void vl_g_copy_refusals(VlReasons *why, const VlReasons *from);
/* Add one refusal to @p why (NULL: none); returns false, for `return vl_g_refuse(...)`. */
bool vl_g_refuse(VlReasons *why, const char *clause, int unit, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* ---- effects.c: what rulings do to the units ---- */

/* Morale (GOR-MOR-*): returns the margin: > 0 passed by that much... fail_by > 0 when failed. */
typedef struct MoraleResult {
    bool pass;
    int fail_by; /* 0 when passed */
    int total, level, modifier;
} MoraleResult;
MoraleResult vl_g_morale(VlGame *g, int u, int extra_mod, const char *clause, const char *what);

/* HITs, with the commander's risk (GOR-CMDR-1) for generals in contact. */
void vl_g_add_hits(VlGame *g, int u, int hits, int attacker, const char *clause);

/* Fall back straight backwards keeping facing, stopping short of units and impassable ground
 * (D-GAME-4); leaving the table removes the unit (D-GAME-5). Returns the distance moved. forced:
 * a result of fire, combat or morale, so units directly behind fall back too with 1 HIT
 * (GOR-FOLLOW-1) and dismounted cavalry remounts (GOR-CAV-1); not for a chosen fall back. */
double vl_g_fall_back(VlGame *g, int u, double dist, bool forced, const char *clause);
/* Move u by v, its facing set to @p facing, stopping 0.1 in short of enemies, buildings and water.
 * Returns the fraction of v moved, or -1 when it ended partly off the table. */
double vl_g_shift(VlGame *g, int u, VlVec2 v, double facing);
/* D-GAME-11: the generals whose bases unit u (not a general) now stands on, or, for the enemy's,
 * touches, step aside to the nearest clear place; an enemy general so met takes the survival test
 * (GOR-CMDR-1), and one with no room within 12 in is lost. */
void vl_g_make_way(VlGame *g, int u);
/* What stops footprint fp of unit u from standing where it is: VL_PLACE_FREE nothing; a unit index;
 * VL_PLACE_EDGE when it leaves the table; VL_PLACE_GROUND for a building or water. Overlapping
 * another unit always blocks; merely touching blocks for enemies / friends as asked. A general
 * makes way instead (D-GAME-11). */
enum { VL_PLACE_FREE = -1, VL_PLACE_EDGE = -2, VL_PLACE_GROUND = -3 };
int vl_g_place_blocker(const VlGame *g, int u, const VlFootprint *fp, bool touch_enemy, bool touch_friend);
/* Change formation where the unit stands, one base staying put; false when there is no room
 * (another unit, a building, water or the table edge in the way). */
bool vl_g_reform_in_place(VlGame *g, int u, VlFormation f);
/* Rout: turn the back to @p enemy, the unit that routed it (-1: none known, it about-turns), and move
 * a charge move (GOR-CC-4, GOR-ROUT-1, D-ROUT-1); a router already routed runs on the way it faces. */
void vl_g_rout(VlGame *g, int u, int enemy, const char *clause);
/* The charge move of a unit over open ground (normal + 5). */
double vl_g_charge_move(const VlGame *g, int u);

/* REP-508: a general of loser l's side within 3 in, not yet used this phase (used[], per unit),
 * risks his survival to rally it; true when it rallied (the combat with @p winner is fought again). */
bool vl_g_emergency_rally(VlGame *g, int l, int winner, bool *used);

/* ---- fire.c, combat.c: on top of the effects ---- */
/* Fire. */
bool vl_g_artillery_fire(VlGame *g, int u, int t, bool apply, VlReasons *why);
/* REP-401 (D-REP-401-1): how many rounds the preliminary bombardment lasts. */
#define VL_REP_401_ROUNDS 3
/* REP-401: the preliminary bombardment before turn 1, when the option is on (else nothing). */
void vl_g_bombardment(VlGame *g);
/* REP-201 (alert.c): at the end of the active side's movement phase, its units that may go on alert
 * do (D-REP-201-1); after every command, units on alert that moved or took a HIT are no longer. */
void vl_g_alert_phase_end(VlGame *g);
void vl_g_alert_lost(VlGame *g);
/* REP-201 (alert.c, D-REP-201-2): after enemy unit @p mover's move from @p from (in formation
 * @p from_form), having used @p fraction of its allowance, each alert unit whose 4 in zone it passed
 * through counter-charges it if it can within its pro-rated reaction move. */
void vl_g_alert_react(VlGame *g, int mover, VlPose from, VlFormation from_form, double fraction);
/* REP-201 (combat.c, D-REP-201-2): unit u counter-charges t at once as a GOR charge whose path to
 * contact is at most @p reach inches (morale, move, t receives it, one close combat round, GOR-CC-6).
 * False, with nothing done, when no such charge is legal. */
bool vl_g_counter_charge(VlGame *g, int u, int t, double reach);
bool vl_g_small_arms(VlGame *g, const VlCommand *c, bool apply, VlReasons *why);
/* Free short-range fire of a charged unit at its charger (GOR-CHG-6). */
void vl_g_free_fire(VlGame *g, int u, int t);
/* After a unit has been hit by fire: the first-time and 2-HIT tests (GOR-FIRE-5). */
void vl_g_after_fire(VlGame *g, int t);

/* ---- orders.c: GOR-GEN-1 (optional) ---- */
/* May this unit charge under its brigade's orders? */
bool vl_g_order_allows_charge(const VlGame *g, int u, VlReasons *why);
/* Does the brigade's order allow unit u to end its move at @p to? */
bool vl_g_order_allows_move(const VlGame *g, int u, const VlFootprint *to, VlReasons *why);
/* The order command: a corps commander sends an order to a brigade. */
bool vl_g_order_command(VlGame *g, const VlCommand *c, bool apply, VlReasons *why);
/* At the start of a side's player turn, orders on their way travel on. */
void vl_g_orders_travel(VlGame *g, int side);

/* Charges and close combat (combat.c). */
bool vl_g_declare(VlGame *g, const VlCommand *c, bool apply, VlReasons *why);
void vl_g_resolve_charges(VlGame *g);
/* The charge phase under JR III (charge_jr3.c): the declared charges resolved one by one. */
void vl_g_resolve_charges_jr3(VlGame *g);
/* The charge phase under Gunson's charge moves (charge_gunson.c): each declared charge to its end. */
void vl_g_resolve_charges_gunson(VlGame *g);
/* GUN-MOR-1, D-GUN-11: the retreats and routs the active side's units owe, at the start of its movement. */
void vl_g_gunson_pending_moves(VlGame *g);

/* ---- victory.c ---- */
/* An army that has reached its break point ends the game (the scenario's break percent). */
void vl_g_check_break(VlGame *g);
/* The last turn is over: the game ends on points. */
void vl_g_end_by_turns(VlGame *g);

#endif
