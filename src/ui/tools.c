/* The measuring tape (M) and the line-of-sight probe (V): drags on the table measured and judged by
 * the core (vl_measure in src/geom/measure.c, vl_world_sight_between in src/rules/fire.c over
 * vl_sight_between in src/geom/sight.c), drawn over the table with their answer in words. Nothing is
 * measured or decided here. See tools.h. */
#include "tools.h"

#include "scene.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define TOOL_FONT 13
#define TOOL_TAPE 0xF0E442u  /* the tape: the selection's yellow, outlined in black */
#define TOOL_INK 0x111111u

static const VlWorld *world_of(const VlGame *g) { return g ? vl_game_world_const(g) : NULL; }

/* The tapes belong to the table they were laid on: another scenario shown drops them. */
static void sync_table(VlUiTools *t, const VlWorld *w)
{
    if (t->table == w->scenario->hash)
        return;
    memset(t, 0, sizeof *t);
    t->table = w->scenario->hash;
}

static VlTableEnd table_end(const VlWorld *w, VlUiToolEnd e)
{
    if (e.unit >= 0 && e.unit < w->nunits && vl_world_present(w, e.unit))
        return (VlTableEnd){e.unit, e.at};
    return (VlTableEnd){-1, e.at};
}

/* ---- the words ---- */

static const char *weapon_words(VlWeapon wp)
{
    switch (wp) {
    case VL_RIFLED: return "rifled muskets";
    case VL_SMOOTHBORE: return "smoothbores";
    case VL_CARBINE: return "carbines";
    case VL_BREECHLOADER: return "breech-loaders";
    default: return "weapons";
    }
}

/* The rule a unit-to-unit distance is read by, as the second line: the command radius for a unit and
 * its brigade's commander, else the range bands of the first unit's fire. */
static void unit_rule_words(const VlWorld *w, int a, int b, double d, char *buf, size_t size)
{
    const VlScenario *s = w->scenario;
    int ga = vl_world_commander(w, b), gb = vl_world_commander(w, a);
    if ((s->units[a].type == VL_GENERAL && ga == a) || (s->units[b].type == VL_GENERAL && gb == b)) {
        int g = s->units[a].type == VL_GENERAL && ga == a ? a : b;
        snprintf(buf, size, "as the command radius is measured:\n%s %s's 8 in (GOR-CMD-1)",
                 d <= VL_COMMAND_RADIUS ? "within" : "beyond", vl_unit_label(s, g));
        return;
    }
    const VlFieldUnit *fu = vl_world_unit(w, a);
    const char *name = vl_unit_label(s, a);
    if (s->units[a].type == VL_ARTILLERY) {
        double max = vl_artillery_max_range(fu->weapon);
        if (d > max)
            snprintf(buf, size, "as fire ranges are measured:\nbeyond the %.0f in of %s's guns (%s)", max, name,
                     max < 60 ? "GOR-ART-5" : "GOR-ART-3");
        else
            snprintf(buf, size, "as fire ranges are measured:\n%s range for %s's guns (GOR-ART-3)",
                     vl_band_name(vl_fire_band(w, a, d)), name);
        return;
    }
    if (s->units[a].type == VL_GENERAL || fu->weapon == VL_WEAPON_NONE) {
        snprintf(buf, size, "as fire ranges, charges and the command radius\nare measured (D-FIRE-4)");
        return;
    }
    double max = vl_unit_fire_range(s->units[a].type, fu->weapon);
    const char *clause = fu->weapon == VL_BREECHLOADER ? "GOR-FIRE-4" : fu->weapon == VL_RIFLED ? "GOR-FIRE-2" : "GOR-FIRE-3";
    if (d > max)
        snprintf(buf, size, "as fire ranges are measured:\nbeyond the %.0f in of %s's %s (%s)", max, name,
                 weapon_words(fu->weapon), clause);
    else
        snprintf(buf, size, "as fire ranges are measured:\n%s range for %s's %s (%s)", vl_band_name(vl_fire_band(w, a, d)),
                 name, weapon_words(fu->weapon), clause);
}

