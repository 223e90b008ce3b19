/* Morale: the levels (GOR-MOR-1), the standard modifiers (GOR-MOR-2), a charger's (GOR-MOR-3) and a
 * close combat loser's (GOR-MOR-4), and the commander's survival test (GOR-CMDR-1). The game rolls
 * the tests (src/game/effects.c); the commander's odds read the same functions. */
#include "volley/rules.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/* GOR-MOR-1: 2D6 plus modifiers must exceed the level. */
static const int MORALE_LEVEL[VL_QUALITY_COUNT] = {[VL_RAW] = 7, [VL_SEASONED] = 6, [VL_VETERAN] = 5};

/* GOR-CMDR-1: 2D6 of this or more removes a commander; +2 in the worse cases. */
enum { CMDR_REMOVED_ON = 11, CMDR_WORSE = 2 };

/* Ways of rolling each total on 2D6. */
static const int WAYS_2D6[13] = {0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1};

/* P(2D6 <= k). */
static double p_2d6_le(int k)
{
    if (k < 2)
        return 0;
    if (k >= 12)
        return 1;
    int n = 0;
    for (int s = 2; s <= k; s++)
        n += WAYS_2D6[s];
    return n / 36.0;
}

int vl_morale_level(VlQuality q)
{
    VL_ASSERT((unsigned)q < VL_QUALITY_COUNT, "vl_morale_level: no such quality");
    return MORALE_LEVEL[q];
}

int vl_morale_fail_by(int level, int total) { return total > level ? 0 : level + 1 - total; }

double vl_morale_pass_chance(int level, int modifier) { return 1.0 - p_2d6_le(level - modifier); }

/* Failing by at least k: 2D6 + m <= level + 1 - k. */
double vl_morale_fail_chance(int level, int modifier, int by) { return p_2d6_le(level + 1 - by - modifier); }

/* GOR-MOR-2: -1 for every 2 HITs. */
int vl_morale_hits_modifier(int hits) { return -(hits / 2); }

int vl_threatened_flanks(const VlWorld *w, int u)
{
    int threat[4];
    vl_threatened_faces(w, u, threat, NULL);
    return (threat[VL_FACE_LEFT] >= 0) + (threat[VL_FACE_RIGHT] >= 0) + (threat[VL_FACE_REAR] >= 0);
}

int vl_morale_standard_modifier(const VlWorld *w, int u, int extra_hits, int flanks, char *why, size_t size)
{
    if (flanks < 0)
        flanks = vl_threatened_flanks(w, u);
    int hits = -vl_morale_hits_modifier(w->units[u].hits + extra_hits);
    int cmd = 0;
    int c = vl_world_commander(w, u);
    if (c >= 0 && vl_footprint_distance(&vl_world_unit(w, u)->fp, &vl_world_unit(w, c)->fp) == 0)
        cmd = 1;
    if (why)
        snprintf(why, size, "%s%d threatened flank%s, %d for HITs%s", flanks ? "-" : "", flanks, flanks == 1 ? "" : "s",
                 -hits, cmd ? ", +1 commander in contact" : "");
    return -flanks - hits + cmd;
}

static void say(char *why, size_t size, const char *text)
{
    if (why)
        strncat(why, text, size - strlen(why) - 1);
}

int vl_morale_charge_modifier(const VlWorld *w, int u, int t, VlFace face, bool square, char *why, size_t size)
{
    int m = 0;
    if (why)
        why[0] = 0;
    if (face != VL_FACE_FRONT || w->units[t].routed) {
        m += 2;
        say(why, size, " +2 flank/rear/routers");
    }
    if (vl_world_unit(w, t)->formation == VL_FORM_SKIRMISH) {
        m += 1;
        say(why, size, " +1 skirmishers");
    }
    if (vl_cover(w, u, t) != VL_COVER_OPEN) {
        m -= 1;
        say(why, size, " -1 cover");
    }
    if (w->scenario->units[u].type == VL_CAVALRY && w->units[u].mounted && square) {
        m -= 2;
        say(why, size, " -2 cavalry against square");
    }
    return m;
}

int vl_cmdr_survival_modifier(const VlWorld *w, int attacker, int hits)
{
    bool cav = attacker >= 0 && w->scenario->units[attacker].type == VL_CAVALRY && w->units[attacker].mounted;
    return cav || hits >= 2 ? CMDR_WORSE : 0;
}

bool vl_cmdr_removed(int total) { return total >= CMDR_REMOVED_ON; }

double vl_cmdr_loss_chance(const VlWorld *w, int attacker, int hits)
{
    return 1.0 - p_2d6_le(CMDR_REMOVED_ON - 1 - vl_cmdr_survival_modifier(w, attacker, hits));
}

/* GOR-RALLY-1: a passed rally takes VL_RALLY_HITS off, down to none. */
int vl_rally_hits_after(int hits) { return hits > VL_RALLY_HITS ? hits - VL_RALLY_HITS : 0; }

/* ---- the Republic options on morale (docs/rules-decisions.md D-REP-8, D-REP-10) ---- */

/* Does @p s hold @p word (lower case), whatever the case? */
static bool holds_word(const char *s, const char *word)
{
    size_t n = strlen(word);
    for (; *s; s++)
        if (strncasecmp(s, word, n) == 0)
            return true;
    return false;
}

/* D-REP-8: the side's id or name says Confederate ("csa", "cs", "confederate", "rebel", any case). */
bool vl_rep_confederate(const VlWorld *w, int u)
{
    const VlSide *s = &w->scenario->sides[vl_world_side(w, u)];
    static const char *const words[] = {"confed", "rebel"};
    if (strcasecmp(s->id, "csa") == 0 || strcasecmp(s->id, "cs") == 0)
        return true;
    for (int i = 0; i < 2; i++)
        if (holds_word(s->id, words[i]) || holds_word(s->name, words[i]))
            return true;
    return false;
}

int vl_rep_rally_modifier(const VlWorld *w, int u)
{
    return vl_rep_on(&w->options, VL_REP_509) && vl_rep_confederate(w, u) ? VL_REP_REBEL_YELL_RALLY : 0;
}

int vl_rep_emergency_rally_modifier(const VlWorld *w, int u, int c)
{
    /* GOR-MOR-2 gives +1 for the brigade commander in contact; the emergency rally doubles it, counted
     * once whether or not the standard modifier already has it. */
    int counted = vl_world_commander(w, u) == c &&
                  vl_footprint_distance(&vl_world_unit(w, u)->fp, &vl_world_unit(w, c)->fp) == 0;
    return 2 - counted + vl_rep_rally_modifier(w, u);
}
