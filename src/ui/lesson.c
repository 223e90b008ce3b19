/* The tutorial as a lesson: a table of steps, each a title, a prompt in plain words (with the
 * numbers the game will use, worked out from the unit concerned), a check that reads the game's
 * state and the commands applied since the step began, and the focus it rings on the screen. The
 * lesson never gives orders and never reads clicks: it watches the game, so the computer's turn
 * between steps, an undo or a unit lost only make a step wait, adapt its words or be skipped with a
 * word saying why. */
#include "lesson.h"

#include "app.h"
#include "panels.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

typedef enum { STEP_WAIT, STEP_DONE, STEP_SKIP } StepState;

typedef struct LessonStep {
    const char *name;
    const char *title;
    /* The words of the step, written into buf. */
    void (*prompt)(VlUiApp *app, char *buf, size_t size);
    /* Done, still waiting, or no longer possible (then it sets lesson.note to say why). */
    StepState (*check)(VlUiApp *app);
    /* What to ring this frame (lesson.focus_*). */
    void (*focus)(VlUiApp *app);
} LessonStep;

/* ---- what the steps read ---- */

static const VlWorld *world(const VlUiApp *app) { return vl_game_world_const(app->game); }

static const char *name_of(const VlUiApp *app, int u)
{
    return u >= 0 ? vl_unit_label(world(app)->scenario, u) : "?";
}

/* The unit is on the table and not running. */
static bool usable(const VlUiApp *app, int u)
{
    const VlWorld *w = world(app);
    return u >= 0 && u < w->nunits && vl_world_present(w, u) && !w->units[u].routed;
}

static bool pupils_phase(const VlUiApp *app, VlPhase ph)
{
    return vl_game_active_side(app->game) == app->lesson.side && vl_game_phase(app->game) == ph;
}

/* A command of @p kind by unit @p u (-1: any unit of the pupil's side) since the step began. */
static const VlCommand *applied(const VlUiApp *app, VlCommandKind kind, int u)
{
    const VlWorld *w = world(app);
    for (int k = app->lesson.since; k < app->log.n; k++) {
        const VlLogEntry *e = &app->log.e[k];
        if (e->is_check || e->cmd.kind != kind)
            continue;
        if (u >= 0 ? e->cmd.unit == u : e->cmd.unit >= 0 && vl_world_side(w, e->cmd.unit) == app->lesson.side)
            return &e->cmd;
    }
    return NULL;
}

static bool has_step(const VlCommand *c, VlStepKind k)
{
    for (int i = 0; c && i < c->move.nsteps; i++)
        if (c->move.steps[i].kind == k)
            return true;
    return false;
}

/* The nearest enemy that @p u may be ordered to charge (or, @p artillery, to fire at), or -1. */
static int nearest_target(const VlUiApp *app, int u, VlCommandKind kind)
{
    const VlWorld *w = world(app);
    if (!usable(app, u))
        return -1;
    int best = -1;
    double best_d = 1e300;
    for (int t = 0; t < w->nunits; t++) {
        if (!vl_world_present(w, t) || !vl_world_enemies(w, u, t) || w->scenario->units[t].type == VL_GENERAL)
            continue;
        VlCommand c = vl_ui_unit_command(kind, u, t);
        c.choose_path = kind == VL_CMD_CHARGE;
        VlReasons why = {0};
        if (!vl_game_check(app->game, &c, &why))
            continue;
        double d = vl_footprint_distance(&vl_world_unit(w, u)->fp, &vl_world_unit(w, t)->fp);
        if (d < best_d) {
            best_d = d;
            best = t;
        }
    }
    return best;
}

/* The nearest enemy regiment or battery to @p u, whatever the rules allow (the wheel aims at it). */
static int nearest_enemy(const VlUiApp *app, int u)
{
    const VlWorld *w = world(app);
    int best = -1;
    double best_d = 1e300;
    for (int t = 0; u >= 0 && t < w->nunits; t++) {
        if (!vl_world_present(w, t) || !vl_world_enemies(w, u, t) || w->scenario->units[t].type == VL_GENERAL)
            continue;
        double d = vl_footprint_distance(&vl_world_unit(w, u)->fp, &vl_world_unit(w, t)->fp);
        if (d < best_d) {
            best_d = d;
            best = t;
        }
    }
    return best;
}

/* The front corner to drag to turn @p u towards @p t: 0 (left) swings it clockwise, 1 anticlockwise. */
static int corner_towards(const VlUiApp *app, int u, int t)
{
    const VlWorld *w = world(app);
    if (u < 0 || t < 0)
        return 0;
    const VlFootprint *fp = &vl_world_unit(w, u)->fp, *tf = &vl_world_unit(w, t)->fp;
    VlVec2 mid = vl_v2_lerp(fp->box.p[0], fp->box.p[1], 0.5);
    VlVec2 tc = vl_v2_lerp(tf->box.p[0], tf->box.p[2], 0.5);
    /* Clockwise when the target lies to the right of the front's direction. */
    return vl_v2_dot(vl_v2_sub(tc, mid), fp->right) >= 0 ? 0 : 1;
}

static void skip_note(VlUiApp *app, const char *fmt, const char *a, const char *b)
{
    snprintf(app->lesson.note, sizeof app->lesson.note, fmt, a ? a : "", b ? b : "");
}

