/* The key to the unit symbols (K, or from the help): what each mark drawn on the table means,
 * each sample drawn by the table's own functions (vl_ui_draw_unit_symbol, vl_ui_draw_badges in
 * scene.c) through a small camera of its own, so that the key always shows what the table shows.
 * It lies over the table, two columns of samples, until K or Esc closes it. */
#include "panels.h"
#include "scene.h"

#include <stdio.h>
#include <string.h>

/* One sample: what stands there, and the words beside it. */
typedef struct Sample {
    VlUnitType type;
    VlFormation form;
    bool dismounted, routed, selected;
    const char *title, *text;
    double facing; ///< compass degrees: north (up) but for the long limbered battery, east
} Sample;

static const Sample samples[VL_UI_SYMBOL_CELLS] = {
    {VL_INFANTRY, VL_FORM_LINE, false, false, false, "Infantry, in line", "Crossed diagonals. Two bases side by side.", 0},
    {VL_INFANTRY, VL_FORM_COLUMN, false, false, false, "Infantry, in column", "Its bases one behind the other.", 0},
    {VL_INFANTRY, VL_FORM_SQUARE, false, false, false, "Infantry, in square", "Its bases close together, facing out.", 0},
    {VL_INFANTRY, VL_FORM_SKIRMISH, false, false, false, "Infantry, skirmishing", "Its bases spread apart.", 0},
    {VL_CAVALRY, VL_FORM_LINE, false, false, false, "Cavalry, mounted", "One diagonal. Mounted: in line or column.", 0},
    {VL_CAVALRY, VL_FORM_SKIRMISH, true, false, false, "Cavalry, dismounted", "The same mark, in skirmish order or square.", 0},
    {VL_ARTILLERY, VL_FORM_UNLIMBERED, false, false, false, "Artillery, unlimbered", "A dot among the guns: ready to fire.", 0},
    {VL_ARTILLERY, VL_FORM_LIMBERED, false, false, false, "Artillery, limbered", "Hitched up to move (here facing right); it cannot fire.", 90},
    {VL_GENERAL, VL_FORM_NONE, false, false, false, "General", "A small base in a lighter colour, a diamond on it.", 0},
    {VL_INFANTRY, VL_FORM_LINE, false, true, false, "Routed", "Faded, with black stripes across it.", 0},
    {VL_INFANTRY, VL_FORM_LINE, false, false, true, "Selected", "The yellow ring: the unit in hand.", 0},
    {VL_INFANTRY, VL_FORM_LINE, false, false, false, "Its front", "The white edge; the tick shows where it faces.", 0},
};

#define CELL_H 54
#define SAMPLE_W 112
#define HEAD_H 34
#define FOOT_H 20
/* The samples' scale, pixels per inch: the same for all, so that their sizes compare, and the
 * largest that lets every sample fit its place (@p h pixels high), at most 10; at least 8.5, where the
 * table draws its marks' lines thick enough to read (a tight window may then clip a sample). */
static VlFieldUnit sample_unit(VlUnitType type, VlFormation form, double facing)
{
    VlFieldUnit fu;
    memset(&fu, 0, sizeof fu);
    fu.pose = (VlPose){vl_v2(0, 0), facing};
    fu.formation = form;
    fu.type = type;
    fu.spec = vl_base_spec_default(type);
    vl_footprint_build(&fu.fp, fu.pose, form, fu.spec);
    fu.bounds = vl_footprint_bounds(&fu.fp);
    fu.active = true;
    return fu;
}

static float sample_zoom(int h)
{
    float zoom = 10;
    for (int i = 0; i < VL_UI_SYMBOL_CELLS; i++) {
        VlFieldUnit fu = sample_unit(samples[i].type, samples[i].form, samples[i].facing);
        double w = fu.bounds.hi.x - fu.bounds.lo.x, d = fu.bounds.hi.y - fu.bounds.lo.y;
        if (w > 0 && (float)((SAMPLE_W - 12) / w) < zoom)
            zoom = (float)((SAMPLE_W - 12) / w);
        if (d > 0 && (float)((h - 10) / d) < zoom)
            zoom = (float)((h - 10) / d);
    }
    return zoom < 8.5f ? 8.5f : zoom;
}

void vl_ui_symbols_layout(const VlUiApp *app, VlSymbolsLayout *l)
{
    memset(l, 0, sizeof *l);
    SDL_Rect m = app->rects.map;
    int w = m.w - 20 < 720 ? m.w - 20 : 720;
    int rows = VL_UI_SYMBOL_CELLS / 2 + 2; /* the sides' row, the samples, the badges' row */
    int cell_h = CELL_H;
    if (HEAD_H + rows * cell_h + FOOT_H + 12 > m.h - 16) /* a short table: closer rows */
        cell_h = (m.h - 16 - HEAD_H - FOOT_H - 12) / rows;
    int h = HEAD_H + rows * cell_h + FOOT_H + 12;
    l->box = (SDL_Rect){m.x + (m.w - w) / 2, m.y + (m.h - h) / 2, w, h};
    int cw = (w - 30) / 2, x0 = l->box.x + 10, y = l->box.y + HEAD_H;
    for (int s = 0; s < 2; s++)
        l->side[s] = (SDL_Rect){x0 + s * (cw + 10), y, cw, cell_h - 4};
    y += cell_h;
    for (int i = 0; i < VL_UI_SYMBOL_CELLS; i++)
        l->cell[i] = (SDL_Rect){x0 + (i % 2) * (cw + 10), y + (i / 2) * cell_h, cw, cell_h - 4};
    y += VL_UI_SYMBOL_CELLS / 2 * cell_h;
    l->badges = (SDL_Rect){x0, y, w - 20, cell_h - 4};
}

