/**
 * @file battlefield.h
 * @brief The geometric battlefield model of docs/geometry.md: units' bases and faces,
 *        terrain polygons, and the measures every rule asks for.
 *
 * Offers:
 *  - Unit vocabulary: VlUnitType, VlFormation, VlWeapon, VlQuality, their names and parsers.
 *  - VlFootprint and vl_footprint_build(): bases, blocks, faces and box of a unit (GOR-BASE-1, GOR-BASE-2).
 *  - Zones: primary zone (JR III), fire corridor (GOR-FIRE-1), artillery arc (GOR-ART-1).
 *  - VlBattlefield: table, terrain and units with a uniform grid for fast look-ups.
 *  - Measures: distance between footprints, zone membership, corridor exposure, terrain under a unit,
 *    exact line of fire/sight with a witness segment or the blocking features.
 */
#ifndef VOLLEY_BATTLEFIELD_H
#define VOLLEY_BATTLEFIELD_H

#include "volley/geom.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum VlUnitType { VL_INFANTRY, VL_CAVALRY, VL_ARTILLERY, VL_GENERAL, VL_UNIT_TYPE_COUNT } VlUnitType;

typedef enum VlFormation {
    VL_FORM_NONE, ///< generals
    VL_FORM_LINE,
    VL_FORM_SKIRMISH,
    VL_FORM_COLUMN,
    VL_FORM_SQUARE,
    VL_FORM_UNLIMBERED,
    VL_FORM_LIMBERED,
    VL_FORMATION_COUNT
} VlFormation;

typedef enum VlWeapon {
    VL_WEAPON_NONE,
    VL_RIFLED,
    VL_SMOOTHBORE,
    VL_CARBINE,
    VL_BREECHLOADER,
    VL_WEAPON_COUNT
} VlWeapon;

typedef enum VlQuality { VL_RAW, VL_SEASONED, VL_VETERAN, VL_QUALITY_COUNT } VlQuality;

typedef enum VlTerrainType {
    VL_T_WOODS,
    VL_T_HEAVY_WOODS,
    VL_T_ROUGH,
    VL_T_BUILDING,
    VL_T_HILL,
    VL_T_WATER,
    VL_T_ENTRENCHMENT,
    VL_T_AREAL_COUNT, ///< the types above are areal (polygons), the ones below linear (paths)
    VL_T_ROAD = VL_T_AREAL_COUNT,
    VL_T_FENCE,
    VL_T_WALL,
    VL_T_HEDGE,
    VL_T_STREAM,
    VL_TERRAIN_TYPE_COUNT
} VlTerrainType;

const char *vl_unit_type_name(VlUnitType t);
const char *vl_formation_name(VlFormation f);
const char *vl_weapon_name(VlWeapon w);
const char *vl_quality_name(VlQuality q);
const char *vl_terrain_type_name(VlTerrainType t);
/// Parsers return -1 for an unknown name.
int vl_unit_type_parse(const char *s);
int vl_formation_parse(const char *s);
int vl_weapon_parse(const char *s);
int vl_quality_parse(const char *s);
int vl_terrain_type_parse(const char *s);
/// True for woods, heavy woods and buildings: the areal terrain that blocks a line of fire (docs/geometry.md).
bool vl_terrain_blocks_sight(VlTerrainType t);

/// The longest range of a weapon in inches: rifled 18, smoothbore 6, carbine 12, breech-loader 24
/// (GOR-FIRE-2, GOR-FIRE-3, GOR-FIRE-4); 0 for none.
double vl_weapon_max_range(VlWeapon w);

/// Most bases a unit may have (a scenario may override the default count up to this).
#define VL_MAX_BASES 8

/// Number and size of a unit's bases, in inches.
typedef struct VlBaseSpec {
    int count;
    double width; ///< along the front edge
    double depth; ///< front to back
} VlBaseSpec;

/// The default bases for a unit type (GOR-BASE-1, GOR-BASE-2): infantry and cavalry 2 x (100 x 50 mm),
/// artillery 4 x (33 x 50 mm), a general 1 x (40 x 40 mm).
VlBaseSpec vl_base_spec_default(VlUnitType type);

