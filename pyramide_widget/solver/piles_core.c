/* The search of the games with other piles compiled, over plain arrays: a line-by-line port of
 * pyramide_widget.solver.piles.PileSearch (its depth-first search, its bounds and relaxations,
 * and the breadth-first search of optimal=True), whose names the comments below use.
 *
 * Python stays the reference: this file builds the same states in the same order, with the same
 * canonical keys, the same relaxed states remembered and the same node counts, and stops at the
 * same node budget, so it gives the same answers and lines, only faster.
 * tests/test_solver_compiled_piles.py compares both on every pile table and knob.
 *
 * Everything the rules decide about a table arrives as data from PileSearch (the places' cards
 * and covers, the piles' kinds, which piles are alike, whether the game is a cycle or a pool,
 * the relaxation's limits), so no rule is written here that Python does not also state.
 * Limits (the Python side runs pure Python beyond them): 32 pyramid places, 64 cards, 12 piles,
 * a pair sum of 15, at most 7 cards of one rank.
 *
 * Entry point: piles_core_run (core.h) over the words wire.PileWords lays out; its answer is
 * (stopped, won, best_removed, nodes, the solution, the best line), a move as (kind, n, n deck
 * indices) with the kinds numbered as wire.MOVE_NAMES lists them. No Python API and no I/O here: the CPython
 * extension and the WebAssembly module both call it.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#define MAX_PLACES 32
#define MAX_CARDS 64
#define MAX_PILES 12
#define MAX_TARGET 15
#define MAX_GROUP 16   /* a group sums to the target, every rank at least 1 */
#define MAX_FREE (MAX_PLACES + MAX_PILES)
#define MAX_KEY 160
#define MAX_PREFIX (MAX_CARDS + 8)
#define MAX_SETS 512   /* _outside_sets of one need */
#define RELAXED_NODES 2000

enum { WASTE, RESERVE, COLUMN, CELL };
/* The moves' kinds, in the order wire.MOVE_NAMES lists them. */
enum { M_KING, M_PAIR, M_GROUP, M_CELL, M_DRAW, M_RECYCLE };

/* Without the instruction (an x86-64 build for any CPU), a few arithmetic steps beat the library call. */
static inline int popc(uint64_t x) {
#if defined(__x86_64__) && !defined(__POPCNT__)
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
#else
    return __builtin_popcountll(x);
#endif
}
static inline int lowest(uint64_t x) { return __builtin_ctzll(x); }

/* ------------------------------------------------------------------ memory and the budget */

typedef struct {
    jmp_buf jump; /* where an exhausted budget or a failed allocation lands */
    int out_of_memory;
} Context;

static void fail_memory(Context *ctx) {
    ctx->out_of_memory = 1;
    longjmp(ctx->jump, 1);
}

static void *grow(Context *ctx, void *items, size_t *cap, size_t need, size_t size) {
    if (need <= *cap) return items;
    size_t n = *cap ? *cap : 16;
    while (n < need) n *= 2;
    void *p = realloc(items, n * size);
    if (!p) fail_memory(ctx);
    *cap = n;
    return p;
}

/* ------------------------------------------------------------------ hashing */

static uint64_t mix(uint64_t x) {
    x ^= x >> 31;
    x *= 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 29;
    x *= 0x94D049BB133111EBULL;
    x ^= x >> 32;
    return x;
}

static uint64_t hash_bytes(const uint8_t *p, size_t n) {
    uint64_t h = 0x9E3779B97F4A7C15ULL ^ n;
    while (n >= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        h = mix(h ^ w) + 0x9E3779B97F4A7C15ULL;
        p += 8;
        n -= 8;
    }
    uint64_t w = 0;
    memcpy(&w, p, n);
    return mix(h ^ w);
}

/* Open addressing on a key of two words, the first below 2**40, mapping to a number below 2**24
 * (the remembered answers), kept with the first word: 16 bytes a slot, 0 an empty one. */
#define MAP_KEY ((((uint64_t)1) << 40) - 1)

typedef struct {
    uint64_t a, b; /* a: the key's first word, and its value plus one from bit 40 */
} Slot;

typedef struct {
    Slot *slots;
    size_t cap, used;
} Map;

static void map_init(Context *ctx, Map *m, size_t cap) {
    m->slots = calloc(cap, sizeof(Slot));
    if (!m->slots) fail_memory(ctx);
    m->cap = cap;
    m->used = 0;
}

static inline size_t map_home(const Map *m, uint64_t a, uint64_t b) { return mix(a ^ mix(b)) & (m->cap - 1); }

static inline Slot *map_slot(const Map *m, uint64_t a, uint64_t b) {
    size_t mask = m->cap - 1, i = map_home(m, a, b);
    for (;;) {
        Slot *s = &m->slots[i];
        if (!s->a || ((s->a & MAP_KEY) == a && s->b == b)) return s;
        i = (i + 1) & mask;
    }
}

static inline void map_prefetch(const Map *m, uint64_t a, uint64_t b) { __builtin_prefetch(&m->slots[map_home(m, a, b)]); }

/* The value of (a, b), or -1. */
static inline int64_t map_get(const Map *m, uint64_t a, uint64_t b) {
    const Slot *s = map_slot(m, a, b);
    return s->a ? (int64_t)(s->a >> 40) - 1 : -1;
}

static void map_set(Context *ctx, Map *m, uint64_t a, uint64_t b, int64_t v) {
    if (v + 1 >= (int64_t)1 << 24) fail_memory(ctx);
    if (2 * (m->used + 1) > m->cap) {
        Map bigger;
        map_init(ctx, &bigger, 2 * m->cap);
        for (size_t k = 0; k < m->cap; k++)
            if (m->slots[k].a) *map_slot(&bigger, m->slots[k].a & MAP_KEY, m->slots[k].b) = m->slots[k];
        bigger.used = m->used;
        free(m->slots);
        *m = bigger;
    }
    Slot *s = map_slot(m, a, b);
    if (!s->a) m->used++;
    s->a = a | (uint64_t)(v + 1) << 40;
    s->b = b;
}

/* A set of byte strings (the canonical keys seen; the exact states of the breadth-first search):
 * one cache line a slot, the string in it when it fits, else in ``bytes``. */
#define INLINE_KEY 54

typedef struct {
    uint64_t hash;
    uint16_t length; /* 0: an empty slot */
    uint8_t bytes[INLINE_KEY]; /* the string, or where it starts in KeySet.bytes */
} KeySlot;

typedef struct {
    KeySlot *slots;
    void *block; /* the allocation ``slots`` lies in, aligned to a cache line */
    size_t cap, used;
    uint8_t *bytes;
    size_t nbytes, bytes_cap;
} KeySet;

static KeySlot *new_slots(Context *ctx, size_t cap, void **block) {
    *block = calloc(cap + 1, sizeof(KeySlot));
    if (!*block) fail_memory(ctx);
    return (KeySlot *)(((uintptr_t)*block + 63) & ~(uintptr_t)63);
}

static void keyset_init(Context *ctx, KeySet *s, size_t cap) {
    s->slots = new_slots(ctx, cap, &s->block);
    s->cap = cap;
    s->used = 0;
    s->bytes = NULL;
    s->nbytes = s->bytes_cap = 0;
}

static const uint8_t *slot_bytes(const KeySet *s, const KeySlot *slot) {
    if (slot->length <= INLINE_KEY) return slot->bytes;
    uint64_t offset;
    memcpy(&offset, slot->bytes, sizeof(offset));
    return s->bytes + offset;
}

static KeySlot *keyset_slot(const KeySet *s, const uint8_t *key, uint32_t n, uint64_t hash) {
    size_t mask = s->cap - 1, i = hash & mask;
    for (;;) {
        KeySlot *slot = &s->slots[i];
        if (!slot->length) return slot;
        if (slot->hash == hash && slot->length == n && !memcmp(slot_bytes(s, slot), key, n)) return slot;
        i = (i + 1) & mask;
    }
}

