/* The solver's searches compiled, over plain arrays: a line-by-line port of the pure-Python
 * searches of pyramide_widget.solver (encoded.EncodedPosition, pool.PoolSearch,
 * sequence.SequenceSearch and answers._solve_limited; for optimal=True shortest.ShortestSearch and
 * answers._shortest), whose names the comments below use.
 *
 * Python stays the reference: this file explores the same states in the same order, counts the
 * same nodes and stops at the same node budget, so it gives the same answers (winnable, the most
 * pyramid cards removed, the same lines) only faster. tests/test_solver_compiled.py and
 * benchmarks/crosscheck_accelerator.py compare both on every table and every knob of Rules.
 *
 * The position is data: per place its rank and the mask of the places covering it, the talon's
 * ranks in draw order, the pair sum and the knobs; so every table of engine/table.py runs here.
 * Limits (the Python side falls back to pure Python beyond them): at most 32 pyramid places, 32
 * talon cards and a pair sum of 15.
 *
 * Entry point: search_core_run (core.h) over the words wire.SearchWords lays out; its answer is
 * (stopped, relaxed, won, best_removed, nodes, the winning line, the best line) with each step of
 * the Python searches' internal steps as (kind, a, b), the kinds numbered as wire.STEP_NAMES lists them (the
 * A*'s lines spelled out with draws and recycles, as ShortestSearch._path does). No Python API and
 * no I/O here: the CPython extension (_compiled_search.c) and the WebAssembly module
 * (wasm_cores.c) both call it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

#define MAX_PLACES 32
#define MAX_TALON 32
#define MAX_TARGET 15
#define MAX_CLASSES (2 * MAX_TARGET)

typedef uint64_t mask_t;

/* Without the instruction (an x86-64 build for any CPU), a few arithmetic steps beat the library call. */
static inline int popc(mask_t x) {
#if defined(__x86_64__) && !defined(__POPCNT__)
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
#else
    return __builtin_popcountll(x);
#endif
}
static inline int bitlen(mask_t x) { return x ? 64 - __builtin_clzll(x) : 0; }
static inline int lowest(mask_t x) { return __builtin_ctzll(x); }
static inline mask_t bit(int i) { return (mask_t)1 << i; }
static inline mask_t below(int n) { return n >= 64 ? ~(mask_t)0 : bit(n) - 1; }

/* ------------------------------------------------------------------ context and errors */

typedef struct Search Search;

typedef struct {
    jmp_buf jump;       /* where an exhausted budget or a failed allocation lands */
    Search *stopped;    /* the search whose node budget ran out */
    int out_of_memory;
} Context;

static void fail_memory(Context *ctx) {
    ctx->out_of_memory = 1;
    longjmp(ctx->jump, 1);
}

static void *checked_malloc(Context *ctx, size_t n) {
    void *p = malloc(n);
    if (!p) fail_memory(ctx);
    return p;
}

/* ------------------------------------------------------------------ hash map */

/* Open addressing on a two-word key; b is stored plus one so that 0 marks an empty slot. */
typedef struct {
    uint64_t a, b, v;
} Slot;

typedef struct {
    Slot *slots;
    size_t cap, used;
} Map;

static uint64_t mix(uint64_t a, uint64_t b) {
    uint64_t x = a ^ (b * 0x9E3779B97F4A7C15ULL);
    x ^= x >> 31;
    x *= 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 29;
    x *= 0x94D049BB133111EBULL;
    x ^= x >> 32;
    return x;
}

static void map_init(Context *ctx, Map *m, size_t cap) {
    m->slots = calloc(cap, sizeof(Slot));
    if (!m->slots) fail_memory(ctx);
    m->cap = cap;
    m->used = 0;
}

static void map_free(Map *m) {
    free(m->slots);
    m->slots = NULL;
    m->cap = m->used = 0;
}

static Slot *map_find(const Map *m, uint64_t a, uint64_t b) {
    size_t mask = m->cap - 1, i = mix(a, b) & mask;
    b += 1;
    for (;;) {
        Slot *s = &m->slots[i];
        if (!s->b) return NULL;
        if (s->a == a && s->b == b) return s;
        i = (i + 1) & mask;
    }
}

static void map_grow(Context *ctx, Map *m) {
    Slot *old = m->slots;
    size_t old_cap = m->cap;
    map_init(ctx, m, old_cap * 2);
    size_t mask = m->cap - 1;
    for (size_t k = 0; k < old_cap; k++) {
        if (!old[k].b) continue;
        size_t i = mix(old[k].a, old[k].b - 1) & mask;
        while (m->slots[i].b) i = (i + 1) & mask;
        m->slots[i] = old[k];
        m->used++;
    }
    free(old);
}

/* The slot of (a, b), created with value ``initial`` if absent; valid until the next put. */
static Slot *map_put(Context *ctx, Map *m, uint64_t a, uint64_t b, uint64_t initial, int *created) {
    if (2 * (m->used + 1) > m->cap) map_grow(ctx, m);
    size_t mask = m->cap - 1, i = mix(a, b) & mask;
    uint64_t stored = b + 1;
    for (;;) {
        Slot *s = &m->slots[i];
        if (!s->b) {
            s->a = a;
            s->b = stored;
            s->v = initial;
            m->used++;
            if (created) *created = 1;
            return s;
        }
        if (s->a == a && s->b == stored) {
            if (created) *created = 0;
            return s;
        }
        i = (i + 1) & mask;
    }
}

/* ------------------------------------------------------------------ steps */

/* The Python searches' step names, in the order wire.STEP_NAMES lists them. */
enum { S_K, S_P, S_W, S_WK, S_WW, S_D, S_R, S_T, S_TK, S_TT, S_KINDS };

typedef struct {
    int8_t kind, a, b;
} Step;

typedef struct {
    Step *items;
    size_t len, cap;
} Steps;

static void steps_push(Context *ctx, Steps *v, int kind, int a, int b) {
    if (v->len == v->cap) {
        size_t cap = v->cap ? 2 * v->cap : 64;
        Step *items = realloc(v->items, cap * sizeof(Step));
        if (!items) fail_memory(ctx);
        v->items = items;
        v->cap = cap;
    }
    v->items[v->len++] = (Step){(int8_t)kind, (int8_t)a, (int8_t)b};
}

static void steps_copy(Context *ctx, Steps *to, const Steps *from) {
    if (to->cap < from->len) {
        Step *items = realloc(to->items, (from->len + 64) * sizeof(Step));
        if (!items) fail_memory(ctx);
        to->items = items;
        to->cap = from->len + 64;
    }
    if (from->len) memcpy(to->items, from->items, from->len * sizeof(Step));
    to->len = from->len;
}

/* ------------------------------------------------------------------ the encoded position */

/* Pyramid cards counted against the talon (_Counted in Python). */
typedef struct {
    int base, n;
    mask_t partners[MAX_CLASSES];
    int count[MAX_CLASSES];
} Counted;

typedef struct {
    uint32_t reach, ranks; /* freeable_with's answer for a reach */
} Reach;

/* What the search needs to know about one set of pyramid cards left (_Layer in Python). */
typedef struct {
    int nkings;
    int8_t kings[MAX_PLACES];
    int npairs;
    int8_t (*pairs)[2];
    int ngroups; /* free_by_need, in the dict's insertion order */
    int8_t gneed[MAX_TARGET + 1], gstart[MAX_TARGET + 1], glen[MAX_TARGET + 1];
    int8_t gslots[MAX_PLACES];
    int nneeds;
    mask_t nsavers[MAX_TARGET + 1], nlost[MAX_TARGET + 1];
    int counts[MAX_TARGET + 1];
    int norph;
    mask_t ocards[MAX_TARGET + 1], opartners[MAX_TARGET + 1];
    int has_counted;
    Counted counted;
    int nfreeable, cfreeable; /* freeable's answers by reach */
    Reach *reaches;
    int32_t *by_reach; /* where each reach is in reaches, plus one (0: none); 2 * cfreeable slots */
    Counted **freeable;
} Layer;

typedef struct {
    Context *ctx;
    int size, target, strict, recycles, daw, coverer_pairs;
    int rank[MAX_PLACES];
    mask_t cover[MAX_PLACES], blocked_by[MAX_PLACES], partners[MAX_PLACES];
    int ntalon;
    int trank[MAX_TALON];
    mask_t by_rank[MAX_TARGET + 1];
    mask_t pyramid0, talon0;
    int drawn0, fresh0, recycles0, removed0;
    /* The whole talon's cards from index d on, which is the stock while none has left it:
     * their ranks (a bit per rank) and how many of each rank. */
    uint32_t suffix_ranks[MAX_TALON + 1];
    int8_t suffix_count[MAX_TALON + 1][MAX_TARGET + 1];
    const uint32_t *mirror;
    Map layers;
} EncodedPosition;

