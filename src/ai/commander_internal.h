/* Private to src/ai: the computer commander's state, its levels and postures, the small helpers
 * every part of it uses, and what each of its files offers the others. vl_ai_phase() (commander.c)
 * drives a phase; the files below are its parts, named after what they hold. */
#ifndef VOLLEY_AI_COMMANDER_INTERNAL_H
#define VOLLEY_AI_COMMANDER_INTERNAL_H

#include "volley/ai.h"

#include "route.h"
#include "weights.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>

#define PI 3.14159265358979323846

/* How a level thinks (VlAiLevel): its budget of candidates and look-ahead plays, and what it
 * weighs. The three are in commander.c (LEVELS). */
typedef struct Level {
    int move_cands;      /* candidate orders judged per unit in a movement phase */
    bool sees_threats;   /* weigh the charges the enemy could make (GOR-THREAT-1), flanks included */
    bool setups;         /* value places from which a good charge is possible next turn */
    int charge_sims;     /* charges played out on copies, the best by the odds first */
    int samples;         /* look-ahead plays per charge (and as many without it) */
    double noise;        /* error added to each move's score: the easy commander's misjudgements */
    double charge_min;   /* the least value worth a charge */
    double standoff;     /* how close (inches) a brigade's front closes on the enemy */
    int postures;        /* postures tried for the movement phase by playing them out on copies */
    int posture_samples; /* ...with at least this many dice streams each */
    int posture_plays;   /* ...and as many more, up to 8, as this many unit-plays pay for (streams
                            times the fighting units on the table): a small action is judged on
                            more streams for the same work */
    bool wary;           /* weigh the fire a place draws, the table edge behind it, retreat tests */
    bool distinct;       /* its move_cands are orders that each lead somewhere else (easy takes the
                            first few as generated, repeats and all: with its error, a repeated order
                            is drawn more than once, which leans it towards its first, most
                            purposeful orders) */
    int last_samples;    /* on the last movement phase, orders drawn at random per unit and objective
                            in search of one that ends within its radius */
    int final_plays;     /* on the last movement phase, the unit-plays (dice streams times sets of
                            orders times the fighting units on the table) that pay for playing
                            its orders and their alternatives out to the end (final_search);
                            0: none */
} Level;

/* How boldly the brigades close on the enemy this turn. The hard commander tries each on copies of
 * the game and keeps the one that turns out best. */
typedef struct Posture {
    double standoff;   /* how close the front closes on the nearest enemy (inches); < 0: the level's */
    bool hold;         /* the frames do not move: units only adjust */
    double risk;       /* weight of the charges a place invites */
    const char *name;
} Posture;

static inline VlVec2 centre_of(const VlFootprint *fp) { return vl_v2_lerp(fp->box.p[0], fp->box.p[2], 0.5); }

static inline VlVec2 ucentre(const VlWorld *w, int u) { return centre_of(&vl_world_unit(w, u)->fp); }

static inline double udist(const VlWorld *w, int a, int b)
{
    return vl_footprint_distance(&vl_world_unit(w, a)->fp, &vl_world_unit(w, b)->fp);
}

static inline const char *uid(const VlWorld *w, int u) { return vl_unit_label(w->scenario, u); }

static inline VlUnitType utype(const VlWorld *w, int u) { return w->scenario->units[u].type; }

static inline VlFormation uform(const VlWorld *w, int u) { return vl_world_unit(w, u)->formation; }

/* Compass bearing (0 = north, clockwise) from a to b. */
static inline double bearing(VlVec2 a, VlVec2 b)
{
    double d = atan2(b.x - a.x, b.y - a.y) * 180.0 / PI;
    return d < 0 ? d + 360 : d;
}

/* Smallest signed turn from facing a to facing b, in (-180, 180]. */
static inline double turn_to(double a, double b)
{
    double d = fmod(b - a, 360.0);
    if (d <= -180)
        d += 360;
    if (d > 180)
        d -= 360;
    return d;
}

/* An enemy (or friend) that fights: on the table, not a general. */
static inline bool fighter(const VlWorld *w, int u) { return vl_world_present(w, u) && utype(w, u) != VL_GENERAL; }

