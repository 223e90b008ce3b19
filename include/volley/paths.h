/**
 * @file paths.h
 * @brief Where Volley's files are: its own data, and the player's saves and settings.
 *
 * Offers:
 *  - vl_paths_data_dir(): the read-only data folder (scenarios/, assets/), found from any folder:
 *    $VOLLEY_DATA_DIR; else beside the running binary (<bindir>/../share/volley when installed, the
 *    source tree when run from a build folder inside it); else the install datadir meson compiled in.
 *  - vl_paths_data_dir_for(): the same search for a binary at a given path (what tests call).
 *  - vl_paths_data_file(): a file in the data folder, such as "scenarios/tutorial.json".
 *  - vl_paths_saves_dir(): $XDG_DATA_HOME/volley/saves (default ~/.local/share/volley/saves).
 *  - vl_paths_config_dir(): $XDG_CONFIG_HOME/volley (default ~/.config/volley).
 *  - vl_paths_mkdir_p(): make a folder and its missing parents.
 *
 * Every function writes into the caller's buffer (nothing is kept between calls) and returns VL_OK,
 * or a refusal with the reason in @p err (which may be NULL): VL_ERR_NOT_FOUND when no folder can
 * be found or named (HOME unset, no data folder), VL_ERR_IO when one cannot be made, VL_ERR_USAGE
 * when the path does not fit in @p size.
 */
#ifndef VOLLEY_PATHS_H
#define VOLLEY_PATHS_H

#include "volley/core.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The environment variable that names the data folder outright (tests and relocated installs).
#define VL_PATHS_DATA_ENV "VOLLEY_DATA_DIR"

/// The data folder: $VOLLEY_DATA_DIR when set and not empty (it must be a folder), else the search
/// of vl_paths_data_dir_for() from the running binary (/proc/self/exe).
VlStatus vl_paths_data_dir(char *buf, size_t size, char *err, size_t errsize);

/// The data folder for a binary at @p exe (an absolute path; NULL or "" skips to the compiled-in
/// one), ignoring $VOLLEY_DATA_DIR. A data folder is one that holds scenarios/ and assets/. Tried
/// in order: the install layout beside the binary (<bindir>/../<datadir>/volley), the source tree
/// (the binary's folder's parent, or up to two levels above that: build/, build/tests/), then the
/// install datadir compiled in. The answer is canonical (realpath).
VlStatus vl_paths_data_dir_for(const char *exe, char *buf, size_t size, char *err, size_t errsize);

/// @p rel (e.g. "scenarios/tutorial.json", "assets/DejaVuSans.ttf") inside the data folder. The
/// file need not exist.
VlStatus vl_paths_data_file(const char *rel, char *buf, size_t size, char *err, size_t errsize);

/// Where saves and autosaves go: $XDG_DATA_HOME/volley/saves, or $HOME/.local/share/volley/saves
/// when XDG_DATA_HOME is unset, empty or relative (the XDG base directory specification ignores a
/// relative one). With @p create, the folder and its missing parents are made (mode 0700).
VlStatus vl_paths_saves_dir(char *buf, size_t size, bool create, char *err, size_t errsize);

/// Where settings go: $XDG_CONFIG_HOME/volley, or $HOME/.config/volley; @p create as above.
VlStatus vl_paths_config_dir(char *buf, size_t size, bool create, char *err, size_t errsize);

/// mkdir -p: make @p dir and every missing parent with @p mode (e.g. 0700); VL_OK when it is
/// already a folder, VL_ERR_IO (with the system's reason) when a part cannot be made or is a file.
VlStatus vl_paths_mkdir_p(const char *dir, unsigned mode, char *err, size_t errsize);

#ifdef __cplusplus
}
#endif

#endif