/* Draw a unit of @p type in @p form for @p side, its middle at the middle of @p r's sample area. */
static void draw_sample(VlUiApp *app, SDL_Rect r, VlUnitType type, VlFormation form, const VlUnitState *st, int side,
                        bool selected, float zoom, double facing)
{
    VlFieldUnit fu = sample_unit(type, form, facing);
    /* A camera of the sample's own on its part of the window; the table's is put back after. */
    VlCamera table = app->cam;
    SDL_Rect view = {r.x, r.y, SAMPLE_W, r.h};
    vl_ui_camera_init(&app->cam, view);
    app->cam.zoom = zoom;
    app->cam.target[0] = (float)(0.5 * (fu.bounds.lo.x + fu.bounds.hi.x));
    app->cam.target[1] = (float)(0.5 * (fu.bounds.lo.y + fu.bounds.hi.y));
    vl_ui_camera_update(&app->cam);
    SDL_RenderSetClipRect(app->r, &view);
    vl_ui_draw_unit_symbol(app, &fu, type, st, side, selected);
    SDL_RenderSetClipRect(app->r, NULL);
    app->cam = table;
}

static void cell_text(VlUiApp *app, SDL_Rect r, const char *title, const char *text)
{
    float x = (float)r.x + SAMPLE_W + 8;
    int wrap = r.w - SAMPLE_W - 10;
    vl_ui_text_draw(app->text, 13, title, x, (float)r.y + 2, vl_ui_panel_fg(), VL_ALIGN_LEFT);
    vl_ui_text_draw_wrapped(app->text, 11, text, x, (float)r.y + 19, vl_ui_panel_dim(), wrap);
}

void vl_ui_draw_symbols(VlUiApp *app)
{
    VlSymbolsLayout l;
    vl_ui_symbols_layout(app, &l);
    vl_ui_gfx_rect(app->r, (float)l.box.x, (float)l.box.y, (float)l.box.w, (float)l.box.h, vl_ui_rgba(VL_UI_BAR_BG, 240));
    vl_ui_gfx_rect_outline(app->r, (float)l.box.x, (float)l.box.y, (float)l.box.w, (float)l.box.h, 1, vl_ui_rgb(0x5A626Cu));
    vl_ui_text_draw(app->text, 15, "What the marks on the table mean", (float)l.box.x + 12, (float)l.box.y + 9,
                    vl_ui_rgb(VL_UI_HIGHLIGHT), VL_ALIGN_LEFT);
    vl_ui_text_draw(app->text, 11, "K or Esc closes", (float)(l.box.x + l.box.w - 12), (float)l.box.y + 12, vl_ui_panel_dim(),
                    VL_ALIGN_RIGHT);
    float zoom = sample_zoom(l.cell[0].h);
    VlUnitState plain;
    memset(&plain, 0, sizeof plain);
    plain.mounted = true;
    /* The sides: their colours, and outlines that tell them apart without colour. */
    static const char *const default_names[2] = {"First side", "Second side"};
    static const char *const looks[2] = {"Blue, a solid outline.", "Orange, a dashed outline."};
    for (int s = 0; s < 2; s++) {
        draw_sample(app, l.side[s], VL_INFANTRY, VL_FORM_LINE, &plain, s, false, zoom, 0);
        const char *name = app->have_scenario ? vl_ui_side_name(&app->scenario, s) : default_names[s];
        cell_text(app, l.side[s], name, looks[s]);
    }
    for (int i = 0; i < VL_UI_SYMBOL_CELLS; i++) {
        const Sample *sm = &samples[i];
        VlUnitState st = plain;
        st.mounted = !sm->dismounted;
        st.routed = sm->routed;
        draw_sample(app, l.cell[i], sm->type, sm->form, &st, 0, sm->selected, zoom, sm->facing);
        cell_text(app, l.cell[i], sm->title, sm->text);
    }
    /* The badges beside a unit, in full and as they shrink where the table is crowded. */
    VlUnitState badged = plain;
    badged.hits = 2;
    badged.routed = badged.fired = badged.charged = true;
    SDL_Rect b = l.badges;
    vl_ui_draw_badges(app, &badged, (float)b.x + 4, (float)b.y + 2, true);
    VlUnitState one = plain;
    one.hits = 1;
    vl_ui_draw_badges(app, &one, (float)b.x + 4, (float)b.y + 22, false);
    vl_ui_text_draw(app->text, 13, "Badges", (float)b.x + SAMPLE_W + 8, (float)b.y + 2, vl_ui_panel_fg(), VL_ALIGN_LEFT);
    vl_ui_text_draw_wrapped(app->text, 11,
                            "Beside a unit: its HITs, ROUTED, fired and charged this turn; short (2H R F C) where the table "
                            "is crowded. The unit card says it in full.",
                            (float)b.x + SAMPLE_W + 8, (float)b.y + 19, vl_ui_panel_dim(), b.w - SAMPLE_W - 10);
    char foot[120];
    snprintf(foot, sizeof foot, "Each sample is drawn by the table's own drawing, all at %.1f px to the inch.", zoom);
    vl_ui_text_draw(app->text, 11, foot, (float)l.box.x + 12, (float)(l.box.y + l.box.h - FOOT_H), vl_ui_panel_dim(), VL_ALIGN_LEFT);
}