static void tape_text(const VlWorld *w, const VlUiTape *t, char *buf, size_t size)
{
    VlTableEnd a = table_end(w, t->a), b = table_end(w, t->b);
    VlMeasure m;
    if (!vl_measure(w->bf, a, b, &m)) {
        buf[0] = 0;
        return;
    }
    const VlScenario *s = w->scenario;
    char rule[200];
    switch (m.kind) {
    case VL_MEASURE_POINTS: snprintf(buf, size, "%.1f in, straight", m.distance); break;
    case VL_MEASURE_POINT_UNIT:
        snprintf(buf, size, "%.1f in to the nearest base edge of %s\nas an objective's radius is measured", m.distance,
                 vl_unit_label(s, a.unit >= 0 ? a.unit : b.unit));
        break;
    case VL_MEASURE_UNITS:
        if (a.unit == b.unit) {
            snprintf(buf, size, "0.0 in: the same unit");
            break;
        }
        unit_rule_words(w, a.unit, b.unit, m.distance, rule, sizeof rule);
        snprintf(buf, size, "%.1f in, base edge to base edge\n%s", m.distance, rule);
        break;
    }
}

static const char *obstacle_name(const VlScenario *s, VlObstacleRef o)
{
    return o.kind == VL_OBST_UNIT ? vl_unit_label(s, o.index) : vl_terrain_label(s, o.index);
}

/* Where the sight line is seen from, in words. */
static void from_words(const VlWorld *w, VlTableEnd e, char *buf, size_t size)
{
    const VlScenario *s = w->scenario;
    if (e.unit >= 0) {
        int lv = vl_unit_level(w, e.unit);
        if (lv > 0)
            snprintf(buf, size, "from the front of %s, at level %d", vl_unit_label(s, e.unit), lv);
        else
            snprintf(buf, size, "from the front of %s", vl_unit_label(s, e.unit));
        return;
    }
    int hill, lv = vl_battlefield_level_at(w->bf, e.at, &hill);
    if (hill >= 0)
        snprintf(buf, size, "from the top of %s, level %d", vl_terrain_label(s, hill), lv);
    else
        snprintf(buf, size, "from level ground");
}

static void sight_text(const VlWorld *w, const VlUiTape *t, const VlSight *sg, char *buf, size_t size)
{
    const VlScenario *s = w->scenario;
    VlTableEnd a = table_end(w, t->a), b = table_end(w, t->b);
    char from[160], to[120];
    from_words(w, a, from, sizeof from);
    if (b.unit >= 0)
        snprintf(to, sizeof to, " to %s", vl_unit_label(s, b.unit));
    else
        to[0] = 0;
    size_t n = 0;
    if (sg->clear)
        n = (size_t)snprintf(buf, size, "Line of sight clear%s", to);
    else if (sg->nblockers > 0) {
        n = (size_t)snprintf(buf, size, "Line of sight%s blocked by", to);
        for (int k = 0; k < sg->nblockers && n < size; k++)
            n += (size_t)snprintf(buf + n, size - n, "%s %s", k ? (k + 1 == sg->nblockers ? " and" : ",") : "",
                                  obstacle_name(s, sg->blockers[k]));
    } else if (sg->nzones > 0)
        n = (size_t)snprintf(buf, size, "Hidden%s in the blind zone of %s", to, vl_terrain_label(s, sg->zones[0].terrain));
    else
        n = (size_t)snprintf(buf, size, "No line of sight%s", to);
    if (n < size)
        n += (size_t)snprintf(buf + n, size - n, "\n%s", from);
    if (vl_rep_on(&w->options, VL_REP_601) && n < size) {
        n += (size_t)snprintf(buf + n, size - n, "\nRepublic blind zones in play (REP-601)");
        for (int z = 0; z < sg->nzones && n < size; z++)
            n += (size_t)snprintf(buf + n, size - n, "%s %s's zone", z ? (z + 1 == sg->nzones ? " and" : ",") : ":",
                                  vl_terrain_label(s, sg->zones[z].terrain));
        if (sg->nzones > 0 && n < size)
            n += (size_t)snprintf(buf + n, size - n, " %s %s", sg->nzones > 1 ? "hide" : "hides",
                                  sg->clear ? "part of it" : "it");
    }
}

