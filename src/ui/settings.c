/* The player's settings file (settings.h): a small JSON object, read strictly and written whole.
 * Unknown keys are refused so that a misspelt setting says so instead of doing nothing. */
#define _XOPEN_SOURCE 700
#include "settings.h"

#include <jansson.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h> /* access */

#include "volley/paths.h"
#include "volley/world.h"
#include "input.h" /* VL_UI_OVERLAYS */

#define SETTINGS_MAX_BYTES 65536

VlUiSettings vl_ui_settings_default(void)
{
    VlUiSettings s;
    memset(&s, 0, sizeof s);
    s.confirm_end_phase = true;
    s.ai_delay_ms = 350;
    s.animation = VL_UI_ANIM_NORMAL;
    s.label_density = VL_UI_LABELS_ALL;
    s.phase_help = true;
    return s;
}

/* Where @p ms stands in VL_UI_AI_PAUSES, or -1. */
static int pause_index(int ms)
{
    static const int pauses[VL_UI_AI_NPAUSES] = VL_UI_AI_PAUSES;
    for (int i = 0; i < VL_UI_AI_NPAUSES; i++)
        if (pauses[i] == ms)
            return i;
    return -1;
}

int vl_ui_next_ai_pause(int ms)
{
    static const int pauses[VL_UI_AI_NPAUSES] = VL_UI_AI_PAUSES;
    return pauses[(pause_index(ms) + 1) % VL_UI_AI_NPAUSES]; /* not one of them (-1): the slowest */
}

static bool fail(char *err, size_t errsize, const char *fmt, const char *a, const char *b)
{
    if (err && errsize)
        snprintf(err, errsize, fmt, a, b);
    return false;
}

/* The Republic options named in @p a (each a known id, once) into @p out. */
static bool rep_list(json_t *a, unsigned *out)
{
    unsigned m = 0;
    size_t i;
    json_t *x;
    json_array_foreach(a, i, x)
    {
        int k = json_is_string(x) ? vl_rep_option_parse(json_string_value(x)) : -1;
        if (k < 0 || (m >> k) & 1u)
            return false;
        m |= 1u << k;
    }
    *out = m;
    return true;
}

