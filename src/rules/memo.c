/* Answers asked again (rules_internal.h VlMemo): a fixed table of answers, each kept under the
 * whole key of what its question read, one table for every thread under its lock. The table only
 * saves work: an answer is found only under a key equal word for word (the hash only finds the
 * set), so it is the answer the question would give, whoever worked it out and whenever. */
#include "rules_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct MemoHead {
    uint64_t hash, used; /* used: the table's clock when last found or kept */
    int nkey, cap;       /* nkey 0: empty */
    uint64_t *key;
} MemoHead;

#define ALIGN 16
static size_t rounded(size_t n) { return (n + ALIGN - 1) / ALIGN * ALIGN; }
static size_t stride(const VlMemo *m) { return rounded(sizeof(MemoHead)) + rounded(m->size); }
static MemoHead *entry(const VlMemo *m, size_t i) { return (MemoHead *)(m->e + i * stride(m)); }
static void *answer_of(MemoHead *h) { return (unsigned char *)h + rounded(sizeof(MemoHead)); }

static uint64_t key_hash(const uint64_t *key, int n)
{
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < n; i++)
        h = (h ^ key[i]) * 0x100000001b3ull;
    return h ^ (h >> 29);
}

static bool same_key(const MemoHead *e, const uint64_t *key, int n, uint64_t h)
{
    return e->nkey == n && e->hash == h && memcmp(e->key, key, (size_t)n * sizeof key[0]) == 0;
}

/* Under the lock: the set the hash falls in. */
static size_t set_of(const VlMemo *m, uint64_t h) { return (size_t)(h % (uint64_t)m->sets) * (size_t)m->ways; }

bool vl_memo_find(VlMemo *m, const uint64_t *key, int n, void *answer)
{
    if (n <= 0)
        return false;
    uint64_t h = key_hash(key, n);
    bool found = false;
    pthread_mutex_lock(&m->lock);
    if (m->e) {
        size_t s = set_of(m, h);
        for (int i = 0; i < m->ways && !found; i++) {
            MemoHead *e = entry(m, s + (size_t)i);
            if (same_key(e, key, n, h)) {
                e->used = ++m->clock;
                memcpy(answer, answer_of(e), m->size);
                found = true;
            }
        }
    }
    pthread_mutex_unlock(&m->lock);
    return found;
}

void vl_memo_keep(VlMemo *m, const uint64_t *key, int n, const void *answer)
{
    if (n <= 0)
        return;
    uint64_t h = key_hash(key, n);
    pthread_mutex_lock(&m->lock);
    if (!m->e && !m->failed && !(m->e = calloc((size_t)m->sets * (size_t)m->ways, stride(m))))
        m->failed = true; /* out of memory: nothing is kept, every question is worked out */
    if (m->e) {
        size_t s = set_of(m, h);
        MemoHead *room = entry(m, s);
        bool kept = false;
        for (int i = 0; i < m->ways && !kept; i++) {
            MemoHead *e = entry(m, s + (size_t)i);
            kept = same_key(e, key, n, h); /* another thread kept it meanwhile */
            if (e->used < room->used)
                room = e;
        }
        if (!kept && room->cap < n) {
            uint64_t *k = realloc(room->key, (size_t)n * sizeof *k);
            if (k) {
                room->key = k;
                room->cap = n;
            }
        }
        if (!kept && room->cap >= n) {
            room->hash = h;
            room->nkey = n;
            room->used = ++m->clock;
            memcpy(room->key, key, (size_t)n * sizeof key[0]);
            memcpy(answer_of(room), answer, m->size);
        }
    }
    pthread_mutex_unlock(&m->lock);
}

static uint64_t word_of(double x)
{
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    return b; /* the bits: -0 and 0, and NaNs, are told apart */
}

uint64_t vl_memo_double(double x) { return word_of(x); }

int vl_memo_units(const VlWorld *w, VlBox region, double pad, int a, int b, uint64_t *key, int n, int cap)
{
    for (int j = 0; j < w->nunits; j++) {
        const VlFieldUnit *f = vl_world_unit(w, j);
        if (j != a && j != b && !vl_box_overlap(region, f->bounds, pad))
            continue;
        int side = w->scenario->units[j].side, type = (int)f->type, stype = (int)w->scenario->units[j].type;
        int form = (int)f->formation, weapon = (int)f->weapon, count = f->spec.count;
        if (n + VL_MEMO_PER_UNIT > cap || j > 0xffff || side < 0 || side > 0xff || type < 0 || type > 0xf || stype < 0 ||
            stype > 0xf || form < 0 || form > 0xff || weapon < 0 || weapon > 0xf || count < 0 || count > 0xff)
            return 0;
        key[n++] = (uint64_t)j | (uint64_t)side << 16 | (uint64_t)type << 24 | (uint64_t)stype << 28 | (uint64_t)form << 32 |
                   (uint64_t)weapon << 40 | (uint64_t)count << 44 | (uint64_t)vl_world_present(w, j) << 52 |
                   (uint64_t)f->active << 53 | (uint64_t)w->units[j].mounted << 54;
        key[n++] = word_of(f->pose.anchor.x);
        key[n++] = word_of(f->pose.anchor.y);
        key[n++] = word_of(f->pose.facing);
        key[n++] = word_of(f->spec.width);
        key[n++] = word_of(f->spec.depth);
    }
    return n;
}
