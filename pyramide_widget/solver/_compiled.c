/* The CPython binding of the compiled cores (search_core.c, piles_core.c): search(words) and
 * piles(words) take the words wire.py lays out (any bytes-like object of native 32-bit integers)
 * and return the answer's words as bytes; the core runs without the GIL. A bad input is a
 * ValueError saying what was expected. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "core.h"

typedef int (*CoreRun)(const int32_t *, size_t, int32_t **, size_t *, const char **);

static PyObject *run_core(CoreRun run, PyObject *argument) {
    Py_buffer view;
    if (PyObject_GetBuffer(argument, &view, PyBUF_SIMPLE) < 0) return NULL;
    if (view.len % (Py_ssize_t)sizeof(int32_t)) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "the words: a whole number of 32-bit integers");
        return NULL;
    }
    int32_t *answer = NULL;
    size_t answer_words = 0;
    const char *error = NULL;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = run((const int32_t *)view.buf, (size_t)view.len / sizeof(int32_t), &answer, &answer_words, &error);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&view);
    if (status == CORE_BAD_INPUT) {
        PyErr_SetString(PyExc_ValueError, error);
        return NULL;
    }
    if (status != CORE_OK) return PyErr_NoMemory();
    PyObject *result = PyBytes_FromStringAndSize((const char *)answer, (Py_ssize_t)(answer_words * sizeof(int32_t)));
    free(answer);
    return result;
}

static PyObject *py_search(PyObject *self, PyObject *words) {
    (void)self;
    return run_core(search_core_run, words);
}

static PyObject *py_piles(PyObject *self, PyObject *words) {
    (void)self;
    return run_core(piles_core_run, words);
}

static PyMethodDef METHODS[] = {
    {"search", py_search, METH_O,
     "search(words) -> answer words: the one-waste searches, compiled (pyramide_widget.solver.wire)."},
    {"piles", py_piles, METH_O,
     "piles(words) -> answer words: the pile search, compiled (pyramide_widget.solver.wire)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT, "_compiled",
    "The solver's compiled searches, the CPython binding; the pure-Python searches are the reference.", -1,
    METHODS, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__compiled(void) { return PyModule_Create(&MODULE); }
