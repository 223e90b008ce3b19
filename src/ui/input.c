/* The game screen's input: SDL event + gesture + what is shown -> one action. Pure: it reads the
 * event and the context only (never SDL_GetMouseState or SDL_GetModState), and asks the core's pure
 * resolvers when it needs a ruling (the supports of a charge). */
#include "input.h"

#include <math.h>
#include <string.h>

static VlUiAction act(VlUiActKind k)
{
    VlUiAction a;
    memset(&a, 0, sizeof a);
    a.kind = k;
    a.unit = a.target = a.overlay = -1;
    a.factor = 1;
    a.cmd.facing = NAN;
    return a;
}

static VlUiAction message(const char *text)
{
    VlUiAction a = act(VL_ACT_MESSAGE);
    snprintf(a.text, sizeof a.text, "%s", text);
    return a;
}

/* What a key did, in the note style (message() is for a key that did nothing). */
static VlUiAction note(const char *text)
{
    VlUiAction a = message(text);
    a.kind = VL_ACT_NOTE;
    return a;
}

void vl_ui_gesture_reset(VlUiGesture *g)
{
    Uint16 mod = g->mod;
    memset(g, 0, sizeof *g);
    g->unit = g->target = g->hover = -1;
    g->mod = mod;
}

/* A new gesture keeps the modifier keys and a pending double time. */
static void gesture_begin(VlUiGesture *g)
{
    bool doubled = g->doubled;
    vl_ui_gesture_reset(g);
    g->doubled = doubled;
}

bool vl_ui_in_rectf(const SDL_Rect *r, float x, float y)
{
    return x >= (float)r->x && y >= (float)r->y && x < (float)(r->x + r->w) && y < (float)(r->y + r->h);
}

int vl_ui_unit_at(const VlWorld *w, const VlCamera *cam, float sx, float sy)
{
    VlVec2 p = vl_ui_camera_to_world(cam, sx, sy);
    double tol = 3.0 / cam->zoom; /* a few pixels of slack around thin bases */
    int best = -1;
    double best_area = 1e300;
    for (int u = 0; u < w->nunits; u++) {
        if (!vl_world_present(w, u))
            continue;
        const VlFieldUnit *fu = vl_world_unit(w, u);
        if (p.x < fu->bounds.lo.x - tol || p.x > fu->bounds.hi.x + tol || p.y < fu->bounds.lo.y - tol ||
            p.y > fu->bounds.hi.y + tol)
            continue;
        bool hit = false;
        for (int b = 0; b < fu->fp.nblocks && !hit; b++) {
            const VlVec2 *q = fu->fp.blocks[b].p;
            hit = vl_poly_point_side(q, 4, p) >= 0;
            for (int e = 0; e < 4 && !hit; e++)
                hit = vl_point_segment_dist(p, q[e], q[(e + 1) % 4]) <= tol;
        }
        double area = vl_footprint_area(&fu->fp);
        if (!hit && fu->fp.nblocks > 1 && vl_poly_point_side(fu->fp.box.p, 4, p) >= 0) {
            /* Between a skirmish line's bases: still that unit, unless another stands there. */
            hit = true;
            area = vl_v2_dist(fu->fp.box.p[0], fu->fp.box.p[1]) * vl_v2_dist(fu->fp.box.p[1], fu->fp.box.p[2]) + 1e6;
        }
        if (hit && area < best_area) {
            best = u;
            best_area = area;
        }
    }
    return best;
}

void vl_ui_gesture_pose(const VlWorld *w, const VlUiGesture *g, VlPose *pose, VlFormation *form, VlFootprint *fp)
{
    const VlFieldUnit *fu = vl_world_unit(w, g->order.unit);
    *pose = fu->pose;
    *form = fu->formation;
    if (g->fixed > 0) {
        VlMoveOrder o = g->order;
        o.nsteps = g->fixed;
        VlMoveVerdict v;
        vl_resolve_move(w, &o, &v);
        *pose = v.final_pose;
        *form = v.final_formation;
    }
    vl_footprint_build(fp, *pose, *form, fu->spec);
}


/* Clockwise angle in degrees turning (a - c) onto (b - c), the way facings count. */
static double cw_angle(VlVec2 c, VlVec2 a, VlVec2 b)
{
    VlVec2 p = vl_v2_sub(a, c), q = vl_v2_sub(b, c);
    return -atan2(vl_v2_cross(p, q), vl_v2_dot(p, q)) * 180.0 / 3.14159265358979323846;
}

static double round_to(double x, double step) { return round(x / step) * step; }

