/* The forms' small widgets (textfield.h): a one-line text or number field, a choice among words, a
 * check box and a button. Text is UTF-8 throughout: the caret and Backspace move by whole
 * characters (a lead byte and its continuation bytes, 10xxxxxx). */
#include "textfield.h"

#include "theme.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAD 6

static bool cont_byte(char c) { return ((unsigned char)c & 0xC0) == 0x80; }

static void set_text(VlUiField *f, const char *s)
{
    int cap = f->cap > 0 && f->cap < VL_FIELD_TEXT_MAX ? f->cap : VL_FIELD_TEXT_MAX - 1;
    size_t n = strlen(s);
    if (n > (size_t)cap) {
        n = (size_t)cap;
        while (n > 0 && cont_byte(s[n])) /* never half a character */
            n--;
    }
    memcpy(f->text, s, n);
    f->text[n] = '\0';
    f->cursor = (int)n;
}

void vl_ui_field_format(double v, char *buf, size_t size)
{
    if (isnan(v)) {
        snprintf(buf, size, "%s", "");
        return;
    }
    if (v == floor(v) && fabs(v) < 1e12) {
        snprintf(buf, size, "%.0f", v);
        return;
    }
    snprintf(buf, size, "%.2f", v);
    char *dot = strchr(buf, '.');
    if (dot) {
        char *end = buf + strlen(buf) - 1;
        while (end > dot && *end == '0')
            *end-- = '\0';
        if (end == dot)
            *end = '\0';
    }
    if (strcmp(buf, "-0") == 0)
        snprintf(buf, size, "0");
}

static void field_init(VlUiField *f, VlUiFieldKind kind)
{
    SDL_Rect keep = f->rect;
    memset(f, 0, sizeof *f);
    f->rect = keep;
    f->kind = kind;
    f->enabled = true;
    f->cap = VL_FIELD_TEXT_MAX - 1;
    f->index = -1;
}

void vl_ui_field_text(VlUiField *f, const char *value, int cap)
{
    field_init(f, VL_FIELD_TEXT);
    f->cap = cap > 0 && cap < VL_FIELD_TEXT_MAX ? cap : VL_FIELD_TEXT_MAX - 1;
    vl_ui_field_set_text(f, value ? value : "");
}

void vl_ui_field_number(VlUiField *f, double value, double lo, double hi, bool integer, const char *unit)
{
    field_init(f, VL_FIELD_NUMBER);
    f->cap = 32;
    f->lo = lo;
    f->hi = hi;
    f->integer = integer;
    f->unit = unit;
    char buf[64];
    vl_ui_field_format(value, buf, sizeof buf);
    vl_ui_field_set_text(f, buf);
}

void vl_ui_field_choice(VlUiField *f, const char *const *words, int n, int index)
{
    field_init(f, VL_FIELD_CHOICE);
    f->nwords = n < VL_FIELD_WORDS_MAX ? n : VL_FIELD_WORDS_MAX;
    for (int i = 0; i < f->nwords; i++)
        f->words[i] = words[i];
    f->index = index >= 0 && index < f->nwords ? index : -1;
}

void vl_ui_field_check(VlUiField *f, bool on)
{
    field_init(f, VL_FIELD_CHECK);
    f->on = on;
}

void vl_ui_field_button(VlUiField *f, const char *label)
{
    field_init(f, VL_FIELD_BUTTON);
    f->words[0] = label;
    f->nwords = 1;
}

void vl_ui_field_set_text(VlUiField *f, const char *s)
{
    set_text(f, s);
    memcpy(f->saved, f->text, sizeof f->saved);
    f->edited = false;
}

static bool typed(const VlUiField *f) { return f->kind == VL_FIELD_TEXT || f->kind == VL_FIELD_NUMBER; }

void vl_ui_field_focus(VlUiField *f)
{
    if (f->focus)
        return;
    f->focus = true;
    memcpy(f->saved, f->text, sizeof f->saved);
    f->edited = false;
    f->cursor = (int)strlen(f->text);
    if (typed(f))
        SDL_StartTextInput();
}

void vl_ui_field_blur(VlUiField *f)
{
    if (!f->focus)
        return;
    f->focus = false;
    if (typed(f))
        SDL_StopTextInput();
}

/* ---- the caret's place: the text scrolls left when the caret would leave the box ---- */

static int prefix_width(VlText *text, int font, const char *s, int n)
{
    char buf[VL_FIELD_TEXT_MAX];
    if (n <= 0)
        return 0;
    memcpy(buf, s, (size_t)n);
    buf[n] = '\0';
    int w, h;
    vl_ui_text_size(text, font, buf, &w, &h);
    return w;
}

