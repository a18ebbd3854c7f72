/* The WebAssembly binding of the compiled cores (search_core.c, piles_core.c), built with clang for
 * wasm32-wasi into solver_cores.wasm, a module that imports nothing (no I/O, no clock): Pyodide's
 * Python calls it through the JavaScript bridge (pyramide_widget/solver/wasm.py). The caller
 * reserves words in the module's memory, writes the run's words there, runs a core and reads the
 * answer's words, then releases both.
 *
 * The cores stop a search with longjmp; clang lowers setjmp/longjmp onto WebAssembly exceptions
 * (-mexception-handling -mllvm -wasm-enable-sjlj) and calls the helpers defined here, which
 * emscripten's runtime provides elsewhere. */
#include <stdint.h>
#include <stdlib.h>

#include "core.h"

#define EXPORT(name) __attribute__((export_name(name)))

/* ------------------------------------------------------------------ setjmp and longjmp */

typedef struct {
    uintptr_t id;
    uint32_t label;
} SetjmpEntry;

static uint32_t temp_ret0;
static uintptr_t setjmp_id;

uint32_t getTempRet0(void);
uint32_t getTempRet0(void) { return temp_ret0; }

SetjmpEntry *saveSetjmp(uintptr_t *env, uint32_t label, SetjmpEntry *table, uint32_t size);
SetjmpEntry *saveSetjmp(uintptr_t *env, uint32_t label, SetjmpEntry *table, uint32_t size) {
    *env = ++setjmp_id;
    for (uint32_t i = 0; i < size; i++)
        if (table[i].id == 0) {
            table[i].id = setjmp_id;
            table[i].label = label;
            table[i + 1].id = 0;
            temp_ret0 = size;
            return table;
        }
    size *= 2;
    table = realloc(table, sizeof(SetjmpEntry) * (size + 1));
    if (!table) abort();
    setjmp_id--;
    table = saveSetjmp(env, label, table, size);
    temp_ret0 = size;
    return table;
}

uint32_t testSetjmp(uintptr_t id, SetjmpEntry *table, uint32_t size);
uint32_t testSetjmp(uintptr_t id, SetjmpEntry *table, uint32_t size) {
    for (uint32_t i = 0; i < size && table[i].id; i++)
        if (table[i].id == id) return table[i].label;
    return 0;
}

static struct {
    void *env;
    int value;
} longjmp_arguments;

void __wasm_longjmp(void *env, int value);
void __wasm_longjmp(void *env, int value) {
    longjmp_arguments.env = env;
    longjmp_arguments.value = value;
    __builtin_wasm_throw(1, &longjmp_arguments); /* 1: the C longjmp tag */
}

/* ------------------------------------------------------------------ the exports */

static int32_t *answer;
static size_t answer_words;
static const char *error;

EXPORT("reserve") int32_t *reserve(uint32_t words) { return malloc((size_t)words * sizeof(int32_t) + 1); }

EXPORT("release") void release(void *p) { free(p); }

/* 0 with the answer ready (answer_pointer, answer_length), 1 bad input (error_message), 2 no memory. */
EXPORT("run_search") int run_search(const int32_t *words, uint32_t n) {
    return search_core_run(words, n, &answer, &answer_words, &error);
}

EXPORT("run_piles") int run_piles(const int32_t *words, uint32_t n) {
    return piles_core_run(words, n, &answer, &answer_words, &error);
}

EXPORT("answer_pointer") int32_t *answer_pointer(void) { return answer; }

EXPORT("answer_length") uint32_t answer_length(void) { return (uint32_t)answer_words; }

EXPORT("error_message") const char *error_message(void) { return error; }
