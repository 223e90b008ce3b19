/* The player's settings (settings.c): what the window remembers between runs, in
 * $XDG_CONFIG_HOME/volley/settings.json. The screen reads them at start and writes them when the
 * player changes one or starts a game from the menu. */
#ifndef VOLLEY_UI_SETTINGS_H
#define VOLLEY_UI_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

#include "volley/ai.h"

typedef struct VlUiSettings {
    /// Ask once before ending a fire, charge or movement phase in which units could still act.
    bool confirm_end_phase;
    /// The pause between the computer's orders, ms (one of VL_UI_AI_PAUSES).
    int ai_delay_ms;
    /// How other players' orders are shown (the watchable opponent): VL_UI_ANIM_*.
    int animation;
    /// How many labels the table shows: VL_UI_LABELS_*.
    int label_density;
    /// The overlays a new game starts with: bit (1u << VL_OVERLAY_*) each.
    unsigned default_overlays;
    /// The "now you can" panel that says what the phase allows.
    bool phase_help;
    /// The menu's last rule set: the charge rules and the Republic options (volley/world.h).
    int charge_rules;
    unsigned republic;
    /// The menu's last choice: the scenario's file name (no folder; "" for none) and who played.
    char scenario[256];
    bool have_players;
    VlPlayer player[2];
} VlUiSettings;

/// The animation settings, from none to the slowest; NORMAL is a first run's.
enum { VL_UI_ANIM_OFF, VL_UI_ANIM_FAST, VL_UI_ANIM_NORMAL, VL_UI_ANIM_SLOW, VL_UI_ANIM_COUNT };
/// The label densities: names of selected, hovered and objectives only; every unit; everything.
enum { VL_UI_LABELS_FEW, VL_UI_LABELS_UNITS, VL_UI_LABELS_ALL, VL_UI_LABELS_COUNT };

/// The pauses offered, ms, from the slowest: the settings cycle through them.
#define VL_UI_AI_PAUSES {700, 350, 150, 0}
#define VL_UI_AI_NPAUSES 4

/// What a first run plays with: confirm on, a 350 ms pause, normal animations, every label, no
/// overlays, the phase panel on, Good Old Rebel alone, no menu choice remembered.
VlUiSettings vl_ui_settings_default(void);
/// Read @p path into @p out (starting from the defaults). A missing file is no error: the
/// defaults stand. A damaged file or a bad value is refused (false, the reason in @p err, the
/// defaults in @p out), so a hand-edited file never sets nonsense.
bool vl_ui_settings_load(const char *path, VlUiSettings *out, char *err, size_t errsize);
/// Write @p s to @p path whole (a temporary file, synced, renamed over the old one), making its
/// folder when missing. False with the reason in @p err.
bool vl_ui_settings_save(const char *path, const VlUiSettings *s, char *err, size_t errsize);
/// The next pause after @p ms in VL_UI_AI_PAUSES (a faster one; from the fastest back to the slowest).
int vl_ui_next_ai_pause(int ms);

#endif