/* How far the text is shifted left so that the caret shows (0 when it fits). */
static int scroll_of(const VlUiField *f, VlText *text, int font)
{
    int inner = f->rect.w - 2 * PAD;
    int whole = prefix_width(text, font, f->text, (int)strlen(f->text));
    if (whole <= inner)
        return 0;
    int caret = prefix_width(text, font, f->text, f->cursor);
    return caret > inner - 2 ? caret - (inner - 2) : 0;
}

/* The character boundary nearest to window x. */
static int cursor_at(const VlUiField *f, VlText *text, int font, int x)
{
    int want = x - (f->rect.x + PAD) + scroll_of(f, text, font);
    int n = (int)strlen(f->text), best = 0, best_d = abs(want);
    for (int i = 1; i <= n; i++) {
        if (i < n && cont_byte(f->text[i]))
            continue;
        int d = abs(prefix_width(text, font, f->text, i) - want);
        if (d < best_d) {
            best = i;
            best_d = d;
        }
    }
    return best;
}

static int prev_char(const char *s, int i)
{
    if (i <= 0)
        return 0;
    i--;
    while (i > 0 && cont_byte(s[i]))
        i--;
    return i;
}

static int next_char(const char *s, int i)
{
    int n = (int)strlen(s);
    if (i >= n)
        return n;
    i++;
    while (i < n && cont_byte(s[i]))
        i++;
    return i;
}

static VlUiFieldResult insert(VlUiField *f, const char *s)
{
    size_t len = strlen(f->text), add = strlen(s);
    if (f->kind == VL_FIELD_NUMBER)
        for (const char *p = s; *p; p++)
            if (!strchr("0123456789+-.eE ", *p)) {
                snprintf(f->why, sizeof f->why, "only a number goes here (digits, a sign, a decimal point)");
                return VL_FIELD_REFUSED;
            }
    if (len + add > (size_t)f->cap) {
        snprintf(f->why, sizeof f->why, "at most %d bytes of text fit here", f->cap);
        return VL_FIELD_REFUSED;
    }
    memmove(f->text + f->cursor + add, f->text + f->cursor, len - (size_t)f->cursor + 1);
    memcpy(f->text + f->cursor, s, add);
    f->cursor += (int)add;
    f->edited = true;
    return VL_FIELD_TOOK;
}

static void cycle(VlUiField *f, int dir)
{
    if (f->nwords <= 0)
        return;
    if (f->index < 0)
        f->index = dir > 0 ? 0 : f->nwords - 1;
    else
        f->index = (f->index + dir + f->nwords) % f->nwords;
}

static VlUiFieldResult key(VlUiField *f, const SDL_KeyboardEvent *k)
{
    SDL_Keycode sym = k->keysym.sym;
    bool shift = (k->keysym.mod & KMOD_SHIFT) != 0;
    if (sym == SDLK_TAB)
        return shift ? VL_FIELD_PREV : VL_FIELD_NEXT;
    if (sym == SDLK_ESCAPE) {
        if (typed(f)) {
            set_text(f, f->saved);
            f->edited = false;
        }
        return VL_FIELD_REVERTED;
    }
    switch (f->kind) {
    case VL_FIELD_CHOICE:
        if (sym == SDLK_LEFT || sym == SDLK_UP) {
            cycle(f, -1);
            return VL_FIELD_COMMIT;
        }
        if (sym == SDLK_RIGHT || sym == SDLK_DOWN || sym == SDLK_SPACE) {
            cycle(f, +1);
            return VL_FIELD_COMMIT;
        }
        return VL_FIELD_TOOK;
    case VL_FIELD_CHECK:
        if (sym == SDLK_SPACE || sym == SDLK_RETURN || sym == SDLK_KP_ENTER) {
            f->on = !f->on;
            return VL_FIELD_COMMIT;
        }
        return VL_FIELD_TOOK;
    case VL_FIELD_BUTTON:
        return sym == SDLK_SPACE || sym == SDLK_RETURN || sym == SDLK_KP_ENTER ? VL_FIELD_COMMIT : VL_FIELD_TOOK;
    default:
        break;
    }
    size_t len = strlen(f->text);
    switch (sym) {
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
        return VL_FIELD_COMMIT;
    case SDLK_BACKSPACE:
        if (f->cursor > 0) {
            int from = prev_char(f->text, f->cursor);
            memmove(f->text + from, f->text + f->cursor, len - (size_t)f->cursor + 1);
            f->cursor = from;
            f->edited = true;
        }
        return VL_FIELD_TOOK;
    case SDLK_DELETE:
        if ((size_t)f->cursor < len) {
            int to = next_char(f->text, f->cursor);
            memmove(f->text + f->cursor, f->text + to, len - (size_t)to + 1);
            f->edited = true;
        }
        return VL_FIELD_TOOK;
    case SDLK_LEFT:
        f->cursor = prev_char(f->text, f->cursor);
        return VL_FIELD_TOOK;
    case SDLK_RIGHT:
        f->cursor = next_char(f->text, f->cursor);
        return VL_FIELD_TOOK;
    case SDLK_HOME:
        f->cursor = 0;
        return VL_FIELD_TOOK;
    case SDLK_END:
        f->cursor = (int)len;
        return VL_FIELD_TOOK;
    default:
        /* Letters arrive as SDL_TEXTINPUT; their key-downs are taken so that no shortcut fires. */
        return VL_FIELD_TOOK;
    }
}

