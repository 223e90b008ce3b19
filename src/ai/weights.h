/* Private to src/ai: the commander's weights, in one table. Its currency is worth: 1.0 is about
 * one enemy unit routed or gone (a victory point). These are the numbers that weigh what a HIT, a
 * unit, a loss, a test, a shot, a charge and a place are worth to it, besides the odds the rules
 * give (odds.c) and the levels' budgets (commander.c). They were tuned by playing game batches
 * (docs/ai-results.md); a change of any of them changes the commander's decisions, so it is
 * measured the same way and moves the determinism table. */
#ifndef VOLLEY_AI_WEIGHTS_H
#define VOLLEY_AI_WEIGHTS_H

typedef struct Weights {
    struct { double base, per_hit; int most_hits; double odd, fourth, guns_horse, routed; } hit;
    struct { double general, routed, per_hit; int most_hits; double five_hits, least; } unit;
    struct { double breaks, near_break; } loss;
    struct { double guns_limber, ground, general_carried, router_back; } test;
    double first_side_sureness;
    struct {
        double guns_in_action, guns_rally_factor, guns_rally_margin, charge_margin, move_up_per_inch, off_edge,
            rally_factor, rally_margin;
    } fire;
    struct {
        double retire, skirm_fall_back, skirm_ground, halt, halt_fire_guns, halt_fire_arms, hopeless, halted,
            odds_share, played_share, before_last;
    } charge;
    struct { double guns_other_target, other_charges, follow, follow_turns; } exposure;
    struct { double want_ours, want_theirs, want_open, least_gain, arrive_spare, arrive_just, arrive_long; } objective;
    struct {
        double per_inch, per_inch_aside, turn_per_90, general_share, general_per_in_command, general_near_enemy,
            general_in_front, easy_near_enemy, guns_danger, column_danger, column_near, square_cavalry_near,
            square_no_cavalry, shaken_danger, shaken_per_hit, edge_danger, out_of_command_per_inch,
            out_of_command, rear_support, setup_share, on_objective_holder, on_objective_other, on_way_share,
            on_way_done, on_way_in_time, before_last_share, pass_through_hits, doubling_spent, move_over_stay;
    } place;
    struct { double general_lost, bonus, per_hit; } steady;
} Weights;