static bool is_column_like(const VlWorld *w, int u)
{
    VlFormation f = vl_world_unit(w, u)->formation;
    return f == VL_FORM_COLUMN || f == VL_FORM_LIMBERED || w->scenario->units[u].type == VL_GENERAL;
}

/* Which front corner (0 front-left, 1 front-right) is within reach of the pointer, or -1. */
static int front_corner(const VlCamera *cam, const VlFootprint *fp, float sx, float sy)
{
    double width_px = vl_v2_dist(fp->box.p[0], fp->box.p[1]) * cam->zoom;
    double reach = width_px * 0.25 < 12 ? width_px * 0.25 : 12;
    if (reach < 4)
        reach = 4;
    for (int k = 0; k < 2; k++) {
        float cx, cy;
        vl_ui_camera_to_screen(cam, fp->box.p[k], &cx, &cy);
        if (hypotf(cx - sx, cy - sy) <= reach)
            return k;
    }
    return -1;
}

static bool point_on_fp(const VlCamera *cam, const VlFootprint *fp, float sx, float sy)
{
    VlVec2 p = vl_ui_camera_to_world(cam, sx, sy);
    double tol = 3.0 / cam->zoom;
    for (int b = 0; b < fp->nblocks; b++) {
        const VlVec2 *q = fp->blocks[b].p;
        if (vl_poly_point_side(q, 4, p) >= 0)
            return true;
        for (int e = 0; e < 4; e++)
            if (vl_point_segment_dist(p, q[e], q[(e + 1) % 4]) <= tol)
                return true;
    }
    return false;
}

bool vl_ui_is_mine(const VlUiInputCtx *ctx, int u)
{
    const VlWorld *w = vl_game_world_const(ctx->game);
    return u >= 0 && vl_world_present(w, u) && vl_world_side(w, u) == vl_game_active_side(ctx->game);
}

/* The movement step the pointer at table point p asks for. */
static VlStep drag_step(const VlWorld *w, const VlUiGesture *g, VlVec2 p)
{
    VlPose pose;
    VlFormation form;
    VlFootprint fp;
    vl_ui_gesture_pose(w, g, &pose, &form, &fp);
    VlStep s = {g->step, 0, g->pivot, VL_FORM_NONE, w->units[g->order.unit].mounted, -1, NAN};
    VlVec2 d = vl_v2_sub(p, g->grab);
    switch (g->step) {
    case VL_STEP_ADVANCE:
    case VL_STEP_BACK: {
        double a = round_to(vl_v2_dot(d, fp.fwd), 0.05);
        s.kind = a >= 0 ? VL_STEP_ADVANCE : VL_STEP_BACK;
        s.amount = fabs(a);
        break;
    }
    case VL_STEP_DRIFT: s.amount = round_to(vl_v2_dot(d, fp.right), 0.05); break;
    case VL_STEP_WHEEL: {
        VlVec2 c = g->pivot == VL_PIVOT_LEFT ? fp.box.p[0] : fp.box.p[1];
        s.amount = round_to(cw_angle(c, g->grab, p), 0.5);
        break;
    }
    case VL_STEP_TURN: s.amount = round_to(cw_angle(pose.anchor, g->grab, p), 0.5); break;
    case VL_STEP_PIVOT: s.amount = round_to(cw_angle(vl_v2_lerp(fp.box.p[0], fp.box.p[2], 0.5), g->grab, p), 0.5); break;
    default: break;
    }
    if (s.amount == 0)
        s.amount = 0; /* no negative zero in the log */
    return s;
}

/* A general's body dragged: he rides straight to where the pointer takes his base (D-UI-ORD-2),
 * the steps made by the core from the ghost's pose. Returns how many steps it wrote at the order's
 * first free place (0 when this drag is not a general's ride). */
static int ride_steps(const VlWorld *w, VlUiGesture *g, VlVec2 p)
{
    if (g->step != VL_STEP_ADVANCE || w->scenario->units[g->order.unit].type != VL_GENERAL || g->fixed + 2 > VL_MAX_STEPS)
        return 0;
    VlPose pose;
    VlFormation form;
    VlFootprint fp;
    vl_ui_gesture_pose(w, g, &pose, &form, &fp);
    VlVec2 to = vl_v2_add(pose.anchor, vl_v2_sub(p, g->grab));
    int n = vl_move_ride_to(pose, to, 0.5, 0.05, &g->order.steps[g->fixed]);
    for (int i = 0; i < n; i++) {
        VlStep *s = &g->order.steps[g->fixed + i];
        if (s->amount == 0)
            s->amount = 0; /* no negative zero in the log */
    }
    return n;
}