/* The deal as given by Python, before it is encoded under some rules. */
typedef struct {
    int size, target, ntalon, drawn, fresh, recycles_used;
    int rank[MAX_PLACES];
    mask_t cover[MAX_PLACES];
    int trank[MAX_TALON];
    int coverer_knob, face_down_free; /* pair_with_coverer, and whether the table allows it */
} Deal;

static int fresh_pair(const EncodedPosition *t, mask_t talon, int drawn) {
    if (!t->daw) return 0;
    mask_t waste = talon & below(drawn);
    if (!waste) return 0;
    int top = bitlen(waste) - 1;
    int under = bitlen(waste ^ bit(top)) - 1;
    return under >= 0 && t->trank[top] + t->trank[under] == t->target;
}

static void encoded_init(EncodedPosition *t, Context *ctx, const Deal *d, const uint32_t *mirror, int strict, int recycles,
                       int daw) {
    memset(t, 0, sizeof(*t));
    t->ctx = ctx;
    t->size = d->size;
    t->target = d->target;
    t->strict = strict;
    t->recycles = recycles;
    t->daw = daw;
    t->coverer_pairs = d->coverer_knob && d->face_down_free;
    t->mirror = mirror;
    mask_t below_of[MAX_PLACES], above_of[MAX_PLACES];
    for (int i = 0; i < d->size; i++) {
        t->rank[i] = d->rank[i];
        t->cover[i] = d->cover[i];
        if (d->rank[i]) t->pyramid0 |= bit(i);
    }
    /* Transitive closures: the cards lying on a card (below_of, through covers) and the cards a
     * card lies on (above_of). Places may come in any order, so iterate to the fixpoint. */
    for (int i = 0; i < d->size; i++) below_of[i] = d->cover[i];
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < d->size; i++) {
            mask_t m = below_of[i], rest = m;
            while (rest) {
                int j = lowest(rest);
                rest &= rest - 1;
                m |= below_of[j];
            }
            if (m != below_of[i]) {
                below_of[i] = m;
                changed = 1;
            }
        }
    }
    for (int i = 0; i < d->size; i++) above_of[i] = 0;
    for (int j = 0; j < d->size; j++) {
        mask_t rest = below_of[j];
        while (rest) {
            int i = lowest(rest);
            rest &= rest - 1;
            above_of[i] |= bit(j);
        }
    }
    for (int i = 0; i < d->size; i++) t->blocked_by[i] = bit(i) | above_of[i];
    t->removed0 = t->size - popc(t->pyramid0);
    t->ntalon = d->ntalon;
    for (int k = 0; k < d->ntalon; k++) {
        t->trank[k] = d->trank[k];
        t->by_rank[d->trank[k]] |= bit(k);
    }
    t->talon0 = below(d->ntalon);
    for (int k = d->ntalon - 1; k >= 0; k--) { /* the empty suffix is zeroed above */
        t->suffix_ranks[k] = t->suffix_ranks[k + 1] | (uint32_t)1 << d->trank[k];
        memcpy(t->suffix_count[k], t->suffix_count[k + 1], sizeof(t->suffix_count[k]));
        t->suffix_count[k][d->trank[k]]++;
    }
    t->drawn0 = d->drawn;
    t->recycles0 = recycles >= 0 ? d->recycles_used : 0;
    t->fresh0 = d->fresh && fresh_pair(t, t->talon0, t->drawn0);
    for (int i = 0; i < d->size; i++) {
        for (int j = 0; j < d->size; j++) {
            if (i == j || t->rank[i] + t->rank[j] != t->target || !t->rank[j]) continue;
            int stacked = (int)(((below_of[i] | above_of[i]) >> j) & 1);
            mask_t adjacent = (t->cover[i] | t->cover[j]) & (bit(i) | bit(j));
            if (!stacked || (t->coverer_pairs && adjacent)) t->partners[i] |= bit(j);
        }
    }
    map_init(ctx, &t->layers, 1024);
}

static void encoded_free(EncodedPosition *t) {
    if (!t->layers.slots) return;
    for (size_t k = 0; k < t->layers.cap; k++) {
        if (!t->layers.slots[k].b) continue;
        Layer *layer = (Layer *)(uintptr_t)t->layers.slots[k].v;
        for (int k = 0; k < layer->nfreeable; k++) free(layer->freeable[k]);
        free(layer->freeable);
        free(layer->reaches);
        free(layer->by_reach);
        free(layer->pairs);
        free(layer);
    }
    map_free(&t->layers);
}

/* A largest matching between two ranks of a class: Kuhn's augmenting paths. */
static int augment(int i, mask_t *tried, const mask_t *mates, int *owner) {
    mask_t options = mates[i] & ~*tried;
    while (options) {
        int j = lowest(options);
        options &= options - 1;
        *tried |= bit(j);
        if (owner[j] < 0 || augment(owner[j], tried, mates, owner)) {
            owner[j] = i;
            return 1;
        }
    }
    return 0;
}

static int matching(const mask_t *mates, int n) {
    int owner[64];
    for (int k = 0; k < 64; k++) owner[k] = -1;
    int size = 0;
    for (int i = 0; i < n; i++) {
        mask_t tried = 0;
        size += augment(i, &tried, mates, owner);
    }
    return size;
}

/* A largest matching among the cards of a rank that pairs with itself (few cards: try all). */
static int self_matching(const mask_t *mates, const int *cards, int n) {
    if (n < 2) return 0;
    int best = self_matching(mates + 1, cards + 1, n - 1);
    for (int k = 1; k < n; k++) {
        if (!((mates[0] >> cards[k]) & 1)) continue;
        mask_t rest_mates[MAX_PLACES];
        int rest[MAX_PLACES], m = 0;
        for (int q = 1; q < n; q++) {
            if (q == k) continue;
            rest_mates[m] = mates[q];
            rest[m++] = cards[q];
        }
        int found = 1 + self_matching(rest_mates, rest, m);
        if (found > best) best = found;
    }
    return best;
}

static void add_class(Counted *c, mask_t partners, int count) {
    c->partners[c->n] = partners;
    c->count[c->n++] = count;
}

static void class_counts(const EncodedPosition *t, mask_t cards, Counted *out) {
    int target = t->target;
    int of_rank[MAX_TARGET + 1][MAX_PLACES], nof[MAX_TARGET + 1];
    memset(nof, 0, sizeof(nof));
    mask_t rest = cards;
    while (rest) {
        int i = lowest(rest);
        rest &= rest - 1;
        int r = t->rank[i];
        of_rank[r][nof[r]++] = i;
    }
    out->base = nof[target];
    out->n = 0;
    for (int a = 1; a < (target + 1) / 2; a++) {
        int b = target - a, ca = nof[a], cb = nof[b];
        if (!ca && !cb) continue;
        int mated = 0;
        if (ca && cb) {
            mask_t mates[MAX_PLACES];
            mask_t any = 0;
            for (int k = 0; k < ca; k++) {
                mates[k] = t->partners[of_rank[a][k]] & cards;
                any |= mates[k];
            }
            if (ca == 1 || cb == 1)
                mated = any ? 1 : 0;
            else
                mated = matching(mates, ca);
        }
        out->base += 2 * mated;
        if (ca > mated) add_class(out, t->by_rank[b], ca - mated);
        if (cb > mated) add_class(out, t->by_rank[a], cb - mated);
    }
    if (target % 2 == 0 && nof[target / 2]) {
        int h = target / 2, n = nof[h];
        mask_t mates[MAX_PLACES];
        for (int k = 0; k < n; k++) mates[k] = t->partners[of_rank[h][k]] & cards;
        int mated = self_matching(mates, of_rank[h], n);
        out->base += 2 * mated;
        if (n > 2 * mated) add_class(out, t->by_rank[h], n - 2 * mated);
    }
}

