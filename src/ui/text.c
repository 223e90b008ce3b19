/* Text: SDL2_ttf renders a string once, in white, into a texture; drawing tints it with the
 * texture's colour and alpha modulation. The cache keeps strings until it fills up, when it is
 * emptied at once (a screen shows a few hundred strings; re-rendering them costs one frame). */
#include "gfx.h"

#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CACHE_SLOTS 2048
#define CACHE_FILL 1400
#define MAX_SIZES 12
#define MAX_TEXT 640

typedef struct Entry {
    bool used;
    uint64_t key;
    int size;
    int wrap;
    SDL_Color c;
    char s[MAX_TEXT];
    SDL_Texture *tex;
    int w, h;
} Entry;

struct VlText {
    SDL_Renderer *r;
    char path[1024];
    int nsizes;
    int sizes[MAX_SIZES];
    TTF_Font *fonts[MAX_SIZES];
    Entry *slots;
    int count;
    bool ttf_started;
};

VlText *vl_ui_text_create(SDL_Renderer *r, const char *font_path)
{
    if (!TTF_WasInit() && TTF_Init() != 0) {
        fprintf(stderr, "volley: cannot start SDL_ttf: %s\n", TTF_GetError());
        return NULL;
    }
    TTF_Font *probe = TTF_OpenFont(font_path, 12);
    if (!probe) {
        fprintf(stderr, "volley: cannot open the font %s: %s (set VOLLEY_DATA_DIR to the folder whose "
                        "assets/ holds DejaVuSans.ttf); text is not shown\n", font_path, TTF_GetError());
        return NULL;
    }
    VlText *t = calloc(1, sizeof *t);
    Entry *slots = calloc(CACHE_SLOTS, sizeof *slots);
    if (!t || !slots) {
        free(t);
        free(slots);
        TTF_CloseFont(probe);
        return NULL;
    }
    t->r = r;
    t->slots = slots;
    snprintf(t->path, sizeof t->path, "%s", font_path);
    t->sizes[0] = 12;
    t->fonts[0] = probe;
    t->nsizes = 1;
    return t;
}

void vl_ui_text_flush(VlText *t)
{
    if (!t)
        return;
    for (int i = 0; i < CACHE_SLOTS; i++)
        if (t->slots[i].used) {
            SDL_DestroyTexture(t->slots[i].tex);
            t->slots[i].used = false;
        }
    t->count = 0;
}

void vl_ui_text_destroy(VlText *t)
{
    if (!t)
        return;
    vl_ui_text_flush(t);
    for (int i = 0; i < t->nsizes; i++)
        TTF_CloseFont(t->fonts[i]);
    free(t->slots);
    free(t);
}

static TTF_Font *font_at(VlText *t, int size)
{
    for (int i = 0; i < t->nsizes; i++)
        if (t->sizes[i] == size)
            return t->fonts[i];
    if (t->nsizes == MAX_SIZES)
        return t->fonts[t->nsizes - 1];
    TTF_Font *f = TTF_OpenFont(t->path, size);
    if (!f)
        return t->fonts[0];
    TTF_SetFontHinting(f, TTF_HINTING_LIGHT);
    t->sizes[t->nsizes] = size;
    t->fonts[t->nsizes++] = f;
    return f;
}

static uint64_t key_of(int size, int wrap, SDL_Color c, const char *s)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        h = (h ^ *p) * 0x100000001b3ull;
    h = (h ^ (uint64_t)size) * 0x100000001b3ull;
    h = (h ^ (uint64_t)(unsigned)wrap) * 0x100000001b3ull;
    h = (h ^ ((uint64_t)c.r << 24 | (uint64_t)c.g << 16 | (uint64_t)c.b << 8 | c.a)) * 0x100000001b3ull;
    return h;
}

static Entry *lookup(VlText *t, int size, int wrap, const char *s)
{
    SDL_Color c = {255, 255, 255, 255};
    char clipped[MAX_TEXT];
    snprintf(clipped, sizeof clipped, "%s", s);
    uint64_t k = key_of(size, wrap, c, clipped);
    unsigned i = (unsigned)(k % CACHE_SLOTS);
    for (;;) {
        Entry *e = &t->slots[i];
        if (!e->used)
            break;
        if (e->key == k && e->size == size && e->wrap == wrap && strcmp(e->s, clipped) == 0 && memcmp(&e->c, &c, sizeof c) == 0)
            return e;
        i = (i + 1) % CACHE_SLOTS;
    }
    if (t->count >= CACHE_FILL) {
        vl_ui_text_flush(t);
        i = (unsigned)(k % CACHE_SLOTS);
    }
    TTF_Font *f = font_at(t, size);
    SDL_Surface *surf = wrap > 0 ? TTF_RenderUTF8_Blended_Wrapped(f, clipped, c, (Uint32)wrap)
                               : TTF_RenderUTF8_Blended(f, clipped, c);
    if (!surf)
        return NULL;
    SDL_Texture *tex = SDL_CreateTextureFromSurface(t->r, surf);
    int w = surf->w, h = surf->h;
    SDL_FreeSurface(surf);
    if (!tex)
        return NULL;
    SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
    Entry *e = &t->slots[i];
    e->used = true;
    e->key = k;
    e->size = size;
    e->wrap = wrap;
    e->c = c;
    snprintf(e->s, sizeof e->s, "%s", clipped);
    e->tex = tex;
    e->w = w;
    e->h = h;
    t->count++;
    return e;
}

int vl_ui_text_draw(VlText *t, int size, const char *s, float x, float y, SDL_Color c, int align)
{
    if (!t || !s || !s[0])
        return 0;
    Entry *e = lookup(t, size, 0, s);
    if (!e)
        return 0;
    float left = align == VL_ALIGN_CENTRE ? x - (float)e->w * 0.5f : align == VL_ALIGN_RIGHT ? x - (float)e->w : x;
    SDL_FRect dst = {SDL_floorf(left), SDL_floorf(y), (float)e->w, (float)e->h};
    SDL_SetTextureColorMod(e->tex, c.r, c.g, c.b);
    SDL_SetTextureAlphaMod(e->tex, c.a);
    SDL_RenderCopyF(t->r, e->tex, NULL, &dst);
    return e->w;
}

void vl_ui_text_size(VlText *t, int size, const char *s, int *w, int *h)
{
    *w = *h = 0;
    if (!t || !s)
        return;
    char clipped[MAX_TEXT];
    snprintf(clipped, sizeof clipped, "%s", s);
    TTF_SizeUTF8(font_at(t, size), clipped, w, h);
}

int vl_ui_text_line(VlText *t, int size)
{
    if (!t)
        return size + 4;
    return TTF_FontLineSkip(font_at(t, size));
}

int vl_ui_text_draw_wrapped(VlText *t, int size, const char *s, float x, float y, SDL_Color c, int wrap)
{
    if (!t || !s || !s[0])
        return 0;
    Entry *e = lookup(t, size, wrap, s);
    if (!e)
        return 0;
    SDL_FRect dst = {SDL_floorf(x), SDL_floorf(y), (float)e->w, (float)e->h};
    SDL_SetTextureColorMod(e->tex, c.r, c.g, c.b);
    SDL_SetTextureAlphaMod(e->tex, c.a);
    SDL_RenderCopyF(t->r, e->tex, NULL, &dst);
    return e->h;
}

int vl_ui_text_wrapped_height(VlText *t, int size, const char *s, int wrap)
{
    if (!t || !s || !s[0])
        return 0;
    Entry *e = lookup(t, size, wrap, s);
    return e ? e->h : 0;
}