static const char *quality_need(VlQuality q)
{
    return q == VL_RAW ? "more than 7" : q == VL_VETERAN ? "more than 5" : "more than 6";
}

/* Who plays the other side: the computer, or a second player at this screen (hot seat). */
static const char *opponent(const VlUiApp *app)
{
    return app->human[!app->lesson.side] ? "the other player" : "the computer";
}

/* ---- the steps ---- */

static void f_none(VlUiApp *app) { (void)app; }

/* 0. The computer's first turn, when it moves first. */
static void p_wait(VlUiApp *app, char *buf, size_t size)
{
    const VlScenario *sc = world(app)->scenario;
    snprintf(buf, size,
             "You command the %s side. In this battle the %s side moves first, so %s plays its turn now: "
             "watch the table and the dice log at the right. Your turn begins when that one is done.",
             vl_ui_side_name(sc, app->lesson.side), vl_ui_side_name(sc, !app->lesson.side), opponent(app));
}
static StepState c_wait(VlUiApp *app)
{
    return vl_game_active_side(app->game) == app->lesson.side && app->human[app->lesson.side] ? STEP_DONE : STEP_WAIT;
}

/* 1. The early phases of the first turn. */
static void p_phases(VlUiApp *app, char *buf, size_t size)
{
    snprintf(buf, size,
             "You command the %s side; %s plays the %s. A turn goes through phases in a fixed order: "
             "artillery, fire, charge, movement, rally, retreat, rout (the bar at the top names the phase). "
             "This first turn starts with moving, and firing and charging come next turn: press Enter, or "
             "click End phase (ringed), until the movement phase.",
             vl_ui_side_name(world(app)->scenario, app->lesson.side), opponent(app),
             vl_ui_side_name(world(app)->scenario, !app->lesson.side));
}
static StepState c_phases(VlUiApp *app)
{
    if (pupils_phase(app, VL_PHASE_MOVEMENT))
        return STEP_DONE;
    if (vl_game_active_side(app->game) != app->lesson.side) {
        skip_note(app, "Your first movement phase is over.%s%s", NULL, NULL);
        return STEP_SKIP;
    }
    return STEP_WAIT;
}
static void f_end_phase(VlUiApp *app) { app->lesson.focus_button = VL_BTN_END_PHASE; }

/* 2. Select the regiment. */
static void p_select(VlUiApp *app, char *buf, size_t size)
{
    snprintf(buf, size,
             "Movement phase. Click the %s (ringed) to select it. Its card on the right says what it is, its HITs "
             "(losses: a unit with many tests badly and may break), whether it is within 8 in of its brigade "
             "commander, and how far it may move.",
             name_of(app, app->lesson.unit));
}
static StepState c_select(VlUiApp *app)
{
    VlUiLesson *l = &app->lesson;
    if (!usable(app, l->unit)) {
        skip_note(app, "The %s is gone from the table (or running), so its part is left out.%s", name_of(app, l->unit), NULL);
        return STEP_SKIP;
    }
    if (app->view.selected == l->unit || world(app)->units[l->unit].acted)
        return STEP_DONE;
    if (!pupils_phase(app, VL_PHASE_MOVEMENT)) {
        skip_note(app, "The movement phase ended before the %s moved.%s", name_of(app, l->unit), NULL);
        return STEP_SKIP;
    }
    return STEP_WAIT;
}
static void f_unit(VlUiApp *app) { app->lesson.focus_unit = app->lesson.unit; }

/* 3. Drag it forward, Ctrl held as it is let go. */
static void p_forward(VlUiApp *app, char *buf, size_t size)
{
    const VlWorld *w = world(app);
    int u = app->lesson.unit;
    if (u < 0) {
        snprintf(buf, size, "You have no regiment in line to move.");
        return;
    }
    const VlFieldUnit *fu = vl_world_unit(w, u);
    VlAllowance open = vl_move_allowance(w, fu->type, fu->formation, w->units[u].mounted, VL_GROUND_OPEN, 0);
    VlAllowance rough = vl_move_allowance(w, fu->type, fu->formation, w->units[u].mounted, VL_GROUND_ROUGH, 0);
    snprintf(buf, size,
             "Press on the middle of the %s and drag it forward about 3 in. It may go %g in over open ground "
             "but only %g in when any part of it crosses rough ground, such as a stream or a wood (GOR-MOVE-1): "
             "keep short of them this time. While you drag, the ghost shows the cost against that allowance, and turns red with "
             "the reason when the move is not allowed. Hold Ctrl as you let go: the step is kept, not yet "
             "ordered, so that a wheel can be added to the same order.",
             name_of(app, u), open.max, rough.min);
}
static StepState c_forward(VlUiApp *app)
{
    VlUiLesson *l = &app->lesson;
    const VlUiGesture *g = &app->view.gesture;
    if (!usable(app, l->unit)) {
        skip_note(app, "The %s is gone from the table (or running), so its part is left out.%s", name_of(app, l->unit), NULL);
        return STEP_SKIP;
    }
    if (g->fixed >= 1 && g->order.unit == l->unit && g->order.steps[0].kind == VL_STEP_ADVANCE)
        return STEP_DONE;
    if (applied(app, VL_CMD_MOVE, l->unit))
        return STEP_DONE; /* let go without Ctrl: the wheel step says what then */
    if (!pupils_phase(app, VL_PHASE_MOVEMENT)) {
        skip_note(app, "The movement phase ended before the %s moved.%s", name_of(app, l->unit), NULL);
        return STEP_SKIP;
    }
    return STEP_WAIT;
}

