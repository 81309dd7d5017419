/* Popular's pattern checks for every reading of a hand: mahjong_popular._patterns (optional;
 * see plugins/mahjong_popular/answers.py, its only caller).
 *
 * patterns(readings, specs) gives, per reading, a bit mask of the specs whose check would award
 * its fans: bit i for specs[i]. A spec is (code, a, b, wanted):
 *   SHIFTED (0)  checks.mixed_shifted: ``b`` sets of kind ``a`` (0 chows, 1 pungs or kongs) at
 *                consecutive ranks, one suit picked per rank, the number of distinct suits a
 *                bit of ``wanted`` (bit n: n suits);
 *   DRAGON (1)   checks.mixed_dragon: chows at ranks 1, 4 and 7, suits as above;
 *   PAIR_258 (2) checks.pair_258: the one pair is a 2, 5 or 8 of a suit;
 *   TERMINAL (3) checks.terminal_pair: the one pair is a 1 or 9 of a suit.
 * Each reads a reading's groups as the Python checks do (checks._number_sets, checks._the_pair):
 * number chows by lowest tile, number pungs and kongs, and the pair when there is exactly one.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

enum { SHIFTED, DRAGON, PAIR_258, TERMINAL };
#define MAX_SPECS 31

typedef struct {
    int code, a, b, wanted;
} Spec;

typedef struct {
    unsigned char chows[9], pungs[9];      /* bit s: suit s holds a chow from / pung of rank r */
    int n_chows, n_pungs, pair;            /* pair: its tile, -1 for none or several */
} Sets;

static PyObject *s_chow, *s_pung, *s_kong, *s_pair, *s_groups;

static int kind_is(PyObject *kind, PyObject *name) {
    return kind == name || (PyUnicode_Check(kind) && PyUnicode_Compare(kind, name) == 0);
}

/* A reading's number sets and pair; -1 on an error. */
static int read_sets(PyObject *reading, Sets *S) {
    PyObject *groups = PyObject_GetAttr(reading, s_groups);
    Py_ssize_t i, n;
    int pairs = 0;
    if (groups == NULL) return -1;
    if (!PyTuple_Check(groups)) {
        Py_DECREF(groups);
        PyErr_SetString(PyExc_TypeError, "patterns: a reading's groups must be a tuple");
        return -1;
    }
    memset(S, 0, sizeof(*S));
    S->pair = -1;
    n = PyTuple_GET_SIZE(groups);
    for (i = 0; i < n; i++) {
        PyObject *g = PyTuple_GET_ITEM(groups, i), *kind;
        long t;
        if (!PyTuple_Check(g) || PyTuple_GET_SIZE(g) < 2) {
            Py_DECREF(groups);
            PyErr_SetString(PyExc_TypeError, "patterns: a group must be a Group");
            return -1;
        }
        kind = PyTuple_GET_ITEM(g, 0);
        t = PyLong_AsLong(PyTuple_GET_ITEM(g, 1));
        if (t == -1 && PyErr_Occurred()) {
            Py_DECREF(groups);
            return -1;
        }
        if (kind_is(kind, s_pair)) {
            pairs++;
            S->pair = (int)t;
        } else if (t >= 0 && t < 27) {
            if (kind_is(kind, s_chow)) {
                S->chows[t % 9] |= (unsigned char)(1 << (t / 9));
                S->n_chows++;
            } else if (kind_is(kind, s_pung) || kind_is(kind, s_kong)) {
                S->pungs[t % 9] |= (unsigned char)(1 << (t / 9));
                S->n_pungs++;
            }
        }
    }
    if (pairs != 1) S->pair = -1;
    Py_DECREF(groups);
    return 0;
}

/* checks._spread: can one suit be picked from each of the ``n`` masks so that the number of
 * distinct suits picked is a bit of ``wanted``? */
