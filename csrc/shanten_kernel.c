/* The compiled shanten kernel: mahjong_core.engine.shapes._kernel (optional; see
 * mahjong_core/engine/shapes/kernel.py, its only caller, and docs/architecture.md "The compiled
 * shanten kernel").
 *
 * It answers what the pure path answers, for a wild-free hand of standing tiles written in the
 * plainest notation (digits then their suit letter, no melds): the shanten over a ruleset's
 * shapes, each named by a kernel id with its arguments. The standard shape reads the same
 * precomputed tables as shapes/tables.py (handed over by load()), so its answers are the
 * tables' by construction; the other shapes are their closed forms, as their Python shanten
 * computes them. Anything it cannot answer (notation it does not read, a vector the tables do
 * not hold) comes back as None, and the caller takes the pure path.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#define NUM_KINDS 34
#define NEVER 99
#define UNKNOWN (-1000)
#define NOT_TABLED 255

/* kernel ids: the order of KERNELS in kernel.py */
enum { K_STANDARD = 0, K_SEVEN_PAIRS = 1, K_THIRTEEN_ORPHANS = 2, K_HONORS_AND_KNITTED = 3,
       K_KNITTED_STRAIGHT = 4, K_NINE_GATES = 5, K_WILD_COUNT = 6 };

static PyObject *held_refs = NULL;       /* the table bytes, kept alive while read */
static const unsigned char *NUMBERED = NULL, *HONOURS = NULL, *JOIN = NULL, *MISSING = NULL;
static Py_ssize_t K = 0, NUMBERED_LEN = 0, HONOURS_LEN = 0;
static int CAP = 0, ROWS = 0;            /* sets counted at most; rows per sets needed (tiles held 0..ROWS-1) */

