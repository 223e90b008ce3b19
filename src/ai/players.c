/* The player words of `--players` and the saves (human, ai:easy, ai:normal, ai:hard, random) and
 * the commander's level names. */
#include "commander_internal.h"

#include <stdio.h>
#include <string.h>

static const char *const LEVEL_NAMES[3] = {"easy", "normal", "hard"};

const char *vl_ai_level_name(VlAiLevel level) { return (unsigned)level < 3 ? LEVEL_NAMES[level] : NULL; }

int vl_ai_level_parse(const char *s)
{
    for (int i = 0; s && i < 3; i++)
        if (strcmp(s, LEVEL_NAMES[i]) == 0)
            return i;
    return -1;
}

bool vl_player_parse(const char *word, VlPlayer *out)
{
    if (strcmp(word, "human") == 0) {
        *out = (VlPlayer){VL_PLAYER_HUMAN, VL_AI_NORMAL};
        return true;
    }
    if (strcmp(word, "random") == 0) {
        *out = (VlPlayer){VL_PLAYER_RANDOM, VL_AI_NORMAL};
        return true;
    }
    /* "computer" is what the screen wrote before the commander played: the commander now. */
    int level = strcmp(word, "computer") == 0 || strcmp(word, "ai") == 0 ? VL_AI_NORMAL
              : strncmp(word, "ai:", 3) == 0                             ? vl_ai_level_parse(word + 3)
                                                                         : -1;
    if (level < 0)
        return false;
    *out = (VlPlayer){VL_PLAYER_AI, (VlAiLevel)level};
    return true;
}

bool vl_players_parse(const char *s, VlPlayer out[2], char *err, size_t errsize)
{
    char buf[64];
    if (snprintf(buf, sizeof buf, "%s", s) >= (int)sizeof buf) {
        snprintf(err, errsize, "\"%.40s...\" is too long", s);
        return false;
    }
    char *comma = strchr(buf, ',');
    if (comma)
        *comma = 0;
    const char *words[2] = {buf, comma ? comma + 1 : buf};
    if (comma && strchr(comma + 1, ',')) {
        snprintf(err, errsize, "\"%s\" names more than two players", s);
        return false;
    }
    for (int k = 0; k < 2; k++)
        if (!vl_player_parse(words[k], &out[k])) {
            snprintf(err, errsize, "\"%s\" is not a player", words[k]);
            return false;
        }
    return true;
}

const char *vl_player_name(VlPlayer p)
{
    switch (p.kind) {
    case VL_PLAYER_HUMAN: return "human";
    case VL_PLAYER_RANDOM: return "random";
    case VL_PLAYER_AI:
        return p.level == VL_AI_EASY ? "ai:easy" : p.level == VL_AI_HARD ? "ai:hard" : "ai:normal";
    }
    return "human";
}