static void judge(const VlWorld *w, const VlUiTape *t, VlSight *sg)
{
    VlTableEnd a = table_end(w, t->a), b = table_end(w, t->b);
    if (a.unit >= 0 && a.unit == b.unit) {
        memset(sg, 0, sizeof *sg);
        return;
    }
    vl_world_sight_between(w, a, b, sg);
}

void vl_ui_tools_text(const VlGame *shown, const VlUiTape *t, char *buf, size_t size)
{
    const VlWorld *w = world_of(shown);
    if (size)
        buf[0] = 0;
    if (!w || !size)
        return;
    if (t->kind == VL_TOOL_TAPE)
        tape_text(w, t, buf, size);
    else if (t->kind == VL_TOOL_SIGHT) {
        VlSight sg;
        judge(w, t, &sg);
        sight_text(w, t, &sg, buf, size);
    }
}

/* ---- the gestures ---- */

static VlUiToolEnd pick(const VlUiApp *app, const VlWorld *w, float x, float y)
{
    VlUiToolEnd e = {vl_ui_unit_at(w, &app->cam, x, y), vl_ui_camera_to_world(&app->cam, x, y)};
    return e;
}

static VlUiToolEnd pick_at(const VlWorld *w, VlVec2 p)
{
    /* The unit whose footprint holds the table point, if any (the smallest when several do). */
    int best = -1;
    double area = 1e300;
    for (int u = 0; u < w->nunits; u++) {
        if (!vl_world_present(w, u))
            continue;
        /* on a base, or between a skirmish line's bases (as vl_ui_unit_at has it) */
        const VlFootprint *fp = &vl_world_unit(w, u)->fp;
        if (vl_poly_point_side(fp->box.p, 4, p) >= 0 && vl_footprint_area(fp) < area) {
            best = u;
            area = vl_footprint_area(fp);
        }
    }
    return (VlUiToolEnd){best, p};
}

static void pin(VlUiTools *t)
{
    if (t->live.kind == VL_TOOL_NONE)
        return;
    if (t->npinned == VL_UI_TAPES_MAX) {
        memmove(t->pinned, t->pinned + 1, (VL_UI_TAPES_MAX - 1) * sizeof t->pinned[0]);
        t->npinned--;
    }
    t->pinned[t->npinned++] = t->live;
    t->live.kind = VL_TOOL_NONE;
}

void vl_ui_tools_drop(VlUiApp *app)
{
    app->tools.active = VL_TOOL_NONE;
    app->tools.dragging = false;
    app->tools.live.kind = VL_TOOL_NONE;
}

void vl_ui_tools_set(VlUiApp *app, const VlGame *shown, VlUiToolKind kind, VlVec2 a, VlVec2 b, bool pin_it)
{
    const VlWorld *w = world_of(shown);
    if (!w)
        return;
    sync_table(&app->tools, w);
    app->tools.live = (VlUiTape){kind, pick_at(w, a), pick_at(w, b)};
    app->tools.dragging = false;
    if (pin_it)
        pin(&app->tools);
}

static void take(VlUiApp *app, VlUiToolKind kind)
{
    VlUiTools *t = &app->tools;
    if (t->active == kind) {
        vl_ui_tools_drop(app);
        return;
    }
    t->active = kind;
    t->dragging = false;
    t->live.kind = VL_TOOL_NONE;
}