bool vl_ui_settings_load(const char *path, VlUiSettings *out, char *err, size_t errsize)
{
    *out = vl_ui_settings_default();
    if (access(path, F_OK) != 0)
        return true;
    VlDiagList d;
    vl_diag_init(&d, path);
    char *text = NULL;
    size_t len = 0;
    if (vl_read_text_file(path, SETTINGS_MAX_BYTES, "a settings", &text, &len, &d) != VL_OK) {
        char line[700];
        vl_diag_format(&d, &d.items[0], line, sizeof line);
        vl_diag_free(&d);
        return fail(err, errsize, "%s%s", line, "");
    }
    vl_diag_free(&d);
    json_error_t je;
    json_t *o = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    free(text);
    if (!json_is_object(o)) {
        char where[64];
        snprintf(where, sizeof where, "%d:%d", je.line, je.column);
        json_decref(o);
        return fail(err, errsize, "%s: not a settings file (%s); delete it to start afresh", path, where);
    }
    VlUiSettings s = vl_ui_settings_default();
    const char *key;
    json_t *v;
    bool ok = true;
    char why[300] = "";
    json_object_foreach(o, key, v) {
        if (strcmp(key, "confirm_end_phase") == 0 && json_is_boolean(v)) {
            s.confirm_end_phase = json_is_true(v);
        } else if (strcmp(key, "ai_delay_ms") == 0 && json_is_integer(v) && pause_index((int)json_integer_value(v)) >= 0) {
            s.ai_delay_ms = (int)json_integer_value(v);
        } else if (strcmp(key, "animation") == 0 && json_is_integer(v) && json_integer_value(v) >= 0 &&
                   json_integer_value(v) < VL_UI_ANIM_COUNT) {
            s.animation = (int)json_integer_value(v);
        } else if (strcmp(key, "label_density") == 0 && json_is_integer(v) && json_integer_value(v) >= 0 &&
                   json_integer_value(v) < VL_UI_LABELS_COUNT) {
            s.label_density = (int)json_integer_value(v);
        } else if (strcmp(key, "default_overlays") == 0 && json_is_integer(v) && json_integer_value(v) >= 0 &&
                   json_integer_value(v) < (1 << VL_UI_OVERLAYS)) {
            s.default_overlays = (unsigned)json_integer_value(v);
        } else if (strcmp(key, "phase_help") == 0 && json_is_boolean(v)) {
            s.phase_help = json_is_true(v);
        } else if (strcmp(key, "charge_rules") == 0 && json_is_string(v) && vl_charge_rules_parse(json_string_value(v)) >= 0) {
            s.charge_rules = vl_charge_rules_parse(json_string_value(v));
        } else if (strcmp(key, "republic") == 0 && json_is_array(v) && rep_list(v, &s.republic)) {
        } else if (strcmp(key, "scenario") == 0 && json_is_string(v) && json_string_length(v) < sizeof s.scenario &&
                   !strchr(json_string_value(v), '/')) {
            snprintf(s.scenario, sizeof s.scenario, "%s", json_string_value(v));
        } else if (strcmp(key, "players") == 0 && json_is_array(v) && json_array_size(v) == 2 &&
                   json_is_string(json_array_get(v, 0)) && json_is_string(json_array_get(v, 1)) &&
                   vl_player_parse(json_string_value(json_array_get(v, 0)), &s.player[0]) &&
                   vl_player_parse(json_string_value(json_array_get(v, 1)), &s.player[1])) {
            s.have_players = true;
        } else {
            snprintf(why, sizeof why, "\"%s\" is not a setting or has a value Volley does not take", key);
            ok = false;
            break;
        }
    }
    json_decref(o);
    if (!ok)
        return fail(err, errsize, "%s: %s; fix or delete the file", path, why);
    *out = s;
    return true;
}

bool vl_ui_settings_save(const char *path, const VlUiSettings *s, char *err, size_t errsize)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", path);
    char *folder = dirname(dir);
    char why[256];
    if (vl_paths_mkdir_p(folder, 0700, why, sizeof why) != VL_OK)
        return fail(err, errsize, "cannot make %s: %s", folder, why);
    json_t *o = json_object();
    json_object_set_new(o, "confirm_end_phase", json_boolean(s->confirm_end_phase));
    json_object_set_new(o, "ai_delay_ms", json_integer(s->ai_delay_ms));
    json_object_set_new(o, "animation", json_integer(s->animation));
    json_object_set_new(o, "label_density", json_integer(s->label_density));
    json_object_set_new(o, "default_overlays", json_integer(s->default_overlays));
    json_object_set_new(o, "phase_help", json_boolean(s->phase_help));
    json_object_set_new(o, "charge_rules", json_string(vl_charge_rules_name((VlChargeRules)s->charge_rules)));
    json_t *rep = json_array();
    for (int k = 0; k < VL_REP_COUNT; k++)
        if ((s->republic >> k) & 1u)
            json_array_append_new(rep, json_string(vl_rep_option_id((VlRepOption)k)));
    json_object_set_new(o, "republic", rep);
    if (s->scenario[0])
        json_object_set_new(o, "scenario", json_string(s->scenario));
    if (s->have_players)
        json_object_set_new(o, "players", json_pack("[ss]", vl_player_name(s->player[0]), vl_player_name(s->player[1])));
    char *text = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(o);
    if (!text)
        return fail(err, errsize, "%s: out of memory%s", path, "");
    size_t n = strlen(text);
    bool ok = vl_write_text_file(path, text, n, why, sizeof why);
    free(text);
    if (!ok)
        return fail(err, errsize, "%s%s", why, "");
    return true;
}
