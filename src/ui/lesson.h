/**
 * @file lesson.h
 * @brief The tutorial as a lesson (lesson.c): when the tutorial scenario is played, a panel leads a
 *        newcomer through a first turn step by step: wait for the computer's turn when it moves
 *        first, end the early phases, select a regiment, drag it
 *        forward, wheel it, unlimber a battery, end the movement phase, watch the enemy's turn, fire
 *        the guns, charge, the close combat, rally. Each step says in plain words what to do and
 *        what it costs, rings the unit or button concerned on the screen, and gives way to the next
 *        when the game's state or the commands applied show it done. A step that the game can no
 *        longer offer (its unit gone, no enemy in reach after the computer's turn) is skipped with a
 *        word. "Leave the lesson" (X) closes the panel at any time; the game goes on.
 *
 * Offers:
 *  - VlUiLesson, the lesson's state (VlUiApp holds one).
 *  - vl_ui_lesson_start() (a new game: starts the lesson on the tutorial), vl_ui_lesson_update()
 *    (each frame: advances the steps), vl_ui_lesson_event() (the leave button and key),
 *    vl_ui_lesson_draw_marks() (rings on the table), vl_ui_lesson_draw() (the panel).
 *  - vl_ui_lesson_steps(), vl_ui_lesson_step_name(), vl_ui_lesson_prompt(): for tests and scripts.
 */
#ifndef VOLLEY_UI_LESSON_H
#define VOLLEY_UI_LESSON_H

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct VlUiLesson {
    bool active;        ///< the lesson panel is shown
    int step;           ///< the step shown (an index of lesson.c's table)
    int side;           ///< the pupil's side
    int unit;           ///< the regiment the lesson follows, or -1
    int battery;        ///< the battery it follows, or -1
    int since;          ///< log entries when the step began (commands after it are the step's)
    int skipped;        ///< steps skipped so far
    unsigned skipped_steps; ///< bit i: step i was skipped
    bool step_entered_unlimbered; ///< the battery was unlimbered already when the step began
    char note[240];     ///< why the step before was skipped, shown above the prompt ("" none)
    /* this frame's marks and buttons, set by the step (focus) and by drawing */
    int focus_unit;     ///< unit to ring, or -1
    int focus_unit2;    ///< a second unit to ring (the enemy to aim at or charge), or -1
    int focus_corner;   ///< a front corner of focus_unit to ring: 0 left, 1 right, -1 none
    int focus_button;   ///< a VlUiButtonKind to outline, or -1
    SDL_Rect panel;     ///< where the panel was drawn
    SDL_Rect leave;     ///< its "Leave the lesson" button
} VlUiLesson;

/// The lesson panel's width, at the table's top right (10 px in from its edge).
#define VL_UI_LESSON_PANEL_W 384

struct VlUiApp;

/// A new game began: start the lesson when it is the tutorial and a side is a human here (that side
/// is the pupil; the first side when both are); otherwise make sure no lesson is shown.
void vl_ui_lesson_start(struct VlUiApp *app);
/// Start the lesson on whatever game is shown (tests), whatever the scenario.
void vl_ui_lesson_begin(struct VlUiApp *app);
/// Close the panel; the game goes on.
void vl_ui_lesson_leave(struct VlUiApp *app);
/// Advance the lesson: each step done (or no longer possible) gives way to the next.
void vl_ui_lesson_update(struct VlUiApp *app);
/// The leave button and key X. True when the event was the lesson's.
bool vl_ui_lesson_event(struct VlUiApp *app, const SDL_Event *e);
/// The rings on the table around the unit, corner and enemy the step is about.
void vl_ui_lesson_draw_marks(struct VlUiApp *app);
/// The lesson's panel, at the table's top right, and the outline of the button the step is about.
void vl_ui_lesson_draw(struct VlUiApp *app);
/// How many steps the lesson has.
int vl_ui_lesson_steps(void);
/// Step @p i's short name ("select", "forward", "wheel", ..., "end"), NULL out of range.
const char *vl_ui_lesson_step_name(int i);
/// The prompt of the step shown, as the panel says it.
void vl_ui_lesson_prompt(struct VlUiApp *app, char *buf, size_t size);

#endif
