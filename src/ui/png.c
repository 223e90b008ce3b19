/* A tiny PNG writer for screenshots: RGB, adaptive row filters (none, sub, up), and a deflate stream
 * of one fixed-Huffman block with greedy LZ77 over a 32 KiB window. The flat colours of a game
 * screen compress well this way, and Volley needs no image library. */
#include "gfx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Bits {
    uint8_t *buf;
    size_t n, cap;
    uint32_t acc;
    int nacc;
    bool fail;
} Bits;

static void put_byte(Bits *b, uint8_t x)
{
    if (b->n == b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 65536;
        uint8_t *p = realloc(b->buf, cap);
        if (!p) {
            b->fail = true;
            return;
        }
        b->buf = p;
        b->cap = cap;
    }
    b->buf[b->n++] = x;
}

/* Deflate packs bits from the least significant end. */
static void put_bits(Bits *b, uint32_t v, int n)
{
    b->acc |= v << b->nacc;
    b->nacc += n;
    while (b->nacc >= 8) {
        put_byte(b, (uint8_t)b->acc);
        b->acc >>= 8;
        b->nacc -= 8;
    }
}

/* Huffman codes go most significant bit first. */
static void put_code(Bits *b, uint32_t code, int len)
{
    uint32_t rev = 0;
    for (int i = 0; i < len; i++)
        rev |= ((code >> i) & 1u) << (len - 1 - i);
    put_bits(b, rev, len);
}

static void put_literal(Bits *b, int v)
{
    if (v < 144)
        put_code(b, 0x30u + (uint32_t)v, 8);
    else if (v < 256)
        put_code(b, 0x190u + (uint32_t)(v - 144), 9);
    else if (v < 280)
        put_code(b, (uint32_t)(v - 256), 7);
    else
        put_code(b, 0xC0u + (uint32_t)(v - 280), 8);
}

static const int LEN_BASE[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
                                 131, 163, 195, 227, 258};