/* Whether ``key`` was there; it is afterwards. */
static int keyset_add(Context *ctx, KeySet *s, const uint8_t *key, uint32_t n) {
    uint64_t hash = hash_bytes(key, n);
    KeySlot *slot = keyset_slot(s, key, n, hash);
    if (slot->length) return 1;
    if (2 * (s->used + 1) > s->cap) {
        KeySlot *old = s->slots;
        void *old_block = s->block;
        size_t old_cap = s->cap;
        s->slots = new_slots(ctx, 2 * old_cap, &s->block);
        s->cap = 2 * old_cap;
        for (size_t k = 0; k < old_cap; k++)
            if (old[k].length) {
                size_t i = old[k].hash & (s->cap - 1);
                while (s->slots[i].length) i = (i + 1) & (s->cap - 1);
                s->slots[i] = old[k];
            }
        free(old_block);
        slot = keyset_slot(s, key, n, hash);
    }
    slot->hash = hash;
    slot->length = (uint16_t)n;
    if (n <= INLINE_KEY) {
        memcpy(slot->bytes, key, n);
    } else {
        uint64_t offset = s->nbytes;
        s->bytes = grow(ctx, s->bytes, &s->bytes_cap, s->nbytes + n, 1);
        memcpy(s->bytes + s->nbytes, key, n);
        memcpy(slot->bytes, &offset, sizeof(offset));
        s->nbytes += n;
    }
    s->used++;
    return 0;
}

static void keyset_free(KeySet *s) {
    free(s->block);
    free(s->bytes);
}

/* ------------------------------------------------------------------ states and moves */

/* (removed, piles, stock, fresh, recycles): every pile's cards bottom to top one pile after the
 * other, then the stock bottom to top (its top last), as deck indices. */
typedef struct {
    uint32_t removed;
    int32_t recycles;
    uint8_t fresh, nstock;
    uint8_t len[MAX_PILES];
    uint8_t cards[MAX_CARDS];
} State;

typedef struct {
    uint8_t kind, n;
    uint8_t cards[MAX_GROUP];
} Move;

typedef struct {
    Move move;
    State state;
    uint16_t prefix; /* the draws and recycles of the level's prefix played before the move */
    uint16_t keylen;
    uint8_t key[MAX_KEY];
} Step;

typedef struct {
    Step *items;
    size_t len, cap;
} Steps;

typedef struct {
    Steps steps;
    size_t next;
    uint8_t prefix[MAX_PREFIX]; /* M_DRAW or M_RECYCLE */
} Level;

typedef struct {
    Move *items;
    size_t len, cap;
} Line;

static void line_push(Context *ctx, Line *line, const Move *move) {
    line->items = grow(ctx, line->items, &line->cap, line->len + 1, sizeof(Move));
    line->items[line->len++] = *move;
}

/* ------------------------------------------------------------------ the search's data */

typedef struct {
    State state;
    Move move;
    int64_t parent;
} Visit;

typedef struct {
    int value;
    size_t index;
} Ranked;

typedef struct {
    Context ctx;
    /* the table, as PileSearch.__init__ computes it */
    int ncards, size, target, npiles, draw, groups, strict, limit_recycles, against_waste, coverer;
    int cycle, pool, at_once, relaxable;
    int rank[MAX_CARDS];
    int pyramid[MAX_PLACES], pyramid_rank[MAX_PLACES];
    uint32_t covers[MAX_PLACES], cone[MAX_PLACES], unreachable[MAX_PLACES], full;
    uint32_t lies_on[MAX_PLACES]; /* the places each place covers (covers, the other way) */
    uint32_t rank_places[MAX_TARGET + 1];
    int kind[MAX_PILES];
    int nwaste, waste[MAX_PILES], ncells, cells[MAX_PILES], nothers, others[MAX_PILES];
    int nalike, alike_n[2], alike[2][MAX_PILES];
    State start;
    /* the search */
    long long limit, nodes, relaxed_left;
    int best_removed, won;
    Line best_line, solution;
    Map relaxed, supplied, group_index;
    struct {
        uint32_t vacated;
        int need;
        uint64_t caps; /* usable_caps of ``vacated``, with groups */
    } *pyramid_groups;
    size_t npyramid_groups, pyramid_groups_cap;
    struct {
        size_t first, count;
    } *group_runs; /* the pyramid groups of one ``removed``, as group_index numbers them */
    size_t ngroup_runs, group_runs_cap;
    Ranked *ranked;
    Step *sorted;
    size_t ranked_cap, sorted_cap;
    KeySet seen;
    Level *levels;
    size_t nlevels, levels_cap;
    Steps scratch, uses;
    Visit *visits; /* the breadth-first search's states, in the order they were queued */
    size_t visits_cap;
} Search;

static void within_budget(Search *ps) {
    if (ps->limit >= 0 && ps->nodes > ps->limit) longjmp(ps->ctx.jump, 2);
}

static int offset_of(const State *s, int k) {
    int offset = 0;
    for (int j = 0; j < k; j++) offset += s->len[j];
    return offset;
}

static int stock_offset(const Search *ps, const State *s) { return offset_of(s, ps->npiles); }

/* The card ``depth`` below the top of pile ``k`` (0: the top). */
static int pile_card(const State *s, int k, int depth) { return s->cards[offset_of(s, k) + s->len[k] - 1 - depth]; }

static void pile_pop(Search *ps, State *s, int k) {
    int end = offset_of(s, k) + s->len[k], total = stock_offset(ps, s) + s->nstock;
    memmove(s->cards + end - 1, s->cards + end, (size_t)(total - end));
    s->cards[total - 1] = 0;
    s->len[k]--;
}

static void pile_push(Search *ps, State *s, int k, int card) {
    int end = offset_of(s, k) + s->len[k], total = stock_offset(ps, s) + s->nstock;
    memmove(s->cards + end + 1, s->cards + end, (size_t)(total - end));
    s->cards[end] = (uint8_t)card;
    s->len[k]++;
}

/* A place: a pyramid index, or size + 2 * pile + depth (0 its top, 1 the card beneath). */
static int card_at(const Search *ps, const State *s, int place) {
    if (place < ps->size) return ps->pyramid[place];
    int q = place - ps->size;
    return pile_card(s, q / 2, q % 2);
}

/* _free: the free pyramid places once the places of ``removed`` are vacated. */
static int pyramid_free(const Search *ps, uint32_t removed, int *out) {
    uint32_t present = ps->full & ~removed, covered = 0;
    for (uint32_t rest = present; rest; rest &= rest - 1) covered |= ps->lies_on[lowest(rest)];
    int n = 0;
    for (uint32_t rest = present & ~covered; rest; rest &= rest - 1) out[n++] = lowest(rest);
    return n;
}

static int won(const Search *ps, const State *s) {
    if (s->removed != ps->full) return 0;
    for (int j = 0; j < ps->ncells; j++)
        if (s->len[ps->cells[j]]) return 0;
    if (!ps->strict) return 1;
    return stock_offset(ps, s) + s->nstock == 0;
}

/* ------------------------------------------------------------------ the rules, restated */