static Layer *make_layer(EncodedPosition *t, mask_t pyramid) {
    /* Zero what is counted up; the arrays are filled up to their counts (a whole memset of the
     * layer cost more than the rest of this function). */
    Layer *L = checked_malloc(t->ctx, sizeof(Layer));
    L->nkings = L->npairs = L->ngroups = L->nneeds = L->norph = L->has_counted = 0;
    L->nfreeable = L->cfreeable = 0;
    L->reaches = NULL;
    L->by_reach = NULL;
    L->freeable = NULL;
    memset(L->counts, 0, sizeof(L->counts));
    int target = t->target;
    int left[MAX_PLACES], nleft = 0, freec[MAX_PLACES], nfree = 0;
    for (int i = 0; i < t->size; i++) {
        if (!((pyramid >> i) & 1)) continue;
        left[nleft++] = i;
        if (!(pyramid & t->cover[i])) freec[nfree++] = i;
    }
    for (int k = 0; k < nfree; k++)
        if (t->rank[freec[k]] == target) L->kings[L->nkings++] = (int8_t)freec[k];
    L->pairs = malloc(((size_t)nfree * nfree / 2 + nleft + 1) * sizeof(*L->pairs));
    if (!L->pairs) {
        free(L);
        fail_memory(t->ctx);
    }
    for (int n = 0; n < nfree; n++)
        for (int m = n + 1; m < nfree; m++)
            if (t->rank[freec[n]] + t->rank[freec[m]] == target) {
                L->pairs[L->npairs][0] = (int8_t)freec[n];
                L->pairs[L->npairs++][1] = (int8_t)freec[m];
            }
    if (t->coverer_pairs) {
        for (int k = 0; k < nleft; k++) {
            int i = left[k];
            mask_t rest = pyramid & t->cover[i];
            if (rest && !(rest & (rest - 1))) {
                int j = bitlen(rest) - 1;
                if (!(pyramid & t->cover[j]) && t->rank[i] + t->rank[j] == target) {
                    L->pairs[L->npairs][0] = (int8_t)i;
                    L->pairs[L->npairs++][1] = (int8_t)j;
                }
            }
        }
    }
    /* free_by_need: groups in order of first appearance, slots in order of the free cards */
    int group_of[MAX_TARGET + 1];
    for (int r = 0; r <= target; r++) group_of[r] = -1;
    int glen[MAX_TARGET + 1] = {0};
    for (int k = 0; k < nfree; k++) {
        int r = t->rank[freec[k]];
        if (r == target) continue;
        int need = target - r;
        if (group_of[need] < 0) {
            group_of[need] = L->ngroups;
            L->gneed[L->ngroups++] = (int8_t)need;
        }
        glen[group_of[need]]++;
    }
    int start = 0;
    for (int g = 0; g < L->ngroups; g++) {
        L->gstart[g] = (int8_t)start;
        L->glen[g] = 0;
        start += glen[g];
    }
    for (int k = 0; k < nfree; k++) {
        int r = t->rank[freec[k]];
        if (r == target) continue;
        int g = group_of[target - r];
        L->gslots[L->gstart[g] + L->glen[g]++] = (int8_t)freec[k];
    }
    mask_t lost_without[MAX_TARGET + 1] = {0};
    int has_lost[MAX_TARGET + 1] = {0};
    L->counts[0] = nleft;
    for (int k = 0; k < nleft; k++) {
        int i = left[k], r = t->rank[i];
        L->counts[r]++;
        if (r != target && !(t->partners[i] & pyramid)) {
            lost_without[target - r] |= t->blocked_by[i];
            has_lost[target - r] = 1;
        }
    }
    for (int need = 0; need <= target; need++)
        if (has_lost[need]) {
            L->nsavers[L->nneeds] = t->by_rank[need];
            L->nlost[L->nneeds++] = lost_without[need];
        }
    if (t->strict && t->daw)
        for (int r = 1; r < target; r++)
            if (!L->counts[target - r] && t->by_rank[r]) {
                L->ocards[L->norph] = t->by_rank[r];
                L->opartners[L->norph++] = t->by_rank[target - r];
            }
    return L;
}

static Layer *layer_of(EncodedPosition *t, mask_t pyramid) {
    Slot *s = map_find(&t->layers, pyramid, 0);
    if (s) return (Layer *)(uintptr_t)s->v;
    Layer *L = make_layer(t, pyramid);
    map_put(t->ctx, &t->layers, pyramid, 0, (uint64_t)(uintptr_t)L, NULL);
    return L;
}

static mask_t lost_cards(const Layer *L, mask_t talon) {
    mask_t lost = 0;
    for (int k = 0; k < L->nneeds; k++)
        if (!(talon & L->nsavers[k])) lost |= L->nlost[k];
    return lost;
}

static int talon_stuck(const EncodedPosition *t, const Layer *L, mask_t talon) {
    if (!t->daw) {
        for (int a = 1; a < t->target; a++)
            if (popc(talon & t->by_rank[a]) > L->counts[t->target - a]) return 1;
        return 0;
    }
    for (int k = 0; k < L->norph; k++)
        if ((talon & L->ocards[k]) && !(talon & L->opartners[k])) return 1;
    return 0;
}

static int waste_stuck(const EncodedPosition *t, const Layer *L, mask_t talon, int drawn) {
    mask_t waste = talon & below(drawn);
    if (!waste) return 0;
    mask_t stock = t->daw ? (talon >> drawn) << drawn : 0;
    for (int a = 1; a < t->target; a++) {
        mask_t cards = waste & t->by_rank[a];
        if (cards && popc(cards) > L->counts[t->target - a] + popc(stock & t->by_rank[t->target - a])) return 1;
    }
    return 0;
}

static int lid(const EncodedPosition *t, const Layer *L, mask_t talon, int drawn, mask_t waste) {
    int avail[MAX_TARGET + 1];
    memcpy(avail, L->counts, sizeof(avail));
    if (t->daw) {
        mask_t stock = (talon >> drawn) << drawn;
        if (stock == (t->talon0 >> drawn) << drawn)
            for (int r = 1; r < t->target; r++) avail[r] += t->suffix_count[drawn][r];
        else
            for (int r = 1; r < t->target; r++) avail[r] += popc(stock & t->by_rank[r]);
    }
    while (waste) {
        int top = bitlen(waste) - 1, r = t->trank[top];
        if (r != t->target) {
            int need = t->target - r;
            if (!avail[need]) return top;
            avail[need]--;
        }
        waste ^= bit(top);
    }
    return -1;
}

/* The fixpoint of freeable() for the pyramid alone (_Table._freeable_with). */
static void freeable_with(const EncodedPosition *t, mask_t pyramid, uint32_t reach, mask_t *cards_out, uint32_t *ranks_out) {
    int target = t->target, coverer_pairs = t->coverer_pairs;
    mask_t removable = 0, left = pyramid;
    uint32_t ranks = 0;
    for (int grown = 1; grown;) {
        grown = 0;
        mask_t rest = left;
        while (rest) {
            mask_t low = rest & (~rest + 1);
            rest ^= low;
            int i = lowest(low);
            mask_t blocking = t->cover[i] & left;
            int r = t->rank[i], ok = 0;
            if (!blocking) {
                if (r == target || ((reach >> (target - r)) & 1)) {
                    ok = 1;
                } else {
                    mask_t others = coverer_pairs ? left ^ low : left;
                    mask_t mates = t->partners[i] & pyramid;
                    while (mates) {
                        int q = lowest(mates);
                        mates &= mates - 1;
                        if (!(t->cover[q] & others)) {
                            ok = 1;
                            break;
                        }
                    }
                }
            } else if (coverer_pairs && !(blocking & (blocking - 1)) && (t->partners[i] & blocking)) {
                ok = !(t->cover[bitlen(blocking) - 1] & left);
            }
            if (ok) {
                removable |= low;
                ranks |= (uint32_t)1 << r;
                left ^= low;
                grown = 1;
            }
        }
    }
    *cards_out = removable;
    *ranks_out = ranks;
}

/* The slot of ``reach`` in L->by_reach: where it is, or the empty slot where it goes. */
static uint32_t reach_slot(const Layer *L, uint32_t reach) {
    uint32_t mask = 2 * (uint32_t)L->cfreeable - 1, i = (reach * 0x9E3779B1u) >> 7 & mask;
    while (L->by_reach[i] && L->reaches[L->by_reach[i] - 1].reach != reach) i = (i + 1) & mask;
    return i;
}

/* _Table.freeable: the pyramid cards counted, and the talon cards that may reach the top. */
static const Counted *freeable(EncodedPosition *t, Layer *L, mask_t pyramid, mask_t talon, int drawn, mask_t *accessible) {
    static const Counted none = {0, 0, {0}, {0}};
    mask_t stock = (talon >> drawn) << drawn;
    uint32_t stock_ranks = 0;
    if (stock == (t->talon0 >> drawn) << drawn)
        stock_ranks = t->suffix_ranks[drawn];
    else
        for (int r = 0; r <= t->target; r++)
            if (stock & t->by_rank[r]) stock_ranks |= (uint32_t)1 << r;
    uint32_t base = (uint32_t)1 << t->target;
    if (t->daw) base |= t->mirror[stock_ranks];
    mask_t waste = talon & below(drawn);
    uint32_t found_ranks = 0;
    const Counted *found = &none;
    int64_t last = -1;
    uint32_t last_poppable = 0;
    mask_t w = waste;
    for (;;) {
        uint32_t poppable = base | t->mirror[found_ranks];
        if (last >= 0 && poppable == last_poppable) break; /* the walk would give the same reach */
        last_poppable = poppable;
        uint32_t reach = stock_ranks;
        w = waste;
        while (w) {
            int top = bitlen(w) - 1, r = t->trank[top];
            reach |= (uint32_t)1 << r;
            if (!((poppable >> r) & 1)) break;
            w ^= bit(top);
        }
        if ((int64_t)reach == last) break;
        last = reach;
        int k = L->by_reach ? L->by_reach[reach_slot(L, reach)] - 1 : -1;
        if (k < 0) {
            if (L->nfreeable == L->cfreeable) {
                int cap = L->cfreeable ? 2 * L->cfreeable : 4;
                Reach *reaches = realloc(L->reaches, (size_t)cap * sizeof(Reach));
                if (reaches) L->reaches = reaches;
                Counted **entries = reaches ? realloc(L->freeable, (size_t)cap * sizeof(Counted *)) : NULL;
                if (entries) L->freeable = entries;
                int32_t *by_reach = entries ? calloc(2 * (size_t)cap, sizeof(int32_t)) : NULL;
                if (!by_reach) fail_memory(t->ctx);
                free(L->by_reach);
                L->by_reach = by_reach;
                L->cfreeable = cap;
                for (int q = 0; q < L->nfreeable; q++) L->by_reach[reach_slot(L, L->reaches[q].reach)] = q + 1;
            }
            Counted *c = checked_malloc(t->ctx, sizeof(Counted));
            mask_t cards;
            k = L->nfreeable;
            L->reaches[k].reach = reach;
            L->by_reach[reach_slot(L, reach)] = k + 1;
            freeable_with(t, pyramid, reach, &cards, &L->reaches[k].ranks);
            class_counts(t, cards, c);
            L->freeable[L->nfreeable++] = c;
        }
        found_ranks = L->reaches[k].ranks;
        found = L->freeable[k];
    }
    *accessible = w ? talon & ~((bit(bitlen(w) - 1) << 1) - 1) : talon;
    return found;
}

