/* The scenario as the editor holds it (edit.h): deep copies, the loader's checks run on the
 * scenario as written, which thing a problem is about, and the undo and redo stacks of snapshots.
 * The editor has no checks of its own: a problem is whatever `volley validate` would say of the
 * file the editor would write. */
#include "volley/edit.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- copies ---- */

static void *dup_array(const void *src, int n, size_t size, bool *ok)
{
    if (!src || n <= 0)
        return NULL;
    void *p = malloc((size_t)n * size);
    if (!p) {
        *ok = false;
        return NULL;
    }
    memcpy(p, src, (size_t)n * size);
    return p;
}

VlStatus vl_scenario_clone(const VlScenario *src, VlScenario *dst)
{
    *dst = *src;
    dst->terrain = NULL;
    dst->units = NULL;
    dst->brigades = NULL;
    dst->objectives = NULL;
    dst->events = NULL;
    dst->initial_order = NULL;
    bool ok = true;
    dst->units = dup_array(src->units, src->nunits, sizeof *src->units, &ok);
    dst->brigades = dup_array(src->brigades, src->nbrigades, sizeof *src->brigades, &ok);
    dst->objectives = dup_array(src->objectives, src->nobjectives, sizeof *src->objectives, &ok);
    dst->events = dup_array(src->events, src->nevents, sizeof *src->events, &ok);
    dst->initial_order = dup_array(src->initial_order, src->nbrigades, sizeof *src->initial_order, &ok);
    dst->terrain = dup_array(src->terrain, src->nterrain, sizeof *src->terrain, &ok);
    if (dst->terrain)
        for (int i = 0; i < src->nterrain; i++) {
            dst->terrain[i].pts = NULL;
            if (ok)
                dst->terrain[i].pts = dup_array(src->terrain[i].pts, src->terrain[i].npts, sizeof(VlVec2), &ok);
        }
    if (!ok) {
        vl_scenario_free(dst);
        memset(dst, 0, sizeof *dst);
        return VL_ERR_NOMEM;
    }
    return VL_OK;
}

/* ---- checks ---- */

VlStatus vl_scenario_check(const VlScenario *s, VlDiagList *diags)
{
    const char *name = s->file[0] && strcmp(s->file, "<input>") != 0 ? s->file : "new table";
    if (!diags->file[0])
        snprintf(diags->file, sizeof diags->file, "%s", name);
    size_t len = 0;
    char *text = vl_scenario_write_json(s, &len);
    if (!text)
        return vl_diag_add(diags, VL_ERR_NOMEM, 0, 0, "", "out of memory checking the scenario");
    VlScenario back;
    VlStatus st = vl_scenario_load_string(text, len, name, &back, diags);
    free(text);
    if (st == VL_OK)
        vl_scenario_free(&back);
    return st;
}

/* "name[12]" at *p: the index, with *p moved past it; -1 when @p name does not start there. */
static int indexed(const char **p, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(*p, name, n) != 0 || (*p)[n] != '[' || !isdigit((unsigned char)(*p)[n + 1]))
        return -1;
    char *end;
    long i = strtol(*p + n + 1, &end, 10);
    if (*end != ']' || i > 1000000)
        return -1;
    *p = end + 1;
    return (int)i;
}

VlProblemTarget vl_scenario_problem_target(const char *path)
{
    VlProblemTarget t = {VL_PROBLEM_SCENARIO, -1};
    if (!path)
        return t;
    static const struct {
        const char *name;
        VlProblemKind kind;
    } lists[] = {
        {"units", VL_PROBLEM_UNIT},           {"terrain", VL_PROBLEM_TERRAIN},
        {"victory.objectives", VL_PROBLEM_OBJECTIVE}, {"brigades", VL_PROBLEM_BRIGADE},
        {"sides", VL_PROBLEM_SIDE},           {"events", VL_PROBLEM_EVENT},
    };
    for (size_t k = 0; k < sizeof lists / sizeof lists[0]; k++) {
        const char *p = path;
        int i = indexed(&p, lists[k].name);
        if (i >= 0 && (*p == 0 || *p == '.' || *p == '[')) {
            t.kind = lists[k].kind;
            t.index = i;
            return t;
        }
    }
    return t;
}

/* ---- the document ---- */

static const char *doc_file(const VlEditDoc *doc) { return doc->path[0] ? doc->path : "new table"; }

/* Find the problems again: the list is made afresh, naming the doc's file. */
static void recheck(VlEditDoc *doc)
{
    vl_diag_free(&doc->problems);
    vl_diag_init(&doc->problems, doc_file(doc));
    (void)vl_scenario_check(&doc->s, &doc->problems);
}

