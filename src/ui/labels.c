/* The label placer: rectangles in, placements out (labels.h). Greedy in rank order; each label takes
 * the first of its spots where it fits, its full text before its shorter ones, a spot by its feature
 * before a leader line; no SDL here, so the tests run it on boxes alone. */
#include "labels.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- geometry ---- */

VlLabelQuad vl_label_quad(const float x[4], const float y[4])
{
    VlLabelQuad q;
    float x0 = x[0], x1 = x[0], y0 = y[0], y1 = y[0];
    for (int i = 0; i < 4; i++) {
        q.x[i] = x[i];
        q.y[i] = y[i];
        x0 = fminf(x0, x[i]);
        x1 = fmaxf(x1, x[i]);
        y0 = fminf(y0, y[i]);
        y1 = fmaxf(y1, y[i]);
    }
    q.bound = (VlLabelBox){x0, y0, x1 - x0, y1 - y0};
    return q;
}

bool vl_label_boxes_overlap(VlLabelBox a, VlLabelBox b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/* Half a pixel's grace: shapes that only touch (or cross by a rounding error) do not hit. */
#define GRACE 0.5f

bool vl_label_box_hits_quad(VlLabelBox b, const VlLabelQuad *q)
{
    VlLabelBox in = {b.x + GRACE, b.y + GRACE, b.w - 2 * GRACE, b.h - 2 * GRACE};
    if (in.w <= 0 || in.h <= 0 || !vl_label_boxes_overlap(in, q->bound))
        return false;
    /* The box's own axes are settled by the bounding box; the quad's edge normals remain. */
    float bx[4] = {in.x, in.x + in.w, in.x + in.w, in.x}, by[4] = {in.y, in.y, in.y + in.h, in.y + in.h};
    for (int e = 0; e < 4; e++) {
        float nx = -(q->y[(e + 1) % 4] - q->y[e]), ny = q->x[(e + 1) % 4] - q->x[e];
        if (nx == 0 && ny == 0)
            continue;
        float a0 = INFINITY, a1 = -INFINITY, b0 = INFINITY, b1 = -INFINITY;
        for (int i = 0; i < 4; i++) {
            float pa = nx * q->x[i] + ny * q->y[i], pb = nx * bx[i] + ny * by[i];
            a0 = fminf(a0, pa);
            a1 = fmaxf(a1, pa);
            b0 = fminf(b0, pb);
            b1 = fmaxf(b1, pb);
        }
        if (a1 <= b0 || b1 <= a0)
            return false;
    }
    return true;
}

/* Does the segment (x0, y0)-(x1, y1) pass through the inside of box b? (Liang-Barsky clipping.) */
static bool segment_hits_box(float x0, float y0, float x1, float y1, VlLabelBox b)
{
    VlLabelBox in = {b.x + GRACE, b.y + GRACE, b.w - 2 * GRACE, b.h - 2 * GRACE};
    if (in.w <= 0 || in.h <= 0)
        return false;
    float dx = x1 - x0, dy = y1 - y0, t0 = 0, t1 = 1;
    float p[4] = {-dx, dx, -dy, dy}, qv[4] = {x0 - in.x, in.x + in.w - x0, y0 - in.y, in.y + in.h - y0};
    for (int i = 0; i < 4; i++) {
        if (p[i] == 0) {
            if (qv[i] < 0)
                return false;
            continue;
        }
        float t = qv[i] / p[i];
        if (p[i] < 0)
            t0 = fmaxf(t0, t);
        else
            t1 = fminf(t1, t);
        if (t0 > t1)
            return false;
    }
    return t1 - t0 > 1e-6f;
}

static VlLabelBox grow(VlLabelBox b, float d) { return (VlLabelBox){b.x - d, b.y - d, b.w + 2 * d, b.h + 2 * d}; }

static bool inside(VlLabelBox b, VlLabelBox bounds)
{
    return b.x >= bounds.x - 0.01f && b.y >= bounds.y - 0.01f && b.x + b.w <= bounds.x + bounds.w + 0.01f &&
           b.y + b.h <= bounds.y + bounds.h + 0.01f;
}

/* ---- candidates ---- */

/* A candidate: a box, and a leader's far end when it stands off. */
typedef struct Cand {
    VlLabelBox box;
    bool leader;
    float lx1, ly1;
} Cand;

static Cand at_spot(const VlLabelItem *it, int t, int s)
{
    const VlLabelSpot *sp = &it->spot[s];
    Cand c = {{sp->x - sp->fx * it->w[t], sp->y - sp->fy * it->h[t], it->w[t], it->h[t]}, false, 0, 0};
    return c;
}

/* Leader spots: eight ways round the anchor (below first, then round by the right), at the reach and
 * 1.7 times as far; the box's side that faces the anchor sits on the spot. */
#define LEADER_SPOTS 16

static Cand at_leader(const VlLabelItem *it, int t, int k)
{
    static const float dir[8][2] = {{0, 1}, {0.7071f, 0.7071f}, {1, 0}, {0.7071f, -0.7071f},
                                    {0, -1}, {-0.7071f, -0.7071f}, {-1, 0}, {-0.7071f, 0.7071f}};
    float r = it->reach * (k < 8 ? 1.0f : 1.7f);
    float dx = dir[k % 8][0], dy = dir[k % 8][1];
    float px = it->ax + dx * r, py = it->ay + dy * r;
    float fx = dx > 0.38f ? 0 : dx < -0.38f ? 1 : 0.5f, fy = dy > 0.38f ? 0 : dy < -0.38f ? 1 : 0.5f;
    Cand c;
    c.box = (VlLabelBox){px - fx * it->w[t], py - fy * it->h[t], it->w[t], it->h[t]};
    c.leader = true;
    /* The leader ends on the box's edge nearest the anchor. */
    c.lx1 = fminf(fmaxf(it->ax, c.box.x), c.box.x + c.box.w);
    c.ly1 = fminf(fmaxf(it->ay, c.box.y), c.box.y + c.box.h);
    return c;
}

/* ---- the placement ---- */

typedef struct State {
    const VlLabelProblem *p;
    const VlLabelItem *items;
    VlLabelPlace *out;
    int *shown; /* the items shown so far, in the order placed */
    int nshown;
} State;

static bool hits_blocks(const VlLabelProblem *p, VlLabelBox b)
{
    for (int i = 0; i < p->nblocks; i++)
        if (vl_label_box_hits_quad(b, &p->blocks[i]))
            return true;
    return false;
}

/* Does candidate c of item k clash with label j shown? Boxes closer than the pad, a leader through
 * the other's box, or the other's leader through this box. */
static bool clashes(const State *st, const VlLabelItem *it, const Cand *c, int j)
{
    const VlLabelPlace *o = &st->out[j];
    if (vl_label_boxes_overlap(grow(c->box, st->p->pad), o->box))
        return true;
    if (c->leader && segment_hits_box(it->ax, it->ay, c->lx1, c->ly1, o->box))
        return true;
    if (o->leader && segment_hits_box(o->lx0, o->ly0, o->lx1, o->ly1, c->box))
        return true;
    return false;
}

static bool fits(const State *st, const VlLabelItem *it, const Cand *c, bool keep_off_blocks)
{
    if (c->box.w <= 0 || c->box.h <= 0 || !inside(c->box, st->p->bounds))
        return false;
    for (int i = 0; i < st->nshown; i++)
        if (clashes(st, it, c, st->shown[i]))
            return false;
    return !keep_off_blocks || !hits_blocks(st->p, c->box);
}

static void put(State *st, int k, int t, const Cand *c)
{
    const VlLabelItem *it = &st->items[k];
    VlLabelPlace *o = &st->out[k];
    o->shown = true;
    o->text = t;
    o->box = c->box;
    o->leader = c->leader;
    o->lx0 = it->ax;
    o->ly0 = it->ay;
    o->lx1 = c->lx1;
    o->ly1 = c->ly1;
    st->shown[st->nshown++] = k;
}

static bool place_one(State *st, int k)
{
    const VlLabelItem *it = &st->items[k];
    int passes = it->avoid == VL_LABEL_AVOID_SOFT ? 2 : 1;
    int ntexts = it->ntexts < 1 ? 1 : it->ntexts > VL_LABEL_TEXTS ? VL_LABEL_TEXTS : it->ntexts;
    int nspots = it->nspots > VL_LABEL_SPOTS ? VL_LABEL_SPOTS : it->nspots;
    for (int pass = 0; pass < passes; pass++) {
        bool keep_off = it->avoid == VL_LABEL_AVOID_HARD || (it->avoid == VL_LABEL_AVOID_SOFT && pass == 0);
        for (int t = 0; t < ntexts; t++)
            for (int s = 0; s < nspots; s++) {
                Cand c = at_spot(it, t, s);
                if (fits(st, it, &c, keep_off)) {
                    put(st, k, t, &c);
                    return true;
                }
            }
        if (!it->leader || it->reach <= 0)
            continue;
        for (int t = 0; t < ntexts; t++)
            for (int s = 0; s < LEADER_SPOTS; s++) {
                Cand c = at_leader(it, t, s);
                if (fits(st, it, &c, keep_off)) {
                    put(st, k, t, &c);
                    return true;
                }
            }
    }
    return false;
}

int vl_labels_place(const VlLabelProblem *p, const VlLabelItem *items, int n, VlLabelPlace *out)
{
    for (int i = 0; i < n; i++)
        memset(&out[i], 0, sizeof out[i]);
    if (n <= 0)
        return 0;
    int *order = malloc((size_t)n * sizeof *order), *shown = malloc((size_t)n * sizeof *shown);
    if (!order || !shown) {
        free(order);
        free(shown);
        return 0;
    }
    for (int i = 0; i < n; i++)
        order[i] = i;
    /* By rank, equal ranks in the items' order (an insertion sort: a few hundred items). */
    for (int i = 1; i < n; i++) {
        int v = order[i], j = i - 1;
        while (j >= 0 && items[order[j]].rank > items[v].rank) {
            order[j + 1] = order[j];
            j--;
        }
        order[j + 1] = v;
    }
    State st = {p, items, out, shown, 0};
    for (int i = 0; i < n; i++) {
        int k = order[i];
        if (!items[k].on_focus_only)
            place_one(&st, k);
    }
    free(order);
    free(shown);
    return st.nshown;
}

void vl_labels_promote(const VlLabelProblem *p, const VlLabelItem *items, int n, VlLabelPlace *out, int k, int keep)
{
    if (k < 0 || k >= n || (out[k].shown && out[k].text == 0 && inside(out[k].box, p->bounds)))
        return;
    const VlLabelItem *it = &items[k];
    int *shown = malloc((size_t)n * sizeof *shown);
    if (!shown)
        return;
    VlLabelPlace was = out[k];
    out[k].shown = false;
    int ns = 0;
    for (int i = 0; i < n; i++)
        if (out[i].shown)
            shown[ns++] = i;
    State st = {p, items, out, shown, ns};
    /* Its full text at the spot that costs least: every label it would hide costs one (a hundred for
     * the selected unit's labels and for @p keep), a leader a little, and for a label that keeps off
     * the units, covering one costs more than anything else. */
    int nspots = it->nspots > VL_LABEL_SPOTS ? VL_LABEL_SPOTS : it->nspots;
    int ncand = nspots + (it->leader && it->reach > 0 ? LEADER_SPOTS : 0);
    float best = INFINITY;
    Cand pick = {{0, 0, 0, 0}, false, 0, 0};
    for (int s = 0; s < ncand; s++) {
        Cand c = s < nspots ? at_spot(it, 0, s) : at_leader(it, 0, s - nspots);
        if (c.box.w <= 0 || c.box.h <= 0 || !inside(c.box, p->bounds))
            continue;
        float cost = c.leader ? 0.5f : 0;
        if (it->avoid != VL_LABEL_AVOID_NONE && hits_blocks(p, c.box))
            cost += it->avoid == VL_LABEL_AVOID_HARD ? 1000 : 0.75f;
        for (int i = 0; i < ns && cost < best; i++)
            if (clashes(&st, it, &c, shown[i]))
                cost += shown[i] == keep || items[shown[i]].rank == VL_LABEL_RANK_FOCUS ? 100 : 1;
        if (cost < best) {
            best = cost;
            pick = c;
        }
    }
    if (isfinite(best)) {
        for (int i = 0; i < ns; i++)
            if (clashes(&st, it, &pick, shown[i]))
                out[shown[i]].shown = false;
        st.nshown = 0;
        put(&st, k, 0, &pick);
    } else {
        out[k] = was; /* nowhere in the bounds for its full text: as it was */
    }
    free(shown);
}

/* ---- shorter names ---- */

/* The states of the war's armies and their postal abbreviations, and the words a unit's name is made
 * of, shortened the way orders of battle shorten them. */
static const char *const STATES[][2] = {
    {"North Carolina", "NC"}, {"South Carolina", "SC"}, {"New York", "NY"},       {"New Jersey", "NJ"},
    {"New Hampshire", "NH"},  {"West Virginia", "WV"},  {"Rhode Island", "RI"},   {"Alabama", "AL"},
    {"Arkansas", "AR"},       {"California", "CA"},     {"Connecticut", "CT"},    {"Delaware", "DE"},
    {"Florida", "FL"},        {"Georgia", "GA"},        {"Illinois", "IL"},       {"Indiana", "IN"},
    {"Iowa", "IA"},           {"Kansas", "KS"},         {"Kentucky", "KY"},       {"Louisiana", "LA"},
    {"Maine", "ME"},          {"Maryland", "MD"},       {"Massachusetts", "MA"},  {"Michigan", "MI"},
    {"Minnesota", "MN"},      {"Mississippi", "MS"},    {"Missouri", "MO"},       {"Ohio", "OH"},
    {"Pennsylvania", "PA"},   {"Tennessee", "TN"},      {"Texas", "TX"},          {"Vermont", "VT"},
    {"Virginia", "VA"},       {"Wisconsin", "WI"},      {"Oregon", "OR"},         {"Nevada", "NV"},
};
static const char *const WORDS[][2] = {
    {"Battery", "Bty"}, {"Artillery", "Art."}, {"Cavalry", "Cav."},  {"Infantry", "Inf."}, {"Mounted", "Mtd"},
    {"Battalion", "Bn"}, {"Regiment", "Regt"}, {"Volunteers", "Vols"}, {"Light", "Lt."},   {"Legion", "Leg."},
};

/* The name before a bracket or a comma, trimmed. */
static void base_of(const char *name, char *out, size_t size)
{
    snprintf(out, size, "%s", name ? name : "");
    size_t cut = strcspn(out, "(,");
    out[cut] = 0;
    size_t l = strlen(out);
    while (l > 0 && out[l - 1] == ' ')
        out[--l] = 0;
    size_t lead = strspn(out, " ");
    memmove(out, out + lead, strlen(out + lead) + 1);
}

static void append(char *out, size_t size, const char *word)
{
    size_t l = strlen(out);
    snprintf(out + l, size - l, "%s%s", l ? " " : "", word);
}

static bool word_is(const char *s, size_t len, const char *w) { return strlen(w) == len && strncmp(s, w, len) == 0; }

/* A general's rank in a few letters ("Gen.", "Col."), and his surname (the last word). */
static void general_parts(const char *base, const char **rank, char *surname, size_t size)
{
    *rank = strstr(base, "Gen.") ? "Gen." : strstr(base, "Lt. Col.") ? "Lt. Col." : strstr(base, "Col.") ? "Col."
            : strstr(base, "Maj.") ? "Maj." : strstr(base, "Capt.") ? "Capt." : "";
    const char *last = strrchr(base, ' ');
    snprintf(surname, size, "%s", last ? last + 1 : base);
}

void vl_label_short_name(const char *name, bool general, char *out, size_t size)
{
    if (!size)
        return;
    out[0] = 0;
    char base[256], res[256] = "";
    base_of(name, base, sizeof base);
    if (general) {
        const char *rank;
        char sur[128];
        general_parts(base, &rank, sur, sizeof sur);
        snprintf(res, sizeof res, "%s%s%s", rank, rank[0] ? " " : "", sur);
    } else {
        const char *p = base;
        while (*p) {
            while (*p == ' ')
                p++;
            if (!*p)
                break;
            size_t len = strcspn(p, " ");
            const char *sub = NULL;
            size_t used = len;
            for (size_t k = 0; k < sizeof STATES / sizeof STATES[0] && !sub; k++) {
                size_t sl = strlen(STATES[k][0]);
                if (strncmp(p, STATES[k][0], sl) == 0 && (p[sl] == 0 || p[sl] == ' ')) {
                    sub = STATES[k][1];
                    used = sl;
                }
            }
            for (size_t k = 0; k < sizeof WORDS / sizeof WORDS[0] && !sub; k++)
                if (word_is(p, len, WORDS[k][0]))
                    sub = WORDS[k][1];
            char word[128];
            snprintf(word, sizeof word, "%.*s", (int)(sub ? strlen(sub) : len), sub ? sub : p);
            append(res, sizeof res, word);
            p += used;
        }
    }
    if (strlen(res) < strlen(name ? name : ""))
        snprintf(out, size, "%s", res);
}

void vl_label_tiny_name(const char *name, bool general, char *out, size_t size)
{
    if (!size)
        return;
    out[0] = 0;
    char shorter[256], res[128];
    vl_label_short_name(name, general, shorter, sizeof shorter);
    if (!shorter[0])
        snprintf(shorter, sizeof shorter, "%s", name ? name : "");
    if (general) {
        char base[256];
        const char *rank;
        base_of(name, base, sizeof base);
        general_parts(base, &rank, res, sizeof res);
    } else {
        snprintf(res, sizeof res, "%.*s", (int)strcspn(shorter, " "), shorter);
    }
    if (strlen(res) < strlen(shorter))
        snprintf(out, size, "%s", res);
}

void vl_label_truncate(const char *s, size_t max, char *out, size_t size)
{
    if (!size)
        return;
    s = s ? s : "";
    size_t len = strlen(s);
    if (len <= max || max < 4) {
        snprintf(out, size, "%s", s);
        return;
    }
    /* Room for the ellipsis (three bytes in UTF-8); cut at the last space before, else mid-word on
     * a character boundary. */
    size_t cut = max - 3;
    size_t sp = cut;
    while (sp > 0 && s[sp] != ' ')
        sp--;
    if (sp > 0)
        cut = sp;
    while (cut > 0 && ((unsigned char)s[cut] & 0xC0) == 0x80)
        cut--;
    while (cut > 0 && (s[cut - 1] == ' ' || s[cut - 1] == ',' || s[cut - 1] == ':' || s[cut - 1] == '-'))
        cut--;
    snprintf(out, size, "%.*s\xE2\x80\xA6", (int)cut, s);
}