/* 4. Wheel it: drag the ringed front corner. */
static void p_wheel(VlUiApp *app, char *buf, size_t size)
{
    const VlWorld *w = world(app);
    int u = app->lesson.unit;
    if (u < 0) {
        snprintf(buf, size, "You have no regiment in line to wheel.");
        return;
    }
    if (w->units[u].acted && app->view.gesture.fixed == 0) {
        snprintf(buf, size,
                 "The %s has made its move: the step was ordered as you let go, without Ctrl, and a unit gets one "
                 "order a turn (GOR-TURN-3). Ctrl+Z (Undo) takes that move back, as no die has decided it; then drag "
                 "it forward again holding Ctrl as you let go. Or leave it there and press Enter to go on.",
                 name_of(app, u));
        return;
    }
    const VlUiGesture *ge = &app->view.gesture;
    bool held_wheel = false;
    for (int i = 0; ge->order.unit == u && i < ge->fixed && i < ge->order.nsteps; i++)
        held_wheel |= ge->order.steps[i].kind == VL_STEP_WHEEL;
    if (held_wheel) {
        snprintf(buf, size,
                 "The wheel is held, not yet ordered: the ghost shows the move so far and what is left of the "
                 "allowance (D-UI-ORD-1). Press Enter (or Send the order) to order the forward step and the wheel "
                 "as they stand; dragging the ghost on would spend the rest of the move first.");
        return;
    }
    const VlFootprint *fp = &vl_world_unit(w, u)->fp;
    double front = vl_v2_dist(fp->box.p[0], fp->box.p[1]);
    snprintf(buf, size,
             "Now turn it towards the enemy: press on the ringed front corner and drag it forward a little. A line "
             "turns by wheeling about its other end, and the wheel costs the distance the moving end travels "
             "(D-MOVE-4): 15 degrees of this %.1f in front cost about %.1f in, from the same allowance. Let go "
             "(without Ctrl): the wheel is held for the rest of the move, and Enter orders both steps at once.",
             front, front * 15 * 3.14159265358979 / 180);
}
static StepState c_wheel(VlUiApp *app)
{
    VlUiLesson *l = &app->lesson;
    if (l->unit < 0) {
        skip_note(app, "You have no regiment in line to wheel.%s%s", NULL, NULL);
        return STEP_SKIP;
    }
    const VlCommand *c = applied(app, VL_CMD_MOVE, l->unit);
    if (c && has_step(c, VL_STEP_WHEEL))
        return STEP_DONE;
    /* A move ordered in the step before, or since, has the wheel or it has not. */
    for (int k = 0; k < app->log.n; k++) {
        const VlLogEntry *e = &app->log.e[app->log.n - 1 - k];
        if (e->is_check)
            continue;
        if (e->cmd.kind == VL_CMD_END_PHASE)
            break;
        if (e->cmd.kind == VL_CMD_MOVE && e->cmd.unit == l->unit && has_step(&e->cmd, VL_STEP_WHEEL))
            return STEP_DONE;
    }
    if (!usable(app, l->unit)) {
        skip_note(app, "The %s is gone from the table (or running), so its part is left out.%s", name_of(app, l->unit), NULL);
        return STEP_SKIP;
    }
    if (!pupils_phase(app, VL_PHASE_MOVEMENT)) {
        skip_note(app, "The %s moved without a wheel: that is for another turn.%s", name_of(app, l->unit), NULL);
        return STEP_SKIP;
    }
    return STEP_WAIT;
}
static void f_wheel(VlUiApp *app)
{
    VlUiLesson *l = &app->lesson;
    if (!usable(app, l->unit))
        return;
    l->focus_unit = l->unit;
    if (!world(app)->units[l->unit].acted || app->view.gesture.fixed > 0)
        l->focus_corner = corner_towards(app, l->unit, nearest_enemy(app, l->unit));
    else
        l->focus_button = VL_BTN_UNDO;
}

/* 5. Unlimber the battery. */
static void p_battery(VlUiApp *app, char *buf, size_t size)
{
    snprintf(buf, size,
             "Guns move limbered (hooked to their horses) and fire only unlimbered. Click the %s (ringed) and "
             "press U, or its Unlimber button under the table. Changing formation takes a unit's whole move "
             "for the turn (GOR-FORM-7), so the battery will be ready to fire next turn.",
             name_of(app, app->lesson.battery));
}
static StepState c_battery(VlUiApp *app)
{
    VlUiLesson *l = &app->lesson;
    if (!usable(app, l->battery)) {
        skip_note(app, "No battery of yours is on the table, so the guns are left out.%s%s", NULL, NULL);
        return STEP_SKIP;
    }
    if (vl_world_unit(world(app), l->battery)->formation == VL_FORM_UNLIMBERED) {
        if (applied(app, VL_CMD_MOVE, l->battery))
            return STEP_DONE;
        if (l->step_entered_unlimbered) {
            skip_note(app, "The %s is unlimbered already: it is ready to fire next turn.%s", name_of(app, l->battery), NULL);
            return STEP_SKIP;
        }
        return STEP_DONE;
    }
    if (!pupils_phase(app, VL_PHASE_MOVEMENT) || world(app)->units[l->battery].acted) {
        skip_note(app, "The %s stayed limbered, so it cannot fire next turn.%s", name_of(app, l->battery), NULL);
        return STEP_SKIP;
    }
    return STEP_WAIT;
}
static void f_battery(VlUiApp *app) { app->lesson.focus_unit = app->lesson.battery; }