static void removal(const Search *ps, const State *s, const int *places, int n, Move *move, State *after) {
    move->kind = n == 1 ? M_KING : n == 2 ? M_PAIR : M_GROUP;
    move->n = (uint8_t)n;
    int piled[MAX_GROUP], npiled = 0;
    for (int j = 0; j < n; j++) {
        move->cards[j] = (uint8_t)card_at(ps, s, places[j]);
        if (places[j] >= ps->size) piled[npiled++] = places[j];
    }
    *after = *s;
    for (int j = 0; j < n; j++)
        if (places[j] < ps->size) after->removed |= (uint32_t)1 << places[j];
    /* the pile places highest first: the card beneath a top goes after the top */
    for (int a = 1; a < npiled; a++)
        for (int b = a; b > 0 && piled[b] > piled[b - 1]; b--) {
            int t = piled[b];
            piled[b] = piled[b - 1];
            piled[b - 1] = t;
        }
    for (int j = 0; j < npiled; j++) {
        int k = (piled[j] - ps->size) / 2;
        pile_pop((Search *)ps, after, k);
        if (ps->kind[k] == WASTE) after->fresh = 0;
    }
}

static void to_cell(const Search *ps, const State *s, int place, int cell, Move *move, State *after) {
    int card = card_at(ps, s, place);
    move->kind = M_CELL;
    move->n = 1;
    move->cards[0] = (uint8_t)card;
    *after = *s;
    if (place < ps->size) {
        after->removed |= (uint32_t)1 << place;
    } else {
        pile_pop((Search *)ps, after, (place - ps->size) / 2);
        after->fresh = 0;
    }
    pile_push((Search *)ps, after, cell, card);
}

static void draw(const Search *ps, const State *s, State *after) {
    *after = *s;
    int n = ps->draw < s->nstock ? ps->draw : s->nstock;
    for (int j = 0; j < n; j++) {
        int top = stock_offset(ps, after) + after->nstock - 1;
        int card = after->cards[top];
        after->cards[top] = 0;
        after->nstock--;
        pile_push((Search *)ps, after, ps->waste[j % ps->nwaste], card);
    }
    after->fresh = (uint8_t)ps->against_waste;
}

static void recycle(const Search *ps, const State *s, State *after) {
    uint8_t gathered[MAX_CARDS];
    int n = 0;
    for (int j = 0; j < ps->nwaste; j++) {
        int k = ps->waste[j], offset = offset_of(s, k);
        for (int c = 0; c < s->len[k]; c++) gathered[n++] = s->cards[offset + c];
    }
    *after = *s;
    for (int j = 0; j < ps->nwaste; j++)
        while (after->len[ps->waste[j]]) pile_pop((Search *)ps, after, ps->waste[j]);
    int base = stock_offset(ps, after); /* the stock was empty */
    for (int c = 0; c < n; c++) after->cards[base + c] = gathered[n - 1 - c];
    after->nstock = (uint8_t)n;
    after->fresh = 0;
    after->recycles = ps->limit_recycles >= 0 ? s->recycles + 1 : 0;
}

static Step *push_step(Search *ps, Steps *v) {
    v->items = grow(&ps->ctx, v->items, &v->cap, v->len + 1, sizeof(Step));
    Step *step = &v->items[v->len++];
    step->prefix = 0;
    step->keylen = 0;
    return step;
}

static void push_removal(Search *ps, Steps *v, const State *s, const int *places, int n) {
    Step *step = push_step(ps, v);
    removal(ps, s, places, n, &step->move, &step->state);
}

/* _groups: every set of ``least`` or more places whose ranks sum to ``need``, each removed with
 * the places ``first`` before it. */
static void push_groups(Search *ps, Steps *v, const State *s, const int *places, const int *ranks, int n,
                        int start, int *chosen, int nchosen, int nfirst, int total, int need, int least) {
    for (int j = start; j < n; j++) {
        int sum = total + ranks[j];
        if (sum == need && nchosen - nfirst >= least - 1) {
            chosen[nchosen] = places[j];
            push_removal(ps, v, s, chosen, nchosen + 1);
        } else if (sum < need) {
            chosen[nchosen] = places[j];
            push_groups(ps, v, s, places, ranks, n, j + 1, chosen, nchosen + 1, nfirst, sum, need, least);
        }
    }
}

static int empty_cell(const Search *ps, const State *s) {
    for (int j = 0; j < ps->ncells; j++)
        if (!s->len[ps->cells[j]]) return ps->cells[j];
    return -1;
}

/* moves: every legal move with the state it leads to, appended to ``v``. */
static void moves(Search *ps, const State *s, int first_kings, Steps *v) {
    uint32_t present = ps->full & ~s->removed;
    int target = ps->target, size = ps->size;
    int free_places[MAX_FREE], ranks[MAX_FREE];
    int nfree = pyramid_free(ps, s->removed, free_places);
    for (int k = 0; k < ps->npiles; k++)
        if (s->len[k]) free_places[nfree++] = size + 2 * k;
    for (int j = 0; j < nfree; j++) ranks[j] = ps->rank[card_at(ps, s, free_places[j])];
    int kings[MAX_FREE], nkings = 0, safe = -1;
    for (int j = 0; j < nfree; j++) {
        if (ranks[j] != target) continue;
        kings[nkings++] = free_places[j];
        if (safe < 0 && (!ps->against_waste || free_places[j] < size || ps->kind[(free_places[j] - size) / 2] != WASTE))
            safe = free_places[j];
    }
    if (safe >= 0 && first_kings) {
        push_removal(ps, v, s, &safe, 1);
        return;
    }
    for (int j = 0; j < nkings; j++) push_removal(ps, v, s, &kings[j], 1);
    int extra[MAX_PLACES + MAX_PILES][2], nextra = 0;
    if (ps->against_waste && s->fresh)
        for (int j = 0; j < ps->nwaste; j++) {
            int k = ps->waste[j];
            if (s->len[k] >= 2) {
                extra[nextra][0] = size + 2 * k + 1;
                extra[nextra++][1] = size + 2 * k;
            }
        }
    if (ps->coverer)
        for (int i = 0; i < size; i++) {
            uint32_t on = ps->covers[i] & present;
            if ((present >> i & 1) && on && !(on & (on - 1))) {
                int c = lowest(on);
                if (!(ps->covers[c] & present)) {
                    extra[nextra][0] = i;
                    extra[nextra++][1] = c;
                }
            }
        }
    for (int a = 0; a < nfree; a++)
        for (int b = a + 1; b < nfree; b++)
            if (ranks[a] + ranks[b] == target) {
                int pair[2] = {free_places[a], free_places[b]};
                push_removal(ps, v, s, pair, 2);
            }
    for (int j = 0; j < nextra; j++)
        if (ps->rank[card_at(ps, s, extra[j][0])] + ps->rank[card_at(ps, s, extra[j][1])] == target)
            push_removal(ps, v, s, extra[j], 2);
    if (ps->groups) {
        int chosen[MAX_GROUP + 1];
        push_groups(ps, v, s, free_places, ranks, nfree, 0, chosen, 0, 0, 0, target, 3);
    }
    int cell = empty_cell(ps, s);
    if (cell >= 0)
        for (int j = 0; j < nfree; j++)
            if (free_places[j] < size || ps->kind[(free_places[j] - size) / 2] == WASTE) {
                Step *step = push_step(ps, v);
                to_cell(ps, s, free_places[j], cell, &step->move, &step->state);
            }
    int waste_cards = 0;
    for (int j = 0; j < ps->nwaste; j++) waste_cards += s->len[ps->waste[j]];
    if (s->nstock) {
        Step *step = push_step(ps, v);
        step->move.kind = M_DRAW;
        step->move.n = 0;
        draw(ps, s, &step->state);
    } else if (waste_cards && (ps->limit_recycles < 0 || s->recycles < ps->limit_recycles)) {
        Step *step = push_step(ps, v);
        step->move.kind = M_RECYCLE;
        step->move.n = 0;
        recycle(ps, s, &step->state);
    }
}