static const int LEN_EXTRA[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const int DIST_BASE[30] = {1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025,
                                  1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const int DIST_EXTRA[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12,
                                   13, 13};

static void put_match(Bits *b, int len, int dist)
{
    int i = 28;
    while (LEN_BASE[i] > len)
        i--;
    put_literal(b, 257 + i);
    put_bits(b, (uint32_t)(len - LEN_BASE[i]), LEN_EXTRA[i]);
    int d = 29;
    while (DIST_BASE[d] > dist)
        d--;
    put_code(b, (uint32_t)d, 5);
    put_bits(b, (uint32_t)(dist - DIST_BASE[d]), DIST_EXTRA[d]);
}

#define HASH_BITS 15
#define WINDOW 32768
#define CHAIN 16

static void deflate_fixed(Bits *b, const uint8_t *in, size_t n)
{
    int *head = malloc(sizeof(int) << HASH_BITS);
    int *prev = malloc(sizeof(int) * WINDOW);
    if (!head || !prev) {
        free(head);
        free(prev);
        b->fail = true;
        return;
    }
    for (int i = 0; i < (1 << HASH_BITS); i++)
        head[i] = -1;
    put_bits(b, 1, 1); /* final block */
    put_bits(b, 1, 2); /* fixed Huffman */
    size_t i = 0;
    while (i < n) {
        int best = 0, bestd = 0;
        if (i + 3 <= n) {
            unsigned h = ((unsigned)in[i] << 10 ^ (unsigned)in[i + 1] << 5 ^ in[i + 2]) & ((1u << HASH_BITS) - 1);
            int cand = head[h];
            size_t maxlen = n - i < 258 ? n - i : 258;
            for (int k = 0; k < CHAIN && cand >= 0 && i - (size_t)cand <= WINDOW - 1; k++) {
                size_t l = 0;
                while (l < maxlen && in[(size_t)cand + l] == in[i + l])
                    l++;
                if ((int)l > best) {
                    best = (int)l;
                    bestd = (int)(i - (size_t)cand);
                    if (l == maxlen)
                        break;
                }
                int nxt = prev[cand % WINDOW];
                if (nxt >= cand)
                    break;
                cand = nxt;
            }
            prev[i % WINDOW] = head[h];
            head[h] = (int)i;
        }
        if (best >= 3) {
            put_match(b, best, bestd);
            /* Index the skipped positions too, so that later matches can reach them. */
            for (size_t j = i + 1; j < i + (size_t)best && j + 3 <= n; j++) {
                unsigned h = ((unsigned)in[j] << 10 ^ (unsigned)in[j + 1] << 5 ^ in[j + 2]) & ((1u << HASH_BITS) - 1);
                prev[j % WINDOW] = head[h];
                head[h] = (int)j;
            }
            i += (size_t)best;
        } else {
            put_literal(b, in[i]);
            i++;
        }
    }
    put_literal(b, 256);
    if (b->nacc)
        put_bits(b, 0, 8 - b->nacc);
    free(head);
    free(prev);
}

static uint32_t crc_update(uint32_t crc, const uint8_t *p, size_t n)
{
    crc = ~crc;
    for (size_t i = 0; i < n; i++) {
        crc ^= p[i];
        for (int k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

static bool chunk(FILE *f, const char *type, const uint8_t *data, size_t n)
{
    uint8_t hdr[8] = {(uint8_t)(n >> 24), (uint8_t)(n >> 16), (uint8_t)(n >> 8), (uint8_t)n,
                      (uint8_t)type[0], (uint8_t)type[1], (uint8_t)type[2], (uint8_t)type[3]};
    uint32_t crc = crc_update(0, hdr + 4, 4);
    crc = crc_update(crc, data, n);
    uint8_t tail[4] = {(uint8_t)(crc >> 24), (uint8_t)(crc >> 16), (uint8_t)(crc >> 8), (uint8_t)crc};
    return fwrite(hdr, 1, 8, f) == 8 && (n == 0 || fwrite(data, 1, n, f) == n) && fwrite(tail, 1, 4, f) == 4;
}

bool vl_png_write(const char *path, const uint8_t *rgb, int width, int height, int stride)
{
    size_t row = (size_t)width * 3;
    uint8_t *raw = malloc((row + 1) * (size_t)height);
    uint8_t *cand = malloc(row * 3);
    if (!raw || !cand) {
        free(raw);
        free(cand);
        return false;
    }
    for (int y = 0; y < height; y++) {
        const uint8_t *cur = rgb + (size_t)y * (size_t)stride;
        const uint8_t *up = y ? rgb + (size_t)(y - 1) * (size_t)stride : NULL;
        /* Candidates: none, sub, up; keep the one with the least sum of absolute values. */
        long best = -1;
        int bestf = 0;
        for (int f = 0; f < 3; f++) {
            uint8_t *o = cand + row * (size_t)f;
            long sum = 0;
            for (size_t x = 0; x < row; x++) {
                uint8_t left = x >= 3 ? cur[x - 3] : 0, above = up ? up[x] : 0;
                uint8_t v = f == 0 ? cur[x] : f == 1 ? (uint8_t)(cur[x] - left) : (uint8_t)(cur[x] - above);
                o[x] = v;
                sum += v < 128 ? v : 256 - v;
            }
            if (best < 0 || sum < best) {
                best = sum;
                bestf = f;
            }
        }
        uint8_t *dst = raw + (row + 1) * (size_t)y;
        dst[0] = (uint8_t)(bestf == 0 ? 0 : bestf == 1 ? 1 : 2);
        memcpy(dst + 1, cand + row * (size_t)bestf, row);
    }
    free(cand);
    size_t n = (row + 1) * (size_t)height;
    Bits b = {0};
    put_byte(&b, 0x78);
    put_byte(&b, 0x01);
    deflate_fixed(&b, raw, n);
    uint32_t s1 = 1, s2 = 0;
    for (size_t i = 0; i < n; i++) {
        s1 = (s1 + raw[i]) % 65521u;
        s2 = (s2 + s1) % 65521u;
    }
    uint32_t adler = s2 << 16 | s1;
    put_byte(&b, (uint8_t)(adler >> 24));
    put_byte(&b, (uint8_t)(adler >> 16));
    put_byte(&b, (uint8_t)(adler >> 8));
    put_byte(&b, (uint8_t)adler);
    free(raw);
    if (b.fail) {
        free(b.buf);
        return false;
    }
    FILE *f = fopen(path, "wb");
    if (!f) {
        free(b.buf);
        return false;
    }
    static const uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    uint8_t ihdr[13] = {(uint8_t)(width >> 24), (uint8_t)(width >> 16), (uint8_t)(width >> 8), (uint8_t)width,
                        (uint8_t)(height >> 24), (uint8_t)(height >> 16), (uint8_t)(height >> 8), (uint8_t)height,
                        8, 2, 0, 0, 0};
    bool ok = fwrite(sig, 1, 8, f) == 8 && chunk(f, "IHDR", ihdr, 13) && chunk(f, "IDAT", b.buf, b.n) &&
              chunk(f, "IEND", NULL, 0);
    ok = fclose(f) == 0 && ok;
    free(b.buf);
    return ok;
}

bool vl_png_write_renderer(SDL_Renderer *r, const char *path)
{
    int w, h;
    if (SDL_GetRendererOutputSize(r, &w, &h) != 0)
        return false;
    uint8_t *px = malloc((size_t)w * (size_t)h * 3);
    if (!px)
        return false;
    bool ok = SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_RGB24, px, w * 3) == 0 && vl_png_write(path, px, w, h, w * 3);
    free(px);
    return ok;
}