static inline bool infantry_like(const VlWorld *w, int u)
{
    return utype(w, u) == VL_INFANTRY || (utype(w, u) == VL_CAVALRY && !w->units[u].mounted);
}

static inline bool mounted_cav(const VlWorld *w, int u) { return utype(w, u) == VL_CAVALRY && w->units[u].mounted; }

/* Could u charge, formation and type aside from this turn's flags (GOR-CHG-1)? */
static inline bool charger_kind(const VlWorld *w, int u)
{
    return fighter(w, u) && !w->units[u].routed && uform(w, u) == VL_FORM_LINE &&
           (utype(w, u) == VL_INFANTRY || mounted_cav(w, u));
}

static inline double uniform(VlRng *r, double lo, double hi) { return lo + (hi - lo) * vl_rng_unit(r); }

typedef struct Group {
    int n;
    int units[48];     /* regiments and batteries on the table */
    int general;       /* the commander on the table, or -1 */
    VlVec2 goal;       /* objective or enemy */
    VlVec2 front;      /* middle of the front line this turn */
    double facing;
    char what[96];
} Group;

/* The last movement phase as played on a copy (final_search): each unit's order in the order they
 * moved, [0] the commander's own choice, then up to FINAL_ALTS others to try in its place. */
#define FINAL_ALTS 2
/* How near an enemy must be for the commander to weigh a charge by or against it: an infantry
 * line's charge move (its 10 in and 5 more, GOR-CHG-2) and a little over. A pre-filter of the
 * commander's own, not a rule: the charge verdict decides. */
#define CHARGE_REACH 16.5

typedef struct FinalOrder {
    int unit;
    int nalt;
    bool move[1 + FINAL_ALTS]; /* false: it holds */
    VlCommand cmd[1 + FINAL_ALTS];
    VlAiIntent it[1 + FINAL_ALTS];
} FinalOrder;

typedef struct FinalPlan {
    int n;
    FinalOrder *o; /* room for every unit */
} FinalPlan;

/* A movement phase as a commander played it on a copy of the game (vl_ai_choose_posture), for the
 * real phase to give the same orders without judging them again: the hard commander's movement
 * phase draws nothing from its stream before the last turn, so on the same table, in the same
 * posture, each unit chooses as it did on the copy. Each unit's decision, in the order the phase
 * took the units; the replay (movement.c) stops after the first command that drew dice on the
 * copy or in the game (the tables may differ after it) and the units after it choose afresh. */
typedef struct MoveStep {
    int k;            /* its place in the phase's order of units */
    bool sent;        /* a command given (else a hold, noted) */
    bool rolled;      /* the command drew dice on the copy */
    int scored;       /* orders the unit scored */
    VlCommand cmd;
    VlAiIntent it;    /* the decision as it was before the command was sent */
} MoveStep;

typedef struct MoveLog {
    bool complete;    /* every unit of the phase decided, none refused, nothing interrupted */
    int n, cap;
    MoveStep *s;
    int *threat_at;   /* per unit: the place in the order during whose decision the threatened-flank
                         cache was filled (-1: before the first; INT_MAX: never) */
    int *threat_v;    /* ...and the value it took */
} MoveLog;

void vl_ai_move_log_free(MoveLog *ml);

/* The settled orders of the posture look-ahead's copies (moves.c), shared by the four postures'
 * commanders: each copy starts from the same table with the same dice, so a copy's game is the
 * same wherever the same commands have been sent to it in the same sequence. Such a history is a
 * node (0: none sent yet); vl_ai_settle() answers again what it was asked on the same node. */
typedef struct SettleMemo SettleMemo;
SettleMemo *vl_ai_settle_memo_new(void);
void vl_ai_settle_memo_free(SettleMemo *m);
/* The node after command @p c was applied on node @p node (-1 when not kept: no answers then). */
int vl_ai_settle_memo_after(SettleMemo *m, int node, const VlCommand *c);

