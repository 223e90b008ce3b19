/**
 * @file scenario.h
 * @brief Scenario files (docs/scenario-format.md): load, check, and build a battlefield.
 *
 * Offers:
 *  - VlScenario: the parsed file (sides, brigades, terrain, units).
 *  - vl_scenario_load_file() / vl_scenario_load_string(): parse with jansson (duplicate keys and
 *    \u0000 refused), check types, content and bounds (docs/scenario-format.md "Bounds": sizes in
 *    range, everything on the table, one id namespace, each side a regiment or battery), and report
 *    every problem with line, column and JSON path. A VlScenario built in code skips these checks:
 *    code that draws or plays one must not rely on them for termination (src/ui/scene.c does not).
 *  - vl_scenario_battlefield(): the geometric model of a loaded scenario.
 *  - vl_unit_label() / vl_unit_full_name() / vl_brigade_label() / vl_objective_label() /
 *    vl_terrain_label(): what every text a person reads calls a unit, brigade, objective or
 *    feature (names, not ids; ids stay in JSON); vl_scenario_label_by_ids() for `--ids`.
 */
#ifndef VOLLEY_SCENARIO_H
#define VOLLEY_SCENARIO_H

#include "volley/battlefield.h"
#include "volley/core.h"

#ifdef __cplusplus
extern "C" {
#endif

#define VL_ID_MAX 64
#define VL_NAME_MAX 96
/// A short name: at most 39 bytes, what a text calls a unit or brigade where space is tight.
#define VL_SHORT_MAX 40

typedef struct VlSide {
    char id[VL_ID_MAX];
    char name[VL_NAME_MAX];
} VlSide;

typedef struct VlBrigade {
    char id[VL_ID_MAX];
    char name[VL_NAME_MAX];
    char short_name[VL_SHORT_MAX]; ///< given, or derived from the name (vl_brigade_label)
    bool short_given; ///< the file gave short_name (the editor writes it back only then)
    int side;      ///< index into sides
    int commander; ///< index into units of its general, or -1
} VlBrigade;

/// What an event of the scenario's events table does (GOR-TURN-1).
typedef enum VlEffectKind {
    VL_EFFECT_NONE,   ///< a story only
    VL_EFFECT_HITS,   ///< unit takes `amount` HITs
    VL_EFFECT_RALLY,  ///< unit loses up to `amount` HITs
    VL_EFFECT_ARRIVE, ///< a reinforcement arrives now
    VL_EFFECT_DELAY,  ///< a reinforcement arrives `amount` turns later
} VlEffectKind;

typedef struct VlEvent {
    int lo, hi; ///< the 2D6 totals it answers to
    char text[200];
    VlEffectKind effect;
    int unit;   ///< index into units, or -1
    int amount;
} VlEvent;

/// A place worth holding (victory conditions).
typedef struct VlObjective {
    char id[VL_ID_MAX];
    char name[VL_NAME_MAX];
    VlVec2 position;
    double radius;
    int points;
} VlObjective;

/// GOR-GEN-1 (optional): the orders brigades may be under.
typedef enum VlOrder { VL_ORDER_NONE, VL_ORDER_ATTACK, VL_ORDER_ADVANCE, VL_ORDER_HOLD, VL_ORDER_RETIRE } VlOrder;
const char *vl_order_name(VlOrder o);
int vl_order_parse(const char *s);

/// A corps commander and the brigades it sends orders to (GOR-GEN-1).
typedef struct VlCorps {
    int side;
    int commander; ///< index into units (a general)
    int nbrigades;
    int brigades[16]; ///< indexes into brigades
} VlCorps;

typedef struct VlScenarioUnit {
    char id[VL_ID_MAX];
    char name[VL_NAME_MAX];
    char short_name[VL_SHORT_MAX]; ///< given, or derived from the name (vl_unit_label)
    bool short_given; ///< the file gave short_name (the editor writes it back only then)
    int side;    ///< index into sides
    int brigade; ///< index into brigades, or -1 (independent, or no brigades list: see brigade_label)
    char brigade_label[VL_ID_MAX]; ///< the brigade id as written ("" when none)
    VlUnitType type;
    VlFormation formation;
    VlWeapon weapon;
    VlQuality quality;
    bool mounted; ///< cavalry only; false when dismounted
    VlPose pose;
    VlBaseSpec spec;
    int arrive_turn;   ///< 0: on the table from the start; else the turn it arrives (reinforcement)
    char arrive_edge[8]; ///< the table edge it comes on by: north, south, east, west
} VlScenarioUnit;

/// Which charge rules a ruling follows.
typedef enum VlChargeRules {
    VL_RULES_GOR,    ///< I'm a Good Old Rebel (the default game)
    VL_RULES_JR3,    ///< Johnny Reb III, 2008 clarifications
    VL_RULES_GUNSON, ///< Bill Gunson, Charge Moves (1964)
} VlChargeRules;
const char *vl_charge_rules_name(VlChargeRules r);
/// "gor", "jr3" or "gunson"; -1 otherwise.
int vl_charge_rules_parse(const char *s);

/// The Republic advanced rules (republic-advanced-rules.txt) Volley offers as options on a Good Old
/// Rebel game; each is a bit (1u << option) in VlRuleOptions.republic, and each has its checklist id.
typedef enum VlRepOption {
    VL_REP_201,  ///< alert infantry
    VL_REP_303,  ///< road movement
    VL_REP_306,  ///< confused movement
    VL_REP_307,  ///< dismounted cavalry movement
    VL_REP_308,  ///< lost in the woods
    VL_REP_401,  ///< preliminary bombardment
    VL_REP_501,  ///< unopposed overlap
    VL_REP_505,  ///< firefights
    VL_REP_506A, ///< point-blank volley
    VL_REP_506B, ///< prepared defence
    VL_REP_507,  ///< trapped artillery
    VL_REP_508,  ///< emergency rally
    VL_REP_509,  ///< rebel yell
    VL_REP_510,  ///< weapon differences
    VL_REP_513,  ///< attrition die
    VL_REP_601,  ///< line-of-sight blind zones
    VL_REP_COUNT
} VlRepOption;
/// "REP-201" and so on: the checklist id, which is also the option's name in files.
const char *vl_rep_option_id(VlRepOption o);
/// The option an id names, case-insensitively ("rep-505", "REP-506A"); -1 otherwise.
int vl_rep_option_parse(const char *s);

typedef struct VlScenario {
    char file[256];
    uint64_t hash; ///< FNV-1a of the file's bytes: a saved game names the scenario it was played on
    char name[VL_NAME_MAX];
    char description[512];
    int version;
    int year;     ///< 0 when not given
    char theatre[16];
    double width, height;
    int nsides;
    VlSide sides[2];
    int nbrigades;
    VlBrigade *brigades;
    int nterrain;
    VlTerrain *terrain; ///< points owned by the scenario
    int nunits;
    VlScenarioUnit *units;
    int first_side;    ///< the side that moves first each turn
    int turns;         ///< turn limit (victory conditions); default 12
    int break_percent; ///< a side with this share of its units routed or gone has lost; default 50
    int nobjectives;
    VlObjective *objectives;
    int nevents;
    VlEvent *events;   ///< the 2D6 events table
    bool orders;       ///< the optional Generals and orders rule is in play (GOR-GEN-1)
    /// The scenario's "rules" object: the charge rules and Republic options a new game of it plays
    /// by (Good Old Rebel alone when it has none); see vl_rule_options_for().
    VlChargeRules charge_rules;
    uint32_t republic;
    int ncorps;
    VlCorps corps[8];
    VlOrder *initial_order; ///< per brigade, when orders are in play (VL_ORDER_NONE: none yet)
    /// Texts name units, brigades, objectives and features by their ids instead of their names
    /// (`volley replay --ids`); false when loaded.
    bool label_ids;
} VlScenario;

/// Load and check a scenario file. Every problem found is appended to @p diags (which the caller
/// initialises); on any problem the scenario is freed and a non-OK status returned.
VlStatus vl_scenario_load_file(const char *path, VlScenario *out, VlDiagList *diags);
/// The same for text in memory; @p name is used in messages.
VlStatus vl_scenario_load_string(const char *text, size_t len, const char *name, VlScenario *out,
                                 VlDiagList *diags);
void vl_scenario_free(VlScenario *s);
/// Build the battlefield of a loaded scenario; unit i of the scenario is unit i of the battlefield,
/// terrain j is terrain j. NULL when out of memory.
VlBattlefield *vl_scenario_battlefield(const VlScenario *s);
/// Index of the unit with this id, or -1.
int vl_scenario_find_unit(const VlScenario *s, const char *id);

/// What a text calls unit @p u: its short name ("13th Alabama", "Archer"), always the same one
/// for a unit; the id when the unit has no name or label_ids is set; "?" out of range.
const char *vl_unit_label(const VlScenario *s, int u);
/// The unit's whole name ("Brig. Gen. James J. Archer"), else as vl_unit_label.
const char *vl_unit_full_name(const VlScenario *s, int u);
/// What a text calls brigade @p b: its short name ("Archer's Brigade"); the id as vl_unit_label.
const char *vl_brigade_label(const VlScenario *s, int b);
/// The same for the brigade with this id; the id itself when no brigade has it (a scenario without
/// a brigades list names brigades only by the units' `brigade`).
const char *vl_brigade_label_by_id(const VlScenario *s, const char *id);
/// What a text calls objective @p o: its name, else its id.
const char *vl_objective_label(const VlScenario *s, int o);
/// What a text calls terrain feature @p t: its name ("Willoughby Run"), else its type ("woods");
/// the id with label_ids.
const char *vl_terrain_label(const VlScenario *s, int t);
/// Fill every unit's and brigade's short name not given in the file: the name without a
/// parenthesis or what follows a comma, a general's surname without his rank; a name shared by
/// two of them gives way to the whole name. The loader calls it; tests that build a scenario by
/// hand may too.
void vl_scenario_short_names(VlScenario *s);
/// From now on every text names things by id (`volley replay --ids`): sets label_ids.
void vl_scenario_label_by_ids(VlScenario *s);

#ifdef __cplusplus
}
#endif
#endif
