/**
 * @file app.h
 * @brief The game screen as a whole, in raylib's shape: create (initialisation), event + update,
 *        draw, destroy. It owns the game being played (with its command log, the source of truth),
 *        the camera, the gesture in progress, the previews that explain the rulings, the panels, the
 *        test-charge sandbox, the computer players, saving and loading, and the replay viewer.
 *
 * Offers:
 *  - VlUiApp (its parts' state: screen.h) and vl_ui_app_create() / vl_ui_app_destroy() (app.c).
 *  - vl_ui_app_event(), vl_ui_app_update(now_ms), vl_ui_app_draw(): the switch between the
 *    screens: the new-game menu (menu.c), the game, the hand-over, the replay viewer (replay.c).
 *  - The session (session.c): vl_ui_app_new_game(), vl_ui_app_load(), vl_ui_app_undo(), the
 *    sandbox; saving and the saves list (saves.c): vl_ui_app_save(), vl_ui_list_saves().
 *  - The computer players (think.c): each computer side's latest VlAiPlan (overlay 6);
 *    vl_ui_plan_intents() finds a unit's decisions in it. vl_players_parse() / vl_player_name()
 *    (ai.h) give the words of --players and the saves.
 *  - vl_ui_app_buttons(): the buttons of the screen (action bar, standing orders, toggles), built in
 *    update, read by drawing, clicked by events and scripts; vl_ui_log_reactions().
 *  - Layouts (layout.c), used by drawing, clicking and scripts alike.
 *  - Drawing: the table (scene.c, overlays.c, previews.c; a cache redrawn only when the camera, the
 *    window, the game's state, the overlays or the selection change) and the panels (panels.c).
 *
 * Everything the screen does to the game goes through vl_log_apply (commands checked and recorded);
 * undo rebuilds the game from the log without its last command.
 */
#ifndef VOLLEY_UI_APP_H
#define VOLLEY_UI_APP_H

#include "dialog.h"
#include "lesson.h"
#include "phasehelp.h"
#include "screen.h"
#include "settings.h"

typedef struct VlUiOptions {
    int ai_delay_ms;           ///< pause between the computer's commands (default 350)
    /// Where saves and autosaves go: by default $XDG_DATA_HOME/volley/saves (vl_paths_saves_dir),
    /// made (mode 0700) when the first save is written; empty when no such folder can be named.
    char save_dir[512];
    /// The scenarios the menu lists: by default the data folder's scenarios/ (vl_paths_data_file);
    /// empty when no data folder is found.
    char scenario_dir[512];
    bool exit_after_replay;    ///< leaving the replay viewer quits (volley replay --view)
    /// The computer plans its phase on a thread of its own, so the window goes on drawing and
    /// answering while it thinks (the live window sets it). Off, vl_ui_app_update plans in line:
    /// scripts and tests step frame by frame. The decisions are the same either way.
    bool think_aside;
    /// The player's settings file (settings.h), read at the start and written when a setting or
    /// the menu's choice changes; empty (tests, scripts) for none: the defaults stand.
    char settings_path[1024];
    /// Overlays on at the start of every new game over the settings' own (volley play --overlays):
    /// bit (1u << VL_OVERLAY_*) each.
    unsigned overlays;
} VlUiOptions;

VlUiOptions vl_ui_options_default(void);