bool vl_ui_tools_event(VlUiApp *app, const SDL_Event *e, const VlGame *shown)
{
    VlUiTools *t = &app->tools;
    const VlWorld *w = world_of(shown);
    if (!w)
        return false;
    sync_table(t, w);
    if (e->type == SDL_KEYDOWN && !e->key.repeat && !(e->key.keysym.mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI))) {
        SDL_Keycode k = e->key.keysym.sym;
        if (k == SDLK_m) {
            take(app, VL_TOOL_TAPE);
            return true;
        }
        if (k == SDLK_v) {
            take(app, VL_TOOL_SIGHT);
            return true;
        }
        if (k == SDLK_ESCAPE && t->active != VL_TOOL_NONE) {
            vl_ui_tools_drop(app);
            return true;
        }
        if (k == SDLK_p && t->live.kind != VL_TOOL_NONE) {
            pin(t);
            return true;
        }
        if (k == SDLK_BACKSPACE && (t->npinned > 0 || t->live.kind != VL_TOOL_NONE)) {
            t->npinned = 0;
            t->live.kind = VL_TOOL_NONE;
            return true;
        }
        return false;
    }
    if (t->active == VL_TOOL_NONE)
        return false;
    switch (e->type) {
    case SDL_MOUSEBUTTONDOWN:
        if (e->button.button != SDL_BUTTON_LEFT || !vl_ui_in_rect(app->rects.map, e->button.x, e->button.y))
            return false;
        t->live.kind = t->active;
        t->live.a = t->live.b = pick(app, w, (float)e->button.x, (float)e->button.y);
        t->dragging = true;
        return true;
    case SDL_MOUSEMOTION:
        if (!t->dragging)
            return false;
        t->live.b = pick(app, w, (float)e->motion.x, (float)e->motion.y);
        return true;
    case SDL_MOUSEBUTTONUP:
        if (e->button.button != SDL_BUTTON_LEFT || !t->dragging)
            return false;
        t->live.b = pick(app, w, (float)e->button.x, (float)e->button.y);
        t->dragging = false;
        if (vl_v2_dist(t->live.a.at, t->live.b.at) * app->cam.zoom < 3) {
            t->live.kind = VL_TOOL_NONE; /* a click, not a drag: nothing measured */
            return true;
        }
        if ((SDL_GetModState() | app->script_mod) & KMOD_SHIFT)
            pin(t);
        return true;
    default: return false;
    }
}

/* ---- drawing ---- */

/* The boxes taken this frame (the table's labels and the tools' texts drawn so far). */
typedef struct Taken {
    int n;
    VlLabelBox box[4 * VL_UI_TAPES_MAX + 16]; /* the panels over the table, the texts, the blockers' names */
} Taken;

/* What a box would cover: -1 when it leaves the table's view or covers a label drawn (or a text of the
 * tools), else how many units it covers. */
static int box_cost(const VlUiApp *app, const VlWorld *w, const Taken *tk, VlLabelBox b)
{
    const SDL_Rect *m = &app->rects.map;
    if (b.x < (float)m->x || b.y < (float)m->y || b.x + b.w > (float)(m->x + m->w) || b.y + b.h > (float)(m->y + m->h))
        return -1;
    const VlUiLabels *L = &app->cache.labels;
    for (int i = 0; i < L->ndrawn; i++)
        if (vl_label_boxes_overlap(b, L->drawn[i].box))
            return -1;
    for (int i = 0; i < tk->n; i++)
        if (vl_label_boxes_overlap(b, tk->box[i]))
            return -1;
    int n = 0;
    for (int u = 0; u < w->nunits; u++) {
        if (!vl_world_present(w, u))
            continue;
        const VlBox *ub = &vl_world_unit(w, u)->bounds;
        SDL_FPoint lo = vl_ui_px_of(app, ub->lo), hi = vl_ui_px_of(app, ub->hi);
        VlLabelBox q = {fminf(lo.x, hi.x), fminf(lo.y, hi.y), fabsf(hi.x - lo.x), fabsf(hi.y - lo.y)};
        n += vl_label_boxes_overlap(b, q);
    }
    return n;
}

/* The first of @p n boxes that covers no label and no unit, else the one covering fewest units; @p
 * fallback when every one covers a label or leaves the view. */
static VlLabelBox best_box(const VlUiApp *app, const VlWorld *w, const Taken *tk, const VlLabelBox *c, int n,
                           VlLabelBox fallback)
{
    int best = -1, least = 1 << 30;
    for (int i = 0; i < n && least > 0; i++) {
        int k = box_cost(app, w, tk, c[i]);
        if (k >= 0 && k < least) {
            least = k;
            best = i;
        }
    }
    return best >= 0 ? c[best] : fallback;
}

