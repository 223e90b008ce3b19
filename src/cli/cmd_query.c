/* volley query SCENARIO: docs/geometry.md's machine-readable check of the battlefield model. */
#include "cli.h"
#include "query.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

int vl_query_compute(const VlScenario *s, const VlBattlefield *bf, bool explain, VlQueryResult *r)
{
    return vl_query_compute_ruled(s, bf, explain, NULL, r);
}

/* What the query's workers share: each takes firers' rows and fills their pairs. */
typedef struct QueryRows {
    const VlBattlefield *bf;
    const VlSightRules *rules;
    const bool *clear; /* the all-pairs answers, or NULL with --explain */
    VlQueryResult *r;
    atomic_int next;
} QueryRows;

/* vl_parallel_run's work: row i's pairs are r->pairs[i * (n - 1)] on, in the order of the targets. */
static void query_rows(void *ctx, int worker)
{
    QueryRows *q = ctx;
    const VlBattlefield *bf = q->bf;
    int n = q->r->nunits;
    for (int i; (i = atomic_fetch_add(&q->next, 1)) < n;) {
        const VlFieldUnit *a = vl_battlefield_unit(bf, i);
        /* Only infantry and cavalry fire small arms straight ahead (GOR-FIRE-1). */
        bool has_corridor = a->type == VL_INFANTRY || a->type == VL_CAVALRY;
        double range = vl_unit_fire_range(a->type, a->weapon);
        VlPairInfo *row = &q->r->pairs[(size_t)i * (size_t)(n - 1)];
        for (int j = 0; j < n; j++) {
            if (i == j)
                continue;
            VlPairInfo *p = &row[j < i ? j : j - 1];
            const VlFieldUnit *b = vl_battlefield_unit(bf, j);
            p->from = i;
            p->to = j;
            p->distance = vl_footprint_distance(&a->fp, &b->fp);
            p->in_primary_zone = vl_in_primary_zone(&a->fp, &b->fp);
            p->in_artillery_arc = vl_in_artillery_arc(&a->fp, &b->fp);
            p->in_fire_corridor = has_corridor && vl_fire_corridor(&a->fp, range, &b->fp, &p->corridor_exposure);
            if (!p->in_fire_corridor)
                p->corridor_exposure = 0;
            if (!q->clear)
                vl_sight_ruled(bf, i, j, q->rules, NULL, NULL, &p->sight);
            else
                p->sight.clear = q->clear[(size_t)i * (size_t)n + (size_t)j];
        }
    }
}

int vl_query_compute_ruled(const VlScenario *s, const VlBattlefield *bf, bool explain, const VlSightRules *rules,
                           VlQueryResult *r)
{
    int n = s->nunits;
    memset(r, 0, sizeof *r);
    r->nunits = n;
    r->under = calloc(n ? (size_t)n : 1, sizeof *r->under);
    r->pairs = calloc(n > 1 ? (size_t)n * (size_t)(n - 1) : 1, sizeof *r->pairs);
    /* Without --explain only the answers are printed: all pairs at once (vl_sight_all, the same
     * decision as vl_sight pair by pair). With it, vl_sight for each pair's witness or blockers. Both
     * under the Republic option REP-601 when asked (--republic REP-601). */
    bool *clear = explain ? NULL : malloc(n ? (size_t)n * (size_t)n : 1);
    if (!r->under || !r->pairs || (!explain && (!clear || !vl_sight_all_ruled(bf, rules, clear)))) {
        free(clear);
        vl_query_free(r);
        return -1;
    }
    for (int i = 0; i < n; i++)
        vl_terrain_under(bf, &vl_battlefield_unit(bf, i)->fp, &r->under[i]);
    /* The pairs' questions are each asked of the fixed table, so the rows can be shared among threads
     * (as vl_sight_all shares its own) without changing an answer. */
    QueryRows q = {bf, rules, clear, r, 0};
    vl_parallel_run((long)n * (n - 1) < VL_SIGHT_THREAD_MIN_PAIRS ? 1 : 0, query_rows, &q);
    free(clear);
    r->npairs = n > 1 ? n * (n - 1) : 0;
    return 0;
}

void vl_query_free(VlQueryResult *r)
{
    free(r->under);
    free(r->pairs);
    memset(r, 0, sizeof *r);
}

static void print_quad(JsonOut *j, const VlQuad *q)
{
    bool pretty = j->pretty;
    j->pretty = false;
    jo_begin_array(j);
    for (int c = 0; c < 4; c++)
        jo_point(j, q->p[c]);
    jo_end_array(j);
    j->pretty = pretty;
}

static const char *obstacle_id(const VlScenario *s, VlObstacleRef ref)
{
    return ref.kind == VL_OBST_UNIT ? s->units[ref.index].id : s->terrain[ref.index].id;
}

/* REP-601 evidence: each blind zone reaching the target, which feature casts it, how deep it runs
 * along the ray from the spotter's anchor to the target's centre, and where the target stands on it. */
static void print_zones(JsonOut *j, const VlScenario *s, const VlSight *sight)
{
    jo_key(j, "blind_zones");
    jo_begin_array(j);
    for (int z = 0; z < sight->nzones; z++) {
        const VlBlindHit *h = &sight->zones[z];
        jo_begin_object(j);
        jo_key(j, "rule");
        jo_string(j, "REP-601");
        jo_key(j, "feature");
        jo_string(j, s->terrain[h->terrain].id);
        jo_key(j, "multiple");
        jo_number(j, h->multiple);
        jo_key(j, "far_edge");
        jo_number(j, h->far_edge);
        jo_key(j, "depth");
        jo_number(j, h->depth);
        jo_key(j, "zone_ends");
        jo_number(j, h->far_edge + h->depth);
        jo_key(j, "target_at");
        jo_number(j, h->target_at);
        jo_key(j, "target_centre_in_zone");
        jo_bool(j, h->far_edge > 0 && h->target_at <= h->far_edge + h->depth);
        jo_end_object(j);
    }
    jo_end_array(j);
}

