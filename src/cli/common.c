/* What several volley subcommands share: loading a scenario with its problems printed, opening its
 * world, finding a unit by the id given on the command line, text from files made safe for a
 * terminal, and the clock and median the timing commands (sim, bench) use. The core never reads a
 * clock; the command line does, here only. */
#include "cli.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- text from files, made safe for a terminal ---- */

/* The length of the well-formed UTF-8 sequence at p (1 to 4), or 0 when the bytes there are not one
 * (a stray continuation byte, an overlong form, a surrogate, beyond U+10FFFF, cut short). */
static int utf8_len(const unsigned char *p)
{
    unsigned char c = p[0];
    if (c < 0x80)
        return 1;
    int n;
    unsigned char lo = 0x80, hi = 0xBF; /* the range of the second byte */
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0)
            lo = 0xA0;
        else if (c == 0xED)
            hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0)
            lo = 0x90;
        else if (c == 0xF4)
            hi = 0x8F;
    } else
        return 0;
    if (p[1] < lo || p[1] > hi)
        return 0;
    for (int k = 2; k < n; k++)
        if (p[k] < 0x80 || p[k] > 0xBF)
            return 0;
    return n;
}

/* Escape @p s into @p out (room for 4 * strlen(s) + 1 bytes: no escape is longer than four bytes
 * for each byte it stands for). Returns whether anything was escaped. */
static bool escape_into(const char *s, bool keep_lines, char *out)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *p = (const unsigned char *)s;
    char *o = out;
    bool changed = false;
    while (*p) {
        int n = utf8_len(p);
        unsigned char c = p[0];
        if (n == 1 && (c < 0x20 || c == 0x7F) && !(keep_lines && (c == '\n' || c == '\t'))) {
            /* C0 controls and DEL: ESC starts the terminal's escape sequences, BEL rings, CR
             * overwrites the line, backspace rubs out what came before. */
            *o++ = '\\';
            if (c == '\n' || c == '\t' || c == '\r') {
                *o++ = c == '\n' ? 'n' : c == '\t' ? 't' : 'r';
            } else {
                *o++ = 'x';
                *o++ = hex[c >> 4];
                *o++ = hex[c & 15];
            }
            changed = true;
            p++;
        } else if (n == 2 && c == 0xC2 && p[1] < 0xA0) {
            /* The C1 controls U+0080 to U+009F (U+009B is CSI to some terminals), as \u0080. The
             * bytes 0x80 to 0x9F inside other characters (the E2 80 99 of a curly quote) are not
             * controls and pass below. */
            memcpy(o, "\\u00", 4);
            o += 4;
            *o++ = hex[p[1] >> 4];
            *o++ = hex[p[1] & 15];
            changed = true;
            p += 2;
        } else if (n == 0) {
            /* Not UTF-8: the byte as \xNN (a lone 0x9B would be CSI too). */
            *o++ = '\\';
            *o++ = 'x';
            *o++ = hex[c >> 4];
            *o++ = hex[c & 15];
            changed = true;
            p++;
        } else {
            memcpy(o, p, (size_t)n);
            o += n;
            p += n;
        }
    }
    *o = 0;
    return changed;
}

/* The escaped copies handed out last, reused in turn: a few may be live in one printf. */
#define TX_SLOTS 16
static char *tx_slot[TX_SLOTS];
static int tx_next;

static const char *tx(const char *s, bool keep_lines)
{
    if (!s)
        return "(null)";
    size_t len = strlen(s);
    char *buf = malloc(4 * len + 1);
    if (!buf)
        return "(text not shown: out of memory)";
    if (!escape_into(s, keep_lines, buf)) {
        free(buf);
        return s;
    }
    free(tx_slot[tx_next]);
    tx_slot[tx_next] = buf;
    tx_next = (tx_next + 1) % TX_SLOTS;
    return buf;
}

const char *vl_cli_tx(const char *s) { return tx(s, false); }

const char *vl_cli_tx_lines(const char *s) { return tx(s, true); }

void vl_cli_diag_print(const VlDiagList *list, FILE *f)
{
    for (int i = 0; i < list->count; i++) {
        char line[1024];
        vl_diag_format(list, &list->items[i], line, sizeof line);
        fprintf(f, "%s\n", vl_cli_tx(line));
    }
}