static const Weights VL_AI_WEIGHTS = {
    /* One more HIT on a unit (hit_value). */
    .hit = {
        .base = 0.10,       /* a HIT on a fresh unit */
        .per_hit = 0.025,   /* ...and this much more for each HIT it has, */
        .most_hits = 8,     /* ...counting up to this many */
        .odd = 0.04,        /* on an odd count: the next HIT costs a point of morale (GOR-MOR-2) */
        .fourth = 0.05,     /* on 4: the fifth brings retreat tests every turn (GOR-RETR-1) */
        .guns_horse = 1.15, /* times this on guns and mounted cavalry */
        .routed = 0.5,      /* times this on a router: already counted lost; HITs only make rallying harder */
    },
    /* A unit's worth to its side for the look-ahead's judgement (worth; 1.0 a unit fresh or waiting). */
    .unit = {
        .general = 0.4,   /* a brigade commander */
        .routed = 0.3,    /* a router, before its HITs */
        .per_hit = 0.07,  /* less this for each HIT, */
        .most_hits = 10,  /* ...counting up to this many */
        .five_hits = 0.1, /* less this with 5 HITs or more, not routed (retreat tests, GOR-RETR-1) */
        .least = 0.05,    /* never less than this */
    },
    /* Losing a unit for good, in victory points (loss_value; 1.0 as a rule). */
    .loss = {
        .breaks = 3.0,     /* the loss that breaks the army: the game (D-GAME-8) */
        .near_break = 1.5, /* the loss before it */
    },
    /* Morale tests (test_loss, follow_loss, rally_worth). */
    .test = {
        .guns_limber = 0.3,     /* guns failing a fire test limber up where they stand: their next shot */
        .ground = 0.05,         /* a failed test's fall back: the ground given */
        .general_carried = 0.8, /* a commander carried off the table by a unit falling back: his brigade
                                   out of command for the rest of the game (GOR-CMD-1) */
        .router_back = 0.7,     /* a router rallied, back in the fight (GOR-RALLY-1) */
    },
    /* How surely the points as they stand on the first side's last player turn are the final score:
     * the enemy has one more turn to change them, but most often they stand (sureness). */
    .first_side_sureness = 0.8,
    /* The artillery and fire phases (fire_plan.c). */
    .fire = {
        .guns_in_action = 1.2,    /* a shot at guns in action, times this: the enemy's best killers */
        .guns_rally_factor = 1.5, /* a battery of 4 HITs or more stands down to rally when that is worth
                                     more than this times its shot... */
        .guns_rally_margin = 0.05, /* ...plus this */
        .charge_margin = 0.05,    /* a unit holds its fire to charge when the charge is worth this much more
                                     than the shot and than the level's least charge */
        .move_up_per_inch = 0.018, /* a move up to its place (up to 10 in), an inch, against a weak shot */
        .off_edge = 0.08,         /* a move off its table edge (under 10 in behind it), against a weak shot */
        .rally_factor = 1.3,      /* a unit of 3 HITs or more holds its fire to rally when that is worth more
                                     than this times its shot... */
        .rally_margin = 0.03,     /* ...plus this */
    },
    /* Charges (charge_plan.c, objectives.c). */
    .charge = {
        .retire = 0.35,         /* the loser of a close combat retiring (failing by 2 or 3), a share of its
                                   loss (GOR-CC-4) */
        .skirm_fall_back = 0.04, /* skirmishers that pass and fall back 10 in (GOR-CHG-8) */
        .skirm_ground = 0.1,    /* skirmishers that fail by 1-2 and go back with 1 HIT: the ground, besides it */
        .halt = 0.08,           /* a charger that falters and halts in front of the enemy (GOR-CHG-3)... */
        .halt_fire_guns = 1.0,  /* ...and the short-range fire it then draws, in HITs expected: from guns */
        .halt_fire_arms = 0.67, /* ...from small arms */
        .hopeless = -0.3,       /* a charge worth less than this by the odds is not played out on copies */
        .halted = 0.15,         /* a charger that faltered, in front of the enemy's fire after the copies stop */
        .odds_share = 0.5,      /* a charge played out on copies: its value by the odds counts this much... */
        .played_share = 0.5,    /* ...and the copies this much */
        .before_last = 0.25,    /* the objectives a charge changes, on the turn before the last (1 on the last) */
    },
    /* What a place exposes a unit to (exposure.c). */
    .exposure = {
        .guns_other_target = 0.7, /* a battery that could fire on a unit does, this often: it may choose another */
        .other_charges = 0.3,     /* the charges a place invites besides the worst, this share of each */
        .follow = 0.04,           /* a friend in line within 5 in: the other ways of being forced back together */
        .follow_turns = 3.0,      /* turns the risk of a friend in line is counted for (follow_cost) */
    },
    /* The objectives (frames.c, objectives.c). */
    .objective = {
        .want_ours = 0.6,    /* a brigade's wish for an objective, times its points: ours alone */
        .want_theirs = 1.5,  /* held by the enemy */
        .want_open = 1.2,    /* nobody's, or contested */
        .least_gain = 0.02,  /* in the last turns, a unit is sent to an objective for more than this */
        .arrive_spare = 0.9, /* its chance to get there: in the moves left with one to spare */
        .arrive_just = 0.5,  /* only just */
        .arrive_long = 0.15, /* a long chance */
    },
    /* How good a place is (place_score.c). */
    .place = {
        .per_inch = 0.06,        /* an inch ahead of or behind its place in the frame (or of its way round) */
        .per_inch_aside = 0.03,  /* an inch off to the side of it (a line cannot step sideways) */
        .turn_per_90 = 0.15,     /* a line or square facing 90 degrees off its place's facing */
        .general_share = 0.4,    /* a commander's place in the frame counts this share of a regiment's */
        .general_per_in_command = 0.12, /* each regiment he keeps in command (GOR-CMD-1) */
        .general_near_enemy = 0.3, /* a commander touching the enemy; less the farther, none from 10 in */
        .general_in_front = 0.6, /* a commander in front of a regiment of his side, in its way (D-GAME-11) */
        .easy_near_enemy = 0.05, /* the easy commander, within 12 in of the enemy: all it knows of the danger */
        .guns_danger = 0.35,     /* guns within charge reach of the enemy */
        .column_danger = 0.3,    /* a column within charge reach */
        .column_near = 0.15,     /* a column within 14 in of the enemy */
        .square_cavalry_near = 0.25, /* a square with enemy horse near */
        .square_no_cavalry = 0.3,    /* a square with none */
        .shaken_danger = 0.25,   /* a shaken unit within charge reach... */
        .shaken_per_hit = 0.05,  /* ...and this for each of its HITs */
        .edge_danger = 0.1,      /* within charge reach with the table edge close behind (16 in: none left) */
        .out_of_command_per_inch = 0.02, /* an inch beyond 7 from its commander's place... */
        .out_of_command = 0.08,  /* ...and this beyond it at all */
        .rear_support = 0.06,    /* a friend behind, near the enemy (GOR-SUPP-1) */
        .setup_share = 0.5,      /* a good charge ready for next turn: the enemy moves first */
        .on_objective_holder = 0.4, /* standing on an objective, times its points: the unit sent there */
        .on_objective_other = 0.15, /* any other */
        .on_way_share = 0.5,     /* a holder on its way, times its points and the endgame weight... */
        .on_way_done = 0.5,      /* ...the share of the way done counting this much... */
        .on_way_in_time = 0.5,   /* ...and getting there in the moves left this much */
        .before_last_share = 0.6, /* the turn before the last, within a move of it: this share of its points */
        .pass_through_hits = 2.2, /* passing through a friend: both test (GOR-MOVE-7), this many HITs' worth
                                     a failure */
        .doubling_spent = 0.1,   /* the once-a-game gallop or double time spent before the last turn (GOR-MOVE-4) */
        .move_over_stay = 0.01,  /* an order is given only when it beats standing still by more than this */
    },
    /* A commander steadying the units he touches (steadying_worth). */
    .steady = {
        .general_lost = 0.1, /* his loss, besides the HIT it costs every unit of his brigade (GOR-CMD-3) */
        .bonus = 1.0,        /* in contact with a unit of STEADY_HITS or more... */
        .per_hit = 0.1,      /* ...and this for each of its HITs */
    },
};

#endif