static void assess(EncodedPosition *t, Layer *L, mask_t pyramid, mask_t talon, int drawn, int fresh, int last_pass,
                   int *removable_out, int *hopeless_out, mask_t *reachable_out) {
    mask_t reachable = talon;
    int buried = 0;
    const Counted *counted;
    if (last_pass && !fresh) {
        mask_t waste = talon & below(drawn);
        if (waste) {
            int top = lid(t, L, talon, drawn, waste);
            if (top >= 0) reachable = talon & ~((bit(top) << 1) - 1);
        }
        mask_t accessible;
        counted = freeable(t, L, pyramid, talon, drawn, &accessible);
        reachable &= accessible;
        buried = reachable != talon;
    } else {
        if (!L->has_counted) {
            class_counts(t, pyramid, &L->counted);
            L->has_counted = 1;
        }
        counted = &L->counted;
    }
    mask_t lost = 0;
    for (int k = 0; k < L->nneeds; k++)
        if (!(reachable & L->nsavers[k])) lost |= L->nlost[k];
    int left = L->counts[0], paired = counted->base;
    for (int k = 0; k < counted->n; k++) {
        int have = popc(reachable & counted->partners[k]);
        paired += counted->count[k] < have ? counted->count[k] : have;
    }
    int removable = left - popc(lost);
    if (paired < removable) removable = paired;
    int hopeless = removable < left ||
                   (t->strict && (buried || talon_stuck(t, L, talon) ||
                                  (last_pass && !fresh && waste_stuck(t, L, talon, drawn))));
    *removable_out = removable;
    *hopeless_out = hopeless;
    *reachable_out = reachable;
}

/* ------------------------------------------------------------------ searches */

enum { POOL_SEEN = 1, POOL_WON = 2 };

struct Search {
    EncodedPosition *t;
    Context *ctx;
    long long limit, nodes;
    int best_removed, has_win;
    Steps path, best, win;
    /* sequence search */
    int ceiling, decide_only;
    Search *oracle;
    Map seen;
    struct SeenEntry { int8_t fresh; int recycles; int next; } *entries;
    size_t nentries, centries;
    /* pool search: one map for seen/won (status) and the proven most/least (bytes 1 and 2) */
    Map pool;
    Search *asker; /* the sequence search consulting this one as its oracle */
};

static void search_init(Search *s, EncodedPosition *t, long long limit) {
    memset(s, 0, sizeof(*s));
    s->t = t;
    s->ctx = t->ctx;
    s->limit = limit;
    s->best_removed = t->removed0;
    s->ceiling = t->size;
}

static void search_free(Search *s) {
    free(s->path.items);
    free(s->best.items);
    free(s->win.items);
    free(s->entries);
    map_free(&s->seen);
    map_free(&s->pool);
}

static void count_node(Search *s) {
    s->nodes++;
    if (s->nodes == s->limit) {
        s->ctx->stopped = s;
        longjmp(s->ctx->jump, 1);
    }
}

static void improve(Search *s, int removed) {
    s->best_removed = removed;
    steps_copy(s->ctx, &s->best, &s->path);
}

static void record_win(Search *s) {
    steps_copy(s->ctx, &s->win, &s->path);
    s->has_win = 1;
}

/* -------- the pool search (unlimited recycles) */

static inline uint64_t pool_value(int status, int most, int least) {
    return (uint64_t)status | (uint64_t)most << 8 | (uint64_t)least << 16;
}

static int pool_visit(Search *s, mask_t pyramid, mask_t talon) {
    EncodedPosition *t = s->t;
    int size = t->size, target = t->target, strict = t->strict;
    uint64_t key = pyramid | talon << size;
    int created;
    Slot *slot = map_put(s->ctx, &s->pool, key, 0, pool_value(0, size, 0), &created);
    int status = (int)(slot->v & 0xff);
    if (status == POOL_SEEN) return 0;
    if (status == POOL_WON) {
        record_win(s);
        return 1;
    }
    slot->v = (slot->v & ~(uint64_t)0xff) | POOL_SEEN;
    count_node(s);
    int removed = size - popc(pyramid);
    if (removed > s->best_removed) improve(s, removed);
    if (!pyramid && (!strict || !talon)) {
        record_win(s);
        return 1;
    }
    Layer *L = layer_of(t, pyramid);
    mask_t lost = lost_cards(L, talon);
    if (lost || (strict && talon_stuck(t, L, talon)))
        if (s->decide_only || size - popc(lost) <= s->best_removed) return 0;
    int together = t->daw && strict;
    mask_t kings_in_talon = strict ? t->by_rank[target] : 0;
    int found;
    if (L->nkings) {
        int king = L->kings[0];
        steps_push(s->ctx, &s->path, S_K, king, 0);
        found = pool_visit(s, pyramid ^ bit(king), talon);
        s->path.len--;
        return found;
    }
    if (talon & kings_in_talon) {
        int index = lowest(talon & kings_in_talon);
        steps_push(s->ctx, &s->path, S_TK, index, 0);
        found = pool_visit(s, pyramid, talon ^ bit(index));
        s->path.len--;
        return found;
    }
    for (int k = 0; k < L->npairs; k++) {
        int a = L->pairs[k][0], b = L->pairs[k][1];
        steps_push(s->ctx, &s->path, S_P, a, b);
        if (pool_visit(s, pyramid ^ bit(a) ^ bit(b), talon)) return 1;
        s->path.len--;
    }
    for (int g = 0; g < L->ngroups; g++) {
        mask_t choices = talon & t->by_rank[L->gneed[g]];
        while (choices) {
            int index = lowest(choices);
            for (int k = 0; k < L->glen[g]; k++) {
                int slot_index = L->gslots[L->gstart[g] + k];
                steps_push(s->ctx, &s->path, S_T, slot_index, index);
                if (pool_visit(s, pyramid ^ bit(slot_index), talon ^ bit(index))) return 1;
                s->path.len--;
            }
            choices = together ? choices ^ bit(index) : 0;
        }
    }
    if (together) {
        int previous = -1;
        mask_t rest = talon;
        while (rest) {
            int index = lowest(rest);
            if (previous >= 0 && t->trank[previous] + t->trank[index] == target) {
                steps_push(s->ctx, &s->path, S_TT, previous, index);
                if (pool_visit(s, pyramid, talon ^ bit(index) ^ bit(previous))) return 1;
                s->path.len--;
            }
            previous = index;
            rest &= rest - 1;
        }
    }
    return 0;
}

static void mark_won(Search *s, mask_t pyramid, mask_t talon) {
    int size = s->t->size;
    Slot *slot = map_put(s->ctx, &s->pool, pyramid | talon << size, 0, pool_value(0, size, 0), NULL);
    slot->v = (slot->v & ~(uint64_t)0xff) | POOL_WON;
}

/* _PoolSearch.winnable: the states along a winning line found are remembered as won. */
static int pool_winnable(Search *s, mask_t pyramid, mask_t talon) {
    s->path.len = 0;
    s->has_win = 0;
    if (!pool_visit(s, pyramid, talon)) return 0;
    mark_won(s, pyramid, talon);
    for (size_t k = 0; k < s->win.len; k++) {
        Step st = s->win.items[k];
        switch (st.kind) {
        case S_K: pyramid ^= bit(st.a); break;
        case S_P: pyramid ^= bit(st.a) ^ bit(st.b); break;
        case S_T: pyramid ^= bit(st.a); talon ^= bit(st.b); break;
        case S_TK: talon ^= bit(st.a); break;
        default: talon ^= bit(st.a) ^ bit(st.b); break; /* S_TT */
        }
        mark_won(s, pyramid, talon);
    }
    return 1;
}