VlUiFieldResult vl_ui_field_event(VlUiField *f, const SDL_Event *e, VlText *text, int font)
{
    if (!f->enabled)
        return VL_FIELD_IGNORED;
    switch (e->type) {
    case SDL_MOUSEBUTTONDOWN: {
        if (e->button.button != SDL_BUTTON_LEFT)
            return VL_FIELD_IGNORED;
        SDL_Rect r = f->rect;
        int x = e->button.x, y = e->button.y;
        if (x < r.x || y < r.y || x >= r.x + r.w || y >= r.y + r.h)
            return VL_FIELD_IGNORED;
        switch (f->kind) {
        case VL_FIELD_CHOICE:
            cycle(f, x < r.x + r.w / 4 ? -1 : +1);
            return VL_FIELD_COMMIT;
        case VL_FIELD_CHECK:
            f->on = !f->on;
            return VL_FIELD_COMMIT;
        case VL_FIELD_BUTTON:
            return VL_FIELD_COMMIT;
        default:
            vl_ui_field_focus(f);
            f->cursor = cursor_at(f, text, font, x);
            return VL_FIELD_TOOK;
        }
    }
    case SDL_TEXTINPUT:
        if (!f->focus || !typed(f))
            return VL_FIELD_IGNORED;
        return insert(f, e->text.text);
    case SDL_KEYDOWN:
        if (!f->focus)
            return VL_FIELD_IGNORED;
        return key(f, &e->key);
    default:
        return VL_FIELD_IGNORED;
    }
}

bool vl_ui_field_value(const VlUiField *f, const char *label, double *out, char *why, size_t size)
{
    const char *s = f->text;
    while (*s == ' ')
        s++;
    char range[160];
    const char *unit = f->unit ? f->unit : "";
    if (isinf(f->lo) && isinf(f->hi))
        snprintf(range, sizeof range, "%s", f->integer ? "a whole number" : "a number");
    else
        snprintf(range, sizeof range, "%s from %g to %g%s%s", f->integer ? "a whole number" : "a number", f->lo, f->hi,
                 unit[0] ? " " : "", unit);
    if (!*s) {
        if (f->may_be_empty) {
            *out = NAN;
            return true;
        }
        snprintf(why, size, "%s: expected %s", label, range);
        return false;
    }
    char *end;
    double v = strtod(s, &end);
    while (*end == ' ')
        end++;
    bool ok = end != s && *end == '\0' && isfinite(v) && (!f->integer || v == floor(v)) && v >= f->lo && v <= f->hi;
    if (!ok) {
        snprintf(why, size, "%s: expected %s%s, found \"%s\"", label, range, f->may_be_empty ? " (or nothing, for none)" : "",
                 f->text);
        return false;
    }
    *out = v;
    return true;
}

/* ---- drawing ---- */

static void clip_push(SDL_Renderer *r, SDL_Rect want, SDL_Rect *old, bool *had)
{
    *had = SDL_RenderIsClipEnabled(r);
    SDL_RenderGetClipRect(r, old);
    SDL_Rect c = want;
    if (*had && !SDL_IntersectRect(old, &want, &c))
        c = (SDL_Rect){want.x, want.y, 0, 0};
    SDL_RenderSetClipRect(r, &c);
}

static void clip_pop(SDL_Renderer *r, const SDL_Rect *old, bool had) { SDL_RenderSetClipRect(r, had ? old : NULL); }

/* Text cut at a whole character with an ellipsis to fit @p room pixels (a field without the focus). */
static void draw_cut(VlText *text, int font, const char *s, float x, float y, int room, SDL_Color c)
{
    char buf[VL_FIELD_TEXT_MAX + 4];
    int n = (int)strlen(s);
    while (n > 0) {
        n = prev_char(s, n);
        snprintf(buf, sizeof buf, "%.*s\xE2\x80\xA6", n, s);
        int w, h;
        vl_ui_text_size(text, font, buf, &w, &h);
        if (w <= room)
            break;
    }
    if (n > 0)
        vl_ui_text_draw(text, font, buf, x, y, c, VL_ALIGN_LEFT);
}