/* D-UI-ORD-1: a wheel (or a column's turn) released without Ctrl is held as the first part of the
 * order when it is allowed and leaves allowance over, so that the rest can be dragged on from the
 * ghost and sent with it as one order. False when it should be sent at once. */
static bool wheel_holds(const VlWorld *w, const VlUiGesture *g)
{
    if (g->order.nsteps < 1 || g->order.nsteps >= VL_MAX_STEPS)
        return false;
    const VlStep *last = &g->order.steps[g->order.nsteps - 1];
    if ((last->kind != VL_STEP_WHEEL && last->kind != VL_STEP_TURN) || last->amount == 0)
        return false;
    VlMoveVerdict v;
    vl_resolve_move(w, &g->order, &v);
    return (v.legal || v.depends_on_die) && v.allowance.can_move && v.allowance.min - v.cost >= VL_UI_HOLD_MIN_IN;
}

static VlCommand move_command(const VlMoveOrder *o)
{
    VlCommand c;
    memset(&c, 0, sizeof c);
    c.kind = VL_CMD_MOVE;
    c.unit = o->unit;
    c.facing = NAN;
    c.move = *o;
    return c;
}

VlChargeOrder vl_ui_charge_order(const VlWorld *w, int u, int t)
{
    VlChargeOrder o;
    memset(&o, 0, sizeof o);
    o.unit = u;
    o.target = t;
    o.rules = w->options.charge_rules;
    o.choose_path = true;
    return o;
}

VlCommand vl_ui_unit_command(VlCommandKind k, int u, int target)
{
    VlCommand c;
    memset(&c, 0, sizeof c);
    c.kind = k;
    c.unit = u;
    c.target = target;
    c.facing = NAN;
    return c;
}

/* L, C, S, Q, U: a formation change as the whole move (GOR-FORM-7). */
VlUiAction vl_ui_formation_action(const VlUiInputCtx *ctx, SDL_Keycode key)
{
    const VlWorld *w = vl_game_world_const(ctx->game);
    int u = ctx->selected;
    if (!vl_ui_is_mine(ctx, u))
        return message("Select one of your units first.");
    if (vl_game_phase(ctx->game) != VL_PHASE_MOVEMENT)
        return message("Formation changes are movement orders: wait for the movement phase (GOR-FORM-7).");
    const VlScenarioUnit *su = &w->scenario->units[u];
    VlFormation now = vl_world_unit(w, u)->formation;
    VlStep s = {VL_STEP_FORM, 0, VL_PIVOT_LEFT, VL_FORM_NONE, w->units[u].mounted, -1, NAN};
    switch (su->type) {
    case VL_GENERAL: return message("A general has no formation.");
    case VL_ARTILLERY:
        if (key != SDLK_u)
            return message("Artillery limbers and unlimbers with U.");
        s.formation = now == VL_FORM_LIMBERED ? VL_FORM_UNLIMBERED : VL_FORM_LIMBERED;
        break;
    case VL_CAVALRY:
        /* D-SCN-3: mounted cavalry in line or column, dismounted in skirmish order or square. */
        if (key == SDLK_u)
            return message("U limbers and unlimbers guns; cavalry uses L, C, S or Q.");
        s.formation = key == SDLK_l ? VL_FORM_LINE : key == SDLK_c ? VL_FORM_COLUMN : key == SDLK_s ? VL_FORM_SKIRMISH : VL_FORM_SQUARE;
        s.mounted = key == SDLK_l || key == SDLK_c;
        break;
    default:
        if (key == SDLK_u)
            return message("U limbers and unlimbers guns; infantry uses L, C, S or Q.");
        s.formation = key == SDLK_l ? VL_FORM_LINE : key == SDLK_c ? VL_FORM_COLUMN : key == SDLK_s ? VL_FORM_SKIRMISH : VL_FORM_SQUARE;
        break;
    }
    VlMoveOrder o;
    memset(&o, 0, sizeof o);
    o.unit = u;
    o.nsteps = 1;
    o.steps[0] = s;
    VlUiAction a = act(VL_ACT_COMMAND);
    a.cmd = move_command(&o);
    a.unit = u;
    return a;
}

static VlUiAction key_action(VlUiGesture *g, const VlUiInputCtx *ctx, SDL_Keycode key, bool ctrl);