void vl_query_print(FILE *f, const VlScenario *s, const VlBattlefield *bf, const VlQueryResult *r, bool explain)
{
    JsonOut j;
    jo_init(&j, f, true);
    jo_begin_object(&j);
    jo_key(&j, "units");
    jo_begin_array(&j);
    for (int i = 0; i < r->nunits; i++) {
        const VlFootprint *fp = &vl_battlefield_unit(bf, i)->fp;
        bool pretty = j.pretty;
        jo_begin_object(&j);
        j.pretty = false;
        jo_key(&j, "id");
        jo_string(&j, s->units[i].id);
        jo_key(&j, "bases");
        jo_begin_array(&j);
        for (int b = 0; b < fp->nbases; b++)
            print_quad(&j, &fp->bases[b]);
        jo_end_array(&j);
        jo_key(&j, "front_face");
        jo_begin_array(&j);
        jo_point(&j, fp->box.p[0]);
        jo_point(&j, fp->box.p[1]);
        jo_end_array(&j);
        jo_key(&j, "terrain_under");
        jo_begin_object(&j);
        jo_key(&j, "open");
        jo_number(&j, r->under[i].open);
        for (int t = 0; t < VL_T_AREAL_COUNT; t++)
            if (r->under[i].fraction[t] > 0) {
                jo_key(&j, vl_terrain_type_name((VlTerrainType)t));
                jo_number(&j, r->under[i].fraction[t]);
            }
        jo_end_object(&j);
        jo_end_object(&j);
        j.pretty = pretty;
    }
    jo_end_array(&j);
    jo_key(&j, "pairs");
    jo_begin_array(&j);
    for (int k = 0; k < r->npairs; k++) {
        const VlPairInfo *p = &r->pairs[k];
        bool pretty = j.pretty;
        jo_begin_object(&j);
        j.pretty = false;
        jo_key(&j, "from");
        jo_string(&j, s->units[p->from].id);
        jo_key(&j, "to");
        jo_string(&j, s->units[p->to].id);
        jo_key(&j, "distance");
        jo_number(&j, p->distance);
        jo_key(&j, "in_primary_zone");
        jo_bool(&j, p->in_primary_zone);
        jo_key(&j, "in_artillery_arc");
        jo_bool(&j, p->in_artillery_arc);
        jo_key(&j, "in_fire_corridor");
        jo_bool(&j, p->in_fire_corridor);
        jo_key(&j, "corridor_exposure");
        jo_number(&j, p->corridor_exposure);
        jo_key(&j, "line_of_fire_clear");
        jo_bool(&j, p->sight.clear);
        if (explain) {
            if (p->sight.clear) {
                jo_key(&j, "line_of_fire_witness");
                jo_begin_array(&j);
                jo_point(&j, p->sight.witness[0]);
                jo_point(&j, p->sight.witness[1]);
                jo_end_array(&j);
            } else {
                jo_key(&j, "line_of_fire_blockers");
                jo_begin_array(&j);
                for (int b = 0; b < p->sight.nblockers; b++)
                    jo_string(&j, obstacle_id(s, p->sight.blockers[b]));
                jo_end_array(&j);
            }
            if (p->sight.nzones > 0)
                print_zones(&j, s, &p->sight);
        }
        jo_end_object(&j);
        j.pretty = pretty;
    }
    jo_end_array(&j);
    jo_end_object(&j);
    jo_end(&j);
}

int vl_cmd_query(int argc, char **argv)
{
    const char *path = NULL;
    bool explain = false;
    VlSightRules rules = {0};
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--explain") == 0)
            explain = true;
        else if (strcmp(argv[i], "--republic") == 0 && i + 1 < argc) {
            /* Only REP-601 changes the battlefield's measures; the other options are refused here. */
            char list[256];
            snprintf(list, sizeof list, "%s", argv[++i]);
            for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
                if (vl_rep_option_parse(tok) != VL_REP_601) {
                    fprintf(stderr, "volley query: --republic takes REP-601 (the only Republic option that changes "
                                    "the line of sight), not \"%s\"\n", tok);
                    return 2;
                }
                rules.blind_zones = true;
            }
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "volley query: unknown option \"%s\" (known: --explain, --republic REP-601)\n", argv[i]);
            return 2;
        } else if (!path)
            path = argv[i];
        else {
            fprintf(stderr, "volley query: one scenario at a time (got \"%s\" and \"%s\")\n", path, argv[i]);
            return 2;
        }
    }
    if (!path) {
        fprintf(stderr, "usage: volley query SCENARIO [--explain] [--republic REP-601]\n");
        return 2;
    }
    VlScenario s;
    if (vl_cli_load(path, &s) != VL_OK)
        return 1;
    VlBattlefield *bf = vl_scenario_battlefield(&s);
    VlQueryResult r;
    if (!bf || vl_query_compute_ruled(&s, bf, explain, &rules, &r) != 0) {
        fprintf(stderr, "%s: out of memory\n", path);
        vl_battlefield_destroy(bf);
        vl_scenario_free(&s);
        return 1;
    }
    vl_query_print(stdout, &s, bf, &r, explain);
    vl_query_free(&r);
    vl_battlefield_destroy(bf);
    vl_scenario_free(&s);
    return 0;
}