void vl_ui_field_draw(SDL_Renderer *r, VlText *text, int font, const VlUiField *f)
{
    SDL_Rect b = f->rect;
    float x = (float)b.x, y = (float)b.y, w = (float)b.w, h = (float)b.h;
    SDL_Color fg = f->enabled ? vl_ui_rgb(VL_UI_PANEL_FG) : vl_ui_rgb(VL_UI_PANEL_DIM);
    int lh = vl_ui_text_line(text, font);
    float ty = y + (h - (float)lh) / 2;
    switch (f->kind) {
    case VL_FIELD_CHECK: {
        float bx = x, by = y + (h - 16) / 2;
        vl_ui_gfx_rect(r, bx, by, 16, 16, f->on ? vl_ui_rgb(0xF0F0F0u) : vl_ui_rgb(0x1E2226u));
        vl_ui_gfx_rect_outline(r, bx, by, 16, 16, f->focus ? 2 : 1, f->focus ? vl_ui_rgb(VL_UI_HIGHLIGHT) : vl_ui_rgb(VL_UI_PANEL_DIM));
        if (f->on) {
            vl_ui_gfx_line(r, bx + 3.5f, by + 8, bx + 7, by + 12, 2, vl_ui_rgb(0x1E2226u));
            vl_ui_gfx_line(r, bx + 7, by + 12, bx + 12.5f, by + 4, 2, vl_ui_rgb(0x1E2226u));
        }
        vl_ui_text_draw(text, font, f->on ? "yes" : "no", bx + 24, ty, fg, VL_ALIGN_LEFT);
        return;
    }
    case VL_FIELD_BUTTON:
        vl_ui_gfx_rect(r, x, y, w, h, f->enabled ? vl_ui_rgb(VL_UI_PANEL_LINE) : vl_ui_rgb(0x2A2E33u));
        vl_ui_gfx_rect_outline(r, x, y, w, h, f->focus ? 2 : 1, f->focus ? vl_ui_rgb(VL_UI_HIGHLIGHT) : vl_ui_rgb(0x5A626Cu));
        vl_ui_text_draw(text, font, f->words[0], x + w / 2, ty, fg, VL_ALIGN_CENTRE);
        return;
    default:
        break;
    }
    vl_ui_gfx_rect(r, x, y, w, h, vl_ui_rgb(0x1A1D21u));
    vl_ui_gfx_rect_outline(r, x, y, w, h, f->focus ? 2 : 1, f->focus ? vl_ui_rgb(VL_UI_HIGHLIGHT) : vl_ui_rgb(0x5A626Cu));
    SDL_Rect inner = {b.x + 2, b.y + 2, b.w - 4, b.h - 4}, old;
    bool had;
    clip_push(r, inner, &old, &had);
    if (f->kind == VL_FIELD_CHOICE) {
        SDL_Color dim = vl_ui_rgb(VL_UI_PANEL_DIM);
        if (f->nwords > 1) {
            vl_ui_text_draw(text, font, "\xE2\x80\xB9", x + PAD, ty, dim, VL_ALIGN_LEFT);        /* ‹ */
            vl_ui_text_draw(text, font, "\xE2\x80\xBA", x + w - PAD, ty, dim, VL_ALIGN_RIGHT);   /* › */
        }
        const char *word = f->index >= 0 ? f->words[f->index] : "mixed";
        vl_ui_text_draw(text, font, word, x + w / 2, ty, f->index >= 0 ? fg : dim, VL_ALIGN_CENTRE);
    } else {
        int shift = f->focus ? scroll_of(f, text, font) : 0;
        SDL_Color dim = vl_ui_rgb(VL_UI_PANEL_DIM);
        int uw = 0;
        if (!f->focus && f->kind == VL_FIELD_NUMBER && f->unit && f->text[0]) {
            /* The unit, dim at the right: "in", "deg". */
            uw = vl_ui_text_draw(text, font, f->unit, x + w - PAD, ty, dim, VL_ALIGN_RIGHT) + PAD;
        }
        if (!f->focus && !f->text[0] && f->kind == VL_FIELD_NUMBER && f->may_be_empty)
            vl_ui_text_draw(text, font, "none", x + PAD, ty, dim, VL_ALIGN_LEFT);
        else if (!f->focus && prefix_width(text, font, f->text, (int)strlen(f->text)) > (int)w - 2 * PAD - uw)
            draw_cut(text, font, f->text, x + PAD, ty, (int)w - 2 * PAD - uw, fg);
        else
            vl_ui_text_draw(text, font, f->text, x + PAD - (float)shift, ty, fg, VL_ALIGN_LEFT);
        if (f->focus) {
            float cx = x + PAD - (float)shift + (float)prefix_width(text, font, f->text, f->cursor);
            vl_ui_gfx_rect(r, cx, ty + 1, 1.5f, (float)lh - 2, vl_ui_rgb(VL_UI_HIGHLIGHT));
        }
    }
    clip_pop(r, &old, had);
}