/* _uses: the moves that use the card at ``place`` (a pile top). */
static void uses(Search *ps, const State *s, int place, Steps *v) {
    int target = ps->target, size = ps->size;
    int own = ps->rank[card_at(ps, s, place)];
    if (own == target) {
        push_removal(ps, v, s, &place, 1);
        return;
    }
    int free_places[MAX_FREE], ranks[MAX_FREE];
    int nfree = pyramid_free(ps, s->removed, free_places);
    for (int k = 0; k < ps->npiles; k++)
        if (s->len[k] && size + 2 * k != place) free_places[nfree++] = size + 2 * k;
    for (int j = 0; j < nfree; j++) ranks[j] = ps->rank[card_at(ps, s, free_places[j])];
    for (int j = 0; j < nfree; j++)
        if (own + ranks[j] == target) {
            int pair[2] = {place, free_places[j]};
            push_removal(ps, v, s, pair, 2);
        }
    if (ps->groups) {
        int chosen[MAX_GROUP + 1] = {place};
        push_groups(ps, v, s, free_places, ranks, nfree, 0, chosen, 1, 1, 0, target - own, 2);
    }
    int cell = empty_cell(ps, s);
    if (cell >= 0) {
        Step *step = push_step(ps, v);
        to_cell(ps, s, place, cell, &step->move, &step->state);
    }
}

/* ------------------------------------------------------------------ the canonical key */

static uint8_t *put_ranks(const Search *ps, uint8_t *p, const uint8_t *cards, int n) {
    *p++ = (uint8_t)n;
    for (int j = 0; j < n; j++) *p++ = (uint8_t)ps->rank[cards[j]];
    return p;
}

static int compare_runs(const uint8_t *a, const uint8_t *b) {
    if (a[0] != b[0]) return a[0] < b[0] ? -1 : 1;
    return memcmp(a + 1, b + 1, a[0]);
}

/* key: ranks for cards, alike piles sorted, a cycle game's talon in draw order (a pool game's
 * sorted), the draw position only off the cycle. Written so that two states have equal bytes
 * exactly when PileSearch.key gives them equal keys. */
static int make_key(const Search *ps, const State *s, uint8_t *key) {
    uint8_t *p = key;
    memcpy(p, &s->removed, 4);
    p += 4;
    *p++ = s->fresh;
    memcpy(p, &s->recycles, 4);
    p += 4;
    int base = stock_offset(ps, s);
    if (ps->cycle) {
        int w = ps->waste[0], offset = offset_of(s, w), drawn = s->len[w], n = drawn + s->nstock;
        *p++ = (uint8_t)n;
        if (ps->pool) {
            int count[MAX_TARGET + 1] = {0};
            for (int c = 0; c < drawn; c++) count[ps->rank[s->cards[offset + c]]]++;
            for (int c = 0; c < s->nstock; c++) count[ps->rank[s->cards[base + c]]]++;
            for (int r = 1; r <= ps->target; r++)
                for (int c = 0; c < count[r]; c++) *p++ = (uint8_t)r;
        } else {
            for (int c = 0; c < drawn; c++) *p++ = (uint8_t)ps->rank[s->cards[offset + c]];
            for (int c = s->nstock - 1; c >= 0; c--) *p++ = (uint8_t)ps->rank[s->cards[base + c]];
            *p++ = (drawn % ps->draw == 0 || !s->nstock) ? 0xFF : (uint8_t)drawn;
        }
    } else {
        p = put_ranks(ps, p, s->cards + base, s->nstock);
        for (int j = 0; j < ps->nwaste; j++) {
            int k = ps->waste[j];
            p = put_ranks(ps, p, s->cards + offset_of(s, k), s->len[k]);
        }
    }
    for (int g = 0; g < ps->nalike; g++) {
        uint8_t runs[MAX_PILES][MAX_CARDS + 1];
        int n = ps->alike_n[g];
        for (int j = 0; j < n; j++) {
            int k = ps->alike[g][j];
            put_ranks(ps, runs[j], s->cards + offset_of(s, k), s->len[k]);
        }
        int order[MAX_PILES];
        for (int j = 0; j < n; j++) {
            int at = j;
            while (at > 0 && compare_runs(runs[order[at - 1]], runs[j]) > 0) {
                order[at] = order[at - 1];
                at--;
            }
            order[at] = j;
        }
        for (int j = 0; j < n; j++) {
            memcpy(p, runs[order[j]], (size_t)runs[order[j]][0] + 1);
            p += runs[order[j]][0] + 1;
        }
    }
    for (int j = 0; j < ps->nothers; j++) {
        int k = ps->others[j];
        p = put_ranks(ps, p, s->cards + offset_of(s, k), s->len[k]);
    }
    return (int)(p - key);
}

static void key_step(const Search *ps, Step *step) { step->keylen = (uint16_t)make_key(ps, &step->state, step->key); }

/* ------------------------------------------------------------------ steps */

static int same_key(const Step *a, const Step *b) {
    return a->keylen == b->keylen && !memcmp(a->key, b->key, a->keylen);
}

/* steps: the moves, each a line of one; in a cycle game, instead of the draw or recycle, every
 * use of each waste top that drawing and recycling can show, after the draws and recycles that
 * show it. */
static void steps(Search *ps, const State *s, Level *level) {
    Steps *out = &level->steps;
    out->len = 0;
    level->next = 0;
    Steps *all = &ps->scratch;
    all->len = 0;
    moves(ps, s, 1, all);
    for (size_t j = 0; j < all->len; j++) {
        if (ps->cycle && (all->items[j].move.kind == M_DRAW || all->items[j].move.kind == M_RECYCLE)) continue;
        Step *step = push_step(ps, out);
        step->move = all->items[j].move;
        step->state = all->items[j].state;
        key_step(ps, step);
    }
    if (!ps->cycle || (all->len == 1 && all->items[0].move.kind == M_KING)) return;
    int w = ps->waste[0], nprefix = 0;
    uint8_t visited[MAX_CARDS + 1] = {0};
    State current = *s;
    visited[current.len[w]] = 1; /* in a cycle game the talon's order never changes: its place is the waste's size */
    while (current.nstock || current.len[w]) {
        State next;
        int move = current.nstock ? M_DRAW : M_RECYCLE;
        if (move == M_DRAW)
            draw(ps, &current, &next);
        else
            recycle(ps, &current, &next);
        current = next;
        if (visited[current.len[w]]) break;
        visited[current.len[w]] = 1;
        level->prefix[nprefix++] = (uint8_t)move;
        if (!current.len[w]) continue;
        Steps *found = &ps->uses;
        found->len = 0;
        uses(ps, &current, ps->size + 2 * w, found);
        for (size_t j = 0; j < found->len; j++) {
            Step *candidate = &found->items[j];
            key_step(ps, candidate);
            int known = 0;
            for (size_t q = 0; q < out->len && !known; q++) known = same_key(&out->items[q], candidate);
            if (known) continue;
            Step *step = push_step(ps, out);
            *step = *candidate;
            step->prefix = (uint16_t)nprefix;
        }
    }
}

/* ------------------------------------------------------------------ bounds */

/* _outside: how many cards of each rank are left outside the pyramid and its cell, as 4-bit counts
 * (rank r at bits 4r to 4r + 3); a king outside counts none. */
static uint64_t outside_counts(const Search *ps, const State *s) {
    uint64_t counts = 0;
    int offset = 0;
    for (int k = 0; k < ps->npiles; k++) {
        if (ps->kind[k] != CELL)
            for (int c = 0; c < s->len[k]; c++) counts += (uint64_t)1 << (4 * ps->rank[s->cards[offset + c]]);
        offset += s->len[k];
    }
    for (int c = 0; c < s->nstock; c++) counts += (uint64_t)1 << (4 * ps->rank[s->cards[offset + c]]);
    return counts & ~((uint64_t)15 << (4 * ps->target));
}

static inline int count_of(uint64_t counts, int r) { return (int)(counts >> (4 * r) & 15); }
static inline uint64_t take(uint64_t counts, int r) { return counts - ((uint64_t)1 << (4 * r)); }