typedef struct Ai {
    VlGame *g;
    VlLog *log;
    VlRng *rng;
    VlAiLevel level;
    const Level *L;
    VlAiPlan *plan;
    int side;
    int n;
    int issued;
    bool failed;
    int *threat_n;     /* threatened flanks and rear per unit, -1 until asked (cache for this phase) */
    int *phase_hits;   /* HITs our fire did to each enemy this phase (GOR-FIRE-5) */
    int *group_of;     /* our units: their group; else -1 */
    VlVec2 *slot;      /* our units: their place this turn */
    double *slot_facing;
    bool *shaken;
    int *holder_of;    /* our units: the objective it is to take or hold, or -1 */
    double *hold_p;    /* in the last turns, a holder's chance of being there at the end */
    const VlWorld *view; /* the world the odds are read from: the game's, or a copy with a unit moved */
    const Posture *posture;
    VlAiGround ground; /* the table's ground for routes (movement phase and last four turns; else empty) */
    int turns_left;    /* our player turns after this one before the game ends by turns */
    double endgame;    /* 1 / (1 + turns_left): how much the objectives as they stand now decide the game */
    VlWorld *probe;    /* a copy of the world where reach_need() tries orders, made when first wanted... */
    int probe_issued;  /* ...and again once a command of ours has changed the world (at this count) */
    double *reach;     /* reach_need() per unit and objective since then (NAN: not yet asked) */
    FinalPlan *rec;    /* set while final_search plays the last movement phase on a copy */
    bool nested;       /* a commander playing a movement phase on a copy for a look-ahead: no
                          final_search of its own */
    const bool *fixed; /* final_search: units whose order is already decided (NULL: none) */
    VlAiInterrupt interrupt; /* asked now and then whether to give up (NULL: never)... */
    void *interrupt_ctx;
    bool interrupted;  /* ...and once it has said so, the commander issues nothing more */
    MoveLog *mlog;     /* set on a copy's movement phase whose decisions are kept for a replay */
    int cur_k;         /* the place in the movement phase's order of the unit deciding (-1: none) */
    int scored;        /* orders scored (place_score.c), for the plan's count when replayed */
    SettleMemo *smemo; /* a posture copy's commander: the settled orders shared with the others... */
    int snode;         /* ...and the commands sent to its game so far, as a node of it (-1: off) */
    int ngroups;
    Group groups[VL_AI_MAX_GOALS * 2];
} Ai;

static inline const VlWorld *W(const Ai *ai) { return vl_game_world_const(ai->g); }

/* A regiment or battery with this many HITs needs its commander: one more and it tests at -2,
 * two more and it takes a retreat test every turn (GOR-MOR-2, GOR-RETR-1). */
#define STEADY_HITS 3

typedef struct ChargeEval {
    int unit, target;
    VlFace face;
    double p_charge;   /* the charger passes its test */
    double p_stand;    /* the target passes its receiving test (or forms square) */
    int att, def;      /* close combat dice */
    double hits_on_target, value, odds_value;
    bool square;       /* cavalry against a square, or one likely to form */
    bool cover;
    bool played;       /* played out on copies (charge_phase): the result is counted there */
    double p_pushed;   /* the charge goes in and the target leaves: skirmishers falling back
                        * (GOR-CHG-8), or the loser of the combat (GOR-CC-4, GOR-CC-6) */
    VlPose contact, half; /* where the charger ends: in contact, or halted (GOR-CHG-3) */
} ChargeEval;

typedef struct Ranked {
    int u;
    double key;
} Ranked;

typedef struct Cand {
    VlCommand c;
    bool stay;
    double score;
    VlPose pose;           /* where the order leaves the unit */
    VlFormation formation; /* ...in which formation */
    bool mounted;
    int passed_through;    /* friends it passes through (GOR-MOVE-7: both test morale) */
    int max_die;           /* cavalry in rough: the worst roll that still allows the whole move (6: any) */
    char why[120];
} Cand;