/* A text of one to four lines by the segment p-q (pixels): beside its middle, above or below, then
 * further along it, the first place that covers no label and no unit, else no label; if none is
 * free, beside the middle kept inside the view. */
static void place_text(VlUiApp *app, const VlWorld *w, Taken *tk, SDL_FPoint p, SDL_FPoint q, const char *text,
                       SDL_Color fg, SDL_Color bg)
{
    char lines[4][200];
    int nl = 0, wmax = 0, lh = vl_ui_text_line(app->text, TOOL_FONT);
    for (const char *s = text; *s && nl < 4; nl++) {
        const char *e = strchr(s, '\n');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        if (len >= sizeof lines[0])
            len = sizeof lines[0] - 1;
        memcpy(lines[nl], s, len);
        lines[nl][len] = 0;
        int tw, th;
        vl_ui_text_size(app->text, TOOL_FONT, lines[nl], &tw, &th);
        wmax = tw > wmax ? tw : wmax;
        s = e ? e + 1 : s + len;
    }
    if (nl == 0)
        return;
    float bw = (float)wmax + 10, bh = (float)(nl * lh) + 6;
    float dx = q.x - p.x, dy = q.y - p.y, len = sqrtf(dx * dx + dy * dy);
    float nx = len > 0 ? -dy / len : 0, ny = len > 0 ? dx / len : -1;
    static const float along[] = {0.5f, 0.35f, 0.65f, 0.2f, 0.8f, 0.05f, 0.95f, -0.3f, 1.3f};
    static const float off[] = {14, -14, 40, -40, 80, -80, 130, -130};
    const SDL_Rect *m = &app->rects.map;
    VlLabelBox best = {(p.x + q.x) / 2 - bw / 2, (p.y + q.y) / 2 + 12, bw, bh};
    best.x = fmaxf((float)m->x + 2, fminf(best.x, (float)(m->x + m->w) - bw - 2));
    best.y = fmaxf((float)m->y + 2, fminf(best.y, (float)(m->y + m->h) - bh - 2));
    VlLabelBox cand[9 * 8];
    SDL_FPoint anchor[9 * 8];
    int nc = 0;
    for (size_t i = 0; i < sizeof along / sizeof along[0]; i++)
        for (size_t j = 0; j < sizeof off / sizeof off[0]; j++) {
            float cx = p.x + dx * along[i] + nx * off[j], cy = p.y + dy * along[i] + ny * off[j];
            /* the box's near side towards the line */
            float fx = nx * off[j] >= 0 ? 0 : 1, fy = ny * off[j] >= 0 ? 0 : 1;
            anchor[nc] = (SDL_FPoint){p.x + dx * along[i], p.y + dy * along[i]};
            cand[nc++] = (VlLabelBox){cx - bw * (fabsf(nx) > 0.7f ? fx : 0.5f), cy - bh * (fabsf(ny) > 0.3f ? fy : 0.5f), bw, bh};
        }
    SDL_FPoint at = {(p.x + q.x) / 2, (p.y + q.y) / 2};
    VlLabelBox chosen = best_box(app, w, tk, cand, nc, best);
    for (int i = 0; i < nc; i++)
        if (memcmp(&cand[i], &chosen, sizeof chosen) == 0) {
            at = anchor[i];
            break;
        }
    best = chosen;
    /* Far from its line (more than 30 px): a thin leader from the line to the text. */
    float ex = fmaxf(best.x, fminf(at.x, best.x + best.w)), ey = fmaxf(best.y, fminf(at.y, best.y + best.h));
    if (hypotf(ex - at.x, ey - at.y) > 30) {
        vl_ui_gfx_line(app->r, at.x, at.y, ex, ey, 1.5f, vl_ui_rgba(TOOL_INK, 220));
        vl_ui_gfx_disc(app->r, at.x, at.y, 2.5f, vl_ui_rgb(TOOL_INK));
    }
    vl_ui_gfx_rect(app->r, best.x, best.y, best.w, best.h, bg);
    vl_ui_gfx_rect_outline(app->r, best.x, best.y, best.w, best.h, 1, vl_ui_rgba(TOOL_INK, 200));
    for (int i = 0; i < nl; i++)
        vl_ui_text_draw(app->text, TOOL_FONT, lines[i], best.x + 5, best.y + 3 + (float)(i * lh), fg, VL_ALIGN_LEFT);
    if (tk->n < (int)(sizeof tk->box / sizeof tk->box[0]))
        tk->box[tk->n++] = best;
}