static uint32_t rank_set(const Search *ps, uint64_t counts) {
    uint32_t ranks = 0;
    for (int r = 0; r <= ps->target; r++)
        if (count_of(counts, r)) ranks |= (uint32_t)1 << r;
    return ranks;
}

/* _group_possible: whether cards left where they could be free with the card at ``place`` can
 * sum to the target less its rank (a subset sum). */
static int group_possible(const Search *ps, int place, uint32_t present, const int *outside) {
    int need = ps->target - ps->pyramid_rank[place];
    uint32_t reach = 1, cap = ((uint32_t)1 << (need + 1)) - 1;
    uint32_t others = present & ~ps->unreachable[place];
    while (others) {
        int r = ps->pyramid_rank[lowest(others)];
        others &= others - 1;
        if (0 < r && r <= need) {
            reach = (reach | reach << r) & cap;
            if (reach >> need & 1) return 1;
        }
    }
    for (int r = 1; r <= need; r++)
        for (int n = outside[r] < need / r ? outside[r] : need / r; n > 0; n--) {
            reach = (reach | reach << r) & cap;
            if (reach >> need & 1) return 1;
        }
    return 0;
}

/* bound: the most pyramid places this state can ever have vacated. */
static int bound(const Search *ps, const State *s) {
    uint32_t present = ps->full & ~s->removed;
    int target = ps->target, outside[MAX_TARGET + 1] = {0};
    int total = stock_offset(ps, s) + s->nstock;
    for (int c = 0; c < total; c++) outside[ps->rank[s->cards[c]]]++;
    uint32_t dead = 0, rest = present;
    while (rest) {
        int i = lowest(rest);
        rest &= rest - 1;
        int r = ps->pyramid_rank[i];
        if (r == target) continue;
        int partner = target - r;
        if (outside[partner]) continue;
        if (ps->groups) {
            if (!group_possible(ps, i, present, outside)) dead |= (uint32_t)1 << i;
            continue;
        }
        if (!(ps->rank_places[partner] & present & ~ps->unreachable[i])) dead |= (uint32_t)1 << i;
    }
    if (dead) {
        rest = present;
        while (rest) {
            int i = lowest(rest);
            rest &= rest - 1;
            if (ps->cone[i] & dead) dead |= (uint32_t)1 << i;
        }
    }
    return ps->size - popc(dead);
}

/* The most cards of each rank a relaxed line from ``removed`` can ever use (PileSearch._usable),
 * as 4-bit counts. */
static uint64_t usable_caps(const Search *ps, uint32_t removed) {
    int target = ps->target;
    uint32_t present = ps->full & ~removed;
    int fitting[MAX_TARGET + 1] = {0}, total[MAX_TARGET + 1] = {0}; /* cards of rank <= n, their ranks' sum */
    for (int n = 1; n <= target; n++) {
        int count = popc(present & ps->rank_places[n]);
        fitting[n] = fitting[n - 1] + count;
        total[n] = total[n - 1] + n * count;
    }
    uint64_t caps = 0;
    for (int r = 1; r < target; r++) {
        int need = target - r, cap;
        if (ps->at_once == 1) {
            cap = total[need] / need < fitting[need] ? total[need] / need : fitting[need];
        } else {
            int each = (target - 1) / r < ps->at_once ? (target - 1) / r : ps->at_once;
            cap = each * fitting[need];
        }
        caps |= (uint64_t)(cap < 7 ? cap : 7) << (4 * r); /* a rank has at most 7 cards */
    }
    return caps;
}

/* _usable: each rank's count of ``outside`` cut to its cap, every four-bit lane at once (counts
 * and caps below 8, so each lane's top bit is free to borrow from). */
static uint64_t capped(uint64_t outside, uint64_t caps) {
    const uint64_t tops = 0x8888888888888888ULL;
    uint64_t at_least = ((outside | tops) - caps) & tops; /* a lane's top bit: outside >= cap */
    uint64_t lanes = (at_least >> 3) * 15;
    return (caps & lanes) | (outside & ~lanes);
}

static uint64_t usable(const Search *ps, uint32_t removed, uint64_t outside) {
    return capped(outside, usable_caps(ps, removed));
}

/* _pyramid_groups: each set of free pyramid cards summing to the target or less, as the places it
 * vacates and the rank still missing, the groups already whole first; remembered by ``removed``. */
static size_t pyramid_groups(Search *ps, uint32_t removed, const int *free_places, int nfree, size_t *count) {
    int64_t known = map_get(&ps->group_index, removed, 0);
    if (known >= 0) {
        *count = ps->group_runs[known].count;
        return ps->group_runs[known].first;
    }
    size_t first = ps->npyramid_groups;
    int target = ps->target;
    for (int whole = 1; whole >= 0; whole--) { /* the groups already whole, then the others */
        for (int size = 1; size <= nfree; size++) {
            int at[MAX_FREE];
            for (int j = 0; j < size; j++) at[j] = j;
            for (;;) { /* the combinations of ``size`` of the free places, in order */
                int total = 0;
                uint32_t vacated = removed;
                for (int j = 0; j < size; j++) {
                    total += ps->pyramid_rank[free_places[at[j]]];
                    vacated |= (uint32_t)1 << free_places[at[j]];
                }
                if (whole ? total == target && size >= 2 : total < target) {
                    ps->pyramid_groups = grow(&ps->ctx, ps->pyramid_groups, &ps->pyramid_groups_cap,
                                              ps->npyramid_groups + 1, sizeof(*ps->pyramid_groups));
                    ps->pyramid_groups[ps->npyramid_groups].vacated = vacated;
                    ps->pyramid_groups[ps->npyramid_groups].caps = usable_caps(ps, vacated);
                    ps->pyramid_groups[ps->npyramid_groups++].need = target - total;
                }
                int j = size - 1;
                while (j >= 0 && at[j] == nfree - size + j) j--;
                if (j < 0) break;
                at[j]++;
                for (int q = j + 1; q < size; q++) at[q] = at[q - 1] + 1;
            }
        }
    }
    *count = ps->npyramid_groups - first;
    ps->group_runs = grow(&ps->ctx, ps->group_runs, &ps->group_runs_cap, ps->ngroup_runs + 1, sizeof(*ps->group_runs));
    ps->group_runs[ps->ngroup_runs].first = first;
    ps->group_runs[ps->ngroup_runs].count = *count;
    map_set(&ps->ctx, &ps->group_index, removed, 0, (int64_t)ps->ngroup_runs++);
    return first;
}

/* _outside_sets: ``counts`` less each multiset of one to ``most`` cards summing to ``total``. */
static void outside_sets(const Search *ps, uint64_t counts, int total, int most, uint64_t *out, int *n) {
    if (total <= ps->target && count_of(counts, total) && *n < MAX_SETS) out[(*n)++] = take(counts, total);
    if (most < 2) return;
    for (int r = total - 1 < ps->target ? total - 1 : ps->target; r > 0; r--)
        if (count_of(counts, r) && total - r <= r) outside_sets(ps, take(counts, r), total - r, most - 1, out, n);
}

#define TOO_LARGE (-1)

/* relaxed_most: the most pyramid places the free-access relaxation can have vacated; remembered;
 * each new relaxed state is a node. TOO_LARGE past the relaxation's allowance. With groups,
 * ``outside`` comes cut to what can be used (usable). */