static int spread(const unsigned char *masks, int n, int wanted) {
    int picks[8], i, total = 1;
    for (i = 0; i < n; i++) total *= 3;
    for (int p = 0; p < total; p++) {
        int q = p, used = 0, ok = 1;
        for (i = 0; i < n; i++) {
            picks[i] = q % 3;
            q /= 3;
            if (!(masks[i] >> picks[i] & 1)) {
                ok = 0;
                break;
            }
            used |= 1 << picks[i];
        }
        if (ok) {
            int suits = (used & 1) + (used >> 1 & 1) + (used >> 2 & 1);
            if (wanted >> suits & 1) return 1;
        }
    }
    return 0;
}

/* checks._shifted: sets at ``length`` consecutive ranks, one per rank, suits as ``wanted``. */
static int shifted(const unsigned char *masks, int length, int wanted) {
    for (int start = 0; start + length <= 9; start++) {
        int all = 1;
        for (int k = 0; k < length; k++) all &= masks[start + k] != 0;
        if (all && spread(masks + start, length, wanted)) return 1;
    }
    return 0;
}

static int fires(const Spec *sp, const Sets *S) {
    switch (sp->code) {
    case SHIFTED:
        if (sp->a == 0) return S->n_chows >= sp->b && shifted(S->chows, sp->b, sp->wanted);
        return S->n_pungs >= sp->b && shifted(S->pungs, sp->b, sp->wanted);
    case DRAGON: {
        unsigned char window[3] = {S->chows[0], S->chows[3], S->chows[6]};
        return S->n_chows >= 3 && window[0] && window[1] && window[2] && spread(window, 3, sp->wanted);
    }
    case PAIR_258:
        return S->pair >= 0 && S->pair < 27 && (S->pair % 9 == 1 || S->pair % 9 == 4 || S->pair % 9 == 7);
    case TERMINAL:
        return S->pair >= 0 && S->pair < 27 && (S->pair % 9 == 0 || S->pair % 9 == 8);
    }
    return 0;
}

/* patterns(readings, specs) -> list of int masks, one per reading. */
static PyObject *s_patterns(PyObject *self, PyObject *args) {
    PyObject *readings, *specs_obj, *out;
    Spec specs[MAX_SPECS];
    Py_ssize_t n_specs, i, n;
    if (!PyArg_ParseTuple(args, "O!O!", &PyList_Type, &readings, &PyTuple_Type, &specs_obj)) return NULL;
    n_specs = PyTuple_GET_SIZE(specs_obj);
    if (n_specs > MAX_SPECS) {
        PyErr_SetString(PyExc_ValueError, "patterns: too many specs");
        return NULL;
    }
    for (i = 0; i < n_specs; i++) {
        Spec *sp = &specs[i];
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(specs_obj, i), "iiii", &sp->code, &sp->a, &sp->b, &sp->wanted))
            return NULL;
        if (sp->code < SHIFTED || sp->code > TERMINAL || (sp->code == SHIFTED && (sp->b < 1 || sp->b > 8))) {
            PyErr_SetString(PyExc_ValueError, "patterns: a spec out of range");
            return NULL;
        }
    }
    n = PyList_GET_SIZE(readings);
    out = PyList_New(n);
    if (out == NULL) return NULL;
    for (i = 0; i < n; i++) {
        Sets S;
        long mask = 0;
        PyObject *v;
        if (read_sets(PyList_GET_ITEM(readings, i), &S) < 0) {
            Py_DECREF(out);
            return NULL;
        }
        for (Py_ssize_t k = 0; k < n_specs; k++)
            if (fires(&specs[k], &S)) mask |= 1L << k;
        v = PyLong_FromLong(mask);
        if (v == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, v);
    }
    return out;
}

static PyMethodDef methods[] = {
    {"patterns", s_patterns, METH_VARARGS, "patterns(readings, specs) -> list of int masks"},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_patterns", "Popular's pattern checks for every reading (mahjong_popular/answers.py).",
    -1, methods
};

PyMODINIT_FUNC PyInit__patterns(void) {
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    s_chow = PyUnicode_InternFromString("chow");
    s_pung = PyUnicode_InternFromString("pung");
    s_kong = PyUnicode_InternFromString("kong");
    s_pair = PyUnicode_InternFromString("pair");
    s_groups = PyUnicode_InternFromString("groups");
    if (!s_chow || !s_pung || !s_kong || !s_pair || !s_groups) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