static void drop_stack(VlScenario *stack, int *n)
{
    for (int i = 0; i < *n; i++)
        vl_scenario_free(&stack[i]);
    *n = 0;
}

static void set_dirty(VlEditDoc *doc) { doc->dirty = doc->clean_at != doc->nundo; }

VlStatus vl_edit_open(VlEditDoc *doc, VlScenario *s, const char *path)
{
    memset(doc, 0, sizeof *doc);
    doc->undo = calloc(VL_EDIT_UNDO_MAX, sizeof *doc->undo);
    doc->redo = calloc(VL_EDIT_UNDO_MAX, sizeof *doc->redo);
    doc->undo_what = calloc(VL_EDIT_UNDO_MAX, sizeof *doc->undo_what);
    doc->redo_what = calloc(VL_EDIT_UNDO_MAX, sizeof *doc->redo_what);
    if (!doc->undo || !doc->redo || !doc->undo_what || !doc->redo_what) {
        free(doc->undo);
        free(doc->redo);
        free(doc->undo_what);
        free(doc->redo_what);
        memset(doc, 0, sizeof *doc);
        return VL_ERR_NOMEM;
    }
    doc->s = *s;
    memset(s, 0, sizeof *s);
    snprintf(doc->path, sizeof doc->path, "%s", path ? path : "");
    if (doc->path[0])
        snprintf(doc->s.file, sizeof doc->s.file, "%.255s", doc->path);
    doc->clean_at = 0;
    doc->generation = 1;
    vl_diag_init(&doc->problems, doc_file(doc));
    recheck(doc);
    return VL_OK;
}

VlStatus vl_edit_new(VlEditDoc *doc, double width, double height)
{
    VlScenario s;
    memset(&s, 0, sizeof s);
    s.version = 1;
    snprintf(s.name, sizeof s.name, "New table");
    s.width = width;
    s.height = height;
    s.nsides = 2;
    snprintf(s.sides[0].id, sizeof s.sides[0].id, "union");
    snprintf(s.sides[0].name, sizeof s.sides[0].name, "Union");
    snprintf(s.sides[1].id, sizeof s.sides[1].id, "csa");
    snprintf(s.sides[1].name, sizeof s.sides[1].name, "Confederate");
    s.first_side = 0;
    s.turns = 12;
    s.break_percent = 50;
    s.charge_rules = VL_RULES_GOR;
    return vl_edit_open(doc, &s, NULL);
}

void vl_edit_free(VlEditDoc *doc)
{
    if (doc->undo)
        drop_stack(doc->undo, &doc->nundo);
    if (doc->redo)
        drop_stack(doc->redo, &doc->nredo);
    free(doc->undo);
    free(doc->redo);
    free(doc->undo_what);
    free(doc->redo_what);
    vl_scenario_free(&doc->s);
    vl_diag_free(&doc->problems);
    memset(doc, 0, sizeof *doc);
}

/* Push a snapshot (taken over) on the undo stack, the oldest dropped when it is full. */
static void push_undo(VlEditDoc *doc, VlScenario *snap, const char *what)
{
    if (doc->nundo == VL_EDIT_UNDO_MAX) {
        vl_scenario_free(&doc->undo[0]);
        memmove(doc->undo, doc->undo + 1, (VL_EDIT_UNDO_MAX - 1) * sizeof *doc->undo);
        memmove(doc->undo_what, doc->undo_what + 1, (VL_EDIT_UNDO_MAX - 1) * sizeof *doc->undo_what);
        doc->nundo--;
        /* The saved state moved down with the stack, or fell off it. */
        doc->clean_at = doc->clean_at > 0 ? doc->clean_at - 1 : -1;
    }
    doc->undo[doc->nundo] = *snap;
    snprintf(doc->undo_what[doc->nundo], sizeof doc->undo_what[0], "%s", what ? what : "");
    doc->nundo++;
}

VlStatus vl_edit_begin(VlEditDoc *doc, const char *what)
{
    if (doc->open)
        vl_edit_end(doc);
    VlScenario snap;
    VlStatus st = vl_scenario_clone(&doc->s, &snap);
    if (st != VL_OK)
        return st;
    push_undo(doc, &snap, what);
    doc->open = true;
    return VL_OK;
}

/* The short names not given in the file, derived again from the names as the loader would. */
static void rederive_names(VlScenario *s)
{
    for (int i = 0; i < s->nunits; i++)
        if (!s->units[i].short_given)
            s->units[i].short_name[0] = 0;
    for (int b = 0; b < s->nbrigades; b++)
        if (!s->brigades[b].short_given)
            s->brigades[b].short_name[0] = 0;
    vl_scenario_short_names(s);
}