typedef struct VlUiApp {
    SDL_Renderer *r;
    VlText *text;
    int width, height;
    VlUiOptions opt;
    VlScreen screen;
    bool quit;       ///< the app is finished: the main loop should stop
    uint32_t now;    ///< ms, as the last update said

    /* the session (session.c) */
    bool have_scenario;
    VlScenario scenario;
    VlGame *game;
    VlLog log;
    uint64_t seed;
    VlUiPlayer player[2];
    bool human[2];    ///< player[s] is a human at this screen
    char save_path[1024];
    int saved_n;      ///< log entries at the last save
    bool save_ours;   ///< save_path holds this game (written by it, or loaded from it)
    int seen_turn;    ///< the turn at the last autosave check
    int seen_side;    ///< the side to play when last looked at (hand-over)
    VlGame *sandbox;  ///< the test-charge sandbox's copy of the game, or NULL
    /// The rule set the next new game plays by, in the words of --rules and --option (the menu's
    /// Rules screen writes the same words): each empty keeps the scenario's own "rules".
    char rules_words[16];
    char option_words[256];
    unsigned reactions[2]; ///< each side's standing orders as the log has set them (D-GAME-2)

    /* the screens (screen.h) */
    VlUiMenuScreen menu;
    VlUiView view;
    VlUiCompare compare; ///< the sandbox's verdicts under each charge system (compare.c)
    VlUiHandoverScreen handover;
    VlReplayView replay;
    VlUiComputer ai;
    VlUiWatch watch;  ///< the computer's orders animated, the turn summaries (animate.c, summary.c)

    VlCamera cam;
    VlUiRects rects;
    VlUiTableCache cache;
    int mouse_x, mouse_y; ///< the pointer as the last event left it (to light the button under it)
    VlUiMessage msg[VL_UI_MESSAGES];
    int nmsg;
    Uint16 script_mod; ///< modifier keys a script holds down (script.c)
    VlUiDialog dialog;      ///< the dialogue open over the game screen (dialog.h), if any
    VlUiSettings settings;  ///< the player's settings (settings.h)
    VlUiLesson lesson;      ///< the tutorial's lesson (lesson.h)
    VlUiHelp help;          ///< the "now you can" panel and the rule hovers (phasehelp.h)
    VlUiTools tools;        ///< the measuring tape and the sight probe (tools.c)
    struct VlUiEditor *editor; ///< the scenario editor's state while it is open (editor.h), else NULL
} VlUiApp;

/// The saved games (*.vlog) in @p dir, newest first. Returns how many (*out: malloc'd, NULL if none).
int vl_ui_list_saves(const char *dir, VlSaveInfo **out);
/// Remove the temporary files of saves cut short (a crash, a kill) from @p dir: those older than ten
/// minutes. The screen does it when it starts; listing the saves does it too.
void vl_ui_clean_saves_dir(const char *dir);
/// The folder of the player's own tables, which the editor saves into and the menu lists: beside
/// the saves (opt.save_dir's parent)/scenarios, by default ~/.local/share/volley/scenarios. False
/// when no such folder can be named (no save folder).
bool vl_ui_user_scenarios_dir(const VlUiApp *app, char *out, size_t size);
/// The most recently written save in @p dir into @p out. False when there is none.
bool vl_ui_newest_save(const char *dir, char *out, size_t size);

/// Create the screen on a renderer of the given size. The font comes from the assets folder.
VlUiApp *vl_ui_app_create(SDL_Renderer *r, int width, int height, const VlUiOptions *opt);
void vl_ui_app_destroy(VlUiApp *app);
/// The window changed size.
void vl_ui_app_resize(VlUiApp *app, int width, int height);

/// Show the new-game menu with the scenarios of opt.scenario_dir, @p preselect chosen (may be NULL).
void vl_ui_app_menu(VlUiApp *app, const char *preselect);
/// Start a game, @p players[s] playing side s. Problems are printed and returned.
VlStatus vl_ui_app_new_game(VlUiApp *app, const char *scenario_path, uint64_t seed, const VlUiPlayer players[2]);
/// A seed for a new game from the wall clock (the screen may read one; the core never does).
uint64_t vl_ui_clock_seed(void);
/// Continue a saved game.
VlStatus vl_ui_app_load(VlUiApp *app, const char *log_path);
/// Open the replay viewer on a saved game.
VlStatus vl_ui_app_replay(VlUiApp *app, const char *log_path);