/// Where a unit stands: the midpoint of its front face and its compass facing in degrees.
typedef struct VlPose {
    VlVec2 anchor;
    double facing;
} VlPose;

/// A unit's footprint, derived from pose, formation and bases (docs/geometry.md "Formations").
typedef struct VlFootprint {
    int nbases;
    VlQuad bases[VL_MAX_BASES]; ///< each base: front-left, front-right, rear-right, rear-left of that base
    int nblocks;
    VlQuad blocks[VL_MAX_BASES]; ///< touching bases merged into convex rectangles (skirmishers: one per base)
    VlVec2 block_centre[VL_MAX_BASES];
    VlBox block_box[VL_MAX_BASES];  ///< each block's bounding box
    double block_hw, block_hd;   ///< every block's half width (along right) and half depth (along fwd)
    VlQuad box;                  ///< smallest facing-aligned rectangle holding the bases: FL, FR, RR, RL
    VlVec2 fwd, right;           ///< unit vectors f and r of the facing
    bool square;                 ///< a square has no flanks or rear: every side is a front
} VlFootprint;

/// Build a footprint. @p spec.count is clamped to 1..VL_MAX_BASES (square always uses 2 bases).
void vl_footprint_build(VlFootprint *fp, VlPose pose, VlFormation form, VlBaseSpec spec);
/// The blocks alone (into @p blocks, room for VL_MAX_BASES; returns how many) of the footprint whose front
/// centre is @p anchor and forward vector @p fwd (vl_facing_forward of its facing): the same numbers as
/// vl_footprint_build's, bit for bit.
int vl_footprint_blocks_at(VlVec2 anchor, VlVec2 fwd, VlFormation form, VlBaseSpec spec, VlQuad *blocks);

/// The four faces of a unit's box (docs/geometry.md): front, right flank, rear, left flank.
typedef enum VlFace { VL_FACE_FRONT, VL_FACE_RIGHT, VL_FACE_REAR, VL_FACE_LEFT } VlFace;
const char *vl_face_name(VlFace face);
/// The segment of a face; for the front face, front-left then front-right.
void vl_footprint_face(const VlFootprint *fp, VlFace face, VlVec2 *a, VlVec2 *b);
/// Footprint area in square inches (the gaps between skirmish bases are not part of it).
double vl_footprint_area(const VlFootprint *fp);
/// Bounding box of the footprint.
VlBox vl_footprint_bounds(const VlFootprint *fp);

/// Least distance between two footprints in inches; 0 when they touch or overlap.
double vl_footprint_distance(const VlFootprint *a, const VlFootprint *b);
/// Least distance from a footprint to a convex polygon.
double vl_footprint_distance_to_convex(const VlFootprint *fp, const VlVec2 *poly, int n);
/// The square of the least distance from @p p to the footprint's blocks, each worked out from its
/// centre, the unit's axes and the half sizes (0 inside one): a quick figure, within far less than a
/// millionth of an inch of vl_footprint_distance_to_convex(fp, &p, 1) on any table, for callers that
/// ask the exact one only near a threshold.
double vl_footprint_block_dist2(const VlFootprint *fp, VlVec2 p);
/// Area shared by two footprints.
double vl_footprint_overlap_area(const VlFootprint *a, const VlFootprint *b);

/// Depth of the primary zone (JR3-CHG-2): 12 inches straight ahead of the front face.
#define VL_PRIMARY_ZONE_DEPTH 12.0

/// A rectangle straight ahead of the front face, as wide as it and @p depth deep: FL, FR, far-right, far-left.
VlQuad vl_zone_ahead(const VlFootprint *fp, double depth);
/// True when any part of @p target lies inside or on the primary zone of @p from (JR3-CHG-2).
bool vl_in_primary_zone(const VlFootprint *from, const VlFootprint *target);
/// True when any part of @p target lies inside or on the artillery arc of @p from: the unbounded region
/// ahead of the front face between rays from its ends turned 45 degrees outward (GOR-ART-1).
bool vl_in_artillery_arc(const VlFootprint *from, const VlFootprint *target);
/// Fire corridor of depth @p range (GOR-FIRE-1). Returns whether @p target touches it and stores in
/// @p exposure the length its part inside the corridor covers when projected on the firer's right vector.
bool vl_fire_corridor(const VlFootprint *from, double range, const VlFootprint *target, double *exposure);