/* 6. End the movement phase. */
static void p_end_move(VlUiApp *app, char *buf, size_t size)
{
    (void)app;
    snprintf(buf, size,
             "Your orders for this movement phase are given; the others may stay where they are. End the phase: "
             "press Enter or click End phase (it names the phase that comes next). If the game asks because some "
             "units could still move, choose End phase.");
}
static StepState c_end_move(VlUiApp *app)
{
    return pupils_phase(app, VL_PHASE_MOVEMENT) ? STEP_WAIT : STEP_DONE;
}

/* 7. The rest of the turn, and the enemy's. */
static void p_enemy(VlUiApp *app, char *buf, size_t size)
{
    if (vl_game_active_side(app->game) == app->lesson.side)
        snprintf(buf, size,
                 "Rally, retreat and rout have nothing for you this time: press Enter through them. Then %s "
                 "plays the %s turn. Every die rolled appears in the dice log at the right with the rule "
                 "that decided it: rest the pointer on a rule id there to read what the rule says.",
                 opponent(app), vl_ui_side_name(world(app)->scenario, !app->lesson.side));
    else
        snprintf(buf, size,
                 "Now %s plays the %s turn: watch the dice in the log at the right, and rest the pointer on a "
                 "rule id (such as GOR-TURN-1) to read what that rule says. Your next turn starts when it is done.",
                 opponent(app), vl_ui_side_name(world(app)->scenario, !app->lesson.side));
}
static StepState c_enemy(VlUiApp *app)
{
    if (vl_game_turn(app->game) >= 2 && vl_game_active_side(app->game) == app->lesson.side &&
        app->human[app->lesson.side])
        return STEP_DONE;
    return STEP_WAIT;
}
static void f_enemy(VlUiApp *app)
{
    if (vl_game_active_side(app->game) == app->lesson.side)
        app->lesson.focus_button = VL_BTN_END_PHASE;
}

/* 8. Fire the guns. */
static void p_fire(VlUiApp *app, char *buf, size_t size)
{
    VlUiLesson *l = &app->lesson;
    int t = nearest_target(app, l->battery, VL_CMD_ARTILLERY_FIRE);
    snprintf(buf, size,
             "Your second turn: the artillery phase. Click the %s, then click the %s (ringed) to aim: the line of "
             "fire, the range, the cover and the dice appear. Click it again to fire; each 6 is a HIT. Firing is "
             "the unit's action for the turn: a unit that fires cannot also charge or move this turn (GOR-TURN-3). "
             "Regiments fire the same way in the fire phase, straight ahead at the enemy the rules pick (GOR-FIRE-1).",
             name_of(app, l->battery), t >= 0 ? name_of(app, t) : "enemy");
}
static StepState c_fire(VlUiApp *app)
{
    VlUiLesson *l = &app->lesson;
    if (applied(app, VL_CMD_ARTILLERY_FIRE, -1))
        return STEP_DONE;
    if (!usable(app, l->battery)) {
        skip_note(app, "Your battery is gone from the table, so there is no artillery fire this turn.%s%s", NULL, NULL);
        return STEP_SKIP;
    }
    if (vl_world_unit(world(app), l->battery)->formation != VL_FORM_UNLIMBERED) {
        skip_note(app, "The %s is limbered (guns that fail a morale test under fire limber up, GOR-FIRE-5), so "
                       "it cannot fire this turn.%s", name_of(app, l->battery), NULL);
        return STEP_SKIP;
    }
    if (!pupils_phase(app, VL_PHASE_ARTILLERY)) {
        skip_note(app, "The artillery phase ended without the %s firing.%s", name_of(app, l->battery), NULL);
        return STEP_SKIP;
    }
    if (nearest_target(app, l->battery, VL_CMD_ARTILLERY_FIRE) < 0) {
        skip_note(app, "No enemy is within the %s's arc and range now, so it holds its fire: press Enter.%s",
                  name_of(app, l->battery), NULL);
        return STEP_SKIP;
    }
    return STEP_WAIT;
}
static void f_fire(VlUiApp *app)
{
    VlUiLesson *l = &app->lesson;
    l->focus_unit = l->battery;
    l->focus_unit2 = nearest_target(app, l->battery, VL_CMD_ARTILLERY_FIRE);
}

