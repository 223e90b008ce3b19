/* Screenshots as PNG files, written by SDL2_image (IMG_SavePNG). */
#include "gfx.h"

#include <SDL_image.h>
#include <stdlib.h>

bool vl_ui_png_write(const char *path, const uint8_t *rgb, int width, int height, int stride)
{
    /* SDL only reads the pixels through the surface; it does not write them. */
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormatFrom((void *)rgb, width, height, 24, stride, SDL_PIXELFORMAT_RGB24);
    if (!s)
        return false;
    bool ok = IMG_SavePNG(s, path) == 0;
    SDL_FreeSurface(s);
    return ok;
}

bool vl_ui_png_write_renderer(SDL_Renderer *r, const char *path)
{
    int w, h;
    if (SDL_GetRendererOutputSize(r, &w, &h) != 0)
        return false;
    uint8_t *px = malloc((size_t)w * (size_t)h * 3);
    if (!px)
        return false;
    bool ok = SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_RGB24, px, w * 3) == 0 && vl_ui_png_write(path, px, w, h, w * 3);
    free(px);
    return ok;
}
