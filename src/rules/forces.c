/* Generating forces: the arming table (GOR-ARM-1) and the troop-quality tables (GOR-QUAL-1) of Good
 * Old Rebel, as data. */
#include "volley/rules.h"

/* GOR-ARM-1: a D10 at or under this number means smoothbore; 0 = all rifled. Rows Union, Confederate;
 * columns 1861..1865. */
static const int ARMING[2][5] = {{6, 5, 3, 0, 0}, {7, 7, 5, 3, 0}};

bool vl_arming_smoothbore(int year, bool confederate, bool western, int d10)
{
    if (year < 1861)
        year = 1861;
    if (year > 1865)
        year = 1865;
    int need = ARMING[confederate ? 1 : 0][year - 1861];
    /* "Deduct -1 from the die roll for battles in the Western theatre." */
    int roll = western ? d10 - 1 : d10;
    return need > 0 && roll <= need;
}

/* GOR-QUAL-1: quality by D6 (rows 6..1) for infantry, cavalry, artillery, generals, Rebel then Union.
 * R = raw, S = seasoned, V = veteran. */
static const char QUALITY[3][6][8] = {
    /* Early War (1861-62) */
    {"VVVSSVVS", "SSSSSSSS", "SRSRRSSR", "RRRRRRRR", "RRRRRRRR", "RRRRRRRR"},
    /* Mid-War (1863-64) */
    {"VVVVVVVV", "VSVSSVVS", "SSSSSSSS", "SSSSSSSS", "RRRRRSSR", "RRRRRRRR"},
    /* Late War (1864-65) */
    {"VVVVVVVV", "VVVVVVVV", "VVVVSVVS", "SSSSSSSS", "SSSSSSSS", "RRSRRSSR"},
};

VlQuality vl_quality_roll(int year, bool confederate, VlUnitType type, int d6)
{
    /* D-QUAL-1: the Mid-War table covers 1863, the Late War table 1864 and 1865 (the two overlap on
     * 1864; Volley takes the later one for it). */
    int period = year <= 1862 ? 0 : year == 1863 ? 1 : 2;
    if (d6 < 1)
        d6 = 1;
    if (d6 > 6)
        d6 = 6;
    int col = (type == VL_INFANTRY ? 0 : type == VL_CAVALRY ? 2 : type == VL_ARTILLERY ? 4 : 6) + (confederate ? 0 : 1);
    char q = QUALITY[period][6 - d6][col];
    return q == 'V' ? VL_VETERAN : q == 'S' ? VL_SEASONED : VL_RAW;
}