static VlUiAction key_down(VlUiGesture *g, const VlUiInputCtx *ctx, const SDL_KeyboardEvent *k)
{
    g->mod = k->keysym.mod;
    SDL_Keycode key = k->keysym.sym;
    const float step = 40;
    switch (key) {
    case SDLK_LEFT: { VlUiAction a = act(VL_ACT_PAN); a.dx = step; return a; }
    case SDLK_RIGHT: { VlUiAction a = act(VL_ACT_PAN); a.dx = -step; return a; }
    case SDLK_UP: { VlUiAction a = act(VL_ACT_PAN); a.dy = step; return a; }
    case SDLK_DOWN: { VlUiAction a = act(VL_ACT_PAN); a.dy = -step; return a; }
    case SDLK_PLUS:
    case SDLK_EQUALS:
    case SDLK_KP_PLUS:
    case SDLK_MINUS:
    case SDLK_KP_MINUS: {
        VlUiAction a = act(VL_ACT_ZOOM);
        a.x = (float)ctx->map.x + (float)ctx->map.w * 0.5f;
        a.y = (float)ctx->map.y + (float)ctx->map.h * 0.5f;
        a.factor = key == SDLK_MINUS || key == SDLK_KP_MINUS ? 1 / 1.25f : 1.25f;
        return a;
    }
    case SDLK_PAGEUP: { VlUiAction a = act(VL_ACT_SCROLL_LOG); a.dy = 5; return a; }
    case SDLK_PAGEDOWN: { VlUiAction a = act(VL_ACT_SCROLL_LOG); a.dy = -5; return a; }
    default: break;
    }
    if (k->repeat)
        return act(VL_ACT_NONE);
    return key_action(g, ctx, key, (k->keysym.mod & KMOD_CTRL) != 0);
}

/* A key's action once it is known to be a fresh press (the buttons come here too). */
static VlUiAction key_action(VlUiGesture *g, const VlUiInputCtx *ctx, SDL_Keycode key, bool ctrl)
{
    VlPhase phase = vl_game_phase(ctx->game);
    if (ctrl) {
        switch (key) {
        case SDLK_z: return act(VL_ACT_UNDO);
        case SDLK_s: return act(VL_ACT_SAVE);
        case SDLK_o: return act(VL_ACT_LOAD);
        case SDLK_q: return act(VL_ACT_QUIT);
        default: return act(VL_ACT_NONE);
        }
    }
    switch (key) {
    case SDLK_ESCAPE:
        if (g->kind != VL_GEST_NONE || g->fixed > 0) {
            vl_ui_gesture_reset(g);
            return act(VL_ACT_CANCEL);
        }
        if (ctx->sandbox)
            return act(VL_ACT_SANDBOX);
        if (ctx->aim >= 0) {
            VlUiAction a = act(VL_ACT_AIM);
            a.unit = ctx->selected;
            return a;
        }
        if (ctx->selected >= 0)
            return act(VL_ACT_SELECT);
        return ctx->replay ? act(VL_ACT_NONE) : act(VL_ACT_GAME_MENU);
    case SDLK_f: return act(VL_ACT_FIT);
    case SDLK_b: return act(VL_ACT_LABELS);
    case SDLK_t:
        vl_ui_gesture_reset(g);
        return act(VL_ACT_SANDBOX);
    case SDLK_h:
    case SDLK_F1: return act(VL_ACT_HELP);
    case SDLK_1:
    case SDLK_2:
    case SDLK_3:
    case SDLK_4:
    case SDLK_5:
    case SDLK_6: {
        VlUiAction a = act(VL_ACT_OVERLAY);
        a.overlay = (int)(key - SDLK_1);
        return a;
    }
    default: break;
    }
    if (ctx->sandbox)
        return key == SDLK_RETURN ? message("The sandbox is outside the turn sequence: T leaves it.") : act(VL_ACT_NONE);
    if (!ctx->can_order) {
        if (key == SDLK_RETURN || key == SDLK_KP_ENTER || key == SDLK_r || key == SDLK_l ||
            key == SDLK_c || key == SDLK_s || key == SDLK_q || key == SDLK_u)
            return message("It is not your turn to give orders.");
        return act(VL_ACT_NONE);
    }
    switch (key) {
    case SDLK_SPACE:
        /* A phase ends only on purpose: Enter or the End phase button (a Space bar is too easy to hit). */
        return message("Space does not end the phase: press Enter or click End phase.");
    case SDLK_RETURN:
    case SDLK_KP_ENTER: {
        VlUiAction a = act(VL_ACT_COMMAND);
        if (g->fixed > 0 && g->kind == VL_GEST_NONE) {
            /* Enter sends a chained order rather than ending the phase. */
            VlMoveOrder o = g->order;
            o.nsteps = g->fixed;
            a.cmd = move_command(&o);
            a.unit = o.unit;
            vl_ui_gesture_reset(g);
            return a;
        }
        a.cmd = vl_ui_unit_command(VL_CMD_END_PHASE, -1, -1);
        return a;
    }
    case SDLK_l:
    case SDLK_c:
    case SDLK_s:
    case SDLK_q:
    case SDLK_u: return vl_ui_formation_action(ctx, key);
    case SDLK_d:
        /* GOR-MOVE-4: once a game, infantry may double-time and mounted cavalry gallop. */
        if (phase != VL_PHASE_MOVEMENT)
            return message("Double time and the gallop are for the movement phase (GOR-MOVE-4).");
        g->doubled = !g->doubled;
        return note(g->doubled ? "The next move is at double time (infantry, 2 HITs after) or a gallop (mounted "
                                 "cavalry): the allowance doubles, once a game (GOR-MOVE-4). D again cancels."
                               : "The next move is at the normal pace.");
    case SDLK_r: {
        if (!vl_ui_is_mine(ctx, ctx->selected))
            return message("Select one of your units to rally.");
        if (phase != VL_PHASE_RALLY)
            return message("Units rally in the rally phase (GOR-RALLY-1).");
        VlUiAction a = act(VL_ACT_COMMAND);
        a.cmd = vl_ui_unit_command(VL_CMD_RALLY, ctx->selected, -1);
        a.unit = ctx->selected;
        return a;
    }
    default: return act(VL_ACT_NONE);
    }
}

