/* What the compiled cores (search_core.c, piles_core.c) share with their bindings: each core is
 * one function over plain arrays of 32-bit words, no Python API, so that the CPython extension
 * (_compiled_search.c, _compiled_piles.c) and the WebAssembly module (wasm_cores.c) call the
 * same C. The words' layout is written once, in pyramide_widget/solver/wire.py.
 *
 * A run returns CORE_OK with *answer (malloc'd, *answer_words words, the caller frees it), or
 * CORE_BAD_INPUT with *error saying what was expected, or CORE_NO_MEMORY. */
#ifndef PYRAMIDE_CORE_H
#define PYRAMIDE_CORE_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

enum { CORE_OK = 0, CORE_BAD_INPUT = 1, CORE_NO_MEMORY = 2 };

int search_core_run(const int32_t *words, size_t nwords, int32_t **answer, size_t *answer_words,
                    const char **error);
int piles_core_run(const int32_t *words, size_t nwords, int32_t **answer, size_t *answer_words,
                   const char **error);

/* setjmp for the cores: the C library's, or under WebAssembly (wasi-libc has none) the compiler's
 * lowering onto WebAssembly exceptions (-mllvm -wasm-enable-sjlj), whose helpers wasm_cores.c
 * defines. */
#ifdef __wasm__
typedef uintptr_t jmp_buf[2];
int setjmp(jmp_buf env) __attribute__((returns_twice));
void longjmp(jmp_buf env, int value) __attribute__((noreturn));
#else
#include <setjmp.h>
#endif

/* Reading a run's words: each read checks the words left, so bad words cannot read past them. */
typedef struct {
    const int32_t *at, *end;
    const char *error; /* the first problem met, or NULL */
} WordReader;

static inline int32_t next_word(WordReader *r, int32_t lo, int32_t hi, const char *what) {
    if (r->error) return lo;
    if (r->at == r->end) {
        r->error = "the words end before the data does";
        return lo;
    }
    int32_t value = *r->at++;
    if (value < lo || value > hi) {
        r->error = what;
        return lo;
    }
    return value;
}

static inline int64_t next_long(WordReader *r) {
    uint32_t low = (uint32_t)next_word(r, INT32_MIN, INT32_MAX, "");
    int32_t high = next_word(r, INT32_MIN, INT32_MAX, "");
    return (int64_t)(((uint64_t)(uint32_t)high << 32) | low);
}

/* Writing the answer's words into a growing array. */
typedef struct {
    int32_t *items;
    size_t len, cap;
    int failed;
} WordWriter;

static inline void put_word(WordWriter *w, int64_t value) {
    if (w->failed) return;
    if (w->len == w->cap) {
        size_t cap = w->cap ? 2 * w->cap : 256;
        int32_t *items = realloc(w->items, cap * sizeof(int32_t));
        if (!items) {
            w->failed = 1;
            return;
        }
        w->items = items;
        w->cap = cap;
    }
    w->items[w->len++] = (int32_t)value;
}

static inline void put_long(WordWriter *w, int64_t value) {
    put_word(w, (int32_t)(uint32_t)((uint64_t)value & 0xFFFFFFFFu));
    put_word(w, (int32_t)(value >> 32));
}

#endif