/* A bare name that is neither a file here nor a shipped scenario: say so, and which are shipped. */
static void shipped_hint(const char *arg)
{
    char dir[4096];
    if (vl_paths_data_file("scenarios", dir, sizeof dir, NULL, 0) != VL_OK) {
        fprintf(stderr, "volley: \"%s\" is neither a file here nor a shipped scenario (no data folder was found "
                        "to list them)\n", vl_cli_tx(arg));
        return;
    }
    struct dirent **names = NULL;
    int n = scandir(dir, &names, NULL, alphasort);
    fprintf(stderr, "volley: \"%s\" is neither a file here nor a shipped scenario; the shipped ones (in %s):",
            vl_cli_tx(arg), vl_cli_tx(dir));
    int shown = 0;
    for (int i = 0; i < n; i++) {
        const char *nm = names[i]->d_name;
        size_t len = strlen(nm);
        if (len > 5 && len < 256 && strcmp(nm + len - 5, ".json") == 0) {
            char stem[256];
            snprintf(stem, sizeof stem, "%.*s", (int)(len - 5), nm);
            fprintf(stderr, "%s %s", shown ? "," : "", vl_cli_tx(stem));
            shown++;
        }
        free(names[i]);
    }
    free(names);
    fprintf(stderr, "%s\n", shown ? "" : " none");
}

VlStatus vl_cli_load(const char *arg, VlScenario *s)
{
    char found[4096];
    const char *path = vl_cli_scenario_path(arg, found, sizeof found);
    VlDiagList diags;
    vl_diag_init(&diags, path);
    VlStatus st = vl_scenario_load_file(path, s, &diags);
    vl_cli_diag_print(&diags, stderr);
    vl_diag_free(&diags);
    if (st == VL_ERR_IO && path == arg && !strchr(arg, '/') && access(arg, F_OK) != 0)
        shipped_hint(arg);
    return st;
}

bool vl_cli_int_flag(const char *cmd, const char *flag, const char *word, long lo, long hi, long *out)
{
    /* Digits only, with one leading minus where the range allows it: no sign otherwise, no blanks,
     * no trailing text, nothing beyond the range (strtol's overflow included). */
    const char *p = word;
    if (*p == '-' && lo < 0)
        p++;
    bool digits = *p != 0;
    for (; *p; p++)
        digits = digits && *p >= '0' && *p <= '9';
    errno = 0;
    long v = digits ? strtol(word, NULL, 10) : 0;
    if (!digits || errno == ERANGE || v < lo || v > hi) {
        fprintf(stderr, "volley %s: %s takes a whole number from %ld to %ld, not \"%s\"\n", cmd, flag, lo, hi, word);
        return false;
    }
    *out = v;
    return true;
}

bool vl_cli_seed_flag(const char *cmd, const char *word, uint64_t *out)
{
    bool digits = *word != 0;
    for (const char *p = word; *p; p++)
        digits = digits && *p >= '0' && *p <= '9';
    errno = 0;
    unsigned long long v = digits ? strtoull(word, NULL, 10) : 0;
    if (!digits || errno == ERANGE) {
        fprintf(stderr, "volley %s: --seed takes a whole number from 0 to %llu, not \"%s\"\n", cmd,
                (unsigned long long)UINT64_MAX, word);
        return false;
    }
    *out = (uint64_t)v;
    return true;
}

int vl_cli_open_battlefield(const char *path, VlScenario *s, VlBattlefield **bf)
{
    if (vl_cli_load(path, s) != VL_OK)
        return 1;
    *bf = vl_scenario_battlefield(s);
    if (!*bf) {
        fprintf(stderr, "%s: out of memory\n", path);
        vl_scenario_free(s);
        return 1;
    }
    return 0;
}

int vl_cli_open_world(const char *path, VlScenario *s, VlWorld **w)
{
    if (vl_cli_load(path, s) != VL_OK)
        return 1;
    *w = vl_world_create(s, 1);
    if (!*w) {
        fprintf(stderr, "%s: out of memory\n", path);
        vl_scenario_free(s);
        return 1;
    }
    return 0;
}

int vl_cli_find_unit(const VlScenario *s, const char *path, const char *id)
{
    int u = vl_scenario_find_unit(s, id);
    if (u < 0) {
        fprintf(stderr, "%s: no unit has id \"%s\" (units:", vl_cli_tx(path), vl_cli_tx(id));
        for (int i = 0; i < s->nunits && i < 12; i++)
            fprintf(stderr, " %s", vl_cli_tx(s->units[i].id));
        fprintf(stderr, "%s)\n", s->nunits > 12 ? " ..." : "");
    }
    return u;
}

double vl_cli_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double vl_cli_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

bool vl_cli_rules(const char *cmd, const VlScenario *s, const char *rules, const char *options, VlRuleOptions *out)
{
    VlRuleOptions o = vl_rule_options_for(s);
    char why[700];
    if (!vl_rule_options_parse(rules, options, &o, why, sizeof why)) {
        fprintf(stderr, "volley %s: %s%s: %s\n", cmd, rules ? "--rules" : "", options ? (rules ? "/--option" : "--option") : "",
                vl_cli_tx(why));
        return false;
    }
    if (!vl_rule_options_check(&o, why, sizeof why)) {
        fprintf(stderr, "volley %s: %s%s\n", cmd, vl_cli_tx(why),
                rules || options ? "; choose rules this version plays (volley rules lists them)"
                                 : " (the scenario's \"rules\" ask for it; --rules and --option override them)");
        return false;
    }
    *out = o;
    return true;
}