void vl_edit_end(VlEditDoc *doc)
{
    if (!doc->open)
        return;
    doc->open = false;
    drop_stack(doc->redo, &doc->nredo);
    /* A save point above the snapshot just taken can no longer be reached. */
    if (doc->clean_at >= doc->nundo)
        doc->clean_at = -1;
    rederive_names(&doc->s);
    doc->generation++;
    set_dirty(doc);
    recheck(doc);
}

void vl_edit_cancel(VlEditDoc *doc)
{
    if (!doc->open || doc->nundo == 0)
        return;
    doc->open = false;
    vl_scenario_free(&doc->s);
    doc->s = doc->undo[--doc->nundo];
    memset(&doc->undo[doc->nundo], 0, sizeof doc->undo[0]);
    doc->generation++;
    set_dirty(doc);
    recheck(doc);
}

bool vl_edit_undo(VlEditDoc *doc, char *what, size_t size)
{
    if (doc->open)
        vl_edit_end(doc);
    if (doc->nundo == 0)
        return false;
    int k = --doc->nundo;
    if (what && size)
        snprintf(what, size, "%s", doc->undo_what[k]);
    /* The redo stack holds at most as many as the undo stack did: it never overflows. */
    doc->redo[doc->nredo] = doc->s;
    memcpy(doc->redo_what[doc->nredo], doc->undo_what[k], sizeof doc->redo_what[0]);
    doc->nredo++;
    doc->s = doc->undo[k];
    memset(&doc->undo[k], 0, sizeof doc->undo[0]);
    doc->generation++;
    set_dirty(doc);
    recheck(doc);
    return true;
}

bool vl_edit_redo(VlEditDoc *doc, char *what, size_t size)
{
    if (doc->open)
        vl_edit_end(doc);
    if (doc->nredo == 0)
        return false;
    int k = --doc->nredo;
    if (what && size)
        snprintf(what, size, "%s", doc->redo_what[k]);
    VlScenario cur = doc->s;
    push_undo(doc, &cur, doc->redo_what[k]);
    doc->s = doc->redo[k];
    memset(&doc->redo[k], 0, sizeof doc->redo[0]);
    doc->generation++;
    set_dirty(doc);
    recheck(doc);
    return true;
}

VlStatus vl_edit_save(VlEditDoc *doc, const char *path, VlDiagList *diags)
{
    const char *to = path && path[0] ? path : doc->path;
    if (!to[0])
        return vl_diag_add(diags, VL_ERR_USAGE, 0, 0, "", "the new table has no file yet: choose where to save it");
    char where[sizeof doc->path];
    snprintf(where, sizeof where, "%s", to);
    VlStatus st = vl_scenario_save_file(&doc->s, where, diags);
    if (st != VL_OK)
        return st;
    snprintf(doc->path, sizeof doc->path, "%s", where);
    snprintf(doc->s.file, sizeof doc->s.file, "%.255s", where);
    /* The hash of the file as now saved: a game played from the table names the scenario by it. */
    size_t len = 0;
    char *text = vl_scenario_write_json(&doc->s, &len);
    if (text)
        doc->s.hash = vl_hash_bytes(VL_HASH_INIT, text, len);
    free(text);
    snprintf(doc->problems.file, sizeof doc->problems.file, "%.255s", where);
    doc->clean_at = doc->nundo;
    doc->dirty = false;
    return VL_OK;
}

/* Whether some id of the scenario but @p self (the thing the id is for, when it is already in the
 * scenario) is @p id. */
static bool id_used(const VlScenario *s, const char *id, const char *self)
{
#define USED(arr, n)                                                                                        \
    for (int i = 0; i < (n); i++)                                                                           \
        if ((arr)[i].id != self && strcmp((arr)[i].id, id) == 0)                                            \
            return true;
    USED(s->sides, s->nsides)
    USED(s->brigades, s->nbrigades)
    USED(s->terrain, s->nterrain)
    USED(s->units, s->nunits)
    USED(s->objectives, s->nobjectives)
#undef USED
    return false;
}

void vl_edit_fresh_id(const VlScenario *s, const char *stem, char out[VL_ID_MAX])
{
    if (!stem || !stem[0])
        stem = "x";
    /* Built apart from @p out, which may be the id of the very thing being added (already counted
     * in the scenario): that one is not counted. */
    char id[VL_ID_MAX];
    for (int n = 1;; n++) {
        snprintf(id, sizeof id, "%.40s%d", stem, n);
        bool used = id_used(s, id, out);
        if (!used || n > 1000000)
            break;
    }
    memcpy(out, id, sizeof id);
}
