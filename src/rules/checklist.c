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
    {"JR3-CHG-1", VL_RULE_DONE, "charges resolved one at a time, closest to the enemy first (the game's JR III charge phase)"},
    {"JR3-CHG-2", VL_RULE_DONE, "target: closest visible enemy in the primary zone, or a closer one outside it"},
    {"JR3-CHG-3", VL_RULE_DONE, "straight at the target; oblique over 45 degrees disorders; theoretical maximum (D-JR3-1)"},
    {"JR3-CHG-4", VL_RULE_DONE, "supporting units and the line-through-the-point-unit exception"},
    {"JR3-CHG-5", VL_RULE_DONE, "defenders' close support within 2 in; the defensive fire range roll, half inches for veterans (D-JR3-8)"},
    {"JR3-CHG-6", VL_RULE_DONE, "disorder point and the disorder line for supporters; halted by fire (D-JR3-5, D-JR3-8)"},
    {"JR3-MOVE-1", VL_RULE_DONE, "terrain transitions halve or quarter the remaining charge move, and back (D-JR3-7)"},
    {"JR3-IMP-1", VL_RULE_DONE, "impact dice-down and results: fall backs, morale by the roll, volley, melee (D-JR3-3, D-JR3-4, D-JR3-6)"},
    /* Gunson */
    {"GUN-CHG-1", VL_RULE_DONE, "charges start within 18 in; the throw rolled, 4 to 6 by strength (D-GUN-5); one short refuses, two short retreats a move"},
    {"GUN-CHG-2", VL_RULE_DONE, "18 in for infantry, 24 in for cavalry crashing through (played, D-GUN-8)"},
    {"GUN-IMP-1", VL_RULE_DONE, "impetus by formation; cavalry impetus; the melee rolled, a die a man (D-GUN-5)"},
    {"GUN-CAV-1", VL_RULE_DONE, "cavalry throws by target formation, rolled; swerve, retire; the charged unit's morale throw and surrender"},
    {"GUN-MOR-1", VL_RULE_DONE, "morale after melee by casualty share, rout spreading within 12 in, the loser in a building; retreats and routs are made at the start of the unit's own side's next movement (D-GUN-11)"},
    {"GUN-FLANK-1", VL_RULE_DONE, "flank and rear charges need no throw; the attacked has no melee value"},
    /* Republic advanced rules: optional toggles, each adapted to Good Old Rebel's scales (docs/rules-decisions.md D-REP-*) */
    {"REP-201", VL_RULE_DONE, "alert infantry: a unit that barely moved goes on alert and counter-charges an enemy moving through its 4 in zone, a pro-rated GOR charge (D-REP-201-1, D-REP-201-2)"},
    {"REP-303", VL_RULE_DONE, "road movement: a column or limbered battery lined up on the road it follows moves double its open rate (D-REP-1)"},
    {"REP-306", VL_RULE_DONE, "confused movement: 1 in less of general movement for every 2 HITs (D-REP-2)"},
    {"REP-307", VL_RULE_DONE, "dismounted cavalry movement: 1 in less of general movement (D-REP-3)"},
    {"REP-308", VL_RULE_DONE, "lost in the woods: a raw unit half in woods, over 4 in from every friend, tests morale at -1 when its movement phase begins; failing, it halts for the turn (D-REP-4)"},
    {"REP-401", VL_RULE_DONE, "preliminary bombardment before turn 1 (three rounds, D-REP-401-1)"},
    {"REP-501", VL_RULE_DONE, "unopposed overlap: +2 close-combat dice, front to front, half a base wider on both ends, no other enemy within 5 in (D-REP-5)"},
    {"REP-505", VL_RULE_DONE, "firefights: an undecided one-on-one infantry close combat stays in contact, both units locked, and is fought out in the next player turn (D-REP-9)"},
    {"REP-506A", VL_RULE_DONE, "point-blank volley: +2 dice for a defender in line, not raw, no HITs, on REP-201's alert (D-REP-7)"},
    {"REP-506B", VL_RULE_DONE, "prepared defence: +1 die for a defender in line, not raw, no HITs, half in broken ground or by buildings (D-REP-6)"},
    {"REP-507", VL_RULE_DONE, "trapped artillery: a battery half in woods or by buildings that must retire, rout or fall back from a close combat is captured (D-REP-13)"},
    {"REP-508", VL_RULE_DONE, "emergency rally: a general within 3 in risks a survival roll to rally a loser that must give ground at +2; rallied, the combat is fought again (D-REP-10)"},
    {"REP-509", VL_RULE_DONE, "rebel yell: Confederate attackers +1 close-combat die, -1 on rally tests (D-REP-8)"},
    {"REP-510", VL_RULE_DONE, "weapon differences: a unit's first close combat sets a lasting modifier of half the HIT difference, plus to the winner (D-REP-11)"},
    {"REP-513", VL_RULE_DONE, "attrition die: a D20 with each side's close-combat dice; a 13 costs its roller 1 HIT (D-REP-12)"},
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