static int pool_reach(Search *s, mask_t pyramid, mask_t talon, int goal);

static int pool_reach_from(Search *s, Layer *L, mask_t pyramid, mask_t talon, int goal) {
    EncodedPosition *t = s->t;
    if (L->nkings) return pool_reach(s, pyramid ^ bit(L->kings[0]), talon, goal);
    for (int k = 0; k < L->npairs; k++)
        if (pool_reach(s, pyramid ^ bit(L->pairs[k][0]) ^ bit(L->pairs[k][1]), talon, goal)) return 1;
    for (int g = 0; g < L->ngroups; g++) {
        mask_t choices = talon & t->by_rank[L->gneed[g]];
        if (!choices) continue;
        mask_t low = choices & (~choices + 1);
        for (int k = 0; k < L->glen[g]; k++)
            if (pool_reach(s, pyramid ^ bit(L->gslots[L->gstart[g] + k]), talon ^ low, goal)) return 1;
    }
    return 0;
}

/* _PoolSearch.reaches: can ``goal`` pyramid cards be gone from here (only the pyramid to clear). */
static int pool_reach(Search *s, mask_t pyramid, mask_t talon, int goal) {
    EncodedPosition *t = s->t;
    int size = t->size;
    if (size - popc(pyramid) >= goal) return 1;
    uint64_t key = pyramid | talon << size;
    Slot *slot = map_find(&s->pool, key, 0);
    if (slot) {
        int most = (int)((slot->v >> 8) & 0xff), least = (int)((slot->v >> 16) & 0xff);
        if (most < goal) return 0;
        if (least >= goal) return 1;
    }
    count_node(s);
    Layer *L = layer_of(t, pyramid);
    int bound = size - popc(lost_cards(L, talon));
    if (bound >= goal && pool_reach_from(s, L, pyramid, talon, goal)) {
        slot = map_put(s->ctx, &s->pool, key, 0, pool_value(0, size, 0), NULL);
        slot->v = (slot->v & ~((uint64_t)0xff << 16)) | (uint64_t)goal << 16;
        return 1;
    }
    int most = bound < goal - 1 ? bound : goal - 1;
    slot = map_put(s->ctx, &s->pool, key, 0, pool_value(0, size, 0), NULL);
    slot->v = (slot->v & ~((uint64_t)0xff << 8)) | (uint64_t)most << 8;
    return 0;
}

static void pool_run(Search *s) {
    if (!s->pool.slots) map_init(s->ctx, &s->pool, 1024);
    pool_winnable(s, s->t->pyramid0, s->t->talon0);
}

/* -------- the sequence search (limited recycles) */

static int oracle_allows(Search *s, mask_t pyramid, mask_t talon) {
    Search *oracle = s->oracle;
    long long before = oracle->nodes;
    oracle->limit = s->limit < 0 ? -1 : before + s->limit - s->nodes;
    oracle->asker = s;
    int allowed;
    if (!oracle->pool.slots) map_init(s->ctx, &oracle->pool, 1024);
    if (oracle->t->strict)
        allowed = pool_winnable(oracle, pyramid, talon);
    else
        allowed = pool_reach(oracle, pyramid, talon, s->decide_only ? s->t->size : s->best_removed + 1);
    s->nodes += oracle->nodes - before;
    return allowed;
}

/* The removals a state on one pass need not try (SequenceSearch.run says why): a pair of
 * pyramid places (a, b), or a waste card with a pyramid place (place, ~talon index). */
typedef struct {
    const int8_t (*removals)[2];
    int n;
} Asleep;

static int among(const Asleep *z, int a, int b) {
    for (int k = 0; k < z->n; k++)
        if (z->removals[k][0] == a && z->removals[k][1] == b) return 1;
    return 0;
}

/* ``parent``'s removals that can still be played from (pyramid, talon) go to ``out``. */
static int still_asleep(const Asleep *parent, mask_t pyramid, mask_t talon, int8_t (*out)[2]) {
    int n = 0;
    for (int k = 0; k < parent->n; k++) {
        int a = parent->removals[k][0], b = parent->removals[k][1];
        if (!((pyramid >> a) & 1) || (b >= 0 ? !((pyramid >> b) & 1) : !((talon >> ~b) & 1))) continue;
        out[n][0] = (int8_t)a;
        out[n++][1] = (int8_t)b;
    }
    return n;
}

static int seq_visit(Search *s, mask_t pyramid, mask_t talon, int drawn, int fresh, int recycles, const Asleep *parent) {
    EncodedPosition *t = s->t;
    Context *ctx = s->ctx;
    int size = t->size, target = t->target, strict = t->strict;
    int rlimit = t->recycles >= 0 ? t->recycles : 0;
    int created;
    Slot *slot = map_put(ctx, &s->seen, pyramid | talon << size, (uint64_t)drawn, 0, &created);
    if (!created) {
        for (int e = (int)slot->v - 1; e >= 0; e = s->entries[e].next)
            if (s->entries[e].fresh >= fresh && s->entries[e].recycles <= recycles) return 0;
    }
    if (s->nentries == s->centries) {
        size_t cap = s->centries ? 2 * s->centries : 1024;
        struct SeenEntry *entries = realloc(s->entries, cap * sizeof(*entries));
        if (!entries) fail_memory(ctx);
        s->entries = entries;
        s->centries = cap;
    }
    s->entries[s->nentries] = (struct SeenEntry){(int8_t)fresh, recycles, (int)slot->v - 1};
    slot->v = ++s->nentries;
    count_node(s);
    int removed = size - popc(pyramid);
    if (removed > s->best_removed) {
        improve(s, removed);
        if (removed >= s->ceiling && (s->ceiling < size || !strict)) {
            if (!pyramid) record_win(s);
            return 1;
        }
    }
    if (!pyramid && !talon) {
        record_win(s);
        return 1;
    }
    Layer *L = layer_of(t, pyramid);
    int removable, hopeless;
    mask_t reachable;
    assess(t, L, pyramid, talon, drawn, fresh, recycles >= rlimit, &removable, &hopeless, &reachable);
    if (hopeless && (s->decide_only || removed + removable <= s->best_removed)) return 0;
    if (reachable != talon && !strict) {
        talon = reachable;
        drawn = bitlen(talon & below(drawn));
    }
    if (s->oracle && !oracle_allows(s, pyramid, talon)) return 0;
    /* On one pass (no recycle to come), a removal is not tried again below a state that tried
     * it or had it asleep. */
    int8_t removals[(parent ? parent->n : 0) + L->npairs + t->size + 1][2];
    Asleep asleep = {(const int8_t (*)[2])removals, parent ? still_asleep(parent, pyramid, talon, removals) : 0};
    const Asleep *child = rlimit == 0 ? &asleep : NULL;
    int found;
    if (L->nkings) {
        int king = L->kings[0];
        steps_push(ctx, &s->path, S_K, king, 0);
        found = seq_visit(s, pyramid ^ bit(king), talon, drawn, fresh, recycles, child);
        s->path.len--;
        return found;
    }
    mask_t waste = talon & below(drawn);
    int top = bitlen(waste) - 1;
    if (top >= 0 && t->trank[top] == target) {
        mask_t rest = waste ^ bit(top);
        steps_push(ctx, &s->path, S_WK, 0, 0);
        found = seq_visit(s, pyramid, talon ^ bit(top), bitlen(rest), 0, recycles, child);
        s->path.len--;
        return found;
    }
    for (int k = 0; k < L->npairs; k++) {
        int a = L->pairs[k][0], b = L->pairs[k][1];
        if (child && among(child, a, b)) continue;
        steps_push(ctx, &s->path, S_P, a, b);
        if (seq_visit(s, pyramid ^ bit(a) ^ bit(b), talon, drawn, fresh, recycles, child)) return 1;
        s->path.len--;
        if (child) {
            removals[asleep.n][0] = (int8_t)a;
            removals[asleep.n++][1] = (int8_t)b;
        }
    }
    if (top >= 0) {
        mask_t rest = waste ^ bit(top);
        int after = bitlen(rest);
        for (int g = 0; g < L->ngroups; g++) {
            if (L->gneed[g] != t->trank[top]) continue;
            for (int k = 0; k < L->glen[g]; k++) {
                int place = L->gslots[L->gstart[g] + k];
                if (child && among(child, place, ~top)) continue;
                steps_push(ctx, &s->path, S_W, place, 0);
                if (seq_visit(s, pyramid ^ bit(place), talon ^ bit(top), after, 0, recycles, child)) return 1;
                s->path.len--;
                if (child) {
                    removals[asleep.n][0] = (int8_t)place;
                    removals[asleep.n++][1] = (int8_t)~top;
                }
            }
        }
        if (fresh) {
            int under = bitlen(rest) - 1;
            mask_t beneath = rest ^ bit(under);
            steps_push(ctx, &s->path, S_WW, 0, 0);
            if (seq_visit(s, pyramid, talon ^ bit(top) ^ bit(under), bitlen(beneath), 0, recycles, child)) return 1;
            s->path.len--;
        }
    }
    mask_t stock = talon >> drawn;
    if (stock) {
        int next = drawn + lowest(stock) + 1;
        steps_push(ctx, &s->path, S_D, 0, 0);
        if (seq_visit(s, pyramid, talon, next, fresh_pair(t, talon, next), recycles, child)) return 1;
        s->path.len--;
    } else if (waste && recycles < rlimit) {
        steps_push(ctx, &s->path, S_R, 0, 0);
        if (seq_visit(s, pyramid, talon, 0, 0, recycles + 1, NULL)) return 1;
        s->path.len--;
    }
    return 0;
}