/* A button's action: the one its key gives (the standing orders, which have none, a command). */
static VlUiAction button_action(VlUiGesture *g, const VlUiInputCtx *ctx, const VlUiButton *b)
{
    switch (b->kind) {
    case VL_BTN_END_PHASE: return key_action(g, ctx, SDLK_RETURN, false);
    case VL_BTN_LINE: return key_action(g, ctx, SDLK_l, false);
    case VL_BTN_COLUMN: return key_action(g, ctx, SDLK_c, false);
    case VL_BTN_SKIRMISH: return key_action(g, ctx, SDLK_s, false);
    case VL_BTN_SQUARE: return key_action(g, ctx, SDLK_q, false);
    case VL_BTN_LIMBER: return key_action(g, ctx, SDLK_u, false);
    case VL_BTN_DOUBLE: return key_action(g, ctx, SDLK_d, false);
    case VL_BTN_RALLY: return key_action(g, ctx, SDLK_r, false);
    case VL_BTN_UNDO: return key_action(g, ctx, SDLK_z, true);
    case VL_BTN_SAVE: return key_action(g, ctx, SDLK_s, true);
    case VL_BTN_SANDBOX: return key_action(g, ctx, SDLK_t, false);
    case VL_BTN_HELP: return key_action(g, ctx, SDLK_h, false);
    case VL_BTN_OVERLAY:
        if (b->arg < 0 || b->arg >= VL_UI_OVERLAYS)
            return act(VL_ACT_NONE);
        return key_action(g, ctx, SDLK_1 + b->arg, false);
    case VL_BTN_REACTION: {
        if (ctx->sandbox)
            return message("The sandbox is outside the turn sequence: T leaves it.");
        if (!ctx->can_order)
            return message("Standing orders are set by the side to play, in its own turn (D-GAME-2).");
        VlUiAction a = act(VL_ACT_COMMAND);
        a.cmd = vl_ui_unit_command(VL_CMD_REACTIONS, -1, -1);
        a.cmd.reactions = ctx->reactions ^ (unsigned)b->arg;
        return a;
    }
    default: return act(VL_ACT_NONE);
    }
}