static int relaxed_most(Search *ps, uint32_t removed, uint64_t outside, int cell) {
    uint64_t a = (uint64_t)removed | (uint64_t)cell << 32;
    int64_t known = map_get(&ps->relaxed, a, outside);
    if (known >= 0) return (int)known;
    ps->nodes++;
    ps->relaxed_left--;
    if (ps->relaxed_left < 0) return TOO_LARGE;
    within_budget(ps);
    int size = ps->size, target = ps->target, free_places[MAX_PLACES];
    const int *rank = ps->pyramid_rank;
    int nfree = pyramid_free(ps, removed, free_places);
    for (int j = 0; j < nfree; j++)
        if (rank[free_places[j]] == target) { /* a free king goes: nothing is lost */
            uint32_t after = removed | (uint32_t)1 << free_places[j];
            int best = relaxed_most(ps, after, ps->groups ? usable(ps, after, outside) : outside, cell);
            if (best == TOO_LARGE) return TOO_LARGE;
            map_set(&ps->ctx, &ps->relaxed, a, outside, best);
            return best;
        }
    int best = popc(removed);
#define TRY(R, O, C)                                          \
    do {                                                      \
        int found = relaxed_most(ps, (R), (O), (C));          \
        if (found == TOO_LARGE) return TOO_LARGE;             \
        if (found > best) best = found;                       \
        if (best == size) goto done;                          \
    } while (0)
    if (ps->groups) { /* _relaxed_groups: the moves first, so that their answers are fetched together */
        enum { BATCH = 64 };
        uint32_t vacated[BATCH];
        uint64_t left[BATCH];
        int n = 0;
        size_t count, first = pyramid_groups(ps, removed, free_places, nfree, &count);
        for (size_t g = 0; g <= count; g++) {
            if (g == count || n == BATCH) { /* play the moves gathered so far, in order */
                for (int q = 0; q < n; q++) map_prefetch(&ps->relaxed, vacated[q], left[q]);
                for (int q = 0; q < n; q++) TRY(vacated[q], left[q], 0);
                n = 0;
            }
            if (g == count) break;
            uint32_t after = ps->pyramid_groups[first + g].vacated;
            uint64_t caps = ps->pyramid_groups[first + g].caps;
            int need = ps->pyramid_groups[first + g].need;
            if (!need) {
                vacated[n] = after;
                left[n++] = capped(outside, caps);
                continue;
            }
            uint64_t sets[MAX_SETS];
            int nsets = 0;
            outside_sets(ps, outside, need, ps->at_once, sets, &nsets);
            for (int q = 0; q < nsets; q++) {
                if (n == BATCH) {
                    for (int k = 0; k < n; k++) map_prefetch(&ps->relaxed, vacated[k], left[k]);
                    for (int k = 0; k < n; k++) TRY(vacated[k], left[k], 0);
                    n = 0;
                }
                vacated[n] = after;
                left[n++] = capped(sets[q], caps);
            }
        }
        goto done;
    }
    for (int x = 0; x < nfree; x++)
        for (int y = x + 1; y < nfree; y++)
            if (rank[free_places[x]] + rank[free_places[y]] == target)
                TRY(removed | (uint32_t)1 << free_places[x] | (uint32_t)1 << free_places[y], outside, cell);
    for (int x = 0; x < nfree; x++) {
        int need = target - rank[free_places[x]];
        if (count_of(outside, need)) TRY(removed | (uint32_t)1 << free_places[x], take(outside, need), cell);
    }
    if (ps->ncells) {
        if (!cell) {
            for (int x = 0; x < nfree; x++) TRY(removed | (uint32_t)1 << free_places[x], outside, rank[free_places[x]]);
        } else if (cell == target) {
            TRY(removed, outside, 0);
        } else {
            for (int x = 0; x < nfree; x++)
                if (rank[free_places[x]] + cell == target) TRY(removed | (uint32_t)1 << free_places[x], outside, 0);
            if (count_of(outside, target - cell)) TRY(removed, take(outside, target - cell), 0);
        }
    }
#undef TRY
done:
    map_set(&ps->ctx, &ps->relaxed, a, outside, best);
    return best;
}

/* _sums: the sums of one to at_once ranks of ``ranks`` (a rank may repeat). */
static uint32_t sums_of(const Search *ps, uint32_t ranks) {
    uint32_t sums = ranks, mask = ((uint32_t)1 << ps->target) - 1;
    for (int n = 1; n < ps->at_once; n++) {
        uint32_t reach = 0;
        for (int r = 1; r < ps->target; r++)
            if (ranks >> r & 1) reach |= (sums << r) & mask;
        sums = (sums | reach) & mask;
    }
    return sums & mask;
}

/* supplied_most: the relaxation with the outside cards never used up; remembered; each new state
 * is a node. */
static int supplied_most(Search *ps, uint32_t removed, uint32_t ranks) {
    int64_t known = map_get(&ps->supplied, removed, ranks);
    if (known >= 0) return (int)known;
    ps->nodes++;
    within_budget(ps);
    int size = ps->size, target = ps->target, free_places[MAX_PLACES];
    int nfree = pyramid_free(ps, removed, free_places);
    uint32_t sums = sums_of(ps, ranks);
    int best = popc(removed);
    for (int j = 0; j < nfree; j++)
        if (ps->pyramid_rank[free_places[j]] == target) {
            int found = supplied_most(ps, removed | (uint32_t)1 << free_places[j], ranks);
            if (found > best) best = found;
            goto done;
        }
    size_t count, first = pyramid_groups(ps, removed, free_places, nfree, &count);
    for (size_t g = 0; g < count; g++) {
        uint32_t vacated = ps->pyramid_groups[first + g].vacated;
        int need = ps->pyramid_groups[first + g].need;
        if (need && !(sums >> need & 1)) continue;
        int found = supplied_most(ps, vacated, ranks);
        if (found > best) best = found;
        if (best == size) break;
    }
done:
    map_set(&ps->ctx, &ps->supplied, removed, ranks, best);
    return best;
}

/* ceiling: the partner bound, then the free-access relaxation where it applies. */
static int ceiling(Search *ps, const State *s, long long relaxed_nodes) {
    int b = bound(ps, s);
    if (!ps->relaxable || b <= ps->best_removed) return b;
    uint64_t outside = outside_counts(ps, s);
    if (ps->groups) {
        int supplied = supplied_most(ps, s->removed, rank_set(ps, outside));
        if (supplied < b) b = supplied;
    }
    if (b > ps->best_removed) {
        ps->relaxed_left = b == ps->size ? relaxed_nodes : (relaxed_nodes < RELAXED_NODES ? relaxed_nodes : RELAXED_NODES);
        int cell = 0;
        for (int j = 0; j < ps->ncells; j++)
            if (s->len[ps->cells[j]]) {
                cell = ps->rank[pile_card(s, ps->cells[j], 0)];
                break;
            }
        int relaxed = relaxed_most(ps, s->removed, ps->groups ? usable(ps, s->removed, outside) : outside, cell);
        if (relaxed != TOO_LARGE && relaxed < b) b = relaxed;
    }
    return b;
}

/* stuck: under strict win, whether a reserve or column card can never go. */
static int stuck(const Search *ps, const State *s) {
    if (!ps->strict || ps->groups) return 0;
    int target = ps->target, counts[MAX_TARGET + 1];
    uint64_t outside = outside_counts(ps, s);
    for (int r = 0; r <= target; r++) counts[r] = count_of(outside, r);
    for (int j = 0; j < ps->ncells; j++) {
        int k = ps->cells[j], offset = offset_of(s, k);
        for (int c = 0; c < s->len[k]; c++) counts[ps->rank[s->cards[offset + c]]]++;
    }
    uint32_t present = ps->full & ~s->removed;
    while (present) {
        counts[ps->pyramid_rank[lowest(present)]]++;
        present &= present - 1;
    }
    for (int g = 0; g < ps->nalike; g++)
        for (int j = 0; j < ps->alike_n[g]; j++) {
            int k = ps->alike[g][j], offset = offset_of(s, k), own[MAX_TARGET + 1] = {0};
            for (int c = 0; c < s->len[k]; c++) own[ps->rank[s->cards[offset + c]]]++;
            for (int c = 0; c < s->len[k]; c++) {
                int r = ps->rank[s->cards[offset + c]];
                if (r != target && counts[target - r] - own[target - r] == 0) return 1;
            }
        }
    return 0;
}