/* Keep the text just placed (the last box taken) for the screen tests. */
static void record(VlUiApp *app, const Taken *tk, const char *text)
{
    VlUiTools *t = &app->tools;
    if (t->ndrawn >= VL_UI_TAPES_MAX + 1 || tk->n == 0)
        return;
    t->drawn[t->ndrawn].box = tk->box[tk->n - 1];
    snprintf(t->drawn[t->ndrawn].text, sizeof t->drawn[0].text, "%s", text);
    t->ndrawn++;
}

static void end_mark(VlUiApp *app, SDL_FPoint p, SDL_Color c)
{
    vl_ui_gfx_disc(app->r, p.x, p.y, 5, vl_ui_rgb(TOOL_INK));
    vl_ui_gfx_disc(app->r, p.x, p.y, 3.5f, c);
}

static void draw_tape(VlUiApp *app, const VlWorld *w, const VlUiTape *t, Taken *tk)
{
    VlMeasure m;
    if (!vl_measure(w->bf, table_end(w, t->a), table_end(w, t->b), &m))
        return;
    SDL_FPoint a = vl_ui_px_of(app, m.a), b = vl_ui_px_of(app, m.b);
    SDL_Color ink = vl_ui_rgb(TOOL_INK), tape = vl_ui_rgb(TOOL_TAPE);
    vl_ui_gfx_line(app->r, a.x, a.y, b.x, b.y, 6, ink);
    vl_ui_gfx_line(app->r, a.x, a.y, b.x, b.y, 3.5f, tape);
    /* Ticks each inch (when an inch is 6 px or more), longer each 6 in: the tape's own marks. */
    double len = m.distance;
    if (app->cam.zoom >= 6 && len > 0 && len < 400) {
        VlVec2 d = vl_v2_scale(vl_v2_sub(m.b, m.a), 1 / len), nrm = vl_v2_perp(d);
        for (int i = 1; i < len; i++) {
            double hl = (i % 6 == 0 ? 7.0 : 4.0) / app->cam.zoom;
            VlVec2 c = vl_v2_mad(m.a, d, i);
            SDL_FPoint u = vl_ui_px_of(app, vl_v2_mad(c, nrm, hl)), v = vl_ui_px_of(app, vl_v2_mad(c, nrm, -hl));
            vl_ui_gfx_line(app->r, u.x, u.y, v.x, v.y, 1.5f, ink);
        }
    }
    end_mark(app, a, tape);
    end_mark(app, b, tape);
    char text[512];
    tape_text(w, t, text, sizeof text);
    place_text(app, w, tk, a, b, text, vl_ui_rgb(VL_UI_LABEL_TEXT), vl_ui_rgba(0xFFF6B0u, 235));
    record(app, tk, text);
}

static VlVec2 end_point(const VlWorld *w, VlTableEnd e)
{
    return e.unit >= 0 ? vl_world_unit(w, e.unit)->pose.anchor : e.at;
}