static VlUiAction button_down(VlUiGesture *g, const VlUiInputCtx *ctx, const SDL_MouseButtonEvent *b)
{
    float x = (float)b->x, y = (float)b->y;
    g->lastx = x;
    g->lasty = y;
    if (b->button == SDL_BUTTON_LEFT) {
        /* A button: it acts when the button is released on it. A chained order stays pending. */
        const VlUiButton *btn = vl_ui_button_at(ctx->bar, x, y);
        if (btn) {
            g->kind = VL_GEST_BUTTON;
            g->button = b->button;
            g->x0 = x;
            g->y0 = y;
            g->pressed = (int)btn->kind;
            g->pressed_arg = btn->arg;
            return act(VL_ACT_NONE);
        }
    }
    if (!vl_ui_in_rectf(&ctx->map, x, y))
        return act(VL_ACT_NONE);
    const VlWorld *w = vl_game_world_const(ctx->game);
    if (b->button == SDL_BUTTON_RIGHT || b->button == SDL_BUTTON_MIDDLE) {
        g->kind = VL_GEST_PAN;
        g->button = b->button;
        g->x0 = x;
        g->y0 = y;
        return act(VL_ACT_NONE);
    }
    if (b->button != SDL_BUTTON_LEFT)
        return act(VL_ACT_NONE);
    VlPhase phase = vl_game_phase(ctx->game);
    bool shift = (g->mod & KMOD_SHIFT) != 0;
    /* A chained order: the press may grab the ghost where its steps left the unit. */
    if (g->fixed > 0 && !ctx->sandbox) {
        VlPose pose;
        VlFormation form;
        VlFootprint fp;
        vl_ui_gesture_pose(w, g, &pose, &form, &fp);
        if (point_on_fp(ctx->cam, &fp, x, y)) {
            int corner = front_corner(ctx->cam, &fp, x, y);
            g->kind = VL_GEST_PRESS;
            g->intent = VL_GEST_MOVE;
            g->button = b->button;
            g->x0 = x;
            g->y0 = y;
            g->grab = vl_ui_camera_to_world(ctx->cam, x, y);
            bool column = form == VL_FORM_COLUMN || form == VL_FORM_LIMBERED || w->scenario->units[g->order.unit].type == VL_GENERAL;
            g->step = shift ? VL_STEP_DRIFT : corner < 0 ? VL_STEP_ADVANCE : column ? VL_STEP_TURN : VL_STEP_WHEEL;
            g->pivot = corner == 0 ? VL_PIVOT_RIGHT : VL_PIVOT_LEFT;
            return act(VL_ACT_NONE);
        }
    }
    int u = vl_ui_unit_at(w, ctx->cam, x, y);
    if (u < 0) {
        /* Open ground: a drag pans, a click deselects. */
        g->kind = VL_GEST_PAN;
        g->button = b->button;
        g->x0 = x;
        g->y0 = y;
        return act(VL_ACT_NONE);
    }
    if (ctx->sandbox) {
        const VlFieldUnit *fu = vl_world_unit(w, u);
        vl_ui_gesture_reset(g);
        g->kind = VL_GEST_PRESS;
        g->intent = VL_GEST_PLACE;
        g->button = b->button;
        g->x0 = x;
        g->y0 = y;
        g->lastx = x;
        g->lasty = y;
        g->unit = u;
        g->grab = vl_ui_camera_to_world(ctx->cam, x, y);
        g->start = fu->pose;
        g->rotate = shift || front_corner(ctx->cam, &fu->fp, x, y) >= 0;
        VlUiAction a = act(VL_ACT_SELECT);
        a.unit = u;
        return a;
    }
    bool enemy = ctx->selected >= 0 && vl_ui_is_mine(ctx, ctx->selected) && vl_world_enemies(w, ctx->selected, u);
    if (ctx->can_order && enemy && (phase == VL_PHASE_FIRE || phase == VL_PHASE_ARTILLERY)) {
        if (u == ctx->aim) {
            VlUiAction a = act(VL_ACT_COMMAND);
            a.cmd = vl_ui_unit_command(phase == VL_PHASE_FIRE ? VL_CMD_FIRE : VL_CMD_ARTILLERY_FIRE, ctx->selected,
                                 phase == VL_PHASE_FIRE ? -1 : u);
            a.unit = ctx->selected;
            a.target = u;
            return a;
        }
        VlUiAction a = act(VL_ACT_AIM);
        a.unit = ctx->selected;
        a.target = u;
        return a;
    }
    int keep_fixed = g->fixed;
    VlMoveOrder keep_order = g->order;
    gesture_begin(g);
    g->button = b->button;
    g->x0 = g->lastx = x;
    g->y0 = g->lasty = y;
    g->unit = u;
    g->grab = vl_ui_camera_to_world(ctx->cam, x, y);
    if (ctx->can_order && vl_ui_is_mine(ctx, u) && (phase == VL_PHASE_MOVEMENT || phase == VL_PHASE_CHARGE)) {
        g->kind = VL_GEST_PRESS;
        if (phase == VL_PHASE_MOVEMENT) {
            const VlFieldUnit *fu = vl_world_unit(w, u);
            int corner = front_corner(ctx->cam, &fu->fp, x, y);
            g->intent = VL_GEST_MOVE;
            g->step = shift ? VL_STEP_DRIFT
                    : corner < 0 ? VL_STEP_ADVANCE
                    : is_column_like(w, u) ? VL_STEP_TURN
                    : fu->formation == VL_FORM_UNLIMBERED ? VL_STEP_PIVOT
                                                          : VL_STEP_WHEEL;
            /* Grabbing the front-left corner swings the left end: the right end stays put. */
            g->pivot = g->step == VL_STEP_PIVOT ? VL_PIVOT_CENTRE : corner == 0 ? VL_PIVOT_RIGHT : VL_PIVOT_LEFT;
            g->order.unit = u;
            if (keep_fixed > 0 && keep_order.unit == u) {
                g->order = keep_order;
                g->fixed = keep_fixed;
            }
        } else {
            g->intent = VL_GEST_CHARGE;
        }
    }
    VlUiAction a = act(VL_ACT_SELECT);
    a.unit = u;
    return a;
}