static void seq_run(Search *s) {
    EncodedPosition *t = s->t;
    map_init(s->ctx, &s->seen, 4096);
    if (s->best_removed < s->ceiling || (t->strict && s->ceiling == t->size))
        seq_visit(s, t->pyramid0, t->talon0, t->drawn0, t->fresh0, t->recycles0, NULL);
}

/* ------------------------------------------------------------------ the fewest-moves search */

/* shortest.lower_bound: a lower bound on the moves left to a win, or -1 when the state cannot
 * be won. */
static int removals_needed(const int *counts, int target) {
    int removals = counts[target];
    for (int a = 1; a < (target + 1) / 2; a++)
        removals += counts[a] > counts[target - a] ? counts[a] : counts[target - a];
    if (target % 2 == 0) removals += (counts[target / 2] + 1) / 2;
    return removals;
}

static int lower_bound(EncodedPosition *t, mask_t pyramid, mask_t talon, int drawn, int fresh, int can_recycle) {
    Layer *L = layer_of(t, pyramid);
    if (lost_cards(L, talon)) return -1;
    int target = t->target;
    mask_t stock = (talon >> drawn) << drawn;
    if (t->strict) {
        if (talon_stuck(t, L, talon)) return -1;
        int counts[MAX_TARGET + 1];
        memcpy(counts, L->counts, sizeof(counts));
        for (int r = 1; r <= target; r++) counts[r] += popc(talon & t->by_rank[r]);
        return removals_needed(counts, target) + popc(stock);
    }
    if (!L->has_counted) {
        class_counts(t, pyramid, &L->counted);
        L->has_counted = 1;
    }
    const Counted *c = &L->counted;
    int removals = L->counts[0] - (c->base - L->counts[target]) / 2;
    if (!c->n) return removals;
    mask_t waste = talon ^ stock, buried = 0;
    if (waste && !fresh) {
        /* the lid, counting any stock rank as plentiful */
        int avail[MAX_TARGET + 1];
        memcpy(avail, L->counts, sizeof(avail));
        uint32_t plentiful = 0;
        if (t->daw)
            for (int r = 0; r <= target; r++)
                if (stock & t->by_rank[r]) plentiful |= (uint32_t)1 << r;
        mask_t rest = waste;
        while (rest) {
            int j = bitlen(rest) - 1, need = target - t->trank[j];
            if (need) {
                if (avail[need])
                    avail[need]--;
                else if (!((plentiful >> need) & 1)) {
                    buried = talon & ((bit(j) << 1) - 1);
                    break;
                }
            }
            rest ^= bit(j);
        }
    }
    mask_t at_hand = waste ^ buried;
    int draws = 0, nstock = popc(stock);
    for (int k = 0; k < c->n; k++) {
        mask_t partners = c->partners[k];
        int count = c->count[k];
        int missing = count - popc(at_hand & partners);
        if (missing <= 0) continue;
        mask_t wanted = stock & partners;
        if (popc(wanted) >= missing) {
            for (int q = 0; q < missing - 1; q++) wanted &= wanted - 1;
            mask_t last = wanted & (~wanted + 1);
            int d = popc(stock & ((last << 1) - 1));
            if (d > draws) draws = d;
            continue;
        }
        if (!can_recycle) return -1;
        wanted = talon & partners;
        if (popc(wanted) < count) return -1;
        for (int q = 0; q < missing - popc(stock & partners) - 1; q++) wanted &= wanted - 1;
        mask_t last = wanted & (~wanted + 1);
        int d = nstock + 1 + popc(buried & ((last << 1) - 1));
        if (d > draws) draws = d;
    }
    return removals + draws;
}

/* An A* node: the state (a: pyramid | talon << size, b: drawn | fresh << 6 | recycles << 7),
 * the fewest moves to it found so far, and the edge it was reached by (shortest.ShortestSearch's
 * parents: the parent node, the removal, and for a drawing edge the talon card drawn to and
 * whether it recycled on the way). */
typedef struct {
    uint64_t a, b;
    int g, parent;
    int8_t kind, x, y, drawn_to, recycled;
} AstarNode;

typedef struct {
    int *items;
    int len, cap;
} IntVec;

typedef struct {
    Search *s;
    int upper;
    AstarNode *nodes;
    int nnodes, cnodes;
    Map index;    /* state -> node number + 1 */
    IntVec *buckets; /* buckets[f * (upper + 1) + g]: nodes queued with bound f after g moves */
    int *top;      /* top[f]: the highest g queued at f, -1 when none */
    long long queued;
} Astar;

static void intvec_push(Context *ctx, IntVec *v, int x) {
    if (v->len == v->cap) {
        int cap = v->cap ? 2 * v->cap : 16;
        int *items = realloc(v->items, (size_t)cap * sizeof(int));
        if (!items) fail_memory(ctx);
        v->items = items;
        v->cap = cap;
    }
    v->items[v->len++] = x;
}

/* ShortestSearch.run's push: queue the state reached after g moves unless it is no better. */
static void astar_push(Astar *A, int g, int f_parent, int parent, int kind, int x, int y, int drawn_to, int recycled,
                       mask_t pyramid, mask_t talon, int drawn, int fresh, int recycles) {
    Search *s = A->s;
    EncodedPosition *t = s->t;
    Context *ctx = s->ctx;
    uint64_t a = pyramid | talon << t->size, b = (uint64_t)drawn | (uint64_t)fresh << 6 | (uint64_t)recycles << 7;
    Slot *slot = map_find(&A->index, a, b);
    if (slot && g >= A->nodes[slot->v - 1].g) return;
    int h = lower_bound(t, pyramid, talon, drawn, fresh, t->recycles < 0 || recycles < t->recycles);
    if (h < 0) return;
    int f = g + h > f_parent ? g + h : f_parent; /* pathmax */
    if (f > A->upper) return;
    int n;
    if (slot) {
        n = (int)slot->v - 1;
    } else {
        if (A->nnodes == A->cnodes) {
            int cap = A->cnodes ? 2 * A->cnodes : 4096;
            AstarNode *nodes = realloc(A->nodes, (size_t)cap * sizeof(AstarNode));
            if (!nodes) fail_memory(ctx);
            A->nodes = nodes;
            A->cnodes = cap;
        }
        n = A->nnodes++;
        A->nodes[n].a = a;
        A->nodes[n].b = b;
        map_put(ctx, &A->index, a, b, (uint64_t)n + 1, NULL);
    }
    A->nodes[n] = (AstarNode){a, b, g, parent, (int8_t)kind, (int8_t)x, (int8_t)y, (int8_t)drawn_to, (int8_t)recycled};
    intvec_push(ctx, &A->buckets[f * (A->upper + 1) + g], n);
    if (g > A->top[f]) A->top[f] = g;
    A->queued++;
}

/* ShortestSearch._path: the steps from the start to node n, each draw and recycle spelled out. */
static void astar_path(Astar *A, int n, Steps *out) {
    EncodedPosition *t = A->s->t;
    Context *ctx = A->s->ctx;
    int nedges = 0;
    for (int m = n; A->nodes[m].parent >= 0; m = A->nodes[m].parent) nedges++;
    int *edges = checked_malloc(ctx, (size_t)(nedges + 1) * sizeof(int));
    int k = nedges;
    for (int m = n; A->nodes[m].parent >= 0; m = A->nodes[m].parent) edges[--k] = m;
    out->len = 0;
    for (k = 0; k < nedges; k++) {
        const AstarNode *e = &A->nodes[edges[k]];
        if (e->drawn_to >= 0) {
            const AstarNode *p = &A->nodes[e->parent];
            mask_t talon = (p->a >> t->size) & 0xffffffffULL;
            int drawn = (int)(p->b & 0x3f);
            if (e->recycled) {
                for (int q = popc(talon >> drawn); q > 0; q--) steps_push(ctx, out, S_D, 0, 0);
                steps_push(ctx, out, S_R, 0, 0);
                drawn = 0;
            }
            for (int q = popc((talon >> drawn) & ((bit(e->drawn_to - drawn) << 1) - 1)); q > 0; q--)
                steps_push(ctx, out, S_D, 0, 0);
        }
        steps_push(ctx, out, e->kind, e->x, e->y);
    }
    free(edges);
}

