/**
 * @file labels.h
 * @brief Where the table's labels go: a greedy placer over rectangles, with no SDL in it, so that
 *        it can be tested alone; scene.c measures the texts, builds the items and draws the result.
 *
 * Offers:
 *  - VlLabelItem: one label to place, its texts from longest to shortest, the spots it may take
 *    around or inside its feature, whether it must keep off the units, whether it may stand off
 *    with a leader line.
 *  - vl_labels_place(): every item in rank order (the selected unit's first, then objectives,
 *    badges, unit names, terrain), each at the first spot where its box stays inside the bounds
 *    and clear of every label already placed (and of the units, when it must keep off them),
 *    trying its full text, then the shorter ones, then a leader line; hidden only when nothing fits.
 *  - vl_labels_promote(): the label under the pointer brought forward in full: the labels it would
 *    cover give way for as long as it is shown, nothing else moves.
 *  - vl_label_boxes_overlap(), vl_label_box_hits_quad(): the tests the placer uses (a box against
 *    a box, a box against a turned quadrilateral such as a unit on the screen).
 *  - vl_label_short_name(), vl_label_tiny_name(), vl_label_truncate(): shorter texts for crowded
 *    places ("55th North Carolina" becomes "55th NC", then "55th").
 *
 * The placer is greedy, as most map labellers are: one pass in rank order, each label at its first
 * free spot (positions tried in a fixed order of preference around the anchor). It is not optimal
 * (that problem is NP-hard) but it is predictable, deterministic, and fast enough to run whenever
 * the view's zoom or the game's state changes. Coordinates are any one frame of pixels; scene.c
 * uses pixels measured from the table's top-left corner, so that panning reuses a placement.
 */
#ifndef VOLLEY_UI_LABELS_H
#define VOLLEY_UI_LABELS_H

#include <stdbool.h>
#include <stddef.h>

/// An axis-aligned box, pixels: left, top, width, height.
typedef struct VlLabelBox {
    float x, y, w, h;
} VlLabelBox;

/// Ranks, placed in this order (lower first): the selected or hovered unit's labels, objectives,
/// the units' badges (HITs, routed, fired, charged), the units' names, terrain.
enum {
    VL_LABEL_RANK_FOCUS = 0,
    VL_LABEL_RANK_OBJECTIVE = 1,
    VL_LABEL_RANK_BADGE = 2,
    VL_LABEL_RANK_UNIT = 3,
    VL_LABEL_RANK_TERRAIN = 4
};

/// How a label treats the blocks (the units on the screen, the objectives' stars).
typedef enum VlLabelAvoid {
    VL_LABEL_AVOID_HARD, ///< never over a block (objectives, terrain, names): hidden rather
    VL_LABEL_AVOID_SOFT, ///< off the blocks when it can, over one when nothing else fits (badges, focus)
    VL_LABEL_AVOID_NONE  ///< blocks do not matter
} VlLabelAvoid;

#define VL_LABEL_TEXTS 3
#define VL_LABEL_SPOTS 16

/// A spot a label may take: the point (x, y) falls on the label's box at fractions (fx, fy) of its
/// width and height: (0, 0) puts the box's top left there, (0.5, 0) its top middle, (0.5, 0.5) its centre.
typedef struct VlLabelSpot {
    float x, y, fx, fy;
} VlLabelSpot;

typedef struct VlLabelItem {
    int rank;          ///< a VL_LABEL_RANK_*
    int avoid;         ///< a VlLabelAvoid
    bool on_focus_only; ///< not placed by vl_labels_place; shown only when promoted (hovered)
    int ntexts;        ///< 1 to VL_LABEL_TEXTS
    float w[VL_LABEL_TEXTS], h[VL_LABEL_TEXTS]; ///< each text's box, from the longest to the shortest
    int nspots;        ///< 1 to VL_LABEL_SPOTS, in order of preference
    VlLabelSpot spot[VL_LABEL_SPOTS];
    bool leader;       ///< may stand off from its anchor with a leader line when no spot is free
    float ax, ay;      ///< the anchor: where a leader line starts (the feature's middle)
    float reach;       ///< a leader takes the label this far (px) from the anchor, or 1.7 times as far
} VlLabelItem;

/// Where an item went.
typedef struct VlLabelPlace {
    bool shown;
    int text;          ///< which of its texts
    VlLabelBox box;
    bool leader;       ///< with a leader line from (lx0, ly0), the anchor, to (lx1, ly1) on the box
    float lx0, ly0, lx1, ly1;
} VlLabelPlace;

/// A turned quadrilateral, pixels (a unit's box on the screen), with its bounding box for speed.
typedef struct VlLabelQuad {
    float x[4], y[4];
    VlLabelBox bound;
} VlLabelQuad;

/// What the labels must respect.
typedef struct VlLabelProblem {
    VlLabelBox bounds;        ///< every label stays inside (the table)
    const VlLabelQuad *blocks; ///< what hard and soft labels keep off
    int nblocks;
    float pad;                ///< the gap kept between two labels, pixels
} VlLabelProblem;

/// The quad from four corners (any order round it), its bounding box filled in.
VlLabelQuad vl_label_quad(const float x[4], const float y[4]);
/// True when two boxes share more than an edge.
bool vl_label_boxes_overlap(VlLabelBox a, VlLabelBox b);
/// True when box @p b and convex quad @p q share more than an edge (separating axes).
bool vl_label_box_hits_quad(VlLabelBox b, const VlLabelQuad *q);
/// Place @p n items: out[i] says where item i went (shown false: no room). Returns how many are shown.
int vl_labels_place(const VlLabelProblem *p, const VlLabelItem *items, int n, VlLabelPlace *out);
/// Show item @p k in its first text inside the bounds (if it is not shown so already) at its spot
/// that hides the fewest labels shown, and hide those; labels of rank VL_LABEL_RANK_FOCUS and item @p keep (-1:
/// none) are hidden only when every spot would hide one. Other labels stay where they are.
void vl_labels_promote(const VlLabelProblem *p, const VlLabelItem *items, int n, VlLabelPlace *out, int k, int keep);

/// A unit's name shortened for a crowded table: the part before a comma or a bracket, states and
/// the common words abbreviated ("55th North Carolina" -> "55th NC", "Calef's Battery A, 2nd U.S.
/// Artillery" -> "Calef's Bty A"); a general's rank and surname ("Brig. Gen. James J. Archer" ->
/// "Gen. Archer"). Writes "" when it would not be shorter than @p name.
void vl_label_short_name(const char *name, bool general, char *out, size_t size);
/// Shorter still: the first word of the short name ("55th", "Calef's"), a general's surname. ""
/// when it would not be shorter than the short name.
void vl_label_tiny_name(const char *name, bool general, char *out, size_t size);
/// @p s cut at a word boundary to at most @p max bytes, with an ellipsis when cut.
void vl_label_truncate(const char *s, size_t max, char *out, size_t size);

#endif
