/* Every rule of Volley's checklist (docs/rules-checklist.md is generated from this table; the
 * publications are in docs/rule-sources.md) with what Volley does about it, so that nothing is
 * silently missing: `volley rules` prints this table. The scenario-level test checks that every
 * rule marked done or partly done has a test naming it. */
#include "volley/rules.h"

#include <stddef.h>

static const VlRuleInfo RULES[] = {
    /* Good Old Rebel: scale and basing */
    {"GOR-BASE-1", VL_RULE_DONE, "base sizes: infantry/cavalry 100x50 mm, artillery 33x50 mm, generals 40x40 mm"},
    {"GOR-BASE-2", VL_RULE_DONE, "infantry and cavalry 2 bases, artillery 4"},
    /* formations */
    {"GOR-FORM-1", VL_RULE_DONE, "line: bases side by side"},
    {"GOR-FORM-2", VL_RULE_DONE, "skirmish line: one-base gaps; fire at them -1 die, their fire -1; cannot charge"},
    {"GOR-FORM-3", VL_RULE_DONE, "column: no fire, no charge, no support"},
    {"GOR-FORM-4", VL_RULE_DONE, "square: no flanks; fires at -2; artillery +3 against it; cavalry -2 to charge it; its own close combat column"},
    {"GOR-FORM-5", VL_RULE_DONE, "limbered guns move, unlimbered guns fire (their footprints and movement)"},
    {"GOR-FORM-6", VL_RULE_DONE, "mount and dismount: dismounted cavalry is a skirmish line"},
    {"GOR-FORM-7", VL_RULE_DONE, "a formation change takes the whole move; one base stays"},
    /* command */
    {"GOR-CMD-1", VL_RULE_DONE, "brigade support only within 8 in of the brigade commander"},
    {"GOR-CMD-2", VL_RULE_DONE, "independent units attached to a brigade in turn 1 (D-CMD-2)"},
    {"GOR-CMD-3", VL_RULE_DONE, "a commander killed: 1 HIT to each unit of the brigade, a replacement in the next rally phase"},
    /* turn */
    {"GOR-TURN-1", VL_RULE_DONE, "events roll (2D6 on the scenario events table) at the start of each turn"},
    {"GOR-TURN-2", VL_RULE_DONE, "player turn phases in order; commands refused out of their phase"},
    {"GOR-TURN-3", VL_RULE_DONE, "one action per unit per turn; retreat and rout are compulsory"},
    /* artillery */
    {"GOR-ART-1", VL_RULE_DONE, "unlimbered guns only; the arc; an exact clear line of fire"},
    {"GOR-ART-2", VL_RULE_DONE, "obstructions by level (D-ART-1); never over friends within 6 in of the target"},
    {"GOR-ART-3", VL_RULE_DONE, "artillery dice by range band and cover; 6s hit"},
    {"GOR-ART-4", VL_RULE_DONE, "+1 friend within 50 mm beyond, or +3 enfilade/square (D-ART-2); -1 skirmishers"},
    {"GOR-ART-5", VL_RULE_DONE, "smoothbore guns no long range; split batteries round down"},
    /* small arms */
    {"GOR-FIRE-1", VL_RULE_DONE, "fire straight ahead at the greatest frontage in the line of fire"},
    {"GOR-FIRE-2", VL_RULE_DONE, "small-arms dice by range and cover; 6s hit; never below 1 die"},
    {"GOR-FIRE-3", VL_RULE_DONE, "-1 against and by skirmishers (not dismounted cavalry), -2 from square; smoothbore short, carbine medium"},
    {"GOR-FIRE-4", VL_RULE_DONE, "breech-loaders: 8/16/24 in table, 5-6 hit, split dice (D-FIRE-3)"},
    {"GOR-FIRE-5", VL_RULE_DONE, "morale check when first fired on or on 2+ HITs in a phase; fall back 2 in a point; guns limber"},
    {"GOR-FIRE-6", VL_RULE_DONE, "a nearer friend showing more of itself blocks the line of fire (example E)"},
    /* charging */
    {"GOR-CHG-1", VL_RULE_DONE, "who may charge: line infantry or mounted cavalry that has not fired, not on consecutive turns"},
    {"GOR-CHG-2", VL_RULE_DONE, "charge move = normal move + 5 in, terrain applied"},
    {"GOR-CHG-3", VL_RULE_DONE, "declare all, then morale: full charge or half, never within 3 in"},
    {"GOR-CHG-4", VL_RULE_DONE, "up to 5 in of wheel or drift, then straight ahead; any contact counts"},
    {"GOR-CHG-5", VL_RULE_DONE, "supporting units: same type, partly directly behind within 5 in, in command"},
    {"GOR-CHG-6", VL_RULE_DONE, "receiving a charge: pass = free short-range fire, fail = 1 HIT"},
    {"GOR-CHG-7", VL_RULE_DONE, "mounted cavalry charged by infantry may fall back a move (standing order, D-GAME-2)"},
    {"GOR-CHG-8", VL_RULE_DONE, "skirmishers charged: fall back, or HITs by the margin"},
    {"GOR-CHG-9", VL_RULE_DONE, "forming square against a declared cavalry charge"},
    /* close combat */
    {"GOR-CC-1", VL_RULE_DONE, "every unit in contact fights once; extra attackers count as supports (D-GAME-6)"},
    {"GOR-CC-2", VL_RULE_DONE, "close combat dice table; 6s hit"},
    {"GOR-CC-3", VL_RULE_DONE, "rear support, extra supporters, flank/rear, skirmishers, cover"},
    {"GOR-CC-4", VL_RULE_DONE, "simultaneous; the loser tests at -1; HIT, retire, rout or guns destroyed by the margin"},
    {"GOR-CC-5", VL_RULE_DONE, "units behind the loser fall back with it and take 1 HIT"},
    {"GOR-CC-6", VL_RULE_DONE, "still in contact after the phase: more HITs (or the charger) falls back 4 in"},
    /* movement */
    {"GOR-MOVE-1", VL_RULE_DONE, "the Movement Table by type, formation and ground (D-MOVE-1, D-MOVE-2)"},
    {"GOR-MOVE-2", VL_RULE_DONE, "never to contact; columns turn freely; lines wheel"},
    {"GOR-MOVE-3", VL_RULE_DONE, "drift up to 50 mm; about turn half; unlimbered guns pivot"},
    {"GOR-MOVE-4", VL_RULE_DONE, "gallop and double time once per game; double time costs 2 HITs"},
    {"GOR-MOVE-5", VL_RULE_DONE, "falling back: a morale test, 1 HIT on failure"},
    {"GOR-MOVE-6", VL_RULE_DONE, "moving to occupy a feature: stop at first touch, placed on it next turn (D-MOVE-8)"},
    {"GOR-MOVE-7", VL_RULE_DONE, "interpenetration ends the move beyond the friend; both test, 1 HIT each on failure"},
    /* rally, morale, retreat, rout */
    {"GOR-RALLY-1", VL_RULE_DONE, "rally: units that took no action test; pass = -2 HITs, routers stop and face anew"},
    {"GOR-MOR-1", VL_RULE_DONE, "2D6 must exceed 7 / 6 / 5"},
    {"GOR-MOR-2", VL_RULE_DONE, "-1 per threatened flank, -1 per 2 HITs, +1 commander in contact"},
    {"GOR-MOR-3", VL_RULE_DONE, "charge modifiers: +2 flank/rear/routers, +1 skirmishers, -1 cover, -2 cavalry vs square"},
    {"GOR-MOR-4", VL_RULE_DONE, "-1 for the loser of a close combat"},
    {"GOR-RETR-1", VL_RULE_DONE, "5+ HITs test in the retreat phase: back 10 in (D-RETR-1, 4 in as an option) and 1 HIT"},
    {"GOR-ROUT-1", VL_RULE_DONE, "routers do nothing until rally; a charge move to the rear and 1 HIT; off the table, gone"},
    {"GOR-CMDR-1", VL_RULE_DONE, "commander survival: 11-12 removed; +2 against mounted cavalry or 2+ HITs"},
    /* other */
    {"GOR-CAV-1", VL_RULE_DONE, "dismounted cavalry: skirmishers with carbines, no fire penalty, cannot charge, remount when forced back"},
    {"GOR-ARM-1", VL_RULE_DONE, "arming table by year and side (volley muster)"},
    {"GOR-QUAL-1", VL_RULE_DONE, "troop quality tables by war period (volley muster; D-QUAL-1)"},
    {"GOR-THREAT-1", VL_RULE_DONE, "threatened flank: an enemy that could now charge into the open flank or rear (example C)"},
    {"GOR-SUPP-1", VL_RULE_DONE, "supported from the rear (example D)"},
    {"GOR-FOLLOW-1", VL_RULE_DONE, "units directly behind a unit that falls back fall back with it and take 1 HIT"},
    {"GOR-GEN-1", VL_RULE_DONE, "optional generals and orders (scenario \"orders\"): send 4+, ride 10 then 20 in, receive 4+; orders bind moves and charges (D-GEN-1)"},
    /* JR III */
    {"JR3-CHG-1", VL_RULE_DONE, "charges resolved closest to the enemy first (the order; the game itself plays Good Old Rebel charges)"},
    {"JR3-CHG-2", VL_RULE_DONE, "target: closest visible enemy in the primary zone, or a closer one outside it"},
    {"JR3-CHG-3", VL_RULE_DONE, "straight at the target; oblique over 45 degrees disorders; theoretical maximum (D-JR3-1)"},
    {"JR3-CHG-4", VL_RULE_DONE, "supporting units and the line-through-the-point-unit exception"},
    {"JR3-CHG-5", VL_RULE_PARTLY, "defenders' close support within 2 in; the defensive fire range roll is not done"},
    {"JR3-CHG-6", VL_RULE_NOT_YET, "disorder line for supporters"},
    {"JR3-MOVE-1", VL_RULE_NOT_YET, "terrain transitions halve or quarter the remaining move"},
    {"JR3-IMP-1", VL_RULE_NOT_YET, "impact results"},
    /* Gunson */
    {"GUN-CHG-1", VL_RULE_PARTLY, "charges start within 18 in; the throw needed is given, not rolled"},
    {"GUN-CHG-2", VL_RULE_DONE, "18 in for infantry, 24 in for cavalry crashing through"},
    {"GUN-IMP-1", VL_RULE_DONE, "impetus by formation; cavalry impetus"},
    {"GUN-CAV-1", VL_RULE_PARTLY, "cavalry throws by target formation are given, not rolled"},
    {"GUN-MOR-1", VL_RULE_NOT_YET, "morale after melee"},
    {"GUN-FLANK-1", VL_RULE_PARTLY, "flank and rear charges need no throw; melee value not done"},
    /* Republic advanced rules: optional toggles, each to be adapted to Good Old Rebel's scales (none plays yet) */
    {"REP-201", VL_RULE_PARTLY, "alert infantry: a unit that barely moved may react to an enemy moving through its zone (the alert state; not the reaction move)"},
    {"REP-303", VL_RULE_NOT_YET, "road movement: a column on a road moves double along it"},
    {"REP-306", VL_RULE_NOT_YET, "confused movement: less movement the more HITs a unit has"},
    {"REP-307", VL_RULE_NOT_YET, "dismounted cavalry movement: 1 in less"},
    {"REP-308", VL_RULE_NOT_YET, "lost in the woods: raw units alone in woods test to move"},
    {"REP-401", VL_RULE_DONE, "preliminary bombardment before turn 1 (three rounds, D-REP-401-1)"},
    {"REP-501", VL_RULE_NOT_YET, "unopposed overlap: a wider front with a free flank gains in close combat"},
    {"REP-505", VL_RULE_NOT_YET, "firefights: infantry close combat one round a turn, carried on if undecided"},
    {"REP-506A", VL_RULE_NOT_YET, "point-blank volley: a steady defender in line on alert gains in close combat"},
    {"REP-506B", VL_RULE_NOT_YET, "prepared defence: a steady defender in line in broken terrain gains in close combat"},
    {"REP-507", VL_RULE_NOT_YET, "trapped artillery: guns in town or woods that must give ground are captured"},
    {"REP-508", VL_RULE_NOT_YET, "emergency rally: a commander risks himself to rally a beaten unit at once"},
    {"REP-509", VL_RULE_NOT_YET, "rebel yell: Confederate attackers gain in close combat, lose on rallies"},
    {"REP-510", VL_RULE_NOT_YET, "weapon differences: a first close combat sets a lasting modifier for both"},
    {"REP-513", VL_RULE_NOT_YET, "attrition die: an extra close-combat die whose fixed number costs a HIT"},
    {"REP-601", VL_RULE_DONE, "line-of-sight blind zones behind lower blocking terrain"},
};

const VlRuleInfo *vl_rules_checklist(int *count)
{
    *count = (int)(sizeof RULES / sizeof RULES[0]);
    return RULES;
}

const char *vl_rule_state_name(VlRuleState s)
{
    static const char *const names[] = {"not yet", "partly", "done"};
    return (unsigned)s < 3 ? names[s] : "?";
}