/* ------------------------------------------------------------------ the searches */

static void line_of(Search *ps, size_t entries, Line *out) {
    out->len = 0;
    for (size_t i = 0; i < entries; i++) {
        Level *level = &ps->levels[i];
        Step *step = &level->steps.items[level->next - 1];
        for (int j = 0; j < step->prefix; j++) {
            Move m = {level->prefix[j], 0, {0}};
            line_push(&ps->ctx, out, &m);
        }
        line_push(&ps->ctx, out, &step->move);
    }
}

/* _count: one more node; a line vacating more places than any before becomes the best. */
static void count(Search *ps, uint32_t removed, size_t entries) {
    ps->nodes++;
    int n = popc(removed);
    if (n > ps->best_removed) {
        ps->best_removed = n;
        line_of(ps, entries, &ps->best_line);
    }
    within_budget(ps);
}

static Level *push_level(Search *ps) {
    if (ps->nlevels == ps->levels_cap) {
        size_t cap = ps->levels_cap ? 2 * ps->levels_cap : 64;
        Level *levels = realloc(ps->levels, cap * sizeof(Level));
        if (!levels) fail_memory(&ps->ctx);
        memset(levels + ps->levels_cap, 0, (cap - ps->levels_cap) * sizeof(Level)); /* no steps yet */
        ps->levels = levels;
        ps->levels_cap = cap;
    }
    return &ps->levels[ps->nlevels++];
}

static int compare_ranked(const void *a, const void *b) {
    const Ranked *x = a, *y = b;
    if (x->value != y->value) return x->value > y->value ? -1 : 1; /* the highest bound first */
    return x->index < y->index ? -1 : x->index > y->index;
}

/* _ordered: the steps whose relaxed bound is highest first (a stable sort). */
static void ordered(Search *ps, Level *level) {
    Steps *v = &level->steps;
    if (!ps->relaxable || v->len < 2) return;
    long long allowance = ps->groups ? 0 : RELAXED_NODES;
    ps->ranked = grow(&ps->ctx, ps->ranked, &ps->ranked_cap, v->len, sizeof(Ranked));
    ps->sorted = grow(&ps->ctx, ps->sorted, &ps->sorted_cap, v->len, sizeof(Step));
    for (size_t j = 0; j < v->len; j++) ps->ranked[j] = (Ranked){ceiling(ps, &v->items[j].state, allowance), j};
    qsort(ps->ranked, v->len, sizeof(Ranked), compare_ranked);
    for (size_t j = 0; j < v->len; j++) ps->sorted[j] = v->items[ps->ranked[j].index];
    memcpy(v->items, ps->sorted, v->len * sizeof(Step));
}

static void depth_first(Search *ps) {
    uint8_t key[MAX_KEY];
    keyset_add(&ps->ctx, &ps->seen, key, (uint32_t)make_key(ps, &ps->start, key));
    count(ps, ps->start.removed, 0);
    if (won(ps, &ps->start)) {
        ps->won = 1;
        return;
    }
    long long start_nodes = ps->limit < 0 ? LLONG_MAX : ps->limit / 2;
    int start_ceiling = ceiling(ps, &ps->start, ps->ncells || ps->groups ? start_nodes : RELAXED_NODES);
    steps(ps, &ps->start, push_level(ps));
    ordered(ps, &ps->levels[0]);
    size_t entries = 0; /* the line: the step taken at each level below the top */
    while (ps->nlevels) {
        Level *level = &ps->levels[ps->nlevels - 1];
        if (level->next == level->steps.len) {
            ps->nlevels--;
            if (entries) entries--;
            continue;
        }
        Step *step = &level->steps.items[level->next++];
        if (keyset_add(&ps->ctx, &ps->seen, step->key, step->keylen)) continue;
        entries++;
        State state = step->state;
        count(ps, state.removed, entries);
        if (won(ps, &state)) {
            line_of(ps, entries, &ps->solution);
            line_of(ps, entries, &ps->best_line);
            ps->best_removed = ps->size;
            ps->won = 1;
            return;
        }
        if (ps->best_removed >= start_ceiling && start_ceiling < ps->size) return;
        int c = ceiling(ps, &state, RELAXED_NODES);
        if ((ps->best_removed >= c && c < ps->size) || (ps->best_removed == ps->size && stuck(ps, &state))) {
            entries--;
            continue;
        }
        Level *next = push_level(ps);
        steps(ps, &state, next);
        ordered(ps, next);
    }
}

/* The exact state as bytes, for the breadth-first search's set of states. */
static int state_bytes(const Search *ps, const State *s, uint8_t *out) {
    int total = stock_offset(ps, s) + s->nstock;
    memcpy(out, &s->removed, 4);
    memcpy(out + 4, &s->recycles, 4);
    out[8] = s->fresh;
    out[9] = s->nstock;
    memcpy(out + 10, s->len, (size_t)ps->npiles);
    memcpy(out + 10 + ps->npiles, s->cards, (size_t)total);
    return 10 + ps->npiles + total;
}

static void breadth_first(Search *ps) {
    size_t n = 0, head = 0;
    uint8_t bytes[16 + MAX_PILES + MAX_CARDS];
    ps->visits = grow(&ps->ctx, ps->visits, &ps->visits_cap, 1, sizeof(Visit));
    ps->visits[n++] = (Visit){ps->start, {0, 0, {0}}, -1};
    keyset_add(&ps->ctx, &ps->seen, bytes, (uint32_t)state_bytes(ps, &ps->start, bytes));
    Steps *found = &ps->scratch;
    while (head < n) {
        State state = ps->visits[head].state;
        ps->nodes++;
        int removed = popc(state.removed);
        if (removed > ps->best_removed) {
            ps->best_removed = removed;
            ps->best_line.len = 0; /* the breadth-first search keeps no line short of a win */
        }
        within_budget(ps);
        if (won(ps, &state)) {
            const Visit *visits = ps->visits;
            size_t length = 0;
            for (int64_t at = (int64_t)head; visits[at].parent >= 0; at = visits[at].parent) length++;
            ps->solution.items = grow(&ps->ctx, ps->solution.items, &ps->solution.cap, length, sizeof(Move));
            ps->solution.len = length;
            for (int64_t at = (int64_t)head; visits[at].parent >= 0; at = visits[at].parent)
                ps->solution.items[--length] = visits[at].move;
            ps->best_line.len = 0;
            for (size_t j = 0; j < ps->solution.len; j++) line_push(&ps->ctx, &ps->best_line, &ps->solution.items[j]);
            ps->best_removed = ps->size;
            ps->won = 1;
            return;
        }
        found->len = 0;
        moves(ps, &state, 0, found);
        for (size_t j = 0; j < found->len; j++) {
            const Step *step = &found->items[j];
            if (keyset_add(&ps->ctx, &ps->seen, bytes, (uint32_t)state_bytes(ps, &step->state, bytes))) continue;
            ps->visits = grow(&ps->ctx, ps->visits, &ps->visits_cap, n + 1, sizeof(Visit));
            ps->visits[n++] = (Visit){step->state, step->move, (int64_t)head};
        }
        head++;
    }
}

/* ------------------------------------------------------------------ the entry point */

/* n words, each a place's mask of other places (covers, cone, unreachable). */
static void read_masks(WordReader *r, uint32_t *out, int n, const char *what) {
    for (int k = 0; k < n; k++) {
        uint32_t mask = (uint32_t)next_word(r, INT32_MIN, INT32_MAX, what);
        if (n < 32 && mask >> n && !r->error) r->error = what;
        out[k] = mask;
    }
}