static void astar_free(Astar *A) {
    if (A->buckets)
        for (int k = 0; k < (A->upper + 1) * (A->upper + 1); k++) free(A->buckets[k].items);
    free(A->buckets);
    free(A->top);
    free(A->nodes);
    map_free(&A->index);
}

/* ShortestSearch.run: A* on the exact state; the first win taken off the queue has the fewest
 * moves. ``upper`` is a known winning line's length, ``s->oracle`` the unlimited-recycles pool
 * search that drops the states it proves lost. Records the win in s->win. */
static void astar_run(Astar *A) {
    Search *s = A->s;
    EncodedPosition *t = s->t;
    Context *ctx = s->ctx;
    int size = t->size, target = t->target, strict = t->strict, daw = t->daw, rlimit = t->recycles;
    mask_t pyramid_mask = below(size);
    int bound = lower_bound(t, t->pyramid0, t->talon0, t->drawn0, t->fresh0, rlimit < 0 || t->recycles0 < rlimit);
    if (bound < 0 || bound > A->upper) return;
    int width = A->upper + 1;
    A->buckets = calloc((size_t)width * width, sizeof(IntVec));
    A->top = malloc((size_t)width * sizeof(int));
    if (!A->buckets || !A->top) fail_memory(ctx);
    for (int f = 0; f < width; f++) A->top[f] = -1;
    map_init(ctx, &A->index, 4096);
    astar_push(A, 0, bound, -1, 0, 0, 0, -1, 0, t->pyramid0, t->talon0, t->drawn0, t->fresh0, t->recycles0);
    int f = bound;
    while (A->queued) {
        int g = A->top[f];
        IntVec *row = &A->buckets[f * width];
        while (g >= 0 && !row[g].len) g--;
        A->top[f] = g;
        if (g < 0) {
            f++;
            continue;
        }
        int n = row[g].items[--row[g].len];
        A->queued--;
        const AstarNode node = A->nodes[n];
        if (node.g != g) continue; /* reached again by a shorter path since */
        mask_t pyramid = node.a & pyramid_mask, talon = (node.a >> size) & 0xffffffffULL;
        int drawn = (int)(node.b & 0x3f), fresh = (int)((node.b >> 6) & 1), recycles = (int)(node.b >> 7);
        if (!pyramid && (!strict || !talon)) {
            astar_path(A, n, &s->win);
            s->has_win = 1;
            s->best_removed = size;
            return;
        }
        count_node(s);
        Layer *L = layer_of(t, pyramid);
        int can_recycle = rlimit < 0 || recycles < rlimit;
        if (!can_recycle) {
            int removable, hopeless;
            mask_t reachable;
            assess(t, L, pyramid, talon, drawn, fresh, 1, &removable, &hopeless, &reachable);
            if (hopeless) continue;
        } else if (s->oracle && !oracle_allows(s, pyramid, talon)) {
            continue;
        }
        int child = g + 1;
        if (L->nkings) { /* forced */
            int king = L->kings[0];
            astar_push(A, child, f, n, S_K, king, 0, -1, 0, pyramid ^ bit(king), talon, drawn, fresh, recycles);
            continue;
        }
        for (int k = 0; k < L->npairs; k++) {
            int a = L->pairs[k][0], b = L->pairs[k][1];
            astar_push(A, child, f, n, S_P, a, b, -1, 0, pyramid ^ bit(a) ^ bit(b), talon, drawn, fresh, recycles);
        }
        mask_t waste = talon & below(drawn);
        if (waste) {
            int j = bitlen(waste) - 1;
            mask_t rest = waste ^ bit(j), left = talon ^ bit(j);
            int under_top = bitlen(rest);
            if (t->trank[j] == target)
                astar_push(A, child, f, n, S_WK, 0, 0, -1, 0, pyramid, left, under_top, 0, recycles);
            for (int q = 0; q < L->ngroups; q++) {
                if (L->gneed[q] != t->trank[j]) continue;
                for (int k = 0; k < L->glen[q]; k++) {
                    int place = L->gslots[L->gstart[q] + k];
                    astar_push(A, child, f, n, S_W, place, 0, -1, 0, pyramid ^ bit(place), left, under_top, 0,
                               recycles);
                }
            }
            if (fresh) {
                int under = bitlen(rest) - 1;
                astar_push(A, child, f, n, S_WW, 0, 0, -1, 0, pyramid, left ^ bit(under), bitlen(rest ^ bit(under)), 0,
                           recycles);
            }
        }
        /* Draw until card j is on top, then remove it; past the stock's end, recycle once. */
        mask_t stock = (talon >> drawn) << drawn;
        int npasses = can_recycle && waste ? 2 : 1;
        for (int p = 0; p < npasses; p++) {
            mask_t cards = p ? waste : stock;
            int drawn_cards = p ? popc(stock) + 1 : 0;
            int used = p && rlimit >= 0 ? recycles + 1 : recycles;
            while (cards) {
                int j = lowest(cards);
                cards &= cards - 1;
                drawn_cards++;
                int r = t->trank[j], group = -1;
                for (int q = 0; q < L->ngroups; q++)
                    if (L->gneed[q] == r) group = q;
                int king = r == target;
                mask_t rest = talon & below(j);
                int under_j = bitlen(rest);
                int pairs_under = daw && under_j && t->trank[under_j - 1] + r == target;
                if (group < 0 && !king && !pairs_under) continue;
                int moves = child + drawn_cards;
                mask_t left = talon ^ bit(j);
                if (king) astar_push(A, moves, f, n, S_WK, 0, 0, j, p, pyramid, left, under_j, 0, used);
                if (group >= 0)
                    for (int k = 0; k < L->glen[group]; k++) {
                        int place = L->gslots[L->gstart[group] + k];
                        astar_push(A, moves, f, n, S_W, place, 0, j, p, pyramid ^ bit(place), left, under_j, 0, used);
                    }
                if (pairs_under) {
                    int under = under_j - 1;
                    astar_push(A, moves, f, n, S_WW, 0, 0, j, p, pyramid, left ^ bit(under), bitlen(rest ^ bit(under)),
                               0, used);
                }
            }
        }
    }
}

/* The number of engine moves a line of steps makes (steps.Replayer: the pool search's steps
 * bring a talon card to the waste top with draws and a recycle first). */
typedef struct {
    mask_t talon;
    int drawn, fresh, moves;
} Replay;

static int replay_top(const Replay *r) { return bitlen(r->talon & below(r->drawn)) - 1; }

static void replay_take_top(Replay *r) {
    r->talon ^= bit(replay_top(r));
    r->drawn = bitlen(r->talon & below(r->drawn));
    r->fresh = 0;
}

static void replay_draw(Replay *r) {
    r->drawn += lowest(r->talon >> r->drawn) + 1;
    r->fresh = 1;
    r->moves++;
}

static void replay_bring_to_top(Replay *r, int index) {
    if (replay_top(r) == index) return;
    if (index < r->drawn) {
        while (r->talon >> r->drawn) replay_draw(r);
        r->drawn = 0;
        r->fresh = 0;
        r->moves++;
    }
    while (replay_top(r) != index) replay_draw(r);
}

static int line_moves(const EncodedPosition *t, const Steps *steps) {
    Replay r = {t->talon0, t->drawn0, t->fresh0, 0};
    for (size_t k = 0; k < steps->len; k++) {
        Step st = steps->items[k];
        switch (st.kind) {
        case S_K: case S_P: r.moves++; break;
        case S_W: case S_WK: replay_take_top(&r); r.moves++; break;
        case S_WW: replay_take_top(&r); replay_take_top(&r); r.moves++; break;
        case S_D: replay_draw(&r); break;
        case S_R: r.drawn = 0; r.fresh = 0; r.moves++; break;
        case S_T:
        case S_TK:
            replay_bring_to_top(&r, st.kind == S_T ? st.b : st.a);
            replay_take_top(&r);
            r.moves++;
            break;
        default: { /* S_TT */
            mask_t waste = r.talon & below(r.drawn);
            int beneath = (waste >> st.b) & 1 ? bitlen(waste ^ bit(st.b)) - 1 : -2;
            if (!(r.fresh && replay_top(&r) == st.b && beneath == st.a)) {
                replay_bring_to_top(&r, st.a);
                replay_draw(&r);
            }
            replay_take_top(&r);
            replay_take_top(&r);
            r.moves++;
        }
        }
    }
    return r.moves;
}

/* ------------------------------------------------------------------ the whole solve */

