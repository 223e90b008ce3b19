/**
 * @file theme.h
 * @brief The screen's look in one place: its colours (0xRRGGBB, for vl_ui_rgb / vl_ui_rgba) and its font.
 *
 * Offers:
 *  - The side colours and the table's ground, from the Okabe-Ito palette where things must stay
 *    apart for colour-blind eyes.
 *  - The marks on the table: selection, good and bad rulings, threatened flanks, line of sight;
 *    the labels' colours and the badges'.
 *  - The panels' background, text, dim text and rules; the window's background.
 *  - The font file (in the data folder's assets/: vl_paths_data_file) and the sizes of the buttons' text.
 */
#ifndef VOLLEY_UI_THEME_H
#define VOLLEY_UI_THEME_H

/* ---- the table ---- */

/// Side colours, chosen from the Okabe-Ito palette so that they stay apart for colour-blind eyes:
/// blue and vermilion; the second side's bases also have a dashed outline.
#define VL_UI_SIDE0 0x0072B2u
#define VL_UI_SIDE1 0xD55E00u
/// Each side's colour darkened, for outlines and glyphs.
#define VL_UI_SIDE0_DARK 0x003A5Cu
#define VL_UI_SIDE1_DARK 0x5E2400u
/// The table's open ground, its 6-inch grid, and the window around it.
#define VL_UI_TABLE 0xDCD6B4u
#define VL_UI_GRID 0xC9C2A0u
#define VL_UI_OUTSIDE 0x2A2D31u
/// The primary-zone tint (overlay 2), drawn translucent over the table.
#define VL_UI_ZONE_TINT 0xCC79A7u
#define VL_UI_ZONE_ALPHA 70
/// The selected unit, and the threatened flanks (overlay 4): Okabe-Ito yellow.
#define VL_UI_SELECT 0xF0E442u
/// What asks for the eye in the panels (the replay banner, warnings, the sandbox): the same yellow.
#define VL_UI_HIGHLIGHT 0xF0E442u
#define VL_UI_THREAT 0xF0E442u
/// A ruling that allows (bluish green) or refuses (red); the line of sight when clear.
#define VL_UI_GOOD 0x009E73u
#define VL_UI_BAD 0xC4002Fu
#define VL_UI_SIGHT 0x009E73u

/// The table's labels: a unit's name on a pale box (and the leader line to a label that stands
/// off), an objective's on a parchment box, terrain's plain (areas, then lines); the badges' colours.
#define VL_UI_LABEL_TEXT 0x1E1E1Eu
#define VL_UI_LABEL_BOX 0xFFFFFFu
#define VL_UI_OBJECTIVE_TEXT 0x6B4A00u
#define VL_UI_OBJECTIVE_BOX 0xF3E9C6u
#define VL_UI_TERRAIN_TEXT 0x3A3320u
#define VL_UI_LINE_TEXT 0x2B2B2Bu
#define VL_UI_BADGE_HITS 0xA8001Eu
#define VL_UI_BADGE_ROUTED 0x000000u
#define VL_UI_BADGE_FIRED 0x6A3D9Au
#define VL_UI_BADGE_CHARGED 0x8C2D04u

/* ---- the panels ---- */

#define VL_UI_PANEL_BG 0x23272Cu
#define VL_UI_PANEL_FG 0xE8E6E1u
#define VL_UI_PANEL_DIM 0x9AA0A6u
#define VL_UI_PANEL_LINE 0x3A4048u
/// The phase bar and the action bar.
#define VL_UI_BAR_BG 0x15181Bu
/// The window behind everything (and the menu's background).
#define VL_UI_BACKGROUND 0x171A1Eu

/* ---- text ---- */

/// The font, a file of the data folder's assets/ (vl_paths_data_file("assets/" VL_UI_FONT_FILE)).
#define VL_UI_FONT_FILE "DejaVuSans.ttf"
/// Button text: the label's size, its key's size, padding each side, the gap to the key and between buttons.
#define VL_UI_BUTTON_FONT 14
#define VL_UI_KEY_FONT 10
#define VL_UI_BUTTON_PAD 10
#define VL_UI_KEY_GAP 6
#define VL_UI_BUTTON_GAP 6
/// The standing orders' labels (a check box before them).
#define VL_UI_REACTION_FONT 13

#endif