static void draw_sight(VlUiApp *app, const VlWorld *w, const VlUiTape *t, Taken *tk)
{
    const VlScenario *s = w->scenario;
    VlSight sg;
    judge(w, t, &sg);
    VlTableEnd ea = table_end(w, t->a), eb = table_end(w, t->b);
    SDL_Color good = vl_ui_rgb(VL_UI_SIGHT), bad = vl_ui_rgb(VL_UI_BAD), ink = vl_ui_rgb(TOOL_INK);
    /* REP-601: the zones that reach the target, washed in and outlined (as blindzones.c draws them) */
    if (vl_rep_on(&w->options, VL_REP_601) && sg.nzones > 0) {
        VlBlindZone *z = NULL;
        int nz = vl_blind_zones_between(w->bf, ea, eb, &z);
        for (int i = 0; i < nz; i++) {
            vl_ui_world_convex(app, z[i].pts, z[i].npts, vl_ui_rgba(0x3A3A46u, 60));
            vl_ui_world_outline(app, z[i].pts, z[i].npts, 1.5f, true, vl_ui_rgba(0x3A3A46u, 200), true);
        }
        vl_blind_zones_free(z, nz > 0 ? nz : 0);
    }
    SDL_FPoint a, b;
    if (sg.clear) {
        a = vl_ui_px_of(app, sg.witness[0]);
        b = vl_ui_px_of(app, sg.witness[1]);
        vl_ui_gfx_line(app->r, a.x, a.y, b.x, b.y, 6, ink);
        vl_ui_gfx_line(app->r, a.x, a.y, b.x, b.y, 3.5f, good);
        end_mark(app, a, good);
        end_mark(app, b, good);
    } else {
        a = vl_ui_px_of(app, end_point(w, ea));
        b = vl_ui_px_of(app, eb.unit >= 0 ? vl_ui_centre_of(&vl_world_unit(w, eb.unit)->fp) : eb.at);
        SDL_FPoint seg[2] = {a, b};
        vl_ui_gfx_dashed(app->r, seg, 2, 2.5f, false, 8, 6, bad);
        end_mark(app, a, bad);
        end_mark(app, b, bad);
        for (int k = 0; k < sg.nblockers; k++) {
            VlObstacleRef o = sg.blockers[k];
            VlVec2 mid;
            if (o.kind == VL_OBST_TERRAIN) {
                const VlTerrain *f = vl_battlefield_terrain(w->bf, o.index);
                vl_ui_world_outline(app, f->pts, f->npts, 3.5f, true, bad, false);
                mid = vl_v2_lerp(f->bounds.lo, f->bounds.hi, 0.5);
            } else {
                const VlFootprint *fp = &vl_world_unit(w, o.index)->fp;
                for (int q = 0; q < fp->nblocks; q++)
                    vl_ui_world_outline(app, fp->blocks[q].p, 4, 3.5f, true, bad, false);
                mid = vl_ui_centre_of(fp);
            }
            SDL_FPoint c = vl_ui_px_of(app, mid);
            place_text(app, w, tk, c, c, obstacle_name(s, o), vl_ui_rgb(0xFFFFFFu), vl_ui_rgba(VL_UI_BAD, 230));
        }
        /* REP-601: hidden in a blind zone, with nothing in the way: the features casting the zones */
        for (int k = 0; sg.nblockers == 0 && k < sg.nzones; k++) {
            const VlTerrain *f = vl_battlefield_terrain(w->bf, sg.zones[k].terrain);
            vl_ui_world_outline(app, f->pts, f->npts, 3, true, bad, true);
            char zone[160];
            snprintf(zone, sizeof zone, "blind zone of %s (REP-601)", vl_terrain_label(s, sg.zones[k].terrain));
            SDL_FPoint c = vl_ui_px_of(app, vl_v2_lerp(f->bounds.lo, f->bounds.hi, 0.5));
            place_text(app, w, tk, c, c, zone, vl_ui_rgb(0xFFFFFFu), vl_ui_rgba(VL_UI_BAD, 230));
        }
    }
    char text[640];
    sight_text(w, t, &sg, text, sizeof text);
    place_text(app, w, tk, a, b, text, vl_ui_rgb(VL_UI_LABEL_TEXT),
               sg.clear ? vl_ui_rgba(0xD9F2E6u, 235) : vl_ui_rgba(0xF6D5DBu, 235));
    record(app, tk, text);
}

static void draw_one(VlUiApp *app, const VlWorld *w, const VlUiTape *t, Taken *tk)
{
    if (t->kind == VL_TOOL_TAPE)
        draw_tape(app, w, t, tk);
    else if (t->kind == VL_TOOL_SIGHT)
        draw_sight(app, w, t, tk);
}

