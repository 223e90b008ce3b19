/* Every rule id the screen may show, explained in a few plain sentences of Volley's own: what the
 * clause decides and its numbers. The screen shows them when the pointer rests on an id (a dice
 * log line, a refusal, the unit card), `volley rules --explain ID` prints them. The ids are those
 * of the checklist (src/rules/checklist.c) and the rulings of docs/rules-decisions.md; tests/
 * test_explain.c checks that each of them has a text here. None of this is the rulebooks' wording:
 * read the rulebooks themselves for that (docs/rule-sources.md). */
#include "volley/rules.h"

#include <stddef.h>
#include <string.h>
#include <strings.h>

typedef struct Explain {
    const char *id;
    const char *text;
} Explain;

static const Explain TEXTS[] = {
    /* Good Old Rebel: bases */
    {"GOR-BASE-1", "The size of the bases: an infantry or cavalry base is 100 by 50 mm (about 3.9 by 2 in), a gun "
                   "base 33 by 50 mm, a general's 40 by 40 mm. Every distance in the game is measured between "
                   "these rectangles."},
    {"GOR-BASE-2", "How many bases a unit has: a regiment of infantry or cavalry has two, a battery four. How "
                   "they are arranged is the unit's formation."},
    /* formations */
    {"GOR-FORM-1", "Line: the bases stand side by side and touch. It is the formation that fires and charges."},
    {"GOR-FORM-2", "Skirmish line: like a line, with a base-wide gap between the bases. Fire at skirmishers has "
                   "1 die fewer, and infantry skirmishers fire with 1 die fewer; they cannot charge."},
    {"GOR-FORM-3", "Column: the bases one behind the other. It moves fast (15 in over open ground) but cannot fire, "
                   "charge or support another unit."},
    {"GOR-FORM-4", "Square: two bases back to back, with no flanks. It fires with 2 dice fewer, guns firing at "
                   "it get 3 more, cavalry charging it tests at -2, and it has a close-combat column of its own."},
    {"GOR-FORM-5", "Guns are limbered (hooked to the horses: they move) or unlimbered (deployed: they fire). They "
                   "cannot do both in the same formation."},
    {"GOR-FORM-6", "Cavalry may mount or dismount. Dismounted, it stands in skirmish order with its carbines."},
    {"GOR-FORM-7", "Changing formation takes a unit's whole movement for the turn; one base stays where it is "
                   "and the other is set beside, behind or back to back with it."},
    /* command */
    {"GOR-CMD-1", "A regiment can only support a friend of its brigade while it is within 8 in of the brigade's "
                  "commander. Out of that radius it fights alone."},
    {"GOR-CMD-2", "A unit listed as independent may be attached to a brigade at the start of the game (Volley: "
                  "in turn 1, before it acts); it then counts as that brigade's."},
    {"GOR-CMD-3", "When a brigade commander is killed, every unit of his brigade takes 1 HIT, and a replacement "
                  "is set beside one of them in that side's next rally phase."},
    /* turn */
    {"GOR-TURN-1", "Each game turn starts with a roll of 2D6 on the scenario's events table; an event on that "
                   "number takes effect at once."},
    {"GOR-TURN-2", "A player's turn is a strict order of phases: artillery, fire, charge, movement, rally, "
                   "retreat, rout. An order out of its phase is refused."},
    {"GOR-TURN-3", "Each unit takes one action a turn: a unit that fired cannot also charge or move, a unit that "
                   "moved cannot rally. Retreating and routing are compulsory and come on top."},
    /* artillery */
    {"GOR-ART-1", "Only unlimbered guns fire, at a target inside their arc (the front and 45 degrees to either "
                  "side), along a line of fire that nothing blocks."},
    {"GOR-ART-2", "Terrain and units at the same level block the guns' line of fire. From higher ground (or at "
                  "a higher target) lower obstacles are seen over, but never friends within 6 in of the target."},
    {"GOR-ART-3", "Guns roll dice by range and cover: in the open 6 dice up to 15 in, 4 up to 40, 3 up to 60; "
                  "fewer in light or heavy cover (down to 1). Each 6 is a HIT."},
    {"GOR-ART-4", "Modifiers to the guns' dice: +1 when a friend of the target stands within 50 mm behind it, or "
                  "+3 for enfilade fire or a square; -1 against skirmishers."},
    {"GOR-ART-5", "Smoothbore guns reach medium range at most (40 in). A battery split into sections rolls its "
                  "share of the dice, rounded down."},
    /* small arms */
    {"GOR-FIRE-1", "Infantry and dismounted cavalry fire straight ahead. The target is the enemy showing the "
                   "widest front inside that corridor: the firer does not choose."},
    {"GOR-FIRE-2", "Small arms roll dice by range and cover: in the open 4 dice up to 6 in, 3 up to 12, 2 up to "
                   "18; one fewer in light cover, two fewer in heavy. Each 6 is a HIT; modifiers never take a "
                   "firer below 1 die."},
    {"GOR-FIRE-3", "Modifiers to small-arms dice: -1 at skirmishers, -1 when infantry skirmishers fire, -2 from "
                   "a square. Smoothbore muskets reach short range only (6 in), carbines medium (12 in)."},
    {"GOR-FIRE-4", "Breech-loaders use their own ranges of 8, 16 and 24 in, hit on a 5 or 6, and may share "
                   "their dice among the enemies in their line of fire (D-FIRE-3)."},
    {"GOR-FIRE-5", "A unit fired on for the first time in the game, or taking 2 or more HITs in one phase, "
                   "tests its morale. Failing, it falls back 2 in for each point it missed by; guns limber."},
    {"GOR-FIRE-6", "A friend nearer to the firer that shows more of itself in the line of fire than the enemy "
                   "does blocks the fire: the unit cannot shoot through its own side."},
    /* charging */
    {"GOR-CHG-1", "Who may charge: infantry or mounted cavalry in line that has not fired this turn, and did "
                  "not charge last turn. Skirmishers, columns, squares and guns never charge."},
    {"GOR-CHG-2", "A charge reaches as far as the unit's normal move plus 5 in (infantry in line: 15 in over open "
                  "ground), with rough ground counted as for movement."},
    {"GOR-CHG-3", "All charges are declared first; then each charger tests morale. Passing, it charges home; "
                  "failing, it goes only half way and halts, never nearer than 3 in to the target."},
    {"GOR-CHG-4", "A charger may use up to 5 in of its move to wheel or to drift sideways at the start; the rest "
                  "is straight ahead. Any contact at all counts as reaching the target."},
    {"GOR-CHG-5", "A friend of the same type, at least partly straight behind the charger, within 5 in and in "
                  "command, supports the charge and adds dice to the close combat."},
    {"GOR-CHG-6", "A unit charged home tests morale. Passing, it fires at short range at the charger at once; "
                  "failing, it does not fire and takes 1 HIT."},
    {"GOR-CHG-7", "Mounted cavalry charged by infantry may step back a full move instead of testing. Volley "
                  "makes this a standing order that each side sets in its own turn (D-GAME-2)."},
    {"GOR-CHG-8", "Skirmishers charged: passing their test they may fall back 10 in instead of firing; failing "
                  "by 1 or 2 they must fall back 10 in and take 1 HIT; failing by more, they stay and take 2."},
    {"GOR-CHG-9", "Infantry or dismounted cavalry charged by mounted cavalry may test at once to form square. "
                  "Passing, it is in square before the cavalry tests; failing, it stays as it is and does not fire."},
    /* close combat */
    {"GOR-CC-1", "Every unit in contact with an enemy fights one round of close combat, once a phase. Extra "
                 "attackers on one target count as its supports (D-GAME-6)."},
    {"GOR-CC-2", "Close-combat dice, attacker against defender: infantry against infantry 6 to 3, against "
                 "cavalry 4 to 2, against guns 8 to 2, against a square 5 to 2; mounted cavalry 7 to 3, 6 to 4, "
                 "9 to 2 and 3 to 3. Each 6 is a HIT."},
    {"GOR-CC-3", "Close-combat modifiers: +3 dice for support from behind, +2 for each other friend joining in, "
                 "+3 for striking a flank or the rear, +3 against skirmishers; the attacker loses 2 dice against "
                 "light cover, 3 against heavy."},
    {"GOR-CC-4", "Both sides roll at once. The side with more HITs tests at -1: failing by 1 it takes another "
                 "HIT, by 2 or 3 it retires a charge move, by 4 or more it routs; beaten unlimbered guns are lost."},
    {"GOR-CC-5", "Units standing straight behind a loser that falls back or routs go back with it, keeping "
                 "their distance, and take 1 HIT each."},
    {"GOR-CC-6", "Units still touching after the close combats part: the one with more HITs falls back 4 in (on "
                 "equal HITs, the charger)."},
    /* movement */
    {"GOR-MOVE-1", "How far a unit moves: a line of infantry or cavalry 10 in over open ground, a column 15 in, "
                   "skirmishers 10 in over any ground, limbered guns 10 in, generals 15 in. Rough ground takes 5 in "
                   "off (cavalry: 1D6 in), and a road adds 5 in for columns and limbered guns."},
    {"GOR-MOVE-2", "A move never ends in contact with an enemy (that is a charge). A column turns freely; a "
                   "line changes direction by wheeling about one end, and the wheel costs movement."},
    {"GOR-MOVE-3", "A unit may drift sideways up to 50 mm (about 2 in); turning about costs half the move; "
                   "unlimbered guns may pivot in place, which is their whole move."},
    {"GOR-MOVE-4", "Once a game, mounted cavalry may gallop and infantry in command may march at double time: "
                   "the move doubles. Double time costs 2 HITs after the move."},
    {"GOR-MOVE-5", "A unit in line or skirmish order may fall back its normal move, keeping its facing, but "
                   "must test morale: failing, it takes 1 HIT."},
    {"GOR-MOVE-6", "A unit moving to occupy a feature (a wood's edge, a fence, a crest) stops as soon as a base "
                   "touches it, and next turn may be set on the feature (D-MOVE-8)."},
    {"GOR-MOVE-7", "A unit may move through a friend but stops just beyond it. Both test morale, and each that "
                   "fails takes 1 HIT."},
    /* rally, morale, retreat, rout */
    {"GOR-RALLY-1", "In the rally phase a unit that took no action this turn may test its morale: passing, it "
                    "loses 2 HITs, and a routed unit stops running and faces the enemy again."},
    {"GOR-MOR-1", "A morale test is 2D6 that must score more than the unit's level: 7 for raw troops, 6 for "
                  "seasoned, 5 for veterans."},
    {"GOR-MOR-2", "Morale modifiers: -1 for each threatened flank or rear, -1 for every 2 full HITs, +1 when the "
                  "unit's commander touches it."},
    {"GOR-MOR-3", "A charger's test has more: +2 against a flank, the rear or routers, +1 against skirmishers, "
                  "-1 against a unit in cover, -2 for cavalry charging a square."},
    {"GOR-MOR-4", "After a close combat the loser (the side that took more HITs) tests with a further -1."},
    {"GOR-RETR-1", "In the retreat phase each unit with 5 or more HITs tests morale; failing, it goes straight "
                   "back 10 in (D-RETR-1) and takes another HIT."},
    {"GOR-ROUT-1", "Routed units do nothing until they rally. In each rout phase they run a charge move away "
                   "and take 1 HIT; a unit that runs off the table is gone."},
    {"GOR-CMDR-1", "A general attacked, or touching a unit that takes a HIT, rolls 2D6 to survive: 11 or 12 "
                   "kills him; +2 against mounted cavalry or when the unit took 2 or more HITs."},
    /* other */
    {"GOR-CAV-1", "Dismounted cavalry fights as skirmishers with carbines (without the skirmishers' fire "
                  "penalty), cannot charge, and mounts at once when combat or a test forces it back."},
    {"GOR-ARM-1", "Whether a regiment has rifled or smoothbore muskets: a table by year and side gives the "
                  "chance (volley muster rolls it). By 1865 all are rifled."},
    {"GOR-QUAL-1", "A unit's quality (raw, seasoned, veteran) can be rolled on tables for each period of the "
                   "war and each arm (volley muster; D-QUAL-1)."},
    {"GOR-THREAT-1", "A flank or the rear is threatened when an enemy could charge into it from where it stands "
                     "now. Each threatened face costs 1 on morale tests."},
    {"GOR-SUPP-1", "A unit is supported from the rear by a friend standing straight behind it within 5 in, in "
                   "command: +3 dice in close combat."},
    {"GOR-FOLLOW-1", "When a unit falls back, units straight behind it go back with it, keeping their distance, "
                     "and take 1 HIT each."},
    {"GOR-GEN-1", "An optional rule: brigades act under orders (attack, advance, hold, retire) sent by a corps "
                  "commander. Sending and receiving each need a D6 of 4 or more, quality counting (D-GEN-1)."},
    /* JR III */
    {"JR3-CHG-1", "Under the JR III charge rules, charges are carried out nearest to the enemy first."},
    {"JR3-CHG-2", "JR III: a charger must take the closest visible enemy in its zone ahead, or a closer one just "
                  "outside it."},
    {"JR3-CHG-3", "JR III: the charge runs straight at the target; turning more than 45 degrees to it "
                  "disorders the charger. Its reach is the normal move plus two bonus dice at their best "
                  "(D-JR3-1)."},
    {"JR3-CHG-4", "JR III: which friends support a charge, with the exception for a line through the leading "
                  "unit (D-JR3-2)."},
    {"JR3-CHG-5", "JR III: defenders within 2 in of the target support it; the target and they each roll 1D6 "
                  "for the range they fire at the charger (half inches for veterans, D-JR3-8)."},
    {"JR3-CHG-6", "JR III: a charger goes into disorder at its disorder point; its supporters when they reach "
                  "the line through that point (D-JR3-5)."},
    {"JR3-MOVE-1", "JR III: entering woods halves what is left of the charge move, rough quarters it; leaving "
                   "gives it back (D-JR3-7)."},
    {"JR3-IMP-1", "JR III: at impact both sides roll 2D6 plus their morale point, the lower wins; the loser "
                  "falls back 1D6 in as attacker or 2D6 in as defender, doubled for cavalry (D-JR3-4, D-JR3-6)."},
    /* Gunson */
    {"GUN-CHG-1", "Gunson: charges start from at most 18 in; the charge throw needs 4 to 6 by strength: one short "
                  "refuses, two short retreats a move (D-GUN-5)."},
    {"GUN-CHG-2", "Gunson: infantry charges up to 18 in, cavalry crashing through up to 24 in."},
    {"GUN-IMP-1", "Gunson: a charge's impetus comes from the formation, and cavalry has an impetus of its own; "
                  "the melee is a die a man (D-GUN-2, D-GUN-4, D-GUN-5)."},
    {"GUN-CAV-1", "Gunson: cavalry's charge throw depends on the formation it charges: one short swerves, two "
                  "short retires; a unit it reaches throws for morale (D-GUN-8, D-GUN-10)."},
    {"GUN-MOR-1", "Gunson: after a melee the side that lost the larger share of its men throws: stand, retreat, "
                  "double retreat or rout; friends within 12 in may join a rout (D-GUN-9, D-GUN-11)."},
    {"GUN-FLANK-1", "Gunson: a charge into a flank or rear needs no throw, and the unit attacked there has no "
                    "melee value."},
    /* Republic advanced rules: optional, each chosen for a game (D-RULES-1) */
    {"REP-201", "Republic option: alert infantry that hardly moved counter-charges an enemy moving through "
                "its 4 in zone (D-REP-201-1, D-REP-201-2)."},
    {"REP-303", "Republic option: a column or limbered battery lined up on the road it follows moves twice its "
                "open rate (D-REP-1)."},
    {"REP-306", "Republic option: every 2 HITs take 1 in off a unit's general movement (D-REP-2)."},
    {"REP-307", "Republic option: dismounted cavalry moves 1 in less (D-REP-3)."},
    {"REP-308", "Republic option: a raw unit alone in woods tests morale at -1 before it moves; failing, it "
                "halts for the turn (D-REP-4)."},
    {"REP-401", "Republic option: before turn 1 the batteries bombard for three rounds (D-REP-401-1)."},
    {"REP-501", "Republic option: a front half a base wider than its opponent's, with a free flank, gains 2 "
                "close-combat dice (D-REP-5)."},
    {"REP-505", "Republic option: an undecided infantry close combat stays locked in contact and is fought "
                "again next player turn (D-REP-9)."},
    {"REP-506A", "Republic option: a steady defender in line on alert gains 2 close-combat dice (D-REP-7)."},
    {"REP-506B", "Republic option: a steady defender in line in broken ground or a town gains 1 close-combat "
                 "die (D-REP-6)."},
    {"REP-507", "Republic option: guns in a town or woods that must give ground from a close combat are "
                "captured (D-REP-13)."},
    {"REP-508", "Republic option: a general within 3 in may risk himself to rally a beaten unit at once "
                "(D-REP-10)."},
    {"REP-509", "Republic option: Confederate attackers gain a close-combat die; Confederate rallies are at -1 "
                "(D-REP-8)."},
    {"REP-510", "Republic option: a unit's first close combat sets a lasting dice modifier for its weapons "
                "(D-REP-11)."},
    {"REP-513", "Republic option: a D20 rolled with each side's close-combat dice costs a HIT on 13 "
                "(D-REP-12)."},
    {"REP-601", "Republic option: blocking terrain lower than the spotter hides a zone just behind it, deeper "
                "the lower it is (D-REP-601-2)."},

    /* Volley's rulings (docs/rules-decisions.md) */
    {"D-GEOM-1", "Volley's ruling: things count as touching when they are within a billionth of an inch, so "
                 "rounding never decides a contact."},
    {"D-GEOM-2", "Volley's ruling: a unit's touching bases are one block (a line of sight along the seam goes "
                 "through the unit); skirmish bases stay apart."},
    {"D-GEOM-3", "Volley's ruling: each terrain feature and each unit is an obstacle of its own, so a line "
                 "through the point where two woods meet is clear."},
    {"D-GEOM-4", "Volley's ruling: a wood blocks sight even for a unit standing in it; deep inside a wood a "
                 "unit neither sees out nor is seen."},
    {"D-GEOM-5", "Volley's ruling: line of sight only asks whether some clear line joins the front to the "
                 "target; whether the target is ahead is a separate question."},
    {"D-GEOM-6", "Volley's ruling: the ground under a unit counts areas (woods, rough, hills); roads, fences "
                 "and streams are lines and count for moves and cover instead."},
    {"D-GEOM-7", "Volley's ruling: how much of a unit shows in a line of fire is the width of its part inside "
                 "the corridor, even when only an edge lies on it."},
    {"D-GEOM-8", "Volley's ruling: any facing in degrees is taken modulo 360, and quarter turns are exact."},
    {"D-SCN-1", "Volley's ruling: a scenario may list brigades with their commanders; then each unit must "
                "belong to one of its own side."},
    {"D-SCN-2", "Volley's ruling: a scenario has exactly two sides."},
    {"D-SCN-3", "Volley's ruling on formations: infantry line, skirmish, column or square; mounted cavalry "
                "line or column, dismounted skirmish or square; guns limbered or unlimbered."},
    {"D-SCN-4", "Volley's ruling: every terrain feature, unit and objective lies on the table."},
    {"D-SCN-5", "Volley's ruling: every id in a scenario is unique across the file, so a message's id names "
                "one thing."},
    {"D-SCN-6", "Volley's ruling: roads and streams are 1 in wide unless the scenario says otherwise; fences, "
                "walls and hedges 0.2 in."},
    {"D-SCN-7", "Volley's ruling: a scenario holds at most 1000 units and 1000 terrain features, in a file "
                "of at most 16 MiB."},
    {"D-SCN-8", "Volley's ruling: a table is 12 to 480 in each way, a base 0.2 to 12 in, an objective's "
                "radius 0.25 to 48 in."},
    {"D-SCN-9", "Volley's ruling: each side has at least one regiment or battery, so every game can be won "
                "or lost."},
    {"D-MOVE-1", "Volley's ruling: cavalry in rough loses 1D6 inches (not centimetres) of its move; an option "
                 "reads centimetres."},
    {"D-MOVE-2", "Volley's ruling: a whole move counts as rough when any part of the unit's path touches rough "
                 "ground or crosses a fence, stream or hill edge. It is on a road when the front's middle stays "
                 "on the road all the way."},
    {"D-MOVE-3", "Volley's ruling: a square does not move; it may only change formation or turn about."},
    {"D-MOVE-4", "Volley's ruling: a wheel costs the distance its outer end travels, a drift its length; the "
                 "steps of one order add up against the allowance."},
    {"D-MOVE-5", "Volley's ruling: a column, limbered battery or general turns for free about the middle of "
                 "its front."},
    {"D-MOVE-6", "Volley's ruling: a move through a friend stops just beyond it; the order's later steps are "
                 "dropped."},
    {"D-MOVE-7", "Volley's ruling: cavalry's die for rough is rolled as it moves; a move then too long is "
                 "shortened to fit."},
    {"D-MOVE-8", "Volley's ruling: a move to occupy a feature stops at first touch; next movement phase the "
                 "unit may be set on the feature within a normal move."},
    {"D-MOVE-9", "Volley's ruling: a general rides through his own troops without tests, but may not stop on "
                 "top of them."},
    {"D-CHG-1", "Volley's ruling: a charge path may not touch another enemy first, pass through a friend, "
                "enter a building or water, or leave the table."},
    {"D-CHG-2", "Volley's ruling: Volley looks for the cheapest opening for a charge (none, a drift of up to "
                "5 in, or a wheel using up to 5 in) and takes the first one that is clear."},
    {"D-CHG-3", "Volley's ruling: the face struck is the one the charger touches; at a corner, the one met "
                "most squarely. A square is always struck in front."},
    {"D-CHG-4", "Volley's ruling: a road does not lengthen a charge."},
    {"D-CHG-5", "Volley's ruling: a charger that fails its test moves half its charge along the same path and "
                "halts, and stops earlier when it comes to 3 in from the target."},
    {"D-THREAT-1", "Volley's ruling: a flank is threatened when an enemy able to charge has a clear charge "
                   "path into it from where it stands, whatever it did this turn."},
    {"D-THREAT-2", "Volley's ruling: a flank that a friendly unit touches is covered and cannot be "
                   "threatened."},
    {"D-FIRE-1", "Volley's ruling: when two enemies show the same width in the line of fire, the nearer is "
                 "the target."},
    {"D-FIRE-2", "Volley's ruling on cover: light when woods or rough hold half the target, or a fence or "
                 "hedge crosses the line of fire within 2 in of it; heavy for heavy woods, buildings, works or a wall."},
    {"D-FIRE-3", "Volley's ruling: a breech-loader may share its dice among the enemies in its line of fire "
                 "and range, at least one each."},
    {"D-FIRE-4", "Volley's ruling: range is the shortest distance between the two units' bases."},
    {"D-FIRE-5", "Volley's ruling: small arms at long range against heavy cover have no dice at all, so "
                 "they cannot fire."},
    {"D-JR3-1", "Volley's ruling: a JR III charge reaches the normal move plus two bonus dice, runs straight "
                "at the target's middle, and keeps its facing."},
    {"D-JR3-2", "Volley's ruling: under JR III, generals, guns, skirmishers and routed units never support."},
    {"D-GUN-1", "Volley's ruling: a Gunson charge runs straight at the middle of its target."},
    {"D-GUN-2", "Volley's ruling: for Gunson's tables, a line, skirmish line or unlimbered battery is a single "
                "line; a column or limbered battery a column."},
    {"D-GUN-3", "Volley's ruling: Volley's units have no figure counts, so every unit charges at full "
                "strength under Gunson."},
    {"D-GUN-4", "Volley's ruling: American cavalry counts as light cavalry for Gunson's impetus, with none "
                "against troops in woods or on a hill."},
    {"D-GAME-1", "Volley's ruling: the first order starts turn 1 with the events roll. A unit's one action is "
                 "counted over the whole game turn."},
    {"D-GAME-2", "Volley's ruling: the choices a defender makes in the enemy's turn (form square, skirmishers "
                 "fall back, cavalry gives way) are standing orders set in its own turn, so play never stops to "
                 "ask."},
    {"D-GAME-3", "Volley's ruling: generals are never fired at or charged; they do not block fire or movement "
                 "and do not count for victory."},
    {"D-GAME-4", "Volley's ruling: a unit falling back stops 0.1 in short of any unit, building or water in "
                 "its way."},
    {"D-GAME-5", "Volley's ruling: a unit forced off the table by any move is gone for good and counts as "
                 "routed."},
    {"D-GAME-6", "Volley's ruling on the charge phase: all charges test and move in the order declared; each "
                 "target then receives its charge; then the close combats are fought, one per target."},
    {"D-GAME-7", "Volley's ruling: charging cavalry's die for rough is rolled when it moves; if it falls "
                 "short, it moves its whole charge move and halts."},
    {"D-GAME-8", "Volley's ruling on victory: a side with the scenario's share of its units (half by default) "
                 "routed or gone loses at once. Otherwise, after the last turn, each side scores the objectives it "
                 "holds and the enemy units it broke; more points wins."},
    {"D-GAME-9", "Volley's ruling: a unit never ends on top of another; forced to change shape with no room, it "
                 "stays as it is."},
    {"D-GAME-10", "Volley's ruling: a unit that failed to form square takes the test for receiving the charge "
                  "but does not fire; a routed unit neither tests nor fires."},
    {"D-GAME-11", "Volley's ruling: a general never bars a unit's way; where a unit ends on him he steps aside, "
                  "and an enemy making him do so attacks him."},
    {"D-ART-1", "Volley's ruling: a unit stands at the highest hill level under half its bases; from higher "
                "ground lower units are seen over, woods and buildings never."},
    {"D-ART-2", "Volley's ruling: guns enfilade a line seen from its flank and a column seen from its front "
                "or rear (+3 dice); a square always gives +3."},
    {"D-RETR-1", "Volley's ruling: a failed retreat test sends the unit back 10 in (an option makes it 4)."},
    {"D-QUAL-1", "Volley's ruling: volley muster uses the mid-war quality table for 1863, the late-war one for "
                 "1864 and 1865."},
    {"D-CMD-2", "Volley's ruling: an independent unit is attached to a brigade in turn 1, before it acts, and "
                "then counts as that brigade's."},
    {"D-GEN-1", "Volley's ruling on orders: each brigade may be sent one order a turn (a D6 of 4 or more); it "
                "rides 10 in at once and 20 in a turn, and the brigadier must roll 4 to receive it."},
    {"D-CC-1", "Volley's ruling: the cover that costs an attacker close-combat dice is the cover the defender "
               "stood behind before contact."},
    {"D-ROUT-1", "Volley's ruling: a router turns its back on the unit that beat it and runs a charge move "
                 "straight away, then on the same way in each rout phase."},
    {"D-FOLLOW-1", "Volley's ruling: a general does not fall back with the units in front of him; only his "
                   "survival test removes him."},
    {"D-UI-ORD-1", "Volley's ruling: a wheel let go without Ctrl is held, not sent, while it leaves allowance; drag "
                   "its ghost on for the rest of the move, Enter sends it as it stands, Esc drops it."},
    {"D-UI-ORD-2", "Volley's ruling: a general dragged to a point rides straight there, turning to face it, within "
                   "his 15 in on any ground; he ends facing the way he rode."},
    {"D-UI-ORD-3", "Volley's ruling: the label setting shows few labels (selected, pointed at, objectives), every "
                   "unit's, or all with the terrain's; B goes round them."},
    {"D-JR3-3", "Volley's ruling: under JR III a unit with 2 or more HITs, not routed, is Shaken; it neither "
                "leads nor supports a charge nor gives close support."},
    {"D-JR3-4", "Volley's ruling: at impact each side rolls 2D6 plus its morale point (Good Old Rebel's level less "
                "its modifiers, -1 charging, -1 a supporter, +4 disordered); the lower total wins, a tie melees."},
    {"D-JR3-5", "Volley's ruling: a JR III charger is disordered once its normal move is spent (a raw one at half), "
                "or from the start past a 45 degree oblique; supporters at the line where it was."},
    {"D-JR3-6", "Volley's ruling: a beaten target and its close support fall back 2D6 in and test by that roll (12 "
                "removes); a beaten charger falls back 1D6 in; a winner goes on and melees what it meets."},
    {"D-JR3-7", "Volley's ruling: for JR III charge moves woods cost 2 in an inch and rough or heavy woods 4, which "
                "halves or quarters the move left on the way in and restores it on the way out."},
    {"D-JR3-8", "Volley's ruling: the target and its close support roll 1D6 for their fire range (veterans in half "
                "inches) and fire by Good Old Rebel's tables as the charger comes that close."},
    {"D-JR3-9", "Volley's ruling: JR III charges are declared with the usual charge command at the target JR3-CHG-2 "
                "names; countercharges and the optional rules are not played."},
    {"D-GUN-5", "Volley's ruling: for Gunson a fresh unit is 12 men and each HIT one man lost; impetus and "
                "casualty shares count those men."},
    {"D-GUN-6", "Volley's ruling: each Gunson charge is played to its end (throw, move, melee, morale) in the "
                "order declared, before the next one throws."},
    {"D-GUN-7", "Volley's ruling: a Gunson retreat of a move is the unit's normal open-ground move straight back; a "
                "double retreat twice that; both push the units behind."},
    {"D-GUN-8", "Volley's ruling: cavalry one short of its throw swerves and stays put; cavalry that charges home "
                "crashes through to 24 in when the place is clear, keeping its facing."},
    {"D-GUN-9", "Volley's ruling: after a Gunson melee equal losses mean no throw; friends within 12 in of a unit "
                "that breaks throw a die and join the rout on 1 to 3."},
    {"D-GUN-10", "Volley's ruling: a unit a cavalry charge reached throws Gunson's morale die once after the melee; "
                 "a retreat it cannot make in full is a surrender."},
    {"D-GUN-11", "Volley's ruling: a Gunson retreat or rout waits for the unit's own move, the start of its "
                 "side's next movement; until then it stays, may be fired on and charged, and takes no action."},
    {"D-GUN-12", "Volley's ruling: under Gunson the Good Old Rebel charge tests, supports, square and close combat "
                 "table are dropped; commanders' survival and later rout moves stay."},
    {"D-GUN-13", "Volley's ruling: a unit touching a building is in it; the loser of a melee there throws only to "
                 "leave it: 1 to 3 retreats a move, 4 to 6 holds."},
    {"D-REP-1", "Volley's ruling: a column or limbered battery that follows a road, lined up on it front and rear, "
                "moves twice its open rate under REP-303."},
    {"D-REP-2", "Volley's ruling: under REP-306 every 2 HITs take 1 in off a unit's general movement; charges, "
                "fall backs and routs keep their distances."},
    {"D-REP-3", "Volley's ruling: under REP-307 dismounted cavalry moves as a skirmish line less 1 in."},
    {"D-REP-4", "Volley's ruling: under REP-308 a raw unit half in woods with no friend within 4 in tests morale at "
                "-1 as its movement phase begins; failing, it halts for the turn."},
    {"D-REP-5", "Volley's ruling: under REP-501 a front half a base wider than its opponent's, overlapping both "
                "ends, front to front, with no other enemy within 5 in, gains 2 close-combat dice."},
    {"D-REP-6", "Volley's ruling: a unit is in broken ground or a town when half its footprint is in it; within 1 in "
                "of a building counts as in the town."},
    {"D-REP-7", "Volley's ruling: REP-506A gives 2 dice to a steady defender in line on REP-201's alert; with "
                "REP-201 off no unit is on alert, so it then gives nothing."},
    {"D-REP-8", "Volley's ruling: under REP-509 a Confederate main attacker gains a close-combat die and "
                "Confederate rallies are at -1."},
    {"D-REP-9", "Volley's ruling: under REP-505 an undecided one-on-one infantry close combat stays locked in "
                "contact and is fought again in the next player turn."},
    {"D-REP-10", "Volley's ruling: under REP-508 the nearest general within 3 in risks 2D6 (11 or more removes him) "
                 "to rally a beaten unit at +2; rallied, the combat is fought again."},
    {"D-REP-11", "Volley's ruling: under REP-510 a unit's first close combat sets a lasting dice modifier, half the "
                 "difference in HITs scored, for the rest of the game."},
    {"D-REP-12", "Volley's ruling: under REP-513 each side's main unit rolls a D20 with its close-combat dice; a 13 "
                 "costs it 1 HIT."},
    {"D-REP-13", "Volley's ruling: under REP-507 a battery in woods or a town that a close combat makes give ground "
                 "is captured and leaves the table."},
    {"D-REP-601-1", "Volley's ruling: for REP-601 heights go in half levels: a hill of level L tops out at 2L, a "
                    "wood or building half a level above the hill it stands on."},
    {"D-REP-601-2", "Volley's ruling: a feature at the spotter's eye or above blocks; below it, it casts a blind zone "
                    "1, 1/2, 1/4 ... times its far-edge distance, halving each half level lower."},
    {"D-REP-601-3", "Volley's ruling: a blind zone runs along each ray from the spotter's front past the feature's "
                    "hull; a target is unseen only when wholly inside such zones."},
    {"D-REP-401-1", "Volley's ruling: REP-401's bombardment is three rounds before turn 1, each side's batteries "
                    "firing in turn, so a save replays it from its header."},
    {"D-REP-401-2", "Volley's ruling: in the bombardment each battery fires at the enemy it would hit hardest on "
                    "average, then the nearest."},
    {"D-REP-201-1", "Volley's ruling: under REP-201 steady infantry that moved at most a quarter move goes on alert "
                    "at the end of its movement phase; moving or a HIT ends it."},
    {"D-REP-201-2", "Volley's ruling: an alert unit always counter-charges (a GOR charge, then one close combat "
                    "round) an enemy that moves within 4 in of it, when it can reach it with the share of its "
                    "charge move the mover used of its own move."},
    {"D-RULES-1", "Volley's ruling: a charge system or Republic option is played whole or not at all; a game "
                  "asking for one this version does not yet fully play is refused, naming the rules missing."},
    {"D-RULES-2", "Volley's ruling: a new game takes the scenario's own rules, replaced by those chosen on the "
                  "command line or the menu's Rules screen; a save keeps the rules it was played under."},
};

const char *vl_rule_explain(const char *id)
{
    if (!id || !id[0])
        return NULL;
    for (size_t i = 0; i < sizeof TEXTS / sizeof TEXTS[0]; i++)
        if (strcasecmp(TEXTS[i].id, id) == 0)
            return TEXTS[i].text;
    return NULL;
}

const char *vl_rule_explain_id(int i)
{
    return i >= 0 && (size_t)i < sizeof TEXTS / sizeof TEXTS[0] ? TEXTS[i].id : NULL;
}