/// One terrain feature. Areal features have a polygon, linear ones a path and a width.
typedef struct VlTerrain {
    char id[64];
    char name[96];
    VlTerrainType type;
    int level;    ///< hills: their level (1..); else 0
    double width; ///< linear features: width in inches
    int npts;
    VlVec2 *pts; ///< polygon (areal) or path (linear); owned by the battlefield or scenario
    VlBox bounds;
    bool convex; ///< set by the battlefield: the polygon is convex (line-of-sight shortcuts rely on it)
} VlTerrain;

/// One unit as the battlefield sees it.
typedef struct VlFieldUnit {
    VlPose pose;
    VlFormation formation;
    VlUnitType type;
    VlWeapon weapon;
    VlBaseSpec spec;
    VlFootprint fp;
    VlBox bounds; ///< the footprint's bounding box
    bool active;  ///< on the table (an obstacle to sight); false for units gone or not yet arrived
} VlFieldUnit;

/// What an obstacle to sight is: a terrain feature or a unit (its index in the battlefield).
typedef enum VlObstacleKind { VL_OBST_TERRAIN, VL_OBST_UNIT } VlObstacleKind;
typedef struct VlObstacleRef {
    VlObstacleKind kind;
    int index;
} VlObstacleRef;

/// Most blocking features a sight answer lists.
#define VL_SIGHT_MAX_BLOCKERS 16

/// Most blind zones a sight answer lists (REP-601).
#define VL_SIGHT_MAX_ZONES 4

/// REP-601 evidence: one blind zone that reaches the target, measured along the ray from the spotter's
/// anchor (the middle of its front face) through the centre of the target's box (D-REP-601-3).
typedef struct VlBlindHit {
    int terrain;      ///< the feature casting the zone (battlefield terrain index)
    double multiple;  ///< the zone's depth over the distance to the feature's far edge (D-REP-601-2)
    double far_edge;  ///< inches from the anchor to the feature's far edge along the ray (0: the ray misses it)
    double depth;     ///< inches: how deep the zone runs beyond that edge along the ray (multiple * far_edge)
    double target_at; ///< inches from the anchor to the target's centre
} VlBlindHit;

/// The answer to "can A see B?" (docs/geometry.md "Line of fire / sight").
typedef struct VlSight {
    bool clear;
    VlVec2 witness[2];  ///< when clear: a clear segment from a point of the front face to the target
    int nblockers;       ///< when blocked: the obstacles that cut the candidate lines
    VlObstacleRef blockers[VL_SIGHT_MAX_BLOCKERS];
    int lines_tested;    ///< how many candidate lines were examined (for the curious and the bench)
    /// REP-601 only (vl_sight_ruled with blind zones): the zones that reach the target, with their measures.
    int nzones;
    VlBlindHit zones[VL_SIGHT_MAX_ZONES];
} VlSight;

typedef struct VlBattlefield VlBattlefield;

/// Create an empty battlefield of the given table size (inches). Returns NULL when out of memory.
VlBattlefield *vl_battlefield_create(double width, double height);
void vl_battlefield_destroy(VlBattlefield *bf);
double vl_battlefield_width(const VlBattlefield *bf);
double vl_battlefield_height(const VlBattlefield *bf);
/// Add a terrain feature (the points are copied). Returns its index or -1 when out of memory.
int vl_battlefield_add_terrain(VlBattlefield *bf, const VlTerrain *t);
/// Add a unit; its footprint is built here. Returns its index or -1 when out of memory.
int vl_battlefield_add_unit(VlBattlefield *bf, VlPose pose, VlUnitType type, VlFormation form, VlWeapon weapon,
                            VlBaseSpec spec);