static VlUiAction motion(VlUiGesture *g, const VlUiInputCtx *ctx, const SDL_MouseMotionEvent *m)
{
    float x = (float)m->x, y = (float)m->y;
    float dx = x - g->lastx, dy = y - g->lasty;
    g->lastx = x;
    g->lasty = y;
    const VlWorld *w = vl_game_world_const(ctx->game);
    if (g->kind == VL_GEST_PAN) {
        VlUiAction a = act(VL_ACT_PAN);
        a.dx = dx;
        a.dy = dy;
        return a;
    }
    if (g->kind == VL_GEST_PRESS) {
        if (hypotf(x - g->x0, y - g->y0) < VL_UI_DRAG_PX)
            return act(VL_ACT_NONE);
        g->kind = g->intent;
        if (g->kind == VL_GEST_MOVE) {
            g->order.unit = g->order.unit >= 0 ? g->order.unit : g->unit;
            g->order.nsteps = g->fixed + 1;
        }
    }
    VlVec2 p = vl_ui_camera_to_world(ctx->cam, x, y);
    switch (g->kind) {
    case VL_GEST_MOVE: {
        if (g->fixed >= VL_MAX_STEPS)
            return act(VL_ACT_NONE);
        int n = ride_steps(w, g, p);
        if (n == 0) {
            g->order.steps[g->fixed] = drag_step(w, g, p);
            n = 1;
        }
        g->order.nsteps = g->fixed + n;
        VlUnitType type = w->scenario->units[g->order.unit].type;
        g->order.double_time = g->doubled && type == VL_INFANTRY;
        g->order.gallop = g->doubled && type == VL_CAVALRY && w->units[g->order.unit].mounted;
        VlUiAction a = act(VL_ACT_PREVIEW);
        a.unit = g->order.unit;
        return a;
    }
    case VL_GEST_CHARGE: {
        int t = vl_ui_unit_at(w, ctx->cam, x, y);
        if (t >= 0 && !vl_world_enemies(w, g->unit, t))
            t = -1;
        g->target = t;
        VlUiAction a = act(VL_ACT_PREVIEW);
        a.unit = g->unit;
        a.target = t;
        return a;
    }
    case VL_GEST_PLACE: {
        VlUiAction a = act(VL_ACT_PLACE);
        a.unit = g->unit;
        if (g->rotate) {
            const VlFieldUnit *fu = vl_world_unit(w, g->unit);
            VlFootprint start;
            vl_footprint_build(&start, g->start, fu->formation, fu->spec);
            VlVec2 c = vl_v2_lerp(start.box.p[0], start.box.p[2], 0.5);
            double ang = round_to(cw_angle(c, g->grab, p), 0.5);
            a.pose.anchor = vl_rotate_about(g->start.anchor, c, ang);
            a.pose.facing = fmod(g->start.facing + ang + 360.0, 360.0);
        } else {
            a.pose.anchor = vl_v2_add(g->start.anchor, vl_v2_sub(p, g->grab));
            a.pose.facing = g->start.facing;
        }
        return a;
    }
    case VL_GEST_NONE: {
        if (!vl_ui_in_rectf(&ctx->map, x, y))
            return act(VL_ACT_NONE);
        int u = vl_ui_unit_at(w, ctx->cam, x, y);
        if (u == g->hover)
            return act(VL_ACT_NONE);
        g->hover = u;
        VlUiAction a = act(VL_ACT_HOVER);
        a.unit = u;
        return a;
    }
    default: return act(VL_ACT_NONE);
    }
}

