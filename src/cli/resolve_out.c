/* JSON pieces shared by the resolver commands (move, charge, threats): docs/resolvers-json.md. */
#include "resolve_out.h"

#include <math.h>

void ro_pose(JsonOut *j, VlPose p)
{
    bool pretty = j->pretty;
    j->pretty = false;
    jo_begin_object(j);
    jo_key(j, "position");
    jo_point(j, p.anchor);
    jo_key(j, "facing");
    jo_number(j, p.facing);
    jo_end_object(j);
    j->pretty = pretty;
}

void ro_reasons(JsonOut *j, const VlWorld *w, const VlReasons *rs)
{
    jo_begin_array(j);
    for (int i = 0; i < rs->n; i++) {
        const VlReason *r = &rs->r[i];
        bool pretty = j->pretty;
        jo_begin_object(j);
        j->pretty = false;
        jo_key(j, "clause");
        jo_string(j, r->clause);
        jo_key(j, "ok");
        jo_bool(j, r->ok);
        jo_key(j, "text");
        jo_string(j, r->text);
        if (isfinite(r->value)) {
            jo_key(j, "value");
            jo_number(j, r->value);
        }
        if (r->unit >= 0 && r->unit < w->nunits) {
            jo_key(j, "unit");
            jo_string(j, w->scenario->units[r->unit].id);
        }
        if (r->feature >= 0 && r->feature < w->scenario->nterrain) {
            jo_key(j, "feature");
            jo_string(j, w->scenario->terrain[r->feature].id);
        }
        jo_end_object(j);
        j->pretty = pretty;
    }
    jo_end_array(j);
}

void ro_unit_list(JsonOut *j, const VlWorld *w, const int *units, int n)
{
    bool pretty = j->pretty;
    j->pretty = false;
    jo_begin_array(j);
    for (int i = 0; i < n; i++)
        jo_string(j, w->scenario->units[units[i]].id);
    jo_end_array(j);
    j->pretty = pretty;
}

void ro_feature_list(JsonOut *j, const VlWorld *w, const int *features, int n)
{
    bool pretty = j->pretty;
    j->pretty = false;
    jo_begin_array(j);
    for (int i = 0; i < n; i++)
        jo_string(j, w->scenario->terrain[features[i]].id);
    jo_end_array(j);
    j->pretty = pretty;
}

void ro_unit_or_null(JsonOut *j, const VlWorld *w, int unit)
{
    if (unit >= 0)
        jo_string(j, w->scenario->units[unit].id);
    else
        jo_null(j);
}

void ro_feature_or_null(JsonOut *j, const VlWorld *w, int feature)
{
    if (feature >= 0)
        jo_string(j, w->scenario->terrain[feature].id);
    else
        jo_null(j);
}