typedef struct Mover {
    Ai *ai;
    VlWorld *scratch; /* a copy of the world where candidate places are tried */
    Cand *cands;
    int ncands, cap;
    bool routed;      /* the unit's way to its place goes round rough or blocked ground: */
    VlAiRoute route;  /* ...the cost to its place from everywhere */
    VlVec2 waypoint;  /* ...and where to head this turn */
    int route_obj;    /* ...the objective its place is, whose radius the route ends at (or -1) */
    bool doubled;     /* the orders now generated gallop or go at double time (GOR-MOVE-4) */
    bool aimed;       /* the orders now generated make for @p aim, not the unit's place */
    VlVec2 aim;
    bool probe;       /* only asking where orders could take the unit: legal by the resolver is enough
                         (the game may be in another phase) */
} Mover;

/* Orders judged beside the level's own at the end of the game, for each objective and way of
 * moving (plain, doubled). */
#define EXTRA_CANDS 4

/* ---- commander.c: the phase driver, and its channel to the game ---- */
/* The postures the brigades may take, [0] the one each level starts from. */
extern const Posture VL_AI_POSTURES[4];
bool vl_ai_interrupted(Ai *ai);
void vl_ai_listen_to(Ai *ai, VlAiInterrupt interrupt, void *ctx);
/* The interrupt as the threads of a look-ahead ask it (vl_parallel_run): only the thread that plans
 * asks the commander's own interrupt (ai.h promises as much), and once it has said stop every thread
 * is told so without asking again. */
typedef struct StopGate {
    VlAiInterrupt ask; /* NULL: never */
    void *ctx;
    pthread_t owner;
    atomic_bool stopped;
} StopGate;
void vl_ai_gate_open(StopGate *gate, Ai *ai);
/* A VlAiInterrupt over a StopGate. */
int vl_ai_gate_ask(void *gate);
void vl_ai_note(Ai *ai, const VlAiIntent *it);
VlAiIntent vl_ai_intent(const Ai *ai, VlCommandKind kind, int u, int target);
VlCommand vl_ai_blank(VlCommandKind kind, int u);
bool vl_ai_send(Ai *ai, const VlCommand *c, VlAiIntent *it);
bool vl_ai_open(Ai *ai, VlGame *g, VlLog *log, VlRng *rng, VlAiLevel level, VlAiPlan *plan, const Posture *posture);
/* The same, for a posture copy's commander sharing @p memo (from its first settled order on). */
bool vl_ai_open_memo(Ai *ai, VlGame *g, VlRng *rng, VlAiLevel level, const Posture *posture, SettleMemo *memo);
void vl_ai_close(Ai *ai);

/* ---- odds.c: the rules' odds as the commander reads them (a thin layer over rules.h) ---- */
int vl_ai_morale_level(const VlWorld *w, int u);
void vl_ai_binomial(int n, double p, double *out);
int vl_ai_threatened(Ai *ai, int u);
int vl_ai_standard_mod(Ai *ai, int u, int extra_hits);
double vl_ai_free_fire_hits(const VlWorld *w, int t, int u);
double vl_ai_est_hits(const VlWorld *w, int u, int t);
double vl_ai_p_commander_falls(const VlWorld *w, double lam);

/* ---- worth.c: what things are worth ---- */
double vl_ai_room_along(const VlWorld *w, int u, VlVec2 dir);
double vl_ai_room_behind(const VlWorld *w, int u);
double vl_ai_hit_value(const VlWorld *w, int t);
double vl_ai_loss_value(const VlWorld *w, int u);
double vl_ai_test_loss(const VlWorld *w, int u, int mod, double per_point, double fixed);
double vl_ai_follow_loss(const VlWorld *w, int f, int mod, int b, double per_point, double fixed);
double vl_ai_retreat_loss(const VlWorld *w, int u, int hits, int mod);
double vl_ai_retreat_risk(const VlWorld *w, int u, int hits, int nthreat);
double vl_ai_rally_worth(const VlWorld *w, int u, int mod, int other);
double vl_ai_material(const VlGame *g, int side);
double vl_ai_result_of(int winner, int side);
double vl_ai_result_of_lead(double lead);
double vl_ai_evaluate(const VlGame *g, int side);
double vl_ai_sureness(const VlWorld *w, int side);
double vl_ai_result_change(const Ai *ai, double delta);

