/* What the texts a person reads call the things of a scenario: names, not the ids the file and the
 * JSON outputs use. A unit's short name is fixed once, when the scenario is loaded, so a unit is
 * always called the same in the dice log, the toasts, the cards and the replay. */
#include "volley/scenario.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>

static bool in_range(int i, int n) { return i >= 0 && i < n; }

const char *vl_unit_label(const VlScenario *s, int u)
{
    if (!s || !in_range(u, s->nunits))
        return "?";
    const VlScenarioUnit *su = &s->units[u];
    if (s->label_ids)
        return su->id;
    return su->short_name[0] ? su->short_name : su->name[0] ? su->name : su->id;
}

const char *vl_unit_full_name(const VlScenario *s, int u)
{
    if (!s || !in_range(u, s->nunits))
        return "?";
    const VlScenarioUnit *su = &s->units[u];
    return s->label_ids || !su->name[0] ? vl_unit_label(s, u) : su->name;
}

const char *vl_brigade_label(const VlScenario *s, int b)
{
    if (!s || !in_range(b, s->nbrigades))
        return "?";
    const VlBrigade *br = &s->brigades[b];
    if (s->label_ids)
        return br->id;
    return br->short_name[0] ? br->short_name : br->name[0] ? br->name : br->id;
}

const char *vl_brigade_label_by_id(const VlScenario *s, const char *id)
{
    for (int b = 0; s && id && b < s->nbrigades; b++)
        if (strcmp(s->brigades[b].id, id) == 0)
            return vl_brigade_label(s, b);
    return id ? id : "?";
}

const char *vl_objective_label(const VlScenario *s, int o)
{
    if (!s || !in_range(o, s->nobjectives))
        return "?";
    const VlObjective *ob = &s->objectives[o];
    return s->label_ids || !ob->name[0] ? ob->id : ob->name;
}

const char *vl_terrain_label(const VlScenario *s, int t)
{
    if (!s || !in_range(t, s->nterrain))
        return "?";
    const VlTerrain *f = &s->terrain[t];
    if (s->label_ids)
        return f->id;
    return f->name[0] ? f->name : vl_terrain_type_name(f->type);
}

void vl_scenario_label_by_ids(VlScenario *s) { s->label_ids = true; }

/* A rank or title before a general's name: a word ending in a full stop ("Brig.", "Gen.", "Lt.")
 * or one of the words written out. */
static bool is_title(const char *w, size_t n)
{
    static const char *const words[] = {"General", "Colonel", "Major", "Captain", "Lieutenant", "Brigadier", "Sir"};
    if (n >= 2 && w[n - 1] == '.')
        return true;
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
        if (strlen(words[k]) == n && strncmp(words[k], w, n) == 0)
            return true;
    return false;
}

/* A word after a surname that is no surname ("Jr.", "III"). */
static bool is_suffix(const char *w, size_t n)
{
    static const char *const words[] = {"Jr.", "Sr.", "Jr", "Sr", "II", "III", "IV"};
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
        if (strlen(words[k]) == n && strncmp(words[k], w, n) == 0)
            return true;
    return false;
}

/* The short form of @p name into out (VL_SHORT_MAX): drop a parenthesis and whatever follows a
 * comma; for a general keep the surname; cut a long remainder at a word. */
static void derive(const char *name, bool general, char *out)
{
    char buf[VL_NAME_MAX];
    snprintf(buf, sizeof buf, "%s", name);
    buf[strcspn(buf, "(,")] = '\0';
    size_t n = strlen(buf);
    while (n > 0 && isspace((unsigned char)buf[n - 1]))
        buf[--n] = '\0';
    const char *start = buf;
    while (isspace((unsigned char)*start))
        start++;
    if (general) {
        /* The last word that is neither a title nor a suffix: "Brig. Gen. James J. Archer" -> Archer. */
        const char *best = NULL;
        size_t bestn = 0;
        for (const char *w = start; *w;) {
            size_t wn = strcspn(w, " ");
            if (wn > 0 && !is_title(w, wn) && !is_suffix(w, wn)) {
                best = w;
                bestn = wn;
            }
            w += wn;
            while (*w == ' ')
                w++;
        }
        if (best && bestn < VL_SHORT_MAX) {
            memcpy(out, best, bestn);
            out[bestn] = '\0';
            return;
        }
    }
    n = strlen(start);
    if (n >= VL_SHORT_MAX) {
        /* Cut at the last space that keeps it within the limit. */
        n = VL_SHORT_MAX - 1;
        while (n > 0 && start[n] != ' ')
            n--;
        if (n == 0)
            n = VL_SHORT_MAX - 1;
    }
    memcpy(out, start, n);
    out[n] = '\0';
}

/* Short names the loader derived that another unit (or brigade) also has: fall back to the whole
 * name, for each of them, so no two are called the same. @p label reads entry i's label. */
static void unshare(const VlScenario *s, int n, const bool *derived, bool *shared,
                    const char *(*label)(const VlScenario *, int))
{
    for (int i = 0; i < n; i++) {
        shared[i] = false;
        for (int j = 0; j < n && derived[i]; j++)
            if (j != i && strcmp(label(s, i), label(s, j)) == 0)
                shared[i] = true;
    }
}

void vl_scenario_short_names(VlScenario *s)
{
    /* The loader caps units and brigades below these; a hand-built scenario past them keeps the
     * rest unnamed short (their whole names then serve). */
    enum { MAXU = 1024, MAXB = 256 };
    static_assert(MAXU >= 1000 && MAXB >= 200, "the loader's caps");
    bool derived_u[MAXU] = {false}, derived_b[MAXB] = {false}, shared_u[MAXU], shared_b[MAXB];
    int nu = s->nunits < MAXU ? s->nunits : MAXU, nb = s->nbrigades < MAXB ? s->nbrigades : MAXB;
    for (int i = 0; i < nu; i++) {
        VlScenarioUnit *su = &s->units[i];
        if (su->short_name[0] || !su->name[0])
            continue;
        derive(su->name, su->type == VL_GENERAL, su->short_name);
        derived_u[i] = true;
    }
    for (int b = 0; b < nb; b++) {
        VlBrigade *br = &s->brigades[b];
        if (br->short_name[0] || !br->name[0])
            continue;
        derive(br->name, false, br->short_name);
        derived_b[b] = true;
    }
    unshare(s, nu, derived_u, shared_u, vl_unit_label);
    unshare(s, nb, derived_b, shared_b, vl_brigade_label);
    for (int i = 0; i < nu; i++)
        if (shared_u[i])
            snprintf(s->units[i].short_name, VL_SHORT_MAX, "%.39s", s->units[i].name);
    for (int b = 0; b < nb; b++)
        if (shared_b[b])
            snprintf(s->brigades[b].short_name, VL_SHORT_MAX, "%.39s", s->brigades[b].name);
}
