/* Every rule of ../shared/design/RULES-CHECKLIST.md with what Volley does about it, so that nothing
 * is silently missing: `volley rules` prints this table. The scenario-level test checks that every
 * rule marked done or partly done has a test naming it. */
#include "volley/rules.h"

#include <stddef.h>

static const VlRuleInfo RULES[] = {
    /* Good Old Rebel: scale and basing */
    {"GOR-BASE-1", VL_RULE_DONE, "base sizes: infantry/cavalry 100x50 mm, artillery 33x50 mm, generals 40x40 mm"},
    {"GOR-BASE-2", VL_RULE_DONE, "infantry and cavalry 2 bases, artillery 4"},
    /* formations */
    {"GOR-FORM-1", VL_RULE_DONE, "line: bases side by side"},
    {"GOR-FORM-2", VL_RULE_PARTLY, "skirmish line: the one-base gaps and 'cannot charge' are done; the fire penalties wait for the fire rules"},
    {"GOR-FORM-3", VL_RULE_DONE, "column: no fire, no charge, no support"},
    {"GOR-FORM-4", VL_RULE_PARTLY, "square: footprint, no flanks, always struck in front; its fire and combat effects wait for the game engine"},
    {"GOR-FORM-5", VL_RULE_DONE, "limbered guns move, unlimbered guns fire (their footprints and movement)"},
    {"GOR-FORM-6", VL_RULE_DONE, "mount and dismount: dismounted cavalry is a skirmish line"},
    {"GOR-FORM-7", VL_RULE_DONE, "a formation change takes the whole move; one base stays"},
    /* command */
    {"GOR-CMD-1", VL_RULE_DONE, "brigade support only within 8 in of the brigade commander"},
    {"GOR-CMD-2", VL_RULE_NOT_YET, "independent units attached to a brigade at the start"},
    {"GOR-CMD-3", VL_RULE_NOT_YET, "a commander killed: 1 HIT to each unit, replacement next rally phase"},
    /* turn */
    {"GOR-TURN-1", VL_RULE_NOT_YET, "events roll at the start of each turn"},
    {"GOR-TURN-2", VL_RULE_NOT_YET, "phases in order"},
    {"GOR-TURN-3", VL_RULE_PARTLY, "one action per unit: the movement resolver refuses a unit that has acted; the turn sequence waits for the game engine"},
    /* artillery */
    {"GOR-ART-1", VL_RULE_PARTLY, "the arc and the exact clear line of fire are done; artillery fire itself is not"},
    {"GOR-ART-2", VL_RULE_NOT_YET, "obstructions by level; never over friends within 6 in of the target"},
    {"GOR-ART-3", VL_RULE_NOT_YET, "artillery dice by range band and cover"},
    {"GOR-ART-4", VL_RULE_NOT_YET, "artillery modifiers"},
    {"GOR-ART-5", VL_RULE_NOT_YET, "smoothbore artillery range; split batteries"},
    /* small arms */
    {"GOR-FIRE-1", VL_RULE_PARTLY, "fire straight ahead at the greatest frontage: the target is chosen; the dice are not rolled yet"},
    {"GOR-FIRE-2", VL_RULE_NOT_YET, "small-arms dice by range and cover"},
    {"GOR-FIRE-3", VL_RULE_PARTLY, "weapon ranges (smoothbore 6, carbine 12) bound the corridor; the dice modifiers are not done"},
    {"GOR-FIRE-4", VL_RULE_PARTLY, "breech-loader range 24 in bounds the corridor; their dice and split fire are not done"},
    {"GOR-FIRE-5", VL_RULE_NOT_YET, "morale check when first fired on or on 2+ HITs"},
    {"GOR-FIRE-6", VL_RULE_DONE, "a nearer friend showing more of itself blocks the line of fire (example E)"},
    /* charging */
    {"GOR-CHG-1", VL_RULE_DONE, "who may charge: line infantry or mounted cavalry that has not fired, not on consecutive turns"},
    {"GOR-CHG-2", VL_RULE_DONE, "charge move = normal move + 5 in, terrain applied"},
    {"GOR-CHG-3", VL_RULE_PARTLY, "the half-charge path and its 3 in limit are done; the morale roll waits for the game engine"},
    {"GOR-CHG-4", VL_RULE_DONE, "up to 5 in of wheel or drift, then straight ahead; any contact counts"},
    {"GOR-CHG-5", VL_RULE_DONE, "supporting units: same type, partly directly behind within 5 in, in command"},
    {"GOR-CHG-6", VL_RULE_NOT_YET, "receiving a charge: morale, free fire or 1 HIT"},
    {"GOR-CHG-7", VL_RULE_NOT_YET, "mounted cavalry charged by infantry may fall back"},
    {"GOR-CHG-8", VL_RULE_NOT_YET, "skirmishers charged"},
    {"GOR-CHG-9", VL_RULE_NOT_YET, "forming square against cavalry"},
    /* close combat */
    {"GOR-CC-1", VL_RULE_NOT_YET, "every unit in contact fights once"},
    {"GOR-CC-2", VL_RULE_NOT_YET, "close combat dice table"},
    {"GOR-CC-3", VL_RULE_PARTLY, "the face struck (flank or rear +3) is decided by the charge resolver; the dice are not rolled yet"},
    {"GOR-CC-4", VL_RULE_NOT_YET, "simultaneous combat and the loser's morale"},
    {"GOR-CC-5", VL_RULE_NOT_YET, "supporting units fall back with 1 HIT"},
    {"GOR-CC-6", VL_RULE_NOT_YET, "units still in contact after the phase"},
    /* movement */
    {"GOR-MOVE-1", VL_RULE_DONE, "the Movement Table by type, formation and ground (D-MOVE-1, D-MOVE-2)"},
    {"GOR-MOVE-2", VL_RULE_DONE, "never to contact; columns turn freely; lines wheel"},
    {"GOR-MOVE-3", VL_RULE_DONE, "drift up to 50 mm; about turn half; unlimbered guns pivot"},
    {"GOR-MOVE-4", VL_RULE_PARTLY, "gallop and double time double the allowance; once-per-game bookkeeping and the 2 HITs wait for the game engine"},
    {"GOR-MOVE-5", VL_RULE_PARTLY, "falling back is a legal move; its morale test waits for the game engine"},
    {"GOR-MOVE-6", VL_RULE_NOT_YET, "occupying a terrain feature"},
    {"GOR-MOVE-7", VL_RULE_PARTLY, "interpenetration ends the move beyond the friend; the morale tests wait for the game engine"},
    /* rally, morale, retreat, rout */
    {"GOR-RALLY-1", VL_RULE_NOT_YET, "rally"},
    {"GOR-MOR-1", VL_RULE_NOT_YET, "morale levels"},
    {"GOR-MOR-2", VL_RULE_PARTLY, "threatened flanks are counted (volley threats); the morale test is not done"},
    {"GOR-MOR-3", VL_RULE_NOT_YET, "charge morale modifiers"},
    {"GOR-MOR-4", VL_RULE_NOT_YET, "post-combat morale modifier"},
    {"GOR-RETR-1", VL_RULE_NOT_YET, "retreat phase"},
    {"GOR-ROUT-1", VL_RULE_PARTLY, "routed units cannot move or charge; rout moves wait for the game engine"},
    {"GOR-CMDR-1", VL_RULE_NOT_YET, "commander survival"},
    /* other */
    {"GOR-CAV-1", VL_RULE_PARTLY, "dismounted cavalry moves as skirmishers and cannot charge; remounting when forced back is not done"},
    {"GOR-ARM-1", VL_RULE_DONE, "arming table by year and side (volley muster)"},
    {"GOR-QUAL-1", VL_RULE_DONE, "troop quality tables by war period (volley muster; D-QUAL-1)"},
    {"GOR-THREAT-1", VL_RULE_DONE, "threatened flank: an enemy that could now charge into the open flank or rear (example C)"},
    {"GOR-SUPP-1", VL_RULE_DONE, "supported from the rear (example D)"},
    {"GOR-FOLLOW-1", VL_RULE_NOT_YET, "units behind a unit forced back fall back too (example F)"},
    {"GOR-GEN-1", VL_RULE_NOT_YET, "optional generals and orders"},
    /* JR III */
    {"JR3-CHG-1", VL_RULE_DONE, "charges resolved closest to the enemy first (the order)"},
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
