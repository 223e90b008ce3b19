/* volley sight: the line of sight from any point or unit to any point or unit, as the game decides it
 * (vl_world_sight_between: a battery's rule of levels, REP-601's blind zones when the rules have it),
 * on the table at the scenario's start (reinforcements not yet arrived block nothing); the tape's
 * distance too (vl_measure). */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

static const char *USAGE = "usage: volley sight SCENARIO --from X,Y|UNIT --to X,Y|UNIT [--rules R] [--option REP-601] [--json]\n";

/* "X,Y" in table inches, else a unit id. */
static bool parse_end(const VlScenario *s, const char *path, const char *word, VlTableEnd *e)
{
    char *end;
    double x = strtod(word, &end);
    if (end != word && *end == ',') {
        const char *ys = end + 1;
        double y = strtod(ys, &end);
        if (end != ys && *end == 0 && isfinite(x) && isfinite(y)) {
            *e = (VlTableEnd){-1, vl_v2(x, y)};
            return true;
        }
    }
    int u = vl_cli_find_unit(s, path, word);
    if (u < 0)
        return false;
    *e = (VlTableEnd){u, vl_v2(0, 0)};
    return true;
}

static const char *obstacle_name(const VlScenario *s, VlObstacleRef ref)
{
    return ref.kind == VL_OBST_UNIT ? vl_unit_label(s, ref.index) : vl_terrain_label(s, ref.index);
}

static const char *obstacle_id(const VlScenario *s, VlObstacleRef ref)
{
    return ref.kind == VL_OBST_UNIT ? s->units[ref.index].id : s->terrain[ref.index].id;
}

/* An end in words: "26th North Carolina" or "the point (40, 22)", with the ground it stands on. */
static void end_words(const VlWorld *w, VlTableEnd e, char *buf, size_t size)
{
    const VlScenario *s = w->scenario;
    int hill = -1, level;
    if (e.unit >= 0) {
        level = vl_unit_level(w, e.unit);
        int n = snprintf(buf, size, "%s", vl_cli_tx(vl_unit_label(s, e.unit)));
        if (level > 0 && n >= 0 && (size_t)n < size)
            snprintf(buf + n, size - (size_t)n, " (on level %d)", level);
        return;
    }
    level = vl_battlefield_level_at(w->bf, e.at, &hill);
    int n = snprintf(buf, size, "the point (%.2f, %.2f)", e.at.x, e.at.y);
    if (hill >= 0 && n >= 0 && (size_t)n < size)
        snprintf(buf + n, size - (size_t)n, " on %s, level %d", vl_cli_tx(vl_terrain_label(s, hill)), level);
}

static const char *MEASURE_WORDS[] = {"straight", "to the nearest edge of the base", "base edge to base edge"};

static void print_json(const VlWorld *w, VlTableEnd from, VlTableEnd to, const VlSight *sg, const VlMeasure *m)
{
    const VlScenario *s = w->scenario;
    JsonOut j;
    jo_init(&j, stdout, true);
    jo_begin_object(&j);
    VlTableEnd ends[2] = {from, to};
    for (int k = 0; k < 2; k++) {
        jo_key(&j, k ? "to" : "from");
        jo_begin_object(&j);
        if (ends[k].unit >= 0) {
            jo_key(&j, "unit");
            jo_string(&j, s->units[ends[k].unit].id);
            jo_key(&j, "level");
            jo_int(&j, vl_unit_level(w, ends[k].unit));
        } else {
            int hill;
            jo_key(&j, "point");
            jo_point(&j, ends[k].at);
            jo_key(&j, "level");
            jo_int(&j, vl_battlefield_level_at(w->bf, ends[k].at, &hill));
            jo_key(&j, "hill");
            if (hill >= 0)
                jo_string(&j, s->terrain[hill].id);
            else
                jo_null(&j);
        }
        jo_end_object(&j);
    }
    jo_key(&j, "distance");
    jo_number(&j, m->distance);
    jo_key(&j, "measured");
    jo_string(&j, MEASURE_WORDS[m->kind]);
    jo_key(&j, "clear");
    jo_bool(&j, sg->clear);
    if (sg->clear) {
        jo_key(&j, "witness");
        jo_begin_array(&j);
        jo_point(&j, sg->witness[0]);
        jo_point(&j, sg->witness[1]);
        jo_end_array(&j);
    } else {
        jo_key(&j, "blockers");
        jo_begin_array(&j);
        for (int b = 0; b < sg->nblockers; b++)
            jo_string(&j, obstacle_id(s, sg->blockers[b]));
        jo_end_array(&j);
    }
    if (vl_rep_on(&w->options, VL_REP_601)) {
        jo_key(&j, "blind_zones");
        jo_begin_array(&j);
        for (int z = 0; z < sg->nzones; z++) {
            const VlBlindHit *h = &sg->zones[z];
            jo_begin_object(&j);
            jo_key(&j, "feature");
            jo_string(&j, s->terrain[h->terrain].id);
            jo_key(&j, "multiple");
            jo_number(&j, h->multiple);
            jo_key(&j, "far_edge");
            jo_number(&j, h->far_edge);
            jo_key(&j, "depth");
            jo_number(&j, h->depth);
            jo_key(&j, "target_at");
            jo_number(&j, h->target_at);
            jo_end_object(&j);
        }
        jo_end_array(&j);
    }
    jo_end_object(&j);
    jo_end(&j);
}