void vl_ui_tools_draw(VlUiApp *app, const VlGame *shown)
{
    const VlWorld *w = world_of(shown);
    const VlUiTools *t = &app->tools;
    app->tools.ndrawn = 0;
    if (w)
        sync_table(&app->tools, w);
    if (!w || (t->npinned == 0 && t->live.kind == VL_TOOL_NONE && t->active == VL_TOOL_NONE))
        return;
    SDL_Rect clip = app->rects.map;
    SDL_RenderSetClipRect(app->r, NULL);
    SDL_RenderSetClipRect(app->r, &clip);
    Taken tk = {0};
    /* What the screen draws over the table afterwards: the messages, the legend, the lesson's panel. */
    int idx[VL_UI_MESSAGES_SHOWN];
    SDL_Rect msg[VL_UI_MESSAGES_SHOWN];
    int nm = app->screen == VL_SCREEN_GAME ? vl_ui_message_layout(app, idx, msg) : 0;
    for (int i = 0; i < nm; i++)
        tk.box[tk.n++] = (VlLabelBox){(float)msg[i].x, (float)msg[i].y, (float)msg[i].w, (float)msg[i].h};
    if (app->screen == VL_SCREEN_GAME) {
        float lx, ly, lw, lh;
        vl_ui_legend_box(app, &lx, &ly, &lw, &lh);
        /* the legend and the scale bar below it, down to the view's foot */
        tk.box[tk.n++] = (VlLabelBox){lx, ly, fmaxf(lw, 250), fmaxf(lh, (float)(clip.y + clip.h) - ly)};
    }
    if (app->sandbox && app->screen == VL_SCREEN_GAME) {
        SDL_Rect b = vl_ui_sandbox_banner(app);
        tk.box[tk.n++] = (VlLabelBox){(float)b.x, (float)b.y, (float)b.w, (float)b.h};
    }
    if (app->lesson.active) {
        SDL_Rect p = app->lesson.panel;
        tk.box[tk.n++] = (VlLabelBox){(float)p.x, (float)p.y, (float)p.w, (float)p.h};
    }
    for (int i = 0; i < t->npinned; i++)
        draw_one(app, w, &t->pinned[i], &tk);
    if (t->live.kind != VL_TOOL_NONE)
        draw_one(app, w, &t->live, &tk);
    if (t->active != VL_TOOL_NONE) {
        const char *hint = t->active == VL_TOOL_TAPE
                               ? "Tape measure: drag from a point or a unit. P pins, Backspace clears, M or Esc puts it down"
                               : "Line of sight: drag from a point or a unit. P pins, Backspace clears, V or Esc puts it down";
        int tw, th;
        vl_ui_text_size(app->text, TOOL_FONT, hint, &tw, &th);
        /* a corner of the view that covers no label and no unit (the top right if none) */
        float bw = (float)tw + 12, bh = (float)th + 6, l = (float)clip.x + 10, r = (float)(clip.x + clip.w) - bw - 10;
        /* along the view's top, then its foot above the messages: the first place free of labels,
         * units and panels (right first); none free, no hint (the tool still works) */
        VlLabelBox spots[3 * 9];
        int ns = 0;
        float rows[3] = {(float)clip.y + 8, (float)(clip.y + clip.h) - bh - 70, (float)(clip.y + clip.h) - bh - 120};
        for (int row = 0; row < 3; row++)
            for (int k = 0; k < 9; k++)
                spots[ns++] = (VlLabelBox){r - (r - l) * (float)k / 8, rows[row], bw, bh};
        VlLabelBox at = best_box(app, w, &tk, spots, ns, (VlLabelBox){0, 0, 0, 0});
        if (at.w > 0) {
            vl_ui_gfx_rect(app->r, at.x, at.y, at.w, at.h, vl_ui_rgba(VL_UI_PANEL_BG, 230));
            vl_ui_text_draw(app->text, TOOL_FONT, hint, at.x + 6, at.y + 3, vl_ui_rgb(VL_UI_PANEL_FG), VL_ALIGN_LEFT);
        }
    }
    SDL_RenderSetClipRect(app->r, NULL);
}