/* ---- objectives.c: who holds them, how soon a unit gets there, who is sent ---- */
int vl_ai_stand_of(bool ours, bool foes);
bool vl_ai_on_objective(const VlFootprint *fp, const VlObjective *o);
double vl_ai_march(const VlWorld *w, int u);
bool vl_ai_may_double(const VlWorld *w, int u);
double vl_ai_moves_for(double gap, double a, bool dbl);
double vl_ai_turns_needed(const VlWorld *w, int u, const VlObjective *o);
bool vl_ai_holds_but(const VlWorld *w, int side, const VlObjective *o, int except);
bool vl_ai_holds(const VlWorld *w, int side, const VlObjective *o);
double vl_ai_p_none_stays(const VlWorld *w, int side, const VlObjective *o, int except);
double vl_ai_objective_move_worth(Ai *ai, int u);
double vl_ai_charge_objective_worth(const Ai *ai, const ChargeEval *e);
int vl_ai_pick_holder(Ai *ai, const VlObjective *o);
int vl_ai_pick_end_holder(Ai *ai, const VlObjective *o, double miss, double *p);

/* ---- frames.c: brigades: groups, goals, frames and places ---- */
double vl_ai_enemy_gap(const VlWorld *w, int side, int u, int *nearest);
int vl_ai_cmp_ranked(const void *a, const void *b);
void vl_ai_build_groups(Ai *ai);
void vl_ai_assign_slots(Ai *ai);
void vl_ai_record_goals(Ai *ai);

/* ---- fire_plan.c: the artillery and fire phases ---- */
void vl_ai_artillery_phase(Ai *ai);
void vl_ai_fire_phase(Ai *ai);

/* ---- charge_plan.c: charges by the odds and on copies ---- */
void vl_ai_charge_odds(Ai *ai, int u, int t, const VlChargeVerdict *given, ChargeEval *e);
bool vl_ai_charge_next_turn(Ai *ai, const VlWorld *w, int a, int b, ChargeEval *ce);
int vl_ai_list_charges(Ai *ai, bool ignore_fired, const bool *only, ChargeEval **out);
void vl_ai_charge_phase(Ai *ai);

/* ---- exposure.c: the fire and charges a place draws and gives ---- */
bool vl_ai_guns_lay_on(const VlWorld *w, int e, int u);
double vl_ai_shot_value(const VlWorld *w, int u, int *target);
double vl_ai_incoming_hits(const VlWorld *w, int u);
double vl_ai_incoming_cost(const VlWorld *w, int u, double hits, int nthreat);
bool vl_ai_charge_danger(const VlWorld *w, int u, double reach);
double vl_ai_charge_risk(Ai *ai, const VlWorld *w, int u, int *flanks);
double vl_ai_follow_cost(const VlWorld *w, int u, double u_hits, int nthreat);

/* ---- moves.c: candidate orders ---- */
void vl_ai_gen_moves(Mover *mv, int u);
void vl_ai_cand_take(Cand *cd, const VlMoveVerdict *v);
bool vl_ai_settle(Mover *mv, Cand *cd);
/* vl_ai_incoming_hits() on the scratch world with u at @p cd's place, from the memo on a posture copy. */
double vl_ai_memo_incoming_hits(Mover *mv, int u, const Cand *cd);
bool vl_ai_same_as_kept(const Cand *kept, int n, const Cand *cd);
int vl_ai_extra_orders(Mover *mv, int u, int keep, VlVec2 aim, bool doubled, int most);
int vl_ai_sampled_orders(Mover *mv, int u, int keep);

/* ---- place_score.c: how good a place is ---- */
double vl_ai_score_candidate(Mover *mv, int u, Cand *cd);
double vl_ai_rolled_score(Mover *mv, int u, const Cand *cd, double stay_s);

/* ---- movement.c: the movement phase ---- */
void vl_ai_movement_phase(Ai *ai);
void vl_ai_movement_phase_from(Ai *ai, const MoveLog *ml);

/* ---- lookahead.c: plays on copies of the game ---- */
VlGame *vl_ai_copy_game(Ai *ai, uint64_t seed);
int vl_ai_choose_posture(Ai *ai, MoveLog logs[4]);
bool vl_ai_final_search(Ai *ai);

#endif