/// Move or re-form a unit and refresh its footprint and its place in the grid.
void vl_battlefield_set_unit(VlBattlefield *bf, int unit, VlPose pose, VlFormation form);
/// Take a unit off the table (false) or put it back (true): inactive units block nothing.
void vl_battlefield_set_active(VlBattlefield *bf, int unit, bool active);
/// A deep copy. NULL when out of memory.
VlBattlefield *vl_battlefield_clone(const VlBattlefield *bf);
int vl_battlefield_unit_count(const VlBattlefield *bf);
int vl_battlefield_terrain_count(const VlBattlefield *bf);
/// The battlefield's table and terrain as a number: two battlefields with the same id have the same
/// table size and the same terrain, feature for feature (one is a copy of the other, made by
/// vl_battlefield_clone with no terrain added since). Ids are never reused within a process.
uint64_t vl_battlefield_terrain_id(const VlBattlefield *bf);
const VlFieldUnit *vl_battlefield_unit(const VlBattlefield *bf, int unit);
const VlTerrain *vl_battlefield_terrain(const VlBattlefield *bf, int index);

/// Fraction of a unit's footprint area over each areal terrain type, plus the open remainder
/// (docs/geometry.md "Terrain under a unit"). Overlapping features of one type count once.
typedef struct VlTerrainUnder {
    double fraction[VL_T_AREAL_COUNT];
    double open;
} VlTerrainUnder;
void vl_terrain_under(const VlBattlefield *bf, const VlFootprint *fp, VlTerrainUnder *out);
/// Area of a footprint inside the union of the given areal terrain types (bit mask of 1u << type).
double vl_terrain_cover_area(const VlBattlefield *bf, const VlFootprint *fp, unsigned type_mask);

/// Exact line of fire/sight from the front face of unit @p from to any part of unit @p to. Obstacles:
/// woods, heavy woods and buildings, and every other unit's footprint; grazing a boundary is clear.
void vl_sight(const VlBattlefield *bf, int from, int to, VlSight *out);
/// Decides whether an obstacle counts (true) for vl_sight_filtered, e.g. units on lower ground.
typedef bool (*VlSightFilter)(VlObstacleRef obstacle, void *ctx);
/// vl_sight with only the obstacles @p keep accepts (all when NULL).
void vl_sight_filtered(const VlBattlefield *bf, int from, int to, VlSightFilter keep, void *ctx, VlSight *out);
/// vl_sight(...).clear for every ordered pair at once: @p clear (room for n * n, n the unit count) gets
/// clear[from * n + to]; the diagonal is false. The decision of vl_sight, pair by pair, but the
/// obstacle list is built once for all pairs instead of a grid look-up each, candidate lines through
/// crossing points outside the hull of face and target (never needed: src/geom/sight.c) are not tried,
/// and no evidence is kept (use vl_sight for the witness or the blockers). False (and @p clear
/// untouched) when out of memory.
bool vl_sight_all(const VlBattlefield *bf, bool *clear);

/// The optional rules a line of sight may follow beyond docs/geometry.md's base case. The caller passes
/// them (from the game's VlRuleOptions); the battlefield itself knows no rule options.
typedef struct VlSightRules {
    /// REP-601 blind zones (docs/rules-decisions.md D-REP-601-*): woods, buildings and hills lower than
    /// the spotter are seen over, except for the zone each casts behind it; hills the spotter or the
    /// target stands on are ignored, the others at its level or above block like woods.
    bool blind_zones;
} VlSightRules;
/// The level of the ground under a footprint: the highest hill level covering at least half of it (D-ART-1).
int vl_battlefield_level_under(const VlBattlefield *bf, const VlFootprint *fp);
/// vl_sight_filtered under @p rules (NULL or all off: exactly vl_sight_filtered). Still exact: the
/// blind zones are convex polygons cut out of the target, and src/geom/sight.c adds their corners and
/// crossings to the candidate lines. The evidence lists the zones that reach the target.
void vl_sight_ruled(const VlBattlefield *bf, int from, int to, const VlSightRules *rules, VlSightFilter keep, void *ctx,
                    VlSight *out);