/* 9. Charge. */
static void p_charge(VlUiApp *app, char *buf, size_t size)
{
    const VlWorld *w = world(app);
    int u = app->lesson.unit;
    if (!pupils_phase(app, VL_PHASE_CHARGE)) {
        snprintf(buf, size,
                 "Press Enter until the charge phase. In the fire phase the %s could fire, but a unit that fires "
                 "cannot charge, and it is going to charge: leave it be.",
                 name_of(app, u));
        return;
    }
    if (u < 0) {
        snprintf(buf, size, "You have no regiment in line to charge with.");
        return;
    }
    const VlFieldUnit *fu = vl_world_unit(w, u);
    VlAllowance open = vl_move_allowance(w, fu->type, fu->formation, w->units[u].mounted, VL_GROUND_OPEN, 0);
    int t = nearest_target(app, u, VL_CMD_CHARGE);
    snprintf(buf, size,
             "The charge phase. Press on the %s and drag onto the %s (ringed). Before you let go you see the path, "
             "the face it would strike and the odds: the charge reaches its normal move plus 5 in (%g in over open "
             "ground, GOR-CHG-2), and the regiment must pass a morale test first, 2D6 scoring %s, or it stops half "
             "way. Let go to declare the charge.",
             name_of(app, u), t >= 0 ? name_of(app, t) : "enemy", open.max + 5, quality_need(w->scenario->units[u].quality));
}
static StepState c_charge(VlUiApp *app)
{
    VlUiLesson *l = &app->lesson;
    if (applied(app, VL_CMD_CHARGE, -1))
        return STEP_DONE;
    if (!usable(app, l->unit)) {
        skip_note(app, "The %s is no longer able to charge, so the charge is left out.%s", name_of(app, l->unit), NULL);
        return STEP_SKIP;
    }
    if (world(app)->units[l->unit].fired) {
        skip_note(app, "The %s fired this turn, and a unit that fires cannot charge (GOR-CHG-1).%s", name_of(app, l->unit), NULL);
        return STEP_SKIP;
    }
    VlPhase ph = vl_game_phase(app->game);
    if (vl_game_active_side(app->game) != l->side || ph > VL_PHASE_CHARGE) {
        skip_note(app, "The charge phase ended without a charge.%s%s", NULL, NULL);
        return STEP_SKIP;
    }
    if (ph == VL_PHASE_CHARGE && nearest_target(app, l->unit, VL_CMD_CHARGE) < 0) {
        skip_note(app, "No enemy is within the %s's charge reach now (the computer's turn moved things), so there "
                       "is no charge this time: press Enter.%s", name_of(app, l->unit), NULL);
        return STEP_SKIP;
    }
    return STEP_WAIT;
}
static void f_charge(VlUiApp *app)
{
    VlUiLesson *l = &app->lesson;
    if (!pupils_phase(app, VL_PHASE_CHARGE)) {
        l->focus_button = VL_BTN_END_PHASE;
        return;
    }
    l->focus_unit = l->unit;
    l->focus_unit2 = nearest_target(app, l->unit, VL_CMD_CHARGE);
}

/* 10. The close combat. */
static void p_combat(VlUiApp *app, char *buf, size_t size)
{
    (void)app;
    snprintf(buf, size,
             "The charge is declared. All charges happen together when the phase ends, so press Enter now. Then "
             "the charger tests its morale and moves; the enemy tests too (passing, it fires at short range). In "
             "the close combat both sides roll at once, each 6 a HIT; the side with more HITs tests again and may "
             "hold, retire or run (GOR-CC-4).");
}
static StepState c_combat(VlUiApp *app)
{
    return pupils_phase(app, VL_PHASE_CHARGE) ? STEP_WAIT : STEP_DONE;
}

/* 11. Read the result; the movement phase. */
/* Whether this turn's charge phase of the pupil rolled a close combat (GOR-CC-2), and whether the
 * charger's own test failed (GOR-CHG-3). */
static void charge_outcome(const VlUiApp *app, bool *combat, bool *faltered)
{
    int n;
    const VlDiceRoll *d = vl_game_dice(app->game, &n);
    *combat = *faltered = false;
    for (int i = 0; i < n; i++) {
        if (d[i].turn != vl_game_turn(app->game) || d[i].phase != VL_PHASE_CHARGE || d[i].phase_side != app->lesson.side)
            continue;
        if (strcmp(d[i].clause, "GOR-CC-2") == 0)
            *combat = true;
        if (strcmp(d[i].clause, "GOR-CHG-3") == 0 && d[i].side == app->lesson.side && strstr(d[i].result, "fails"))
            *faltered = true;
    }
}
static void p_result(VlUiApp *app, char *buf, size_t size)
{
    bool combat, faltered;
    charge_outcome(app, &combat, &faltered);
    const char *what = combat ? "The close combat was fought: find its dice (GOR-CC-2) and the loser's test in the dice log "
                                "at the right, newest at the bottom."
                     : faltered ? "The charger failed its morale test, so it stopped half way and there was no close combat "
                                  "this time (GOR-CHG-3): its dice are in the log at the right."
                                : "There was no close combat this time: the enemy gave way before contact (skirmishers who "
                                  "pass their test may fall back 10 in instead, GOR-CHG-8). The dice log at the right has "
                                  "every roll.";
    snprintf(buf, size,
             "%s Rest the pointer on a rule id there to read what it means. This is the movement phase: units that "
             "have not acted may still move. Press Enter when you are done.",
             what);
}
static StepState c_result(VlUiApp *app)
{
    VlPhase ph = vl_game_phase(app->game);
    if (vl_game_active_side(app->game) != app->lesson.side || ph >= VL_PHASE_RALLY || vl_game_turn(app->game) > 2)
        return STEP_DONE;
    return STEP_WAIT;
}

