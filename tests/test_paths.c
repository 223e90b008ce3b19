/* Paths (paths.h): the data folder found from the environment, from an installed binary and from a
 * build folder in the source tree; the XDG folders for saves and settings, made on demand; and the
 * refusals (HOME unset, no data folder, a file in the way, a buffer too small). Each test runs in
 * its own process (Check forks), so setenv in one does not reach the next. */
#define _XOPEN_SOURCE 700 /* mkdtemp, nftw, realpath */
#include "testutil.h"

#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef VL_BINDIR_TO_DATADIR
#define VL_BINDIR_TO_DATADIR "../share/volley"
#endif
#ifndef VL_INSTALL_DATADIR
#define VL_INSTALL_DATADIR "/usr/local/share/volley"
#endif

static char g_tmp[PATH_MAX]; /* this test's scratch folder, made by setup, removed by teardown */

static void setup(void)
{
    snprintf(g_tmp, sizeof g_tmp, "%s/volley-paths-XXXXXX", P_tmpdir);
    ck_assert_ptr_nonnull(mkdtemp(g_tmp));
    /* Canonical, so that it compares with what realpath gives. */
    char real[PATH_MAX];
    ck_assert_ptr_nonnull(realpath(g_tmp, real));
    snprintf(g_tmp, sizeof g_tmp, "%s", real);
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static void teardown(void)
{
    nftw(g_tmp, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* g_tmp/rel, made with its parents. */
static void make(const char *rel, char *out, size_t size)
{
    char err[512] = "";
    ck_assert_int_lt(snprintf(out, size, "%s/%s", g_tmp, rel), (int)size);
    ck_assert_msg(vl_paths_mkdir_p(out, 0755, err, sizeof err) == VL_OK, "%s", err);
}

/* A data folder at g_tmp/rel: scenarios/ and assets/ inside. */
static void make_data(const char *rel)
{
    char p[PATH_MAX], sub[PATH_MAX + 16];
    make(rel, p, sizeof p);
    snprintf(sub, sizeof sub, "%s/scenarios", p);
    ck_assert_int_eq(vl_paths_mkdir_p(sub, 0755, NULL, 0), VL_OK);
    snprintf(sub, sizeof sub, "%s/assets", p);
    ck_assert_int_eq(vl_paths_mkdir_p(sub, 0755, NULL, 0), VL_OK);
}

static void canon(const char *rel, char *out)
{
    char p[PATH_MAX * 2];
    snprintf(p, sizeof p, "%s/%s", g_tmp, rel);
    ck_assert_msg(realpath(p, out) != NULL, "%s does not exist", p);
}

static bool is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

START_TEST(data_dir_env_override_is_taken_as_it_is)
{
    char buf[PATH_MAX], err[512] = "";
    setenv(VL_PATHS_DATA_ENV, g_tmp, 1);
    ck_assert_msg(vl_paths_data_dir(buf, sizeof buf, err, sizeof err) == VL_OK, "%s", err);
    ck_assert_str_eq(buf, g_tmp);
    char file[PATH_MAX + 64];
    ck_assert_int_eq(vl_paths_data_file("scenarios/tutorial.json", file, sizeof file, err, sizeof err), VL_OK);
    char want[PATH_MAX + 64];
    snprintf(want, sizeof want, "%s/scenarios/tutorial.json", g_tmp);
    ck_assert_str_eq(file, want);
}
END_TEST

START_TEST(data_dir_env_override_that_is_no_folder_is_refused)
{
    char buf[PATH_MAX], err[512] = "";
    char missing[PATH_MAX + 16];
    snprintf(missing, sizeof missing, "%s/nowhere", g_tmp);
    setenv(VL_PATHS_DATA_ENV, missing, 1);
    ck_assert_int_eq(vl_paths_data_dir(buf, sizeof buf, err, sizeof err), VL_ERR_NOT_FOUND);
    ck_assert_ptr_nonnull(strstr(err, VL_PATHS_DATA_ENV));
    ck_assert_ptr_nonnull(strstr(err, "not a folder"));
    /* data_file passes the refusal on. */
    ck_assert_int_eq(vl_paths_data_file("assets/x", buf, sizeof buf, NULL, 0), VL_ERR_NOT_FOUND);
}
END_TEST

START_TEST(data_dir_of_this_test_binary_is_the_source_tree)
{
    /* build/tests/test_paths: two levels up is the source root, which has scenarios/ and assets/.
     * (A build folder outside the source tree has nothing to find: the check is then moot.) */
    unsetenv(VL_PATHS_DATA_ENV);
    char buf[PATH_MAX], err[512] = "", want[PATH_MAX], exe[PATH_MAX];
    ck_assert_ptr_nonnull(realpath(VL_SOURCE_ROOT, want));
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    ck_assert_int_gt(n, 0);
    exe[n] = 0;
    size_t len = strlen(want);
    if (strncmp(exe, want, len) != 0 || exe[len] != '/')
        return;
    ck_assert_msg(vl_paths_data_dir(buf, sizeof buf, err, sizeof err) == VL_OK, "%s", err);
    ck_assert_str_eq(buf, want);
    /* An empty VOLLEY_DATA_DIR counts as unset. */
    setenv(VL_PATHS_DATA_ENV, "", 1);
    ck_assert_int_eq(vl_paths_data_dir(buf, sizeof buf, err, sizeof err), VL_OK);
    ck_assert_str_eq(buf, want);
}
END_TEST

START_TEST(data_dir_beside_an_installed_binary)
{
    char bindir[PATH_MAX], exe[PATH_MAX + 16], buf[PATH_MAX], want[PATH_MAX], err[512] = "";
    make("usr/bin", bindir, sizeof bindir);
    char rel[PATH_MAX];
    snprintf(rel, sizeof rel, "usr/bin/%s", VL_BINDIR_TO_DATADIR);
    make_data(rel);
    snprintf(exe, sizeof exe, "%s/volley", bindir);
    ck_assert_msg(vl_paths_data_dir_for(exe, buf, sizeof buf, err, sizeof err) == VL_OK, "%s", err);
    canon(rel, want);
    ck_assert_str_eq(buf, want);
    ck_assert_ptr_null(strstr(buf, "/.."));
}
END_TEST

START_TEST(data_dir_above_a_build_folder_in_the_source_tree)
{
    char dir[PATH_MAX], exe[PATH_MAX + 64], buf[PATH_MAX], want[PATH_MAX], err[512] = "";
    make_data("src");
    make("src/build/tests", dir, sizeof dir);
    canon("src", want);
    snprintf(exe, sizeof exe, "%s/test_x", dir); /* build/tests/test_x */
    ck_assert_msg(vl_paths_data_dir_for(exe, buf, sizeof buf, err, sizeof err) == VL_OK, "%s", err);
    ck_assert_str_eq(buf, want);
    snprintf(exe, sizeof exe, "%s/src/build/volley", g_tmp); /* build/volley */
    ck_assert_int_eq(vl_paths_data_dir_for(exe, buf, sizeof buf, err, sizeof err), VL_OK);
    ck_assert_str_eq(buf, want);
}
END_TEST

START_TEST(data_dir_install_layout_wins_over_a_tree_above)
{
    /* An install prefix inside a folder that looks like a source tree: the install's own data. */
    char bindir[PATH_MAX], exe[PATH_MAX + 16], buf[PATH_MAX], want[PATH_MAX], rel[PATH_MAX];
    make_data("tree");
    make("tree/bin", bindir, sizeof bindir);
    snprintf(rel, sizeof rel, "tree/bin/%s", VL_BINDIR_TO_DATADIR);
    make_data(rel);
    snprintf(exe, sizeof exe, "%s/volley", bindir);
    ck_assert_int_eq(vl_paths_data_dir_for(exe, buf, sizeof buf, NULL, 0), VL_OK);
    canon(rel, want);
    ck_assert_str_eq(buf, want);
}
END_TEST

START_TEST(data_dir_nowhere_says_what_to_set)
{
    char dir[PATH_MAX], exe[PATH_MAX + 16], buf[PATH_MAX], err[512] = "";
    make("empty/bin", dir, sizeof dir);
    snprintf(exe, sizeof exe, "%s/volley", dir);
    VlStatus st = vl_paths_data_dir_for(exe, buf, sizeof buf, err, sizeof err);
    char installed[PATH_MAX + 16];
    snprintf(installed, sizeof installed, "%s/scenarios", VL_INSTALL_DATADIR);
    if (is_dir(installed)) { /* Volley is installed on this machine: its datadir is the last resort */
        ck_assert_int_eq(st, VL_OK);
        return;
    }
    ck_assert_int_eq(st, VL_ERR_NOT_FOUND);
    ck_assert_ptr_nonnull(strstr(err, VL_PATHS_DATA_ENV));
    ck_assert_ptr_nonnull(strstr(err, exe));
    ck_assert_ptr_nonnull(strstr(err, VL_INSTALL_DATADIR));
}
END_TEST

START_TEST(data_dir_too_long_for_the_buffer_is_refused)
{
    char small[8], err[512] = "";
    setenv(VL_PATHS_DATA_ENV, g_tmp, 1);
    ck_assert_int_eq(vl_paths_data_dir(small, sizeof small, err, sizeof err), VL_ERR_USAGE);
    ck_assert_ptr_nonnull(strstr(err, "longer than"));
    make_data("d");
    char exe[PATH_MAX + 16];
    snprintf(exe, sizeof exe, "%s/d/build/volley", g_tmp);
    char dir[PATH_MAX];
    make("d/build", dir, sizeof dir);
    ck_assert_int_eq(vl_paths_data_dir_for(exe, small, sizeof small, err, sizeof err), VL_ERR_USAGE);
}
END_TEST

START_TEST(saves_dir_follows_xdg_data_home_and_is_made_on_demand)
{
    char buf[PATH_MAX], want[PATH_MAX + 32], err[512] = "";
    setenv("XDG_DATA_HOME", g_tmp, 1);
    ck_assert_int_eq(vl_paths_saves_dir(buf, sizeof buf, false, err, sizeof err), VL_OK);
    snprintf(want, sizeof want, "%s/volley/saves", g_tmp);
    ck_assert_str_eq(buf, want);
    ck_assert(!is_dir(want)); /* asked without create: nothing made */
    ck_assert_msg(vl_paths_saves_dir(buf, sizeof buf, true, err, sizeof err) == VL_OK, "%s", err);
    ck_assert(is_dir(want));
    struct stat st;
    ck_assert_int_eq(stat(want, &st), 0);
    ck_assert_uint_eq(st.st_mode & 0777, 0700); /* the XDG specification's mode */
    /* Again: already there is fine. */
    ck_assert_int_eq(vl_paths_saves_dir(buf, sizeof buf, true, err, sizeof err), VL_OK);
}
END_TEST

START_TEST(saves_dir_defaults_to_home_and_ignores_a_relative_xdg)
{
    char buf[PATH_MAX], want[PATH_MAX + 64];
    setenv("HOME", g_tmp, 1);
    unsetenv("XDG_DATA_HOME");
    ck_assert_int_eq(vl_paths_saves_dir(buf, sizeof buf, false, NULL, 0), VL_OK);
    snprintf(want, sizeof want, "%s/.local/share/volley/saves", g_tmp);
    ck_assert_str_eq(buf, want);
    setenv("XDG_DATA_HOME", "relative/data", 1); /* invalid by the specification: ignored */
    ck_assert_int_eq(vl_paths_saves_dir(buf, sizeof buf, false, NULL, 0), VL_OK);
    ck_assert_str_eq(buf, want);
    setenv("XDG_DATA_HOME", "", 1);
    ck_assert_int_eq(vl_paths_saves_dir(buf, sizeof buf, true, NULL, 0), VL_OK);
    ck_assert_str_eq(buf, want);
    ck_assert(is_dir(want));
}
END_TEST

START_TEST(config_dir_follows_xdg_config_home_or_home)
{
    char buf[PATH_MAX], want[PATH_MAX + 32];
    setenv("XDG_CONFIG_HOME", g_tmp, 1);
    ck_assert_int_eq(vl_paths_config_dir(buf, sizeof buf, true, NULL, 0), VL_OK);
    snprintf(want, sizeof want, "%s/volley", g_tmp);
    ck_assert_str_eq(buf, want);
    ck_assert(is_dir(want));
    unsetenv("XDG_CONFIG_HOME");
    setenv("HOME", g_tmp, 1);
    ck_assert_int_eq(vl_paths_config_dir(buf, sizeof buf, false, NULL, 0), VL_OK);
    snprintf(want, sizeof want, "%s/.config/volley", g_tmp);
    ck_assert_str_eq(buf, want);
}
END_TEST

START_TEST(without_home_the_refusal_names_the_variables)
{
    char buf[PATH_MAX], err[512] = "";
    unsetenv("HOME");
    unsetenv("XDG_DATA_HOME");
    unsetenv("XDG_CONFIG_HOME");
    ck_assert_int_eq(vl_paths_saves_dir(buf, sizeof buf, true, err, sizeof err), VL_ERR_NOT_FOUND);
    ck_assert_ptr_nonnull(strstr(err, "saves"));
    ck_assert_ptr_nonnull(strstr(err, "XDG_DATA_HOME"));
    ck_assert_ptr_nonnull(strstr(err, "HOME"));
    ck_assert_int_eq(vl_paths_config_dir(buf, sizeof buf, false, err, sizeof err), VL_ERR_NOT_FOUND);
    ck_assert_ptr_nonnull(strstr(err, "XDG_CONFIG_HOME"));
    setenv("HOME", "not/absolute", 1); /* a relative HOME names no folder either */
    ck_assert_int_eq(vl_paths_config_dir(buf, sizeof buf, false, NULL, 0), VL_ERR_NOT_FOUND);
    /* An absolute XDG variable needs no HOME. */
    setenv("XDG_CONFIG_HOME", g_tmp, 1);
    ck_assert_int_eq(vl_paths_config_dir(buf, sizeof buf, false, NULL, 0), VL_OK);
}
END_TEST

START_TEST(mkdir_p_makes_parents_and_refuses_a_file_in_the_way)
{
    char p[PATH_MAX + 64], err[512] = "";
    snprintf(p, sizeof p, "%s/a/b/c/", g_tmp);
    ck_assert_msg(vl_paths_mkdir_p(p, 0755, err, sizeof err) == VL_OK, "%s", err);
    ck_assert(is_dir(p));
    ck_assert_int_eq(vl_paths_mkdir_p(p, 0755, err, sizeof err), VL_OK);
    snprintf(p, sizeof p, "%s/file", g_tmp);
    FILE *f = fopen(p, "w");
    ck_assert_ptr_nonnull(f);
    fclose(f);
    ck_assert_int_eq(vl_paths_mkdir_p(p, 0755, err, sizeof err), VL_ERR_IO);
    ck_assert_ptr_nonnull(strstr(err, "in the way"));
    snprintf(p, sizeof p, "%s/file/below", g_tmp);
    ck_assert_int_eq(vl_paths_mkdir_p(p, 0755, err, sizeof err), VL_ERR_IO);
    ck_assert_ptr_nonnull(strstr(err, "cannot make the folder"));
    ck_assert_int_eq(vl_paths_mkdir_p("", 0755, err, sizeof err), VL_ERR_USAGE);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("paths");
    TCase *tc = tcase_create("paths");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, data_dir_env_override_is_taken_as_it_is);
    tcase_add_test(tc, data_dir_env_override_that_is_no_folder_is_refused);
    tcase_add_test(tc, data_dir_of_this_test_binary_is_the_source_tree);
    tcase_add_test(tc, data_dir_beside_an_installed_binary);
    tcase_add_test(tc, data_dir_above_a_build_folder_in_the_source_tree);
    tcase_add_test(tc, data_dir_install_layout_wins_over_a_tree_above);
    tcase_add_test(tc, data_dir_nowhere_says_what_to_set);
    tcase_add_test(tc, data_dir_too_long_for_the_buffer_is_refused);
    tcase_add_test(tc, saves_dir_follows_xdg_data_home_and_is_made_on_demand);
    tcase_add_test(tc, saves_dir_defaults_to_home_and_ignores_a_relative_xdg);
    tcase_add_test(tc, config_dir_follows_xdg_config_home_or_home);
    tcase_add_test(tc, without_home_the_refusal_names_the_variables);
    tcase_add_test(tc, mkdir_p_makes_parents_and_refuses_a_file_in_the_way);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