/* A count, then that many words in lo..hi; the count. */
static int read_list(WordReader *r, int *out, int max, const char *what, int lo, int hi) {
    int n = next_word(r, 0, max, what);
    for (int k = 0; k < n; k++) out[k] = next_word(r, lo, hi, what);
    return n;
}

/* The search's data from the words (wire.PileWords, PileSearch's fields); NULL, or what was
 * expected. */
static const char *read_search(WordReader *r, Search *ps, int *optimal) {
    ps->target = next_word(r, 2, MAX_TARGET, "target: 2..15");
    ps->draw = next_word(r, 1, MAX_CARDS, "draw: at least 1");
    ps->at_once = next_word(r, 1, MAX_CARDS, "at_once: at least 1");
    ps->ncards = read_list(r, ps->rank, MAX_CARDS, "rank: at most 64 cards, each 1..target", 1, ps->target);
    ps->size = read_list(r, ps->pyramid, MAX_PLACES, "pyramid: at most 32 places, each a card or -1", -1,
                         ps->ncards - 1);
    read_masks(r, ps->covers, ps->size, "covers: a mask names a place beyond the pyramid");
    read_masks(r, ps->cone, ps->size, "cone: a mask names a place beyond the pyramid");
    read_masks(r, ps->unreachable, ps->size, "unreachable: a mask names a place beyond the pyramid");
    ps->npiles = read_list(r, ps->kind, MAX_PILES, "kinds: at most 12 piles of the known kinds", WASTE, CELL);
    ps->nwaste = read_list(r, ps->waste, MAX_PILES, "waste: piles by index", 0, ps->npiles - 1);
    ps->ncells = read_list(r, ps->cells, MAX_PILES, "cells: piles by index", 0, ps->npiles - 1);
    ps->nothers = read_list(r, ps->others, MAX_PILES, "others: piles by index", 0, ps->npiles - 1);
    ps->nalike = next_word(r, 0, 2, "alike: at most two groups");
    for (int g = 0; g < ps->nalike; g++)
        ps->alike_n[g] = read_list(r, ps->alike[g], MAX_PILES, "alike: piles by index", 0, ps->npiles - 1);
    State *s = &ps->start;
    memset(s, 0, sizeof(*s));
    int total = 0, cards[MAX_CARDS];
    for (int k = 0; k < ps->npiles; k++) {
        int n = read_list(r, cards, MAX_CARDS - total, "piles: cards by index, at most 64 in all", 0, ps->ncards - 1);
        for (int c = 0; c < n; c++) s->cards[total++] = (uint8_t)cards[c];
        s->len[k] = (uint8_t)n;
    }
    int n = read_list(r, cards, MAX_CARDS - total, "stock: cards by index, at most 64 in all", 0, ps->ncards - 1);
    for (int c = 0; c < n; c++) s->cards[total + c] = (uint8_t)cards[c];
    s->nstock = (uint8_t)n;
    uint32_t removed = (uint32_t)next_word(r, INT32_MIN, INT32_MAX, "");
    if (ps->size < 32 && removed >> ps->size && !r->error) r->error = "removed: a mask of pyramid places";
    s->removed = removed;
    s->fresh = (uint8_t)next_word(r, 0, 1, "fresh: 0 or 1");
    s->recycles = next_word(r, 0, INT32_MAX, "recycles_used: at least 0");
    ps->groups = next_word(r, 0, 1, "groups: 0 or 1");
    ps->strict = next_word(r, 0, 1, "strict: 0 or 1");
    ps->limit_recycles = next_word(r, -1, INT32_MAX, "limit_recycles: -1 (unlimited) or at least 0");
    ps->against_waste = next_word(r, 0, 1, "against_waste: 0 or 1");
    ps->coverer = next_word(r, 0, 1, "coverer: 0 or 1");
    ps->cycle = next_word(r, 0, 1, "cycle: 0 or 1");
    ps->pool = next_word(r, 0, 1, "pool: 0 or 1");
    ps->relaxable = next_word(r, 0, 1, "relaxable: 0 or 1");
    ps->limit = next_long(r);
    *optimal = next_word(r, 0, 1, "optimal: 0 or 1");
    if (r->error) return r->error;
    if (r->at != r->end) return "words left over after the data";
    if (ps->cycle && ps->nwaste != 1) return "a cycle game has one waste pile";
    int per_rank[MAX_TARGET + 1] = {0};
    for (int c = 0; c < ps->ncards; c++)
        if (++per_rank[ps->rank[c]] > 7) return "rank: at most 7 cards of one rank";
    ps->full = ps->size == 32 ? 0xFFFFFFFFu : ((uint32_t)1 << ps->size) - 1;
    for (int i = 0; i < ps->size; i++)
        for (uint32_t rest = ps->covers[i]; rest; rest &= rest - 1) ps->lies_on[lowest(rest)] |= (uint32_t)1 << i;
    for (int i = 0; i < ps->size; i++) {
        ps->pyramid_rank[i] = ps->pyramid[i] >= 0 ? ps->rank[ps->pyramid[i]] : 0;
        if (ps->pyramid[i] >= 0) ps->rank_places[ps->pyramid_rank[i]] |= (uint32_t)1 << i;
    }
    return NULL;
}

static void put_line(WordWriter *w, const Line *line) {
    put_word(w, (int64_t)line->len);
    for (size_t j = 0; j < line->len; j++) {
        const Move *m = &line->items[j];
        put_word(w, m->kind);
        put_word(w, m->n);
        for (int c = 0; c < m->n; c++) put_word(w, m->cards[c]);
    }
}

static void search_free(Search *ps) {
    free(ps->best_line.items);
    free(ps->solution.items);
    free(ps->relaxed.slots);
    free(ps->supplied.slots);
    free(ps->group_index.slots);
    free(ps->pyramid_groups);
    keyset_free(&ps->seen);
    for (size_t j = 0; j < ps->levels_cap; j++) free(ps->levels[j].steps.items);
    free(ps->levels);
    free(ps->scratch.items);
    free(ps->uses.items);
    free(ps->visits);
    free(ps->group_runs);
    free(ps->ranked);
    free(ps->sorted);
}

int piles_core_run(const int32_t *words, size_t nwords, int32_t **answer, size_t *answer_words, const char **error) {
    Search *ps = calloc(1, sizeof(Search));
    if (!ps) return CORE_NO_MEMORY;
    WordReader reader = {words, words + nwords, NULL};
    int optimal = 0;
    *error = read_search(&reader, ps, &optimal);
    if (*error) {
        free(ps);
        return CORE_BAD_INPUT;
    }
    volatile int stopped = 0;
    ps->best_removed = popc(ps->start.removed);
    if (setjmp(ps->ctx.jump) == 0) {
        map_init(&ps->ctx, &ps->relaxed, 1024);
        map_init(&ps->ctx, &ps->supplied, 1024);
        map_init(&ps->ctx, &ps->group_index, 1024);
        keyset_init(&ps->ctx, &ps->seen, 1024);
        if (optimal)
            breadth_first(ps);
        else
            depth_first(ps);
    } else if (!ps->ctx.out_of_memory) {
        stopped = 1;
    }
    if (ps->ctx.out_of_memory) {
        search_free(ps);
        free(ps);
        return CORE_NO_MEMORY;
    }
    WordWriter w = {NULL, 0, 0, 0};
    int won = ps->won && !stopped;
    put_word(&w, stopped);
    put_word(&w, won);
    put_word(&w, ps->best_removed);
    put_long(&w, ps->nodes);
    if (won) put_line(&w, &ps->solution);
    put_line(&w, &ps->best_line);
    search_free(ps);
    free(ps);
    if (w.failed) {
        free(w.items);
        return CORE_NO_MEMORY;
    }
    *answer = w.items;
    *answer_words = w.len;
    return CORE_OK;
}
