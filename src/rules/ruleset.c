/* The rule set a game plays by (VlRuleOptions): its charge rules and Republic options named for
 * people, read from the words a command line or a settings file uses, and checked against what this
 * version of Volley plays (the checklist), so that a game never starts under a rule it would skip. */
#include "volley/rules.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static const char *const charge_short[] = {"Good Old Rebel", "JR III", "Gunson"};
static const char *const charge_titles[] = {"Good Old Rebel", "Johnny Reb III (2008 charge clarifications)",
                                            "Gunson's Charge Moves (1964)"};
/* The checklist ids a charge system needs played before a game may use it. Good Old Rebel's are
 * the base game's: what of it is partly done is said by volley rules, not refused. */
static const char *const charge_prefix[] = {NULL, "JR3-", "GUN-"};

static const char *const rep_titles[VL_REP_COUNT] = {
    "alert infantry",        "road movement",       "confused movement", "dismounted cavalry movement",
    "lost in the woods",     "preliminary bombardment", "unopposed overlap", "firefights",
    "point-blank volley",    "prepared defence",    "trapped artillery", "emergency rally",
    "rebel yell",            "weapon differences",  "attrition die",     "line-of-sight blind zones"};

const char *vl_charge_rules_title(VlChargeRules r) { return (unsigned)r < 3 ? charge_titles[r] : "?"; }

const char *vl_rep_option_title(VlRepOption o) { return (unsigned)o < VL_REP_COUNT ? rep_titles[o] : "?"; }

static const VlRuleInfo *rule_info(const char *id)
{
    int n;
    const VlRuleInfo *r = vl_rules_checklist(&n);
    for (int i = 0; i < n; i++)
        if (strcmp(r[i].id, id) == 0)
            return &r[i];
    return NULL;
}

const char *vl_rep_option_summary(VlRepOption o)
{
    const VlRuleInfo *r = rule_info(vl_rep_option_id(o));
    if (!r)
        return "";
    /* The checklist's note may open with the option's name: say it once. */
    size_t n = strlen(rep_titles[o]);
    return strncmp(r->note, rep_titles[o], n) == 0 && strncmp(r->note + n, ": ", 2) == 0 ? r->note + n + 2 : r->note;
}

bool vl_rep_option_playable(VlRepOption o)
{
    const VlRuleInfo *r = rule_info(vl_rep_option_id(o));
    return r && r->state == VL_RULE_DONE;
}

/* Append the checklist ids of @p prefix that are not done to @p out; how many there were. */
static int missing_ids(const char *prefix, char *out, size_t size)
{
    int n, k = 0;
    if (!prefix)
        return 0;
    const VlRuleInfo *r = vl_rules_checklist(&n);
    for (int i = 0; i < n; i++) {
        if (strncmp(r[i].id, prefix, strlen(prefix)) != 0 || r[i].state == VL_RULE_DONE)
            continue;
        size_t len = strlen(out);
        snprintf(out + len, size - len, "%s%s (%s)", k ? ", " : "", r[i].id, vl_rule_state_name(r[i].state));
        k++;
    }
    return k;
}

bool vl_charge_rules_playable(VlChargeRules c)
{
    char buf[8];
    buf[0] = 0;
    return (unsigned)c < 3 && missing_ids(charge_prefix[c], buf, sizeof buf) == 0;
}

bool vl_rule_options_check(const VlRuleOptions *o, char *why, size_t size)
{
    char miss[600] = "";
    if ((unsigned)o->charge_rules >= 3) {
        snprintf(why, size, "unknown charge rules");
        return false;
    }
    if (missing_ids(charge_prefix[o->charge_rules], miss, sizeof miss) > 0) {
        snprintf(why, size,
                 "%s charges are not played in a game by this version of Volley yet: %s; `volley charge --rules %s` "
                 "judges a single charge by them",
                 charge_short[o->charge_rules], miss, vl_charge_rules_name(o->charge_rules));
        return false;
    }
    for (int k = 0; k < VL_REP_COUNT; k++) {
        if (!vl_rep_on(o, (VlRepOption)k) || vl_rep_option_playable((VlRepOption)k))
            continue;
        const VlRuleInfo *r = rule_info(vl_rep_option_id((VlRepOption)k));
        snprintf(why, size, "the Republic option %s (%s) is not played in a game by this version of Volley yet (volley rules: %s)",
                 vl_rep_option_id((VlRepOption)k), vl_rep_option_title((VlRepOption)k),
                 r ? vl_rule_state_name(r->state) : "not in the checklist");
        return false;
    }
    return true;
}

bool vl_rule_options_parse(const char *charges, const char *republic, VlRuleOptions *io, char *why, size_t size)
{
    if (charges) {
        int c = vl_charge_rules_parse(charges);
        if (c < 0) {
            snprintf(why, size, "unknown charge rules \"%.40s\"; they are gor (Good Old Rebel), jr3 (Johnny Reb III) or "
                     "gunson (Gunson's charge moves)", charges);
            return false;
        }
        io->charge_rules = (VlChargeRules)c;
    }
    if (!republic)
        return true;
    uint32_t m = 0;
    if (!republic[0]) {
        snprintf(why, size, "no Republic option named; name them comma-separated (REP-505,REP-601) or say all or none");
        return false;
    }
    if (strcasecmp(republic, "all") == 0)
        m = (1u << VL_REP_COUNT) - 1;
    else if (strcasecmp(republic, "none") != 0) {
        const char *p = republic;
        while (*p) {
            const char *e = strchr(p, ',');
            size_t len = e ? (size_t)(e - p) : strlen(p);
            char id[16];
            int k = -1;
            if (len > 0 && len < sizeof id) {
                memcpy(id, p, len);
                id[len] = 0;
                k = vl_rep_option_parse(id);
            }
            if (k < 0) {
                snprintf(why, size, "\"%.*s\" is not a Republic option; they are REP-201, REP-303, ... REP-601, "
                         "comma-separated (volley rules lists them), or all, or none", (int)(len < 40 ? len : 40), p);
                return false;
            }
            if ((m >> k) & 1u) {
                snprintf(why, size, "%s is named twice; name each option once", vl_rep_option_id((VlRepOption)k));
                return false;
            }
            m |= 1u << k;
            p = e ? e + 1 : p + len;
            if (e && !*p) {
                snprintf(why, size, "the option list ends with a comma; name an option after each comma");
                return false;
            }
        }
    }
    io->republic = m;
    return true;
}

void vl_rule_options_describe(const VlRuleOptions *o, bool titles, char *out, size_t size)
{
    snprintf(out, size, "%s", o->charge_rules == VL_RULES_GOR ? "Good Old Rebel" : "Good Old Rebel with ");
    size_t len = strlen(out);
    if (o->charge_rules != VL_RULES_GOR)
        snprintf(out + len, size - len, "%s charges", charge_short[o->charge_rules]);
    int k0 = 0;
    for (int k = 0; k < VL_REP_COUNT; k++) {
        if (!vl_rep_on(o, (VlRepOption)k))
            continue;
        len = strlen(out);
        if (titles)
            snprintf(out + len, size - len, "%s%s %s", k0 ? ", " : "; Republic options: ", vl_rep_option_id((VlRepOption)k),
                     vl_rep_option_title((VlRepOption)k));
        else
            snprintf(out + len, size - len, "%s%s", k0 ? ", " : " + ", vl_rep_option_id((VlRepOption)k));
        k0++;
    }
}