static const int POW5[10] = {1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125};
static const int ORPHANS[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
static const int GATES[9] = {3, 1, 1, 1, 1, 1, 1, 1, 3};
static const int PERMS[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

/* ------------------------------------------------------------------ the standard shape */

/* A suit's capped front id (tables.Tables.suit_id): numbered with chows by its base-5 index;
 * honours, or a numbered suit without chows by its counts sorted high to low, in the honours'
 * table; UNKNOWN where the tables do not reach (the caller takes the pure path). */
static int suit_id(const unsigned char *c, int n, int chows) {
    int idx = 0, i;
    if (n == 9 && chows) {
        for (i = 0; i < 9; i++) idx += c[i] * POW5[i];
        if (idx >= NUMBERED_LEN || NUMBERED[idx] == NOT_TABLED) return UNKNOWN;
        return NUMBERED[idx];
    }
    unsigned char held[9] = {0};
    memcpy(held, c, n);
    if (n == 9) {                       /* sorted high to low; more than seven kinds: not tabled */
        int a, b;
        for (a = 1; a < 9; a++) {
            unsigned char v = held[a];
            for (b = a; b > 0 && held[b - 1] < v; b--) held[b] = held[b - 1];
            held[b] = v;
        }
        if (held[7]) return UNKNOWN;
    }
    for (i = 0; i < 7; i++) idx += held[i] * POW5[i];
    if (idx >= HONOURS_LEN || HONOURS[idx] == NOT_TABLED) return UNKNOWN;
    return HONOURS[idx];
}

static int join(int a, int b) {
    const unsigned char *p = JOIN + 2 * ((Py_ssize_t)a * K + b);
    return p[0] | (p[1] << 8);
}

/* suits.hand_missing's table path: the tiles the counts miss to ``need`` sets and a head. */
static int hand_missing(const unsigned char *c, int need, int chows) {
    int held = 0, i;
    for (i = 0; i < NUM_KINDS; i++) held += c[i];
    if (need > CAP || held >= ROWS || need < 0) return UNKNOWN;
    int m = suit_id(c, 9, chows), p = suit_id(c + 9, 9, chows), s = suit_id(c + 18, 9, chows),
        z = suit_id(c + 27, 7, 0);
    if (m == UNKNOWN || p == UNKNOWN || s == UNKNOWN || z == UNKNOWN) return UNKNOWN;
    int f = join(join(join(m, p), s), z);
    return MISSING[((Py_ssize_t)need * ROWS + held) * K + f];
}

/* ------------------------------------------------------------------ the closed forms */

static int seven_pairs(const unsigned char *c, int need, int pairs, int allow_four) {
    if (3 * need + 1 != 2 * pairs - 1) return NEVER;
    int n[5] = {0}, i;
    for (i = 0; i < NUM_KINDS; i++) n[c[i]]++;
    int held = allow_four ? n[2] + n[3] + 2 * n[4] : n[2] + n[3] + n[4];
    int singles = allow_four ? n[1] + n[3] : n[1];
    int lacking = pairs - (held < pairs ? held : pairs);
    return 2 * lacking - (singles < lacking ? singles : lacking) - 1;
}

static int thirteen_orphans(const unsigned char *c, int need) {
    if (need != 4) return NEVER;
    int kinds = 0, pair = 0, i;
    for (i = 0; i < 13; i++) {
        int v = c[ORPHANS[i]];
        kinds += v > 0;
        pair |= v >= 2;
    }
    return 13 - kinds - pair;
}

/* knitted_straight.most_knitted: the most tiles held of one knitted straight */
static int most_knitted(const unsigned char *c) {
    int cls[3][3], s, k, best = 0;
    for (s = 0; s < 3; s++)
        for (k = 0; k < 3; k++)
            cls[s][k] = (c[9 * s + k] > 0) + (c[9 * s + k + 3] > 0) + (c[9 * s + k + 6] > 0);
    for (k = 0; k < 6; k++) {
        int v = cls[0][PERMS[k][0]] + cls[1][PERMS[k][1]] + cls[2][PERMS[k][2]];
        if (v > best) best = v;
    }
    return best;
}

static int honors_and_knitted(const unsigned char *c, int need) {
    if (need != 4) return NEVER;
    int honours = 0, i;
    for (i = 27; i < NUM_KINDS; i++) honours += c[i] > 0;
    int got = most_knitted(c) + honours;
    return 13 - (got < 14 ? got : 14);
}

/* knitted_straight.shanten: for each knitted straight, the tiles of it not held plus the
 * standard shanten of the rest (one of each held kind taken out) as need − 3 sets and a pair */
static int knitted_straight(const unsigned char *c, int need, int chows) {
    int rest_need = need - 3, k, s, j;
    if (rest_need < 0) return NEVER;
    int best = NEVER;
    for (k = 0; k < 6; k++) {
        unsigned char rest[NUM_KINDS];
        memcpy(rest, c, NUM_KINDS);
        int held = 0;
        for (s = 0; s < 3; s++)
            for (j = 0; j < 3; j++) {
                int t = 9 * s + PERMS[k][s] + 3 * j;
                if (rest[t]) {
                    rest[t]--;
                    held++;
                }
            }
        int missing = hand_missing(rest, rest_need, chows);
        if (missing == UNKNOWN) return UNKNOWN;
        int value = 9 - held + missing - 1;
        if (value < best) best = value;
    }
    return best;
}

static int nine_gates(const unsigned char *c, int need) {
    if (need != 4) return NEVER;
    int best = NEVER, s, o;
    for (s = 0; s < 3; s++) {
        int held = 0, size = 0;
        for (o = 0; o < 9; o++) {
            int v = c[9 * s + o];
            held += v < GATES[o] ? v : GATES[o];
            size += v;
        }
        int value = 13 - held - (held == 13 && size == 14);
        if (value < best) best = value;
    }
    return best;
}

static int wild_count(int need, int count) {
    if (3 * need + 2 < count) return NEVER;
    return count - 1 > -1 ? count - 1 : -1;       /* no wild held */
}

/* The best shanten over the plan's shapes for one counts vector, or UNKNOWN. */
static int over_plan(const unsigned char *c, int need, int chows, const unsigned char *plan, Py_ssize_t n_plan) {
    int best = NEVER, v = NEVER;
    Py_ssize_t i;
    for (i = 0; i + 2 < n_plan; i += 3) {
        int a = plan[i + 1], b = plan[i + 2];
        switch (plan[i]) {
        case K_STANDARD:
            v = hand_missing(c, need, chows);
            if (v != UNKNOWN) v -= 1;
            break;
        case K_SEVEN_PAIRS: v = seven_pairs(c, need, a, b); break;
        case K_THIRTEEN_ORPHANS: v = thirteen_orphans(c, need); break;
        case K_HONORS_AND_KNITTED: v = honors_and_knitted(c, need); break;
        case K_KNITTED_STRAIGHT: v = knitted_straight(c, need, chows); break;
        case K_NINE_GATES: v = nine_gates(c, need); break;
        case K_WILD_COUNT: v = wild_count(need, a); break;
        default: return UNKNOWN;
        }
        if (v == UNKNOWN) return UNKNOWN;
        if (v < best) best = v;
    }
    return best;
}

/* One shape of a plan (a triple at ``step``) for one counts vector. */
static int one_step(const unsigned char *c, int need, int chows, const unsigned char *step) {
    return over_plan(c, need, chows, step, 3);
}

/* analysis.useful_by_masks: the 3n+1 counts' shanten over the plan (each suit of ``drops``
 * left out in turn) and the kinds whose draw lowers it, as a mask: the union, over the shapes
 * (and suits left out) at that shanten, of the draws that lower that shape's, a kind of the
 * suit left out giving none; a kind outside ``kind_mask`` or held four times is never in it.
 * UNKNOWN when a table cannot answer, or when the best is below 0 (the pure path answers). */
static int useful(const unsigned char *counts, int need, int chows, const unsigned char *plan, Py_ssize_t n_plan,
                  int drops, unsigned long long kind_mask, unsigned long long *mask_out) {
    unsigned char variants[3][NUM_KINDS];
    int lo[3], n_var = 0, s, v, best = NEVER;
    Py_ssize_t i;
    if (!drops) {
        memcpy(variants[0], counts, NUM_KINDS);
        lo[0] = -1;
        n_var = 1;
    } else {
        for (s = 0; s < 3; s++)
            if ((drops >> s) & 1) {
                memcpy(variants[n_var], counts, NUM_KINDS);
                memset(variants[n_var] + 9 * s, 0, 9);
                lo[n_var++] = 9 * s;
            }
    }
    int values[3][32];                  /* each shape's shanten, per variant (plans are short) */
    if (n_plan / 3 > 32) return UNKNOWN;
    for (v = 0; v < n_var; v++)
        for (i = 0; i + 2 < n_plan; i += 3) {
            int got = one_step(variants[v], need, chows, plan + i);
            if (got == UNKNOWN) return UNKNOWN;
            values[v][i / 3] = got;
            if (got < best) best = got;
        }
    if (best < 0) return UNKNOWN;
    unsigned long long mask = 0;
    for (v = 0; v < n_var; v++)
        for (i = 0; i + 2 < n_plan; i += 3) {
            if (values[v][i / 3] != best) continue;
            unsigned char *c = variants[v];
            int t;
            for (t = 0; t < NUM_KINDS; t++) {
                if (((mask >> t) & 1ULL) || !((kind_mask >> t) & 1ULL) || c[t] >= 4) continue;
                if (lo[v] >= 0 && t >= lo[v] && t < lo[v] + 9) continue;
                c[t]++;
                int after = one_step(c, need, chows, plan + i);
                c[t]--;
                if (after == UNKNOWN) return UNKNOWN;
                if (after < best) mask |= 1ULL << t;
            }
        }
    *mask_out = mask;
    return best;
}

/* ------------------------------------------------------------------ reading the notation */

/* analysis._plain_counts' plain branch: ``(?:[1-9]+[mps]|[1-7]+z)+``, read into 34 counts;
 * 0 when the text is anything else. */
static int parse_plain(const char *text, Py_ssize_t len, unsigned char *counts) {
    Py_ssize_t i = 0;
    memset(counts, 0, NUM_KINDS);
    if (len == 0) return 0;
    while (i < len) {
        Py_ssize_t start = i;
        while (i < len && text[i] >= '1' && text[i] <= '9') i++;
        if (i == start || i == len) return 0;
        int base;
        switch (text[i]) {
        case 'm': base = 0; break;
        case 'p': base = 9; break;
        case 's': base = 18; break;
        case 'z': base = 27; break;
        default: return 0;
        }
        Py_ssize_t d;
        for (d = start; d < i; d++) {
            int r = text[d] - '1';
            if (base == 27 && r > 6) return 0;
            if (counts[base + r] < 255) counts[base + r]++;
        }
        i++;
    }
    return 1;
}

/* The best over the plan with each suit of ``drops`` left out in turn (0: none), or UNKNOWN. */
static int over_drops(const unsigned char *counts, int need, int chows, const unsigned char *plan, Py_ssize_t n_plan,
                      int drops) {
    if (!drops) return over_plan(counts, need, chows, plan, n_plan);
    int best = NEVER, s;
    for (s = 0; s < 3; s++) {
        if (!((drops >> s) & 1)) continue;
        unsigned char left[NUM_KINDS];
        memcpy(left, counts, NUM_KINDS);
        memset(left + 9 * s, 0, 9);
        int v = over_plan(left, need, chows, plan, n_plan);
        if (v == UNKNOWN) return UNKNOWN;
        if (v < best) best = v;
    }
    return best;
}

/* The counts of plain notation holding ``size`` or ``size + 1`` tiles of the kinds in
 * ``kind_mask``, none a fifth copy: 1 with ``counts`` and ``n`` filled, 0 when the text is
 * anything else (the pure path answers), −1 on a Python error. */
static int read_hand(PyObject *text_obj, int size, unsigned long long kind_mask, unsigned char *counts, int *n) {
    if (NUMBERED == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "shanten kernel: load() the tables first");
        return -1;
    }
    Py_ssize_t len;
    const char *text = PyUnicode_AsUTF8AndSize(text_obj, &len);
    if (text == NULL) return -1;
    if (!parse_plain(text, len, counts)) return 0;
    int i;
    *n = 0;
    for (i = 0; i < NUM_KINDS; i++) {
        if (counts[i] > 4) return 0;
        if (counts[i] && !((kind_mask >> i) & 1ULL)) return 0;
        *n += counts[i];
    }
    return *n == size || *n == size + 1;
}

/* ------------------------------------------------------------------ the module */

static PyObject *k_load(PyObject *self, PyObject *args) {
    PyObject *numbered, *honours, *join_bytes, *missing;
    Py_ssize_t k;
    int cap, rows;
    if (!PyArg_ParseTuple(args, "SSSSnii", &numbered, &honours, &join_bytes, &missing, &k, &cap, &rows))
        return NULL;
    if (k <= 0 || cap < 0 || rows <= 0 || PyBytes_GET_SIZE(join_bytes) != 2 * k * k
            || PyBytes_GET_SIZE(missing) != (Py_ssize_t)(cap + 1) * rows * k) {
        PyErr_SetString(PyExc_ValueError, "shanten kernel: the tables' sizes do not agree");
        return NULL;
    }
    PyObject *refs = PyTuple_Pack(4, numbered, honours, join_bytes, missing);
    if (refs == NULL) return NULL;
    Py_XSETREF(held_refs, refs);
    NUMBERED = (const unsigned char *)PyBytes_AS_STRING(numbered);
    NUMBERED_LEN = PyBytes_GET_SIZE(numbered);
    HONOURS = (const unsigned char *)PyBytes_AS_STRING(honours);
    HONOURS_LEN = PyBytes_GET_SIZE(honours);
    JOIN = (const unsigned char *)PyBytes_AS_STRING(join_bytes);
    MISSING = (const unsigned char *)PyBytes_AS_STRING(missing);
    K = k;
    CAP = cap;
    ROWS = rows;
    Py_RETURN_NONE;
}

/* shanten(text, size, kind_mask, need, chows, plan, drops) -> int or None
 *
 * ``text``: notation of standing tiles; ``size``: the table's hand size (the text must hold
 * size or size + 1 tiles, none a fifth copy, every kind in ``kind_mask``); ``need``: sets
 * needed; ``plan``: bytes of (kernel id, arg, arg) triples; ``drops``: a bit per numbered suit
 * the hand may leave out (0: none; the answer is the best over each suit left out). The
 * answer is raised to 0 for a 3n+1 hand, −1 for a 3n+2 one, as the analysis does. */
static PyObject *k_shanten(PyObject *self, PyObject *args) {
    PyObject *text_obj;
    int size, need, chows, drops, n;
    unsigned long long kind_mask;
    const char *plan;
    Py_ssize_t n_plan;
    if (!PyArg_ParseTuple(args, "UiKipy#i", &text_obj, &size, &kind_mask, &need, &chows, &plan, &n_plan, &drops))
        return NULL;
    unsigned char counts[NUM_KINDS];
    int read = read_hand(text_obj, size, kind_mask, counts, &n);
    if (read < 0) return NULL;
    if (!read) Py_RETURN_NONE;
    int best = over_drops(counts, need, chows, (const unsigned char *)plan, n_plan, drops);
    if (best == UNKNOWN) Py_RETURN_NONE;
    int floor = n % 3 == 2 ? -1 : 0;
    return PyLong_FromLong(best > floor ? best : floor);
}

/* analyze(text, size, kind_mask, need, chows, plan, drops) -> None or
 * (tiles, counts, shanten, ((discard, shanten, useful mask), ...))
 *
 * ``Analyzer.analyze`` of plain notation (the arguments as ``shanten``'s): for size tiles one
 * row, discard −1; for size + 1 tiles one row per kind held, lowest first, and the hand's own
 * shanten (−1: complete). None where the pure path answers. */
static PyObject *k_analyze(PyObject *self, PyObject *args) {
    PyObject *text_obj;
    int size, need, chows, drops, n, i;
    unsigned long long kind_mask;
    const char *plan_s;
    Py_ssize_t n_plan;
    if (!PyArg_ParseTuple(args, "UiKipy#i", &text_obj, &size, &kind_mask, &need, &chows, &plan_s, &n_plan, &drops))
        return NULL;
    const unsigned char *plan = (const unsigned char *)plan_s;
    unsigned char counts[NUM_KINDS];
    int read = read_hand(text_obj, size, kind_mask, counts, &n);
    if (read < 0) return NULL;
    if (!read) Py_RETURN_NONE;
    PyObject *rows;
    int hand_shanten;
    unsigned long long mask;
    if (n == size) {
        hand_shanten = useful(counts, need, chows, plan, n_plan, drops, kind_mask, &mask);
        if (hand_shanten == UNKNOWN) Py_RETURN_NONE;
        rows = Py_BuildValue("((iiK))", -1, hand_shanten, mask);
    } else {
        int best = over_drops(counts, need, chows, plan, n_plan, drops);
        if (best == UNKNOWN) Py_RETURN_NONE;
        hand_shanten = best > -1 ? best : -1;
        int kinds = 0, at = 0;
        for (i = 0; i < NUM_KINDS; i++) kinds += counts[i] > 0;
        rows = PyTuple_New(kinds);
        if (rows == NULL) return NULL;
        for (i = 0; i < NUM_KINDS; i++) {
            if (!counts[i]) continue;
            counts[i]--;
            int sh = useful(counts, need, chows, plan, n_plan, drops, kind_mask, &mask);
            counts[i]++;
            if (sh == UNKNOWN) {
                Py_DECREF(rows);
                Py_RETURN_NONE;
            }
            PyObject *row = Py_BuildValue("(iiK)", i, sh, mask);
            if (row == NULL) {
                Py_DECREF(rows);
                return NULL;
            }
            PyTuple_SET_ITEM(rows, at++, row);
        }
    }
    if (rows == NULL) return NULL;
    return Py_BuildValue("(iy#iN)", n, (const char *)counts, (Py_ssize_t)NUM_KINDS, hand_shanten, rows);
}

/* counts_shanten(counts, need, chows, plan) -> int or None: one shape plan over 34 counts
 * (bytes), not raised to any floor; for the tests that hold each kernel to its shape. */
static PyObject *k_counts_shanten(PyObject *self, PyObject *args) {
    const char *counts, *plan;
    Py_ssize_t n_counts, n_plan;
    int need, chows;
    if (!PyArg_ParseTuple(args, "y#ipy#", &counts, &n_counts, &need, &chows, &plan, &n_plan))
        return NULL;
    if (NUMBERED == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "shanten kernel: load() the tables first");
        return NULL;
    }
    if (n_counts != NUM_KINDS) {
        PyErr_SetString(PyExc_ValueError, "shanten kernel: counts are 34 bytes");
        return NULL;
    }
    int i;
    for (i = 0; i < NUM_KINDS; i++)
        if ((unsigned char)counts[i] > 4) Py_RETURN_NONE;
    int v = over_plan((const unsigned char *)counts, need, chows, (const unsigned char *)plan, n_plan);
    if (v == UNKNOWN) Py_RETURN_NONE;
    return PyLong_FromLong(v);
}

static PyMethodDef methods[] = {
    {"load", k_load, METH_VARARGS, "load(numbered, honours, join, missing, k, cap, rows): the shanten tables"},
    {"shanten", k_shanten, METH_VARARGS,
     "shanten(text, size, kind_mask, need, chows, plan, drops) -> int or None"},
    {"analyze", k_analyze, METH_VARARGS,
     "analyze(text, size, kind_mask, need, chows, plan, drops) -> (tiles, counts, shanten, rows) or None"},
    {"counts_shanten", k_counts_shanten, METH_VARARGS, "counts_shanten(counts, need, chows, plan) -> int or None"},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_kernel", "The compiled shanten kernel (mahjong_core/engine/shapes/kernel.py).", -1, methods
};

PyMODINIT_FUNC PyInit__kernel(void) {
    return PyModule_Create(&module);
}
