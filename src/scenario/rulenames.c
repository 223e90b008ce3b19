/* The names of the rule sets a scenario, a log or a command line may choose: the charge rules and
 * the Republic options (scenario.h). */
#include "volley/scenario.h"

#include <string.h>
#include <strings.h>

static const char *const rules_names[] = {"gor", "jr3", "gunson"};

const char *vl_charge_rules_name(VlChargeRules r) { return (unsigned)r < 3 ? rules_names[r] : "?"; }

int vl_charge_rules_parse(const char *s)
{
    for (int i = 0; i < 3; i++)
        if (strcmp(s, rules_names[i]) == 0)
            return i;
    return -1;
}

static const char *const rep_ids[VL_REP_COUNT] = {"REP-201", "REP-303", "REP-306", "REP-307", "REP-308", "REP-401",
                                                    "REP-501", "REP-505", "REP-506A", "REP-506B", "REP-507", "REP-508",
                                                    "REP-509", "REP-510", "REP-513", "REP-601"};

const char *vl_rep_option_id(VlRepOption o) { return (unsigned)o < VL_REP_COUNT ? rep_ids[o] : "?"; }

int vl_rep_option_parse(const char *s)
{
    for (int i = 0; i < VL_REP_COUNT; i++)
        if (strcasecmp(s, rep_ids[i]) == 0)
            return i;
    return -1;
}
