/* libFuzzer target for the scenario loader: any bytes go to vl_scenario_load_string(), which must
 * either accept them or refuse them with at least one located problem, never crash, leak or hit
 * undefined behaviour. Built by tests/meson.build with -Dfuzz=true, or by hand with clang:
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -Iinclude tests/fuzz/fuzz_scenario.c
 *     (every .c file of src/core, src/geom and src/scenario) -ljansson -lm -o fuzz_scenario
 * Run long sessions on a copy of the seed corpus so that generated inputs stay out of the repo:
 *   cp -r tests/fuzz/corpus /tmp/corpus && ./fuzz_scenario /tmp/corpus */
#include "volley/volley.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* An invariant of the loader's contract; a violation is a finding, so stop loudly. */
#define REQUIRE(cond)                                                                                      \
    do {                                                                                                   \
        if (!(cond))                                                                                       \
            __builtin_trap();                                                                              \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* Copy into an exact-size buffer so that ASan catches any read past @p size (the loader takes a
     * length and must not rely on a terminating NUL). */
    char *text = malloc(size ? size : 1);
    if (!text)
        return 0;
    if (size)
        memcpy(text, data, size);

    VlDiagList diags;
    vl_diag_init(&diags, "fuzz.json");
    VlScenario s;
    VlStatus st = vl_scenario_load_string(text, size, "fuzz.json", &s, &diags);
    free(text);

    /* Refused if and only if some problem was reported; every problem carries a non-OK status. */
    REQUIRE((st == VL_OK) == (diags.count == 0));
    for (int i = 0; i < diags.count; i++) {
        const VlDiag *d = &diags.items[i];
        REQUIRE(d->status != VL_OK);
        REQUIRE(d->line >= 0 && d->column >= 0);
        REQUIRE(memchr(d->path, 0, sizeof d->path) != NULL);
        REQUIRE(memchr(d->message, 0, sizeof d->message) != NULL);
        char line[1024];
        vl_diag_format(&diags, d, line, sizeof line);
    }

    if (st == VL_OK) {
        /* What the rest of Volley relies on after a successful load. */
        REQUIRE(s.nsides == 2);
        REQUIRE(s.width > 0 && s.height > 0);
        for (int i = 0; i < s.nunits; i++) {
            const VlScenarioUnit *u = &s.units[i];
            REQUIRE(u->side >= 0 && u->side < s.nsides);
            REQUIRE(u->brigade >= -1 && u->brigade < s.nbrigades);
            REQUIRE(u->id[0] != 0);
            REQUIRE(vl_scenario_find_unit(&s, u->id) == i);
        }
        for (int i = 0; i < s.nbrigades; i++)
            REQUIRE(s.brigades[i].commander >= -1 && s.brigades[i].commander < s.nunits);
        for (int i = 0; i < s.nterrain; i++)
            REQUIRE(s.terrain[i].pts != NULL && s.terrain[i].npts >= 2);
        VlBattlefield *bf = vl_scenario_battlefield(&s);
        if (bf) {
            REQUIRE(vl_battlefield_unit_count(bf) == s.nunits);
            REQUIRE(vl_battlefield_terrain_count(bf) == s.nterrain);
            vl_battlefield_destroy(bf);
        }
        vl_scenario_free(&s);
    } else {
        /* The loader frees a refused scenario itself; freeing again must be harmless. */
        vl_scenario_free(&s);
    }
    vl_diag_free(&diags);
    return 0;
}