/* 12. Rally. */
static int rally_candidate(const VlUiApp *app)
{
    if (!pupils_phase(app, VL_PHASE_RALLY))
        return -1;
    const VlWorld *w = world(app);
    for (int u = 0; u < w->nunits; u++)
        if (vl_world_side(w, u) == app->lesson.side && vl_game_unit_can_act(app->game, u))
            return u;
    return -1;
}
static void p_rally(VlUiApp *app, char *buf, size_t size)
{
    int u = rally_candidate(app);
    const VlWorld *w = world(app);
    snprintf(buf, size,
             "The rally phase. A unit with HITs (or routed) that took no action this turn may try to recover: "
             "click the %s (ringed) and press R, or its Rally button. It tests its morale, 2D6 scoring %s: "
             "passing takes 2 HITs off, and a routed unit stops running (GOR-RALLY-1).",
             u >= 0 ? name_of(app, u) : "unit", u >= 0 ? quality_need(w->scenario->units[u].quality) : "more than its level");
}
static StepState c_rally(VlUiApp *app)
{
    if (applied(app, VL_CMD_RALLY, -1))
        return STEP_DONE;
    if (vl_game_active_side(app->game) != app->lesson.side || vl_game_phase(app->game) > VL_PHASE_RALLY) {
        skip_note(app, "The rally phase ended without a rally.%s%s", NULL, NULL);
        return STEP_SKIP;
    }
    if (pupils_phase(app, VL_PHASE_RALLY) && rally_candidate(app) < 0) {
        skip_note(app, "None of your units can rally now: a unit rallies only with HITs or routed, and only if it "
                       "took no action this turn (the ones that fired or charged did).%s%s", NULL, NULL);
        return STEP_SKIP;
    }
    return STEP_WAIT;
}
static void f_rally(VlUiApp *app) { app->lesson.focus_unit = rally_candidate(app); }

/* 13. The end. */
static void p_end(VlUiApp *app, char *buf, size_t size)
{
    snprintf(buf, size,
             "That is a whole turn: fire, charge, move, rally. Play on from here: the game lasts %d turns. A side "
             "with %d%% of its units routed or gone loses at once; otherwise, at the end, each side scores the "
             "objectives (the stars) it holds and the enemy units it broke. The \"now you can\" panel (key N) "
             "will keep saying what each phase allows. Close the lesson when you are ready.",
             world(app)->scenario->turns, world(app)->scenario->break_percent);
}
static StepState c_end(VlUiApp *app)
{
    (void)app;
    return STEP_WAIT;
}
static const LessonStep STEPS[] = {
    {"your-turn", "Waiting for your turn", p_wait, c_wait, f_none},
    {"phases", "Your first turn", p_phases, c_phases, f_end_phase},
    {"select", "Select a regiment", p_select, c_select, f_unit},
    {"forward", "Drag it forward", p_forward, c_forward, f_unit},
    {"wheel", "Wheel it", p_wheel, c_wheel, f_wheel},
    {"battery", "Unlimber the guns", p_battery, c_battery, f_battery},
    {"end-movement", "End the movement phase", p_end_move, c_end_move, f_end_phase},
    {"enemy-turn", "The enemy's turn", p_enemy, c_enemy, f_enemy},
    {"fire", "Fire", p_fire, c_fire, f_fire},
    {"charge", "Charge", p_charge, c_charge, f_charge},
    {"close-combat", "The close combat", p_combat, c_combat, f_end_phase},
    {"result", "What happened", p_result, c_result, f_end_phase},
    {"rally", "Rally", p_rally, c_rally, f_rally},
    {"end", "Well done", p_end, c_end, f_none},
};
#define NSTEPS ((int)(sizeof STEPS / sizeof STEPS[0]))

int vl_ui_lesson_steps(void) { return NSTEPS; }

const char *vl_ui_lesson_step_name(int i) { return i >= 0 && i < NSTEPS ? STEPS[i].name : NULL; }

/* ---- the lesson's life ---- */

/* The first regiment in line of the side (one that may charge), and its first battery. */
static void choose_units(VlUiApp *app)
{
    VlUiLesson *l = &app->lesson;
    const VlWorld *w = world(app);
    l->unit = l->battery = -1;
    for (int u = 0; u < w->nunits; u++) {
        if (vl_world_side(w, u) != l->side || !vl_world_present(w, u))
            continue;
        VlUnitType t = w->scenario->units[u].type;
        if (l->unit < 0 && (t == VL_INFANTRY || t == VL_CAVALRY) && vl_world_unit(w, u)->formation == VL_FORM_LINE)
            l->unit = u;
        if (l->battery < 0 && t == VL_ARTILLERY)
            l->battery = u;
    }
}

static void begin_side(VlUiApp *app, int side)
{
    VlUiLesson *l = &app->lesson;
    memset(l, 0, sizeof *l);
    if (!app->game)
        return;
    l->active = true;
    l->side = side;
    l->since = app->log.n;
    choose_units(app);
    l->focus_unit = l->focus_unit2 = l->focus_corner = l->focus_button = -1;
    vl_ui_lesson_update(app);
}

