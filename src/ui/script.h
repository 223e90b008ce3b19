/**
 * @file script.h
 * @brief Scripted input for tests and screenshots: a text file of events fed to the screen as if
 *        a player had made them, with a clock the script advances itself.
 *
 * One command a line; '#' starts a comment. Pixel coordinates are window pixels; the *-unit
 * forms aim at a unit's middle by its scenario id, and offsets are in inches on the table.
 *
 *     key NAME [ctrl] [shift]         press and release a key (SDL key names: Return, Space, F, 2, Left)
 *     keydown NAME / keyup NAME       hold or release a key (Left Shift, Left Ctrl)
 *     type TEXT                       type the rest of the line (text input: a field with the focus)
 *     click X Y [right|middle]        press and release
 *     press X Y / move X Y / release X Y
 *     drag X1 Y1 X2 Y2 [right|middle] press, move in steps, release
 *     wheel X Y AMOUNT                scroll (positive zooms in)
 *     wheel-at ID AMOUNT              scroll with the mouse over a unit's middle
 *     view X Y ZOOM                   look at table point (X, Y) at ZOOM pixels per inch
 *     click-unit ID                   click the middle of a unit
 *     tape X0 Y0 X1 Y1 [pin]          drag the measuring tape (M) between two table points, inches;
 *     sight X0 Y0 X1 Y1 [pin]         or the line-of-sight probe (V); pin pins it (P)
 *     drag-unit ID DX DY              drag a unit's middle by (DX, DY) inches
 *     drag-unit-to ID TARGET          drag from a unit's middle onto another unit's middle
 *     drag-corner ID left|right DX DY drag a unit's front corner by (DX, DY) inches (of its ghost
 *                                     when a chained order of it is pending)
 *     hover-rule ID [log]             rest the pointer on the newest place a rule id is drawn
 *                                     (a dice log heading, a message, the card, the lesson); with
 *                                     log, in the dice log only
 *     press-at / move-at / release-at ID [left|right|centre] [DX DY]
 *                                     the mouse at a unit's middle or front corner, plus inches
 *     click-button NAME [ARG]         move to a button and click it: end-phase, line, column, skirmish,
 *                                     square, limber, double, rally, undo, save, sandbox, help,
 *                                     overlay 1-6, reaction square|skirmish|cavalry; in the replay
 *                                     viewer replay-first, -back, -play, -forward, -last, ...; on
 *                                     the menu menu-start, menu-continue, menu-watch, menu-quit,
 *                                     menu-settings and
 *                                     save-row N (the N-th saved game, newest first)
 *     overlay N [on|off]              toggle overlay N (1-6; 6 is the computer's plan), or set it
 *     wait MS                         let the clock run (the computer's moves, replay playback)
 *     screenshot FILE                 draw a frame and write it as a PNG
 *     resize W H                      the window changed size
 *     setting confirm-end-phase on|off  ask before ending a phase with units left (a scripted run
 *                                     starts with it off: a script ends its phases on purpose)
 *     dialog CHOICE                   click a button of the dialogue open: end-phase, resume, save,
 *                                     load, settings, main-menu, quit, back, leave, save-and-leave
 *     settings ITEM [CHOICE]          on the settings screen, click a choice: pause 0.7s|0.35s|
 *                                     0.15s|none, animation off|fast|normal|slow,
 *                                     confirm on|off, labels few|units|all, phase-help on|off;
 *                                     overlay-1 .. overlay-6 toggles a check box; back
 *     setting animation off|fast|normal|slow  how the computer's orders are shown (animate.h)
 *     wait-order MS [FRACTION]        let the clock run until an order of the computer's is being
 *                                     shown and FRACTION (0..1, default 0.5) of its animation has
 *                                     gone, or a human has the turn; refused if neither comes
 *                                     within MS
 *     wait-human MS                   let the clock run until a human has the turn and no order
 *                                     is being shown; refused if it takes longer than MS
 *
 * The scenario editor's (editor.h; X Y are table inches, the modifiers shift, alt, ctrl are held
 * for that gesture; menu-edit and menu-new are the menu's buttons to it):
 *     edit-open [FILE|new]            open the editor on FILE, or on a new 72 x 48 in table
 *     edit-tool select|unit|terrain|objective
 *     edit-palette FIELD VALUE        side 1|2|NAME, type infantry|cavalry|artillery|general,
 *                                     formation, quality, weapon, terrain TYPE, level N, width IN
 *     edit-click X Y [shift|alt]      click the table; edit-dclick X Y: a double click
 *     edit-drag X0 Y0 X1 Y1 [shift|alt]  press, move in steps, release
 *     edit-press / edit-move / edit-release X Y   one part of a drag at a time
 *     edit-button NAME                the tools' and the palette's buttons by their words, undo,
 *                                     redo, save, play, sandbox, leave
 *     edit-problem N                  click the N-th problem of the list (it selects and centres it)
 *     edit-save-as FILE               save the table to FILE (what Save As's name field does)
 */
#ifndef VOLLEY_UI_SCRIPT_H
#define VOLLEY_UI_SCRIPT_H

#include "app.h"

/// Run a script file against the app. *clock is the script's time in ms (advanced by wait).
/// Returns false with a message in @p err (file:line: what) on a bad line or a failed screenshot.
bool vl_ui_script_run(VlUiApp *app, const char *path, uint32_t *clock, char *err, size_t errsize);
/// Run one script line (no comment handling).
bool vl_ui_script_line(VlUiApp *app, const char *line, uint32_t *clock, char *err, size_t errsize);

#endif