/// One event (the window's, or a script's).
void vl_ui_app_event(VlUiApp *app, const SDL_Event *e);
/// Advance time-driven things: the computer's moves, replay playback; then build the buttons the
/// next frame draws. @p now_ms from any clock.
void vl_ui_app_update(VlUiApp *app, uint32_t now_ms);
/// Draw a frame into the renderer's target (the caller presents it).
void vl_ui_app_draw(VlUiApp *app);
/// When the screen next changes by itself (a computer's order falls due, the replay steps on, a
/// message expires), in ms from @p now_ms: 0 for at once (something is being worked out), -1 for
/// never (only an event can change it). The window sleeps until then or the next event, so an idle
/// window uses no processor time.
int vl_ui_app_next_change_ms(const VlUiApp *app, uint32_t now_ms);

/// Work out the previews of the gesture in progress (and, in the sandbox, of the unit selected
/// against the one pointed at).
void vl_ui_update_previews(VlUiApp *app);
/// The fire preview of @p u at @p t; @p judge: with the game's verdict (else: sight only).
void vl_ui_fire_preview(VlUiApp *app, const VlGame *g, int u, int t, bool judge);
/// The first refusal among @p why's reasons (NULL if none) and, when @p clause, its clause.
const char *vl_ui_first_refusal(const VlReasons *why, const char **clause);
/// Apply an action from vl_ui_input (exposed for tests).
void vl_ui_app_act(VlUiApp *app, const VlUiAction *a);
/// Take back the last order if no die has decided it yet. False (with a message) when it cannot.
bool vl_ui_app_undo(VlUiApp *app);
/// Save the game to its save file (<opt.save_dir>/<scenario>-<time>.vlog), making the folder and
/// its parents when missing. False on failure, with the reason among the messages.
bool vl_ui_app_save(VlUiApp *app);
/// True when the log has commands not yet saved.
bool vl_ui_app_dirty(const VlUiApp *app);
/// The game shown: the sandbox copy, the replay's, or the game being played (NULL on the menu).
VlGame *vl_ui_app_shown(VlUiApp *app);
/// The buttons of the screen shown, built afresh from what it shows (update, events and scripts
/// build them; drawing reads app->view.buttons as they were last built).
const VlUiBar *vl_ui_app_buttons(VlUiApp *app);
/// Each side's standing orders after the first @p n entries of @p log (D-GAME-2: a side sets them in
/// its own turn; a side's turn is five phases, so the end-phase commands tell whose each command was).
void vl_ui_log_reactions(const VlLog *log, int n, int first_side, unsigned out[2]);
/// Where the buttons go on the game screen (the legend's overlay toggles follow its size).
void vl_ui_bar_areas(const VlUiApp *app, VlUiBarAreas *a);
/// After a load or save that listed its problems in @p d: when @p st is not VL_OK, print each to
/// stderr and post the first under the table. Frees @p d; true when @p st is VL_OK.
bool vl_ui_diags_done(VlUiApp *app, VlStatus st, VlDiagList *d);
/// An order as a player reads it, with names ("13th Alabama forms column", "Calef's Battery A
/// fires at 1st Tennessee", "13th Alabama moves: advance 8.1 in, wheel right 20 deg"): the
/// replay's last order and the undo message.
void vl_ui_order_text(const VlScenario *s, const VlCommand *c, char *buf, size_t size);
/// Post a message under the table.
void vl_ui_app_message(VlUiApp *app, bool bad, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* ---- the screen's own pieces, across its files ---- */

/* session.c */
/// Leave the game (or replay) shown: a plan being made is dropped, everything of the game freed.
void vl_ui_session_end(VlUiApp *app);
/// Apply a command to the game through its log; says what happened or why it is refused.
bool vl_ui_apply_command(VlUiApp *app, const VlCommand *c);
/// Each side's standing orders as the log shown has set them (app->reactions).
void vl_ui_refresh_reactions(VlUiApp *app);
/// Fit the table in the view.
void vl_ui_fit(VlUiApp *app);
/// A game or replay has been opened: meshes, camera, the turn and side seen.
void vl_ui_open_view(VlUiApp *app);
/// Enter or leave the test-charge sandbox.
void vl_ui_toggle_sandbox(VlUiApp *app);
/* previews.c */
/// Forget the move, charge and fire previews.
void vl_ui_clear_previews(VlUiApp *app);
/* think.c */
/// Drop a plan in the making (its thread told to give up and waited for); NULL is nothing.
void vl_ui_think_free(struct VlUiThink *t);
/// The computer's turn: plan its phase, then play the planned commands one by one.
void vl_ui_think_update(VlUiApp *app, uint32_t now_ms);
/* menu.c */
void vl_ui_menu_event(VlUiApp *app, const SDL_Event *e);
/* replay.c */
void vl_ui_replay_event(VlUiApp *app, const SDL_Event *e);
/// Replay playback.
void vl_ui_replay_update(VlUiApp *app, uint32_t now_ms);
/// Show the replay after @p k commands.
void vl_ui_replay_seek(VlUiApp *app, int k);
/* app.c */
/// What the input function needs to know of the screen, with the buttons built afresh.
VlUiInputCtx vl_ui_input_ctx(VlUiApp *app);

/* ---- drawing (scene.c, panels.c) ---- */

/// The table: ground, terrain, overlays, units, previews.
void vl_ui_draw_table(VlUiApp *app, const VlGame *g);
/// Side colour of side s at alpha a.
SDL_Color vl_ui_side_color(int side, Uint8 a);
/// Triangulate the scenario's areal terrain once (and forget the cached table).
void vl_ui_build_meshes(VlUiApp *app);
/// Forget the cached table (the next frame draws it afresh), e.g. when the renderer lost its targets.
void vl_ui_invalidate_table(VlUiApp *app);
void vl_ui_free_meshes(VlUiApp *app);
/// The panels of the game screen: phase bar, unit card, dice log, messages, legend, scale bar.
void vl_ui_draw_panels(VlUiApp *app, const VlGame *g);
/// Where the sandbox's banner ("nothing here changes the game") lies over the table.
SDL_Rect vl_ui_sandbox_banner(VlUiApp *app);
void vl_ui_draw_menu(VlUiApp *app);
void vl_ui_draw_handover(VlUiApp *app);
void vl_ui_draw_confirm(VlUiApp *app);
void vl_ui_draw_replay_controls(VlUiApp *app);
void vl_ui_draw_help(VlUiApp *app);
/// Where the key help lies over the table (its height follows the window's width).
SDL_Rect vl_ui_help_box(VlUiApp *app);
/// Recompute the threatened faces when the game changed (overlay 4).
void vl_ui_refresh_threats(VlUiApp *app, const VlGame *g);
/// The decisions the computer's latest plans hold for unit @p u (issued orders and holds), at most
/// @p max of them into @p out, in the order they were made. Returns how many.
int vl_ui_plan_intents(const VlUiApp *app, int u, const VlAiIntent **out, int max);

/* ---- layouts shared by drawing, clicking and scripts (layout.c) ---- */
/// The panels' sizes: the side panel's width (a third of a narrow window), the phase bar's, the
/// action bar's and the standing orders' heights.
#define VL_UI_SIDE_PANEL_W 340
#define VL_UI_BAR_H 36
#define VL_UI_ACTION_H 52
#define VL_UI_ORDERS_H 90
/// Window pixel (x, y) is in @p r.
bool vl_ui_in_rect(SDL_Rect r, int x, int y);
/// The pointer is over @p r.
bool vl_ui_hovered(const VlUiApp *app, SDL_Rect r);
/// The panels and the table's viewport for the window's size (the camera follows).
void vl_ui_layout(VlUiApp *app);
/// The dice log's place in the side panel, under the unit card that ends at @p card_bottom.
void vl_ui_log_layout(VlUiApp *app, float card_bottom);
/// How many messages show at once, and their text size.
#define VL_UI_MESSAGES_SHOWN 3
#define VL_UI_MESSAGE_FONT 13
/// The messages shown now, newest first (indices into app->msg), and each one's box over the table:
/// the stack goes where it hides the fewest of the table's labels and units. Returns how many.
int vl_ui_message_layout(VlUiApp *app, int idx[VL_UI_MESSAGES_SHOWN], SDL_Rect box[VL_UI_MESSAGES_SHOWN]);
/// Draw @p s at (x, y) cut to @p w pixels with an ellipsis when longer (whole when it fits).
void vl_ui_text_draw_fit(VlUiApp *app, int size, const char *s, float x, float y, int w, SDL_Color c);
/// The overlay legend at the table's lower left (its height follows the overlays on).
void vl_ui_legend_box(const VlUiApp *app, float *x, float *y, float *w, float *h);
typedef struct VlMenuLayout {
    SDL_Rect list;      ///< the scenario list
    int row_h;
    int scen_rows;      ///< scenario rows that fit (the list scrolls past them: menu.scen_scroll)
    SDL_Rect side_btn[2];   ///< each side's human / computer toggle
    SDL_Rect level_btn[2][4]; ///< and beside it who the computer is: easy, normal, hard, random
    SDL_Rect start, load, replay, quit;
    SDL_Rect settings;  ///< the settings screen (O), beside Quit
    SDL_Rect edit, new_table; ///< the editor (editor.c) on the scenario chosen (E), on a new table (N)
    SDL_Rect saves;     ///< the saved games, newest first (Continue and Watch act on the one selected)
    int save_row_h;
    int save_rows;      ///< rows that fit
} VlMenuLayout;
/// The save row under window pixel (x, y) in the menu (an index into app->menu.saves), or -1.
int vl_ui_menu_save_at(const VlUiApp *app, const VlMenuLayout *m, int x, int y);
void vl_ui_menu_layout(const VlUiApp *app, VlMenuLayout *m);
/// The menu's @p k-th visible row of the scenario list (scenario menu.scen_scroll + k).
SDL_Rect vl_ui_menu_scenario_row(const VlMenuLayout *m, int i);
/// The menu's @p k-th visible row of saved games (the save app->menu.save_scroll + k).
SDL_Rect vl_ui_menu_save_row(const VlMenuLayout *m, int k);

enum { VL_RB_FIRST, VL_RB_TURN_BACK, VL_RB_PHASE_BACK, VL_RB_BACK, VL_RB_PLAY, VL_RB_FWD, VL_RB_PHASE_FWD, VL_RB_TURN_FWD,
       VL_RB_LAST, VL_RB_COUNT };
typedef struct VlReplayLayout {
    SDL_Rect bar;
    SDL_Rect btn[VL_RB_COUNT];
    SDL_Rect status;   ///< where the step and the last order are told, right of the buttons
    SDL_Rect slider;
} VlReplayLayout;
void vl_ui_replay_layout(const VlUiApp *app, VlReplayLayout *l);

typedef struct VlConfirmLayout {
    SDL_Rect box, save, discard, cancel;
} VlConfirmLayout;
void vl_ui_confirm_layout(const VlUiApp *app, VlConfirmLayout *l);

/* ---- replay (replay.c) ---- */
VlStatus vl_ui_replay_view_open(VlReplayView *rv, const char *path, VlScenario *s, VlDiagList *d);
void vl_ui_replay_view_close(VlReplayView *rv);
/// Show the game after k commands (clamped); returns the game (owned by the view).
void vl_ui_replay_view_seek(VlReplayView *rv, const VlScenario *s, int k, VlGame **game);
/// The command index of the next (dir > 0) or previous phase or turn boundary from k.
int vl_ui_replay_boundary(const VlReplayView *rv, int k, int dir, bool turn);

#endif
