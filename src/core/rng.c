/* PCG32 (XSH-RR variant), after M. E. O'Neill, "PCG: A Family of Simple Fast Space-Efficient
 * Statistically Good Algorithms for Random Number Generation" (2014). All game randomness goes
 * through a VlRng held in the game state, so a seed and a command list pin every roll. */
#include "volley/core.h"

#define PCG_MULT 6364136223846793005ull

void vl_rng_seed(VlRng *rng, uint64_t seed, uint64_t stream)
{
    rng->state = 0;
    rng->inc = (stream << 1u) | 1u;
    (void)vl_rng_next(rng);
    rng->state += seed;
    (void)vl_rng_next(rng);
}

uint32_t vl_rng_next(VlRng *rng)
{
    uint64_t old = rng->state;
    rng->state = old * PCG_MULT + rng->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}

uint32_t vl_rng_below(VlRng *rng, uint32_t bound)
{
    /* Reject the low values that would make some results more likely than others. */
    uint32_t threshold = (uint32_t)(-bound) % bound;
    for (;;) {
        uint32_t r = vl_rng_next(rng);
        if (r >= threshold)
            return r % bound;
    }
}

int vl_rng_d6(VlRng *rng) { return (int)vl_rng_below(rng, 6) + 1; }

double vl_rng_unit(VlRng *rng)
{
    uint64_t hi = vl_rng_next(rng) >> 5; /* 27 bits */
    uint64_t lo = vl_rng_next(rng) >> 6; /* 26 bits */
    return (double)((hi << 26) | lo) * (1.0 / 9007199254740992.0);
}