void vl_ui_lesson_begin(VlUiApp *app)
{
    if (app->game)
        begin_side(app, vl_game_active_side(app->game));
}

void vl_ui_lesson_start(VlUiApp *app)
{
    app->lesson.active = false;
    if (!app->game || app->log.n > 0 || strcmp(app->log.scenario_name, "tutorial") != 0)
        return;
    /* The pupil is the side a human plays here: the first side when both are. */
    int first = vl_game_active_side(app->game);
    if (app->human[first])
        begin_side(app, first);
    else if (app->human[!first])
        begin_side(app, !first);
}

void vl_ui_lesson_leave(VlUiApp *app)
{
    if (!app->lesson.active)
        return;
    app->lesson.active = false;
    vl_ui_app_message(app, false, "You left the lesson; the game goes on. N shows what each phase allows.");
}

void vl_ui_lesson_update(VlUiApp *app)
{
    VlUiLesson *l = &app->lesson;
    if (!l->active)
        return;
    if (!app->game || app->screen == VL_SCREEN_MENU) {
        l->active = false;
        return;
    }
    if (l->since > app->log.n) /* an undo took commands back */
        l->since = app->log.n;
    /* Several steps may be done at once (an order that was both), or skipped in a row. */
    for (int guard = 0; guard < NSTEPS && l->step < NSTEPS - 1; guard++) {
        StepState s = STEPS[l->step].check(app);
        if (s == STEP_WAIT)
            break;
        if (s == STEP_DONE)
            l->note[0] = 0;
        else {
            l->skipped++;
            l->skipped_steps |= 1u << l->step;
        }
        l->step++;
        l->since = app->log.n;
        l->step_entered_unlimbered = l->battery >= 0 && usable(app, l->battery) &&
                                     vl_world_unit(world(app), l->battery)->formation == VL_FORM_UNLIMBERED;
    }
}

bool vl_ui_lesson_event(VlUiApp *app, const SDL_Event *e)
{
    VlUiLesson *l = &app->lesson;
    if (!l->active)
        return false;
    if (e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_x && !e->key.repeat && !(e->key.keysym.mod & (KMOD_CTRL | KMOD_ALT))) {
        vl_ui_lesson_leave(app);
        return true;
    }
    if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        if (vl_ui_in_rect(l->leave, e->button.x, e->button.y)) {
            vl_ui_lesson_leave(app);
            return true;
        }
        /* The panel itself is no part of the table: a click on it does nothing. */
        if (vl_ui_in_rect(l->panel, e->button.x, e->button.y))
            return true;
    }
    return false;
}

void vl_ui_lesson_prompt(VlUiApp *app, char *buf, size_t size)
{
    buf[0] = 0;
    if (app->lesson.active && app->game)
        STEPS[app->lesson.step].prompt(app, buf, size);
}

/* ---- drawing ---- */

/* The rings breathe with the frames the screen draws anyway (the pointer moving, the computer's
 * orders): they ask for no frames of their own, so an idle window stays idle. */
static float pulse(const VlUiApp *app)
{
    return 0.5f + 0.5f * sinf((float)(app->now % 1200u) / 1200.0f * 6.2831853f);
}

static void ring_unit(VlUiApp *app, int u, unsigned rgb)
{
    const VlWorld *w = world(app);
    if (u < 0 || u >= w->nunits || !vl_world_present(w, u))
        return;
    const VlFootprint *fp = &vl_world_unit(w, u)->fp;
    VlVec2 c = vl_v2_lerp(fp->box.p[0], fp->box.p[2], 0.5);
    float grow = 6 + 5 * pulse(app);
    SDL_FPoint pts[4];
    for (int k = 0; k < 4; k++) {
        float x, y, cx, cy;
        vl_ui_camera_to_screen(&app->cam, fp->box.p[k], &x, &y);
        vl_ui_camera_to_screen(&app->cam, c, &cx, &cy);
        float dx = x - cx, dy = y - cy, len = sqrtf(dx * dx + dy * dy);
        if (len < 1)
            len = 1;
        pts[k] = (SDL_FPoint){x + dx / len * grow, y + dy / len * grow};
    }
    vl_ui_gfx_polyline(app->r, pts, 4, 5, true, vl_ui_rgba(0x000000u, 120));
    vl_ui_gfx_polyline(app->r, pts, 4, 3, true, vl_ui_rgba(rgb, (Uint8)(180 + 75 * pulse(app))));
}

static void ring_point(VlUiApp *app, float x, float y, float radius, unsigned rgb)
{
    SDL_FPoint pts[24];
    for (int k = 0; k < 24; k++)
        pts[k] = (SDL_FPoint){x + radius * cosf((float)k * 6.2831853f / 24), y + radius * sinf((float)k * 6.2831853f / 24)};
    vl_ui_gfx_polyline(app->r, pts, 24, 5, true, vl_ui_rgba(0x000000u, 120));
    vl_ui_gfx_polyline(app->r, pts, 24, 3, true, vl_ui_rgba(rgb, (Uint8)(150 + 105 * pulse(app))));
}

static void set_focus(VlUiApp *app)
{
    VlUiLesson *l = &app->lesson;
    l->focus_unit = l->focus_unit2 = l->focus_corner = l->focus_button = -1;
    if (l->active && app->game)
        STEPS[l->step].focus(app);
}