static VlUiAction button_up(VlUiGesture *g, const VlUiInputCtx *ctx, const SDL_MouseButtonEvent *b)
{
    float x = (float)b->x, y = (float)b->y;
    if (g->kind == VL_GEST_NONE || b->button != g->button)
        return act(VL_ACT_NONE);
    bool clicked = hypotf(x - g->x0, y - g->y0) < VL_UI_DRAG_PX;
    VlGestureKind kind = g->kind;
    const VlWorld *w = vl_game_world_const(ctx->game);
    switch (kind) {
    case VL_GEST_BUTTON: {
        g->kind = VL_GEST_NONE;
        const VlUiButton *btn = vl_ui_button_find(ctx->bar, (VlUiButtonKind)g->pressed, g->pressed_arg);
        if (!btn || !vl_ui_in_rectf(&btn->rect, x, y))
            return act(VL_ACT_NONE);
        return button_action(g, ctx, btn);
    }
    case VL_GEST_PAN: {
        int keep_fixed = g->fixed;
        VlMoveOrder keep = g->order;
        g->kind = VL_GEST_NONE;
        g->fixed = keep_fixed;
        g->order = keep;
        if (clicked && b->button == SDL_BUTTON_LEFT)
            return act(VL_ACT_SELECT); /* a click on open ground deselects */
        if (clicked && b->button == SDL_BUTTON_RIGHT && g->fixed > 0) {
            vl_ui_gesture_reset(g);
            return act(VL_ACT_CANCEL);
        }
        return act(VL_ACT_NONE);
    }
    case VL_GEST_PRESS:
        /* A click: the selection was made on the press. A chained order stays pending. */
        g->kind = VL_GEST_NONE;
        return act(VL_ACT_NONE);
    case VL_GEST_MOVE: {
        bool chain = (g->mod & KMOD_CTRL) != 0;
        if ((chain || wheel_holds(w, g)) && g->order.nsteps < VL_MAX_STEPS) {
            /* Chain (Ctrl), or a wheel held with allowance left: keep these steps and wait for the
             * next drag from the ghost (its release sends the whole order; Enter or Send sends it as
             * it stands, Esc drops it). */
            g->fixed = g->order.nsteps;
            g->kind = VL_GEST_NONE;
            VlUiAction a = act(VL_ACT_PREVIEW);
            a.unit = g->order.unit;
            return a;
        }
        VlUiAction a = act(VL_ACT_COMMAND);
        a.cmd = move_command(&g->order);
        a.unit = g->order.unit;
        vl_ui_gesture_reset(g);
        return a;
    }
    case VL_GEST_CHARGE: {
        int u = g->unit, t = g->target;
        vl_ui_gesture_reset(g);
        if (t < 0)
            return act(VL_ACT_CANCEL);
        VlUiAction a = act(VL_ACT_COMMAND);
        a.cmd = vl_ui_unit_command(VL_CMD_CHARGE, u, t);
        a.cmd.choose_path = true;
        /* Declare every supporter the rules allow (GOR-CHG-5). */
        VlChargeOrder o = vl_ui_charge_order(w, u, t);
        VlChargeVerdict v;
        vl_resolve_charge(w, &o, &v);
        a.cmd.nsupports = v.nsupports;
        memcpy(a.cmd.supports, v.supports, sizeof v.supports);
        a.unit = u;
        a.target = t;
        return a;
    }
    case VL_GEST_PLACE:
        vl_ui_gesture_reset(g);
        return act(VL_ACT_PREVIEW);
    default: vl_ui_gesture_reset(g); return act(VL_ACT_NONE);
    }
}

VlUiAction vl_ui_input(VlUiGesture *g, const VlUiInputCtx *ctx, const SDL_Event *e)
{
    switch (e->type) {
    case SDL_QUIT: return act(VL_ACT_QUIT);
    case SDL_KEYDOWN: return key_down(g, ctx, &e->key);
    case SDL_KEYUP: g->mod = e->key.keysym.mod; return act(VL_ACT_NONE);
    case SDL_MOUSEBUTTONDOWN: return button_down(g, ctx, &e->button);
    case SDL_MOUSEBUTTONUP: return button_up(g, ctx, &e->button);
    case SDL_MOUSEMOTION: return motion(g, ctx, &e->motion);
    case SDL_MOUSEWHEEL: {
        float x = (float)e->wheel.mouseX, y = (float)e->wheel.mouseY;
        float amount = (float)e->wheel.y;
        if (e->wheel.direction == SDL_MOUSEWHEEL_FLIPPED)
            amount = -amount;
        if (amount == 0)
            return act(VL_ACT_NONE);
        if (vl_ui_in_rectf(&ctx->log_rect, x, y)) {
            VlUiAction a = act(VL_ACT_SCROLL_LOG);
            a.dy = amount * 2;
            return a;
        }
        if (!vl_ui_in_rectf(&ctx->map, x, y))
            return act(VL_ACT_NONE);
        VlUiAction a = act(VL_ACT_ZOOM);
        a.x = x;
        a.y = y;
        a.factor = powf(1.2f, amount);
        return a;
    }
    default: return act(VL_ACT_NONE);
    }
}