static void print_text(const VlWorld *w, VlTableEnd from, VlTableEnd to, const VlSight *sg, const VlMeasure *m)
{
    const VlScenario *s = w->scenario;
    char a[256], b[256];
    end_words(w, from, a, sizeof a);
    end_words(w, to, b, sizeof b);
    printf("From %s%s to %s: %s\n", a, from.unit >= 0 ? " (its front face)" : "", b, sg->clear ? "clear" : "blocked");
    if (sg->clear) {
        printf("  a clear line: (%.2f, %.2f) to (%.2f, %.2f), %.2f in long\n", sg->witness[0].x, sg->witness[0].y,
               sg->witness[1].x, sg->witness[1].y, vl_v2_dist(sg->witness[0], sg->witness[1]));
    } else if (sg->nblockers > 0) {
        printf("  blocked by");
        for (int k = 0; k < sg->nblockers; k++)
            printf("%s %s", k ? "," : "", vl_cli_tx(obstacle_name(s, sg->blockers[k])));
        printf("\n");
    }
    for (int z = 0; z < sg->nzones; z++) {
        const VlBlindHit *h = &sg->zones[z];
        printf("  blind zone of %s (REP-601): %.2f times the %.2f in to its far edge, %.2f in deep; the target "
               "is %.2f in away\n",
               vl_cli_tx(vl_terrain_label(s, h->terrain)), h->multiple, h->far_edge, h->depth, h->target_at);
    }
    if (!sg->clear && sg->nblockers == 0 && sg->nzones > 0)
        printf("  hidden in a blind zone (REP-601)\n");
    printf("  %.2f in apart, %s\n", m->distance, MEASURE_WORDS[m->kind]);
}

int vl_cmd_sight(int argc, char **argv)
{
    const char *path = NULL, *from_w = NULL, *to_w = NULL, *rules = NULL, *options = NULL;
    bool json = false;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--from") == 0 && i + 1 < argc)
            from_w = argv[++i];
        else if (strcmp(a, "--to") == 0 && i + 1 < argc)
            to_w = argv[++i];
        else if (strcmp(a, "--rules") == 0 && i + 1 < argc)
            rules = argv[++i];
        else if ((strcmp(a, "--option") == 0 || strcmp(a, "--republic") == 0) && i + 1 < argc)
            options = argv[++i];
        else if (strcmp(a, "--json") == 0)
            json = true;
        else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "volley sight: unknown option \"%s\" (known: --from, --to, --rules, --option, --json)\n", a);
            return 2;
        } else if (!path)
            path = a;
        else {
            fprintf(stderr, "volley sight: one scenario at a time (got \"%s\" and \"%s\")\n", path, a);
            return 2;
        }
    }
    if (!path || !from_w || !to_w) {
        fputs(USAGE, stderr);
        return 2;
    }
    VlScenario s;
    VlWorld *w;
    if (vl_cli_open_world(path, &s, &w))
        return 1;
    int rc = 2;
    VlTableEnd from, to;
    VlRuleOptions o;
    if (!vl_cli_rules("sight", &s, rules, options, &o) || !parse_end(&s, path, from_w, &from) ||
        !parse_end(&s, path, to_w, &to))
        goto done;
    if (from.unit >= 0 && from.unit == to.unit) {
        fprintf(stderr, "volley sight: --from and --to are the same unit\n");
        goto done;
    }
    w->options = o;
    VlSight sg;
    VlMeasure m;
    vl_world_sight_between(w, from, to, &sg);
    vl_measure(w->bf, from, to, &m);
    if (json)
        print_json(w, from, to, &sg, &m);
    else
        print_text(w, from, to, &sg, &m);
    rc = fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
done:
    vl_world_destroy(w);
    vl_scenario_free(&s);
    return rc;
}