void vl_ui_lesson_draw_marks(VlUiApp *app)
{
    VlUiLesson *l = &app->lesson;
    if (!l->active || !app->game || app->screen != VL_SCREEN_GAME || app->sandbox)
        return;
    set_focus(app);
    SDL_RenderSetClipRect(app->r, &app->rects.map);
    ring_unit(app, l->focus_unit, VL_UI_HIGHLIGHT);
    ring_unit(app, l->focus_unit2, 0xFF5A36u);
    if (l->focus_unit >= 0 && l->focus_corner >= 0 && vl_world_present(world(app), l->focus_unit)) {
        const VlFootprint *fp = &vl_world_unit(world(app), l->focus_unit)->fp;
        VlFootprint ghost;
        if (app->view.gesture.fixed > 0 && app->view.gesture.order.unit == l->focus_unit) {
            /* A chained step pending: the corner to grab is the ghost's. */
            VlPose pose;
            VlFormation form;
            vl_ui_gesture_pose(world(app), &app->view.gesture, &pose, &form, &ghost);
            fp = &ghost;
        }
        float x, y;
        vl_ui_camera_to_screen(&app->cam, fp->box.p[l->focus_corner], &x, &y);
        ring_point(app, x, y, 9 + 4 * pulse(app), 0xFFFFFFu);
    }
    SDL_RenderSetClipRect(app->r, NULL);
}

void vl_ui_lesson_draw(VlUiApp *app)
{
    VlUiLesson *l = &app->lesson;
    l->panel = l->leave = (SDL_Rect){0, 0, 0, 0};
    if (!l->active || !app->game || app->screen != VL_SCREEN_GAME || app->sandbox)
        return; /* the sandbox is outside the turn: the lesson waits for its end */
    set_focus(app);
    /* The button the step is about, outlined where the bar drew it. */
    if (l->focus_button >= 0) {
        const VlUiButton *b = vl_ui_button_find(&app->view.buttons, (VlUiButtonKind)l->focus_button, -1);
        if (b) {
            float g = 2 + 3 * pulse(app);
            vl_ui_gfx_rect_outline(app->r, (float)b->rect.x - g, (float)b->rect.y - g, (float)b->rect.w + 2 * g,
                                   (float)b->rect.h + 2 * g, 3, vl_ui_rgb(VL_UI_HIGHLIGHT));
        }
    }
    char prompt[1200], head[120];
    STEPS[l->step].prompt(app, prompt, sizeof prompt);
    /* Step 0 is only the wait for the computer's first turn: the numbers count the rest. */
    if (l->step == 0)
        snprintf(head, sizeof head, "Lesson \xC2\xB7 %s", STEPS[0].title);
    else
        snprintf(head, sizeof head, "Lesson %d of %d \xC2\xB7 %s", l->step, NSTEPS - 1, STEPS[l->step].title);
    const int pad = 12, wrap = VL_UI_LESSON_PANEL_W - 2 * pad;
    int nh = l->note[0] ? vl_ui_text_wrapped_height(app->text, 12, l->note, wrap) + 6 : 0;
    int ph = vl_ui_text_wrapped_height(app->text, 13, prompt, wrap);
    int h = pad + 22 + nh + ph + 12 + 28 + pad;
    SDL_Rect m = app->rects.map;
    int w = wrap + 2 * pad;
    int x = m.x + m.w - w - 10, y = m.y + 10;
    l->panel = (SDL_Rect){x, y, w, h};
    vl_ui_gfx_rect(app->r, (float)x, (float)y, (float)w, (float)h, vl_ui_rgba(VL_UI_BAR_BG, 235));
    vl_ui_gfx_rect_outline(app->r, (float)x, (float)y, (float)w, (float)h, 2, vl_ui_rgb(VL_UI_HIGHLIGHT));
    vl_ui_text_draw(app->text, 15, head, (float)(x + pad), (float)(y + pad - 2), vl_ui_rgb(VL_UI_HIGHLIGHT), VL_ALIGN_LEFT);
    float yy = (float)(y + pad + 22);
    if (l->note[0])
        yy += (float)vl_ui_text_draw_wrapped(app->text, 12, l->note, (float)(x + pad), yy, vl_ui_rgb(0xFFB74Du), wrap) + 6;
    yy += (float)vl_ui_text_draw_wrapped(app->text, 13, prompt, (float)(x + pad), yy, vl_ui_panel_fg(), wrap) + 12;
    vl_ui_rule_spot(app, (SDL_Rect){x + pad, (int)yy - ph - 12, wrap, ph}, prompt);
    bool last = l->step == NSTEPS - 1;
    l->leave = (SDL_Rect){x + w - pad - 190, (int)yy, 190, 28};
    vl_ui_panel_button(app, l->leave, last ? "Close the lesson   X" : "Leave the lesson   X", false, true);
    /* Progress: a dot a step. */
    for (int i = 1; i < NSTEPS; i++)
        vl_ui_gfx_disc(app->r, (float)(x + pad + 5 + (i - 1) * 11), yy + 14, 3.5f,
                       i < l->step ? vl_ui_rgb(VL_UI_GOOD) : i == l->step ? vl_ui_rgb(VL_UI_HIGHLIGHT) : vl_ui_rgb(0x5A626Cu));
}