/// vl_sight_all under @p rules: on every pair, exactly vl_sight_ruled's answer (with no filter).
bool vl_sight_all_ruled(const VlBattlefield *bf, const VlSightRules *rules, bool *clear);
/// Fewer ordered pairs than this are done by the calling thread alone: starting a thread costs more.
#define VL_SIGHT_THREAD_MIN_PAIRS 2000
/// vl_sight_all_ruled with the firers' rows shared out among @p threads threads (0:
/// vl_threads_default(); a table of fewer than VL_SIGHT_THREAD_MIN_PAIRS ordered pairs is done by the
/// calling thread alone). Every answer is the same whatever the count: each row is worked out on its
/// own. vl_sight_all and vl_sight_all_ruled use 0.
bool vl_sight_all_threads(const VlBattlefield *bf, const VlSightRules *rules, int threads, bool *clear);

/// One REP-601 blind zone as the screen draws it: a convex polygon (counter-clockwise) that holds the
/// casting feature and the ground it hides behind it, as seen from a spotter (D-REP-601-3).
typedef struct VlBlindZone {
    int terrain;     ///< the feature casting it
    double multiple; ///< depth over the distance to the far edge
    int npts;
    VlVec2 *pts;     ///< owned; vl_blind_zones_free releases it
} VlBlindZone;
/// The blind zones unit @p from casts on targets standing at level @p target_level. Stores a new array
/// in @p *out (release it with vl_blind_zones_free) and returns how many zones; -1 when out of memory.
int vl_blind_zones(const VlBattlefield *bf, int from, int target_level, VlBlindZone **out);
void vl_blind_zones_free(VlBlindZone *zones, int n);

/* ---- From anywhere: the measuring tape and the sight probe (measure.c, sight.c) ---- */

/// One end of a measure or of a line of sight: a unit of the battlefield (its footprint) or a point.
typedef struct VlTableEnd {
    int unit;  ///< a unit index, or -1 for the point @p at
    VlVec2 at; ///< the point (ignored for a unit)
} VlTableEnd;

/// How a measure was taken, as the rules take it.
typedef enum VlMeasureKind {
    VL_MEASURE_POINTS,     ///< point to point: the straight distance
    VL_MEASURE_POINT_UNIT, ///< a point and a unit: to the nearest point of its footprint (an objective's radius)
    VL_MEASURE_UNITS       ///< unit to unit: base edge to base edge (ranges, charges, the command radius, D-FIRE-4)
} VlMeasureKind;

typedef struct VlMeasure {
    VlMeasureKind kind;
    double distance; ///< inches: vl_footprint_distance, vl_footprint_distance_to_convex, or straight
    VlVec2 a, b;     ///< where it is taken: a on the first end, b on the second (the same point at 0)
} VlMeasure;

/// The distance between two ends as the rules measure it, and the two closest points. False (and
/// *out zeroed) when an end names no unit of @p bf.
bool vl_measure(const VlBattlefield *bf, VlTableEnd a, VlTableEnd b, VlMeasure *out);
/// The level of the ground at a point: the highest hill holding it (its edge included), 0 off the
/// hills; @p hill (may be NULL) gets that hill's terrain index, or -1.
int vl_battlefield_level_at(const VlBattlefield *bf, VlVec2 p, int *hill);
/// vl_sight_ruled between any two ends: a unit looks from its front face and is seen on any part of
/// its footprint; a point looks from itself, at the level of the ground there (vl_battlefield_level_at),
/// and is seen at itself. Two units: exactly vl_sight_ruled's answer. Obstacles: as vl_sight's, every
/// unit on the table but the ends (a point inside a unit is blocked by it, inside a wood by the wood).
void vl_sight_between(const VlBattlefield *bf, VlTableEnd from, VlTableEnd to, const VlSightRules *rules,
                      VlSightFilter keep, void *ctx, VlSight *out);
/// REP-601: the blind zones that reach @p to as seen from @p from (the masks vl_sight_between cuts out of
/// it, the feature itself included; cast from a unit's anchor or from the point). Stores a new array in
/// @p *out (vl_blind_zones_free) and returns how many; -1 when out of memory.
int vl_blind_zones_between(const VlBattlefield *bf, VlTableEnd from, VlTableEnd to, VlBlindZone **out);

#ifdef __cplusplus
}
#endif
#endif
