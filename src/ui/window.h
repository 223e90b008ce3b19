/**
 * @file window.h
 * @brief The game screen's window: SDL initialisation, the main loop, scripted runs with a
 *        screenshot, and the render bench. The command line (src/cli/) parses its arguments into a
 *        VlUiWindowArgs and calls these; it never sees SDL (this header does not include it).
 *
 * Offers:
 *  - VlUiWindowArgs and vl_ui_window_args_default(): the options of volley play's screen.
 *  - vl_ui_display_available(): whether a window can be opened here (the text summary otherwise).
 *  - vl_ui_window_play(): volley play on the screen (a game, a save, or the new-game menu).
 *  - vl_ui_window_replay(): the replay viewer (volley replay LOG --view).
 *  - vl_ui_bench_render(): volley bench render, median frame times on the software renderer.
 *  - vl_ui_problems_display(), vl_ui_window_problems(): a scenario that cannot be played, its
 *    problems listed in a small window with a Quit button.
 */
#ifndef VOLLEY_UI_WINDOW_H
#define VOLLEY_UI_WINDOW_H

#include "volley/volley.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct VlUiWindowArgs {
    uint64_t seed;
    bool have_seed;         ///< false: a seed from the clock
    VlPlayer players[2];    ///< who plays each side (default: the menu's last choice, else human v computer)
    bool have_players;      ///< players were given (--players); else the settings' or the default
    const char *script;     ///< a script of events to play (script.h), or NULL
    const char *screenshot; ///< write the last frame there as a PNG, or NULL
    const char *load;       ///< continue this save, or NULL
    int width, height;      ///< the window's size in pixels (default 1280x800)
    bool software;          ///< the software renderer, not the accelerated one
    int ai_delay;           ///< ms between the computer's commands; -1: the screen's default
    const char *overlays;   ///< overlays on at the start, as digits 1..6, or NULL
    bool menu;              ///< the new-game menu even with a scenario named
    const char *rules;      ///< --rules: the charge rules ("gor", "jr3", "gunson"), or NULL: the scenario's
    const char *options;    ///< --option: Republic option ids, comma-separated, or "none"; NULL: the scenario's
} VlUiWindowArgs;

VlUiWindowArgs vl_ui_window_args_default(void);

/// A display is there when SDL's video starts on a real driver (the dummy and offscreen drivers
/// are for tests: they count only when @p scripted). False with the reason in @p why.
bool vl_ui_display_available(bool scripted, char *why, size_t size);

/// volley play on the screen: the save a->load, else a new game of @p scenario_path, else (NULL, or
/// a->menu) the new-game menu with @p preselect chosen. Returns the process's exit code.
int vl_ui_window_play(const char *scenario_path, const char *preselect, const VlUiWindowArgs *a);

/// The scenario editor (volley edit) on @p scenario_path, or on a new table when NULL; the file is
/// known to load (its placement problems aside). Returns the process's exit code.
int vl_ui_window_edit(const char *scenario_path, const VlUiWindowArgs *a);

/// The replay viewer on a saved game; leaving it quits. Returns the process's exit code.
int vl_ui_window_replay(const char *log_path, const VlUiWindowArgs *a);

/// volley bench render: median frame time on a scenario, software renderer, 1280x800, every
/// overlay on, over @p samples frames. Returns the process's exit code.
int vl_ui_bench_render(const char *scenario_path, int samples, bool json);

/// Whether the problems of a broken scenario can be shown in a window: a display as
/// vl_ui_display_available says, and not SDL's dummy driver (which draws nowhere).
bool vl_ui_problems_display(bool scripted);

/// The problems of scenario @p path (@p n lines, each "file:line:col: path: message") in a small
/// window with a Quit button, until Quit, Esc, Enter or the window is closed; a scripted run
/// (a->script, a->screenshot) draws one frame and writes the screenshot. Returns 1, the exit code
/// of a scenario that cannot be played.
int vl_ui_window_problems(const char *path, const char *const *lines, int n, const VlUiWindowArgs *a);

#endif