typedef struct {
    Context ctx;
    Deal deal;
    uint32_t *mirror;
    EncodedPosition encodings[6];
    int nencodings;
    Search searches[6];
    int nsearches;
    Astar astar;
} Run;

static EncodedPosition *new_encoding(Run *run, int strict, int recycles, int daw) {
    EncodedPosition *t = &run->encodings[run->nencodings++];
    encoded_init(t, &run->ctx, &run->deal, run->mirror, strict, recycles, daw);
    return t;
}

static Search *new_search(Run *run, EncodedPosition *t, long long limit) {
    Search *s = &run->searches[run->nsearches++];
    search_init(s, t, limit);
    return s;
}

/* _solve and _solve_limited: the search whose answer is the result; *relaxed_out the
 * unlimited-recycles relaxation it consulted (NULL with unlimited recycles). */
static Search *solve_all(Run *run, int strict, int recycles, int daw, long long limit, Search **relaxed_out) {
    EncodedPosition *encoded = new_encoding(run, strict, recycles, daw);
    *relaxed_out = NULL;
    if (recycles < 0) {
        Search *search = new_search(run, encoded, limit);
        pool_run(search);
        return search;
    }
    int several = recycles > 0;
    Search *relaxed = new_search(run, new_encoding(run, 0, -1, 0), limit);
    pool_run(relaxed);
    *relaxed_out = relaxed;
    int ceiling = relaxed->has_win ? encoded->size : relaxed->best_removed;
    if (!strict) {
        Search *search = new_search(run, encoded, limit);
        search->ceiling = ceiling;
        search->oracle = several ? relaxed : NULL;
        search->nodes = relaxed->nodes;
        seq_run(search);
        return search;
    }
    Search *counter = new_search(run, new_encoding(run, 0, recycles, daw), limit);
    counter->ceiling = ceiling;
    counter->oracle = several ? relaxed : NULL;
    counter->nodes = relaxed->nodes;
    seq_run(counter);
    counter->has_win = 0;
    if (counter->best_removed < encoded->size) return counter;
    Search *oracle = NULL;
    if (several) {
        oracle = new_search(run, new_encoding(run, strict, -1, daw), -1);
        oracle->decide_only = 1;
    }
    Search *decider = new_search(run, encoded, limit);
    decider->decide_only = 1;
    decider->oracle = oracle;
    decider->nodes = counter->nodes;
    seq_run(decider);
    counter->nodes = decider->nodes;
    return decider->has_win ? decider : counter;
}

/* answers._shortest: the fewest moves to win once ``decided`` (the answer of solve_all) has a
 * winning line. The A* queues no state whose bound exceeds that line, and drops the states the
 * unlimited-recycles relaxation proves lost: under strict win a fresh one that must clear the
 * talon too, else the one the default search consulted (``relaxed``) or, with unlimited
 * recycles, one without draw against waste. */
static Search *solve_shortest(Run *run, Search *decided, Search *relaxed, long long limit) {
    EncodedPosition *encoded = decided->t;
    Search *oracle;
    if (encoded->strict) {
        oracle = new_search(run, new_encoding(run, 1, -1, encoded->daw), -1);
        oracle->decide_only = 1;
    } else if (relaxed) {
        oracle = relaxed;
    } else {
        oracle = new_search(run, new_encoding(run, 0, -1, 0), -1);
    }
    Search *s = new_search(run, encoded, limit);
    s->oracle = oracle;
    s->decide_only = 1; /* the oracle is asked whether the whole pyramid can still go */
    s->nodes = decided->nodes; /* the budget counts every search */
    /* What a stop at the budget reports: the winning line found, proven but maybe not shortest. */
    steps_copy(&run->ctx, &s->best, &decided->win);
    s->best_removed = encoded->size;
    run->astar.s = s;
    run->astar.upper = line_moves(encoded, &decided->win);
    astar_run(&run->astar);
    return s;
}

/* ------------------------------------------------------------------ the entry point */

static void put_steps(WordWriter *w, const Steps *v) {
    put_word(w, (int64_t)v->len);
    for (size_t k = 0; k < v->len; k++) {
        put_word(w, v->items[k].kind);
        put_word(w, v->items[k].a);
        put_word(w, v->items[k].b);
    }
}

/* The deal and the knobs from the words (wire.SearchWords); NULL, or what was expected. */
static const char *read_deal(WordReader *r, Deal *d, int *strict, int *recycles, int *daw, long long *limit,
                             int *optimal) {
    int target = next_word(r, 2, MAX_TARGET, "the pair sum must be 2..15");
    int n = next_word(r, 0, MAX_PLACES, "ranks: at most 32 pyramid places");
    for (int i = 0; i < n; i++) d->rank[i] = next_word(r, 0, target, "ranks: an entry out of range");
    for (int i = 0; i < n; i++) {
        uint32_t mask = (uint32_t)next_word(r, INT32_MIN, INT32_MAX, "");
        if (n < 32 && mask >> n) return r->error ? r->error : "covers: a mask names a place beyond the table";
        d->cover[i] = mask;
    }
    d->size = n;
    d->ntalon = next_word(r, 0, MAX_TALON, "talon_ranks: at most 32 talon cards");
    for (int i = 0; i < d->ntalon; i++) d->trank[i] = next_word(r, 1, target, "talon_ranks: an entry out of range");
    d->target = target;
    d->drawn = next_word(r, 0, d->ntalon, "drawn: between 0 and the talon's size");
    d->fresh = next_word(r, 0, 1, "fresh: 0 or 1");
    d->recycles_used = next_word(r, 0, INT32_MAX, "recycles_used: at least 0");
    *strict = next_word(r, 0, 1, "strict_win: 0 or 1");
    *recycles = next_word(r, -1, INT32_MAX, "recycles: -1 (unlimited) or at least 0");
    *daw = next_word(r, 0, 1, "draw_against_waste: 0 or 1");
    d->coverer_knob = next_word(r, 0, 1, "pair_with_coverer: 0 or 1");
    d->face_down_free = 1; /* the caller passes pair_with_coverer already off for face-down tables */
    *limit = next_long(r);
    *optimal = next_word(r, 0, 1, "optimal: 0 or 1");
    if (!r->error && r->at != r->end) r->error = "words left over after the data";
    return r->error;
}

static void run_free(Run *run) {
    astar_free(&run->astar);
    for (int k = 0; k < run->nsearches; k++) search_free(&run->searches[k]);
    for (int k = 0; k < run->nencodings; k++) encoded_free(&run->encodings[k]);
    free(run->mirror);
    free(run);
}

int search_core_run(const int32_t *words, size_t nwords, int32_t **answer_out, size_t *answer_words,
                    const char **error) {
    Run *run = calloc(1, sizeof(Run));
    if (!run) return CORE_NO_MEMORY;
    WordReader reader = {words, words + nwords, NULL};
    int strict, recycles, daw, optimal;
    long long limit;
    *error = read_deal(&reader, &run->deal, &strict, &recycles, &daw, &limit, &optimal);
    if (*error) {
        free(run);
        return CORE_BAD_INPUT;
    }
    int target = run->deal.target;
    run->mirror = calloc((size_t)1 << (target + 1), sizeof(uint32_t));
    if (!run->mirror) {
        free(run);
        return CORE_NO_MEMORY;
    }
    for (uint32_t mask = 1; mask < ((uint32_t)1 << (target + 1)); mask++) {
        uint32_t low = mask & (~mask + 1);
        int rank = lowest(low);
        run->mirror[mask] = run->mirror[mask ^ low] | (0 < rank && rank < target ? (uint32_t)1 << (target - rank) : 0);
    }
    Search *volatile answer = NULL;
    volatile int stopped = 0;
    if (setjmp(run->ctx.jump) == 0) {
        Search *relaxed;
        Search *found = solve_all(run, strict, recycles, daw, limit, &relaxed);
        if (optimal && found->has_win) found = solve_shortest(run, found, relaxed, limit);
        answer = found;
    } else if (!run->ctx.out_of_memory) {
        Search *found = run->ctx.stopped;
        if (found->asker) { /* the oracle's budget is its asker's: the asker stops */
            found = found->asker;
            found->nodes = found->limit;
        }
        answer = found;
        stopped = 1;
    }
    if (run->ctx.out_of_memory) {
        run_free(run);
        return CORE_NO_MEMORY;
    }
    WordWriter w = {NULL, 0, 0, 0};
    put_word(&w, stopped);
    put_word(&w, stopped && answer->t->recycles < 0 && recycles >= 0); /* relaxed */
    int won = answer->has_win && !stopped;
    put_word(&w, won);
    put_word(&w, answer->best_removed);
    put_long(&w, answer->nodes);
    if (won) put_steps(&w, &answer->win);
    put_steps(&w, &answer->best);
    run_free(run);
    if (w.failed) {
        free(w.items);
        return CORE_NO_MEMORY;
    }
    *answer_out = w.items;
    *answer_words = w.len;
    return CORE_OK;
}
