/* The compiled wild splitter: mahjong_core.engine.shapes._splits (optional; see
 * mahjong_core/engine/shapes/wild_splits.py, its only caller, and docs/architecture.md "The
 * compiled wild splitter").
 *
 * wild_options() answers what wild_splits.pure_wild_options answers for one suit's count vector:
 * every split of the suit into sets and at most one pair, spending at most ``budget`` wilds,
 * one per shape (the same groups of tiles and pair), the least of its shape in Python's tuple
 * order, listed fewest wilds first. It walks the same choices as the pure search (the lowest
 * natural tile is in a pung, the pair, or a chow whose tiles below it are wilds and each tile
 * above a natural or a wild) to every complete split, and keeps the least per shape in a hash
 * table. Anything it does not take (a count over four, a budget over MAX_BUDGET, more groups
 * than MAX_GROUPS, more than LEAF_LIMIT splits visited) comes back as None, and the pure
 * search answers: the work per call is bounded. With a budget of 0 the same call gives a suit's
 * splits without wilds (suits.suit_groups). suit_complete() and suit_waits() answer
 * suits.suit_complete and suits.suit_waits, by the same recursion as suits._covers.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include <string.h>

#define MAX_N 9                 /* kinds in a suit */
#define MAX_GROUPS 8            /* sets of one split, the pair apart */
#define MAX_BUDGET 12
#define LEAF_LIMIT 1000000      /* complete splits visited before giving the call to Python */
#define CHOW 0
#define PUNG 1
#define N_SET_CODES (2 * 9 * 4)     /* code = (kind * 9 + lowest offset) * 4 + wilds inside */
#define N_PAIR_CODES (9 * 4)        /* code = offset * 4 + wilds inside */

typedef struct {
    unsigned char n;                    /* sets */
    unsigned char codes[MAX_GROUPS];    /* sorted: kind, then offset, then wilds (Python's order) */
    signed char pair;                   /* the pair's offset, -1 for none */
    unsigned char pair_w;
    unsigned char used;
} Split;

typedef struct {
    int n, chows;
    unsigned char c[MAX_N];             /* naturals not yet grouped */
    unsigned char stack[MAX_GROUPS];
    int depth;
    int pair, pair_w;
    long leaves;
    int failed;                         /* 1: give up (limits); -1: out of memory */
    Split *splits;
    int n_splits, cap_splits;
    int *slots;                         /* hash of shapes -> index in splits, -1 empty */
    int n_slots;
} Search;

static unsigned int shape_hash(const Split *s) {
    unsigned int h = 2166136261u ^ s->n;
    int i;
    for (i = 0; i < s->n; i++) h = (h ^ (unsigned)(s->codes[i] >> 2)) * 16777619u;
    return (h ^ (unsigned)(s->pair + 1)) * 16777619u;
}

static int same_shape(const Split *a, const Split *b) {
    int i;
    if (a->n != b->n || a->pair != b->pair) return 0;
    for (i = 0; i < a->n; i++)
        if ((a->codes[i] >> 2) != (b->codes[i] >> 2)) return 0;
    return 1;
}

/* Python's order of (sorted groups, pair, used) tuples; two splits of one suit never tie on
 * their groups while one has a pair and the other none (their tiles would differ). */
static int split_cmp(const Split *a, const Split *b) {
    int i, m = a->n < b->n ? a->n : b->n;
    for (i = 0; i < m; i++)
        if (a->codes[i] != b->codes[i]) return a->codes[i] < b->codes[i] ? -1 : 1;
    if (a->n != b->n) return a->n < b->n ? -1 : 1;
    if (a->pair != b->pair) return a->pair < b->pair ? -1 : 1;
    if (a->pair_w != b->pair_w) return a->pair_w < b->pair_w ? -1 : 1;
    return (a->used > b->used) - (a->used < b->used);
}

static int qsort_cmp(const void *a, const void *b) {
    return split_cmp((const Split *)a, (const Split *)b);
}

static int grow(Search *S) {
    int cap = S->cap_splits ? 2 * S->cap_splits : 64, i, j;
    Split *splits = (Split *)realloc(S->splits, (size_t)cap * sizeof(Split));
    if (splits == NULL) return -1;
    S->splits = splits;
    S->cap_splits = cap;
    int n_slots = 2 * cap;
    int *slots = (int *)malloc((size_t)n_slots * sizeof(int));
    if (slots == NULL) return -1;
    for (i = 0; i < n_slots; i++) slots[i] = -1;
    for (j = 0; j < S->n_splits; j++) {
        unsigned int h = shape_hash(&S->splits[j]) & (unsigned)(n_slots - 1);
        while (slots[h] >= 0) h = (h + 1) & (unsigned)(n_slots - 1);
        slots[h] = j;
    }
    free(S->slots);
    S->slots = slots;
    S->n_slots = n_slots;
    return 0;
}

/* A complete split: kept when its shape is new or it is the least of its shape so far. */
static void record(Search *S, int used) {
    Split s;
    int i, j;
    if (++S->leaves > LEAF_LIMIT) {
        S->failed = 1;
        return;
    }
    s.n = (unsigned char)S->depth;
    for (i = 0; i < S->depth; i++) {            /* insertion sort of the groups */
        unsigned char v = S->stack[i];
        for (j = i; j > 0 && s.codes[j - 1] > v; j--) s.codes[j] = s.codes[j - 1];
        s.codes[j] = v;
    }
    s.pair = (signed char)S->pair;
    s.pair_w = (unsigned char)(S->pair < 0 ? 0 : S->pair_w);
    s.used = (unsigned char)used;
    if (S->n_splits >= S->cap_splits / 2 || S->slots == NULL) {
        if (grow(S) < 0) {
            S->failed = -1;
            return;
        }
    }
    unsigned int mask = (unsigned)(S->n_slots - 1), h = shape_hash(&s) & mask;
    while (S->slots[h] >= 0) {
        Split *known = &S->splits[S->slots[h]];
        if (same_shape(known, &s)) {
            if (split_cmp(&s, known) < 0) *known = s;
            return;
        }
        h = (h + 1) & mask;
    }
    S->splits[S->n_splits] = s;
    S->slots[h] = S->n_splits++;
}

static void push(Search *S, int code, int pair_free, int left, int used);

/* Group the lowest natural tile every way the pure search does, then the rest. */
static void walk(Search *S, int pair_free, int left, int used) {
    int i = 0, k;
    if (S->failed) return;
    while (i < S->n && S->c[i] == 0) i++;
    if (i == S->n) {
        record(S, used);
        return;
    }
    int c = S->c[i];
    for (k = c < 3 ? c : 3; k >= 1; k--) {           /* a pung of i: k naturals, 3 - k wilds */
        int w = 3 - k;
        if (w <= left) {
            S->c[i] -= k;
            push(S, (PUNG * 9 + i) * 4 + w, pair_free, left - w, used + w);
            S->c[i] += k;
        }
    }
    if (pair_free) {                                 /* the pair of i */
        for (k = c < 2 ? c : 2; k >= 1; k--) {
            int w = 2 - k;
            if (w <= left) {
                S->c[i] -= k;
                S->pair = i;
                S->pair_w = w;
                walk(S, 0, left - w, used + w);
                S->pair = -1;
                S->c[i] += k;
            }
        }
    }
    if (S->chows) {                                  /* chows through i, i their lowest natural */
        int s;
        for (s = i - 2; s <= i; s++) {
            if (s < 0 || s + 2 >= S->n || s + 2 >= MAX_N || i - s > left) continue;
            int above = s + 2 - i, mask;
            for (mask = 0; mask < (1 << above); mask++) {
                int w = i - s, ok = 1, b;
                S->c[i]--;
                for (b = 0; b < above; b++) {
                    int j = i + 1 + b;
                    if (mask >> b & 1) {
                        if (!S->c[j]) {
                            ok = 0;
                            for (b--; b >= 0; b--)       /* put back the naturals taken */
                                if (mask >> b & 1) S->c[i + 1 + b]++;
                            break;
                        }
                        S->c[j]--;
                    } else {
                        w++;
                    }
                }
                if (ok) {
                    if (w <= left) push(S, (CHOW * 9 + s) * 4 + w, pair_free, left - w, used + w);
                    for (b = 0; b < above; b++)
                        if (mask >> b & 1) S->c[i + 1 + b]++;
                }
                S->c[i]++;
            }
        }
    }
}

static void push(Search *S, int code, int pair_free, int left, int used) {
    if (S->depth >= MAX_GROUPS) {
        S->failed = 1;
        return;
    }
    S->stack[S->depth++] = (unsigned char)code;
    walk(S, pair_free, left, used);
    S->depth--;
}

/* ``o`` no longer tracked by the garbage collector (NULL passes through). Every container made
 * here holds only ints, None, booleans, Groups (immutable named tuples of a string and ints)
 * and other such containers, so none can be part of a reference cycle; the answers live on in
 * the callers' caches, where a tracked tuple would be one more object every full collection
 * walks (the collector untracks a plain tuple of ints by itself, never one holding a Group). */
static PyObject *untracked(PyObject *o) {
    if (o != NULL && PyObject_GC_IsTracked(o)) PyObject_GC_UnTrack(o);
    return o;
}

/* A split's sets as a tuple of the suit's Groups (untracked), or NULL. */
static PyObject *sets_of(const Split *s, PyObject *set_groups) {
    PyObject *sets = PyTuple_New(s->n);
    int i;
    if (sets == NULL) return NULL;
    for (i = 0; i < s->n; i++) {
        PyObject *g = PyList_GET_ITEM(set_groups, s->codes[i]);
        Py_INCREF(g);
        PyTuple_SET_ITEM(sets, i, g);
    }
    return untracked(sets);
}

static PyObject *pair_of(const Split *s, PyObject *pair_groups) {
    return s->pair >= 0 ? PyList_GET_ITEM(pair_groups, s->pair * 4 + s->pair_w) : Py_None;
}

/* A split without wilds as suit_groups lists it: (sets, pair Group or None). */
static PyObject *plain_split(const Split *s, PyObject *set_groups, PyObject *pair_groups) {
    PyObject *sets = sets_of(s, set_groups);
    if (sets == NULL) return NULL;
    return untracked(Py_BuildValue("(NO)", sets, pair_of(s, pair_groups)));
}

/* One split as wild_options' option: (used, sets, has a pair, set Groups, pair Group or None,
 * the tiles the wilds stand for, (tile, copies) of each such tile); NULL with *skip set when
 * it would make a fifth copy (and fifth copies are not allowed). */
static PyObject *option(const Split *s, const unsigned char *key, int n, int lo, int fifth,
                        PyObject *set_groups, PyObject *pair_groups, int *skip) {
    int concrete[MAX_N] = {0}, i, off, extra = 0, kinds = 0;
    *skip = 0;
    for (i = 0; i < s->n; i++) {
        int code = s->codes[i], kind = code / 36;
        off = (code / 4) % 9;
        if (kind == PUNG) {
            concrete[off] += 3;
        } else {
            concrete[off]++;
            concrete[off + 1]++;
            concrete[off + 2]++;
        }
    }
    if (s->pair >= 0) concrete[s->pair] += 2;
    for (off = 0; off < n; off++) {
        if (!fifth && concrete[off] > 4) {
            *skip = 1;
            return NULL;
        }
        if (concrete[off] > key[off]) {
            extra += concrete[off] - key[off];
            kinds++;
        }
    }
    PyObject *sets = sets_of(s, set_groups), *wild_as = PyTuple_New(extra), *copies = PyTuple_New(kinds);
    if (sets == NULL || wild_as == NULL || copies == NULL) goto fail;
    int at = 0, kat = 0;
    for (off = 0; off < n; off++) {
        int more = concrete[off] - key[off];
        if (more <= 0) continue;
        for (i = 0; i < more; i++) {
            PyObject *t = PyLong_FromLong(lo + off);
            if (t == NULL) goto fail;
            PyTuple_SET_ITEM(wild_as, at++, t);
        }
        PyObject *pair = untracked(Py_BuildValue("(ii)", lo + off, concrete[off]));
        if (pair == NULL) goto fail;
        PyTuple_SET_ITEM(copies, kat++, pair);
    }
    untracked(wild_as);
    untracked(copies);
    return untracked(Py_BuildValue("(iiONONN)", s->used, s->n, s->pair >= 0 ? Py_True : Py_False, sets,
                                   pair_of(s, pair_groups), wild_as, copies));
fail:
    Py_XDECREF(sets);
    Py_XDECREF(wild_as);
    Py_XDECREF(copies);
    return NULL;
}

/* The splits of one suit, as wild_options' options or (plain) as (sets, pair) pairs. */
static PyObject *answer(PyObject *key_obj, int lo, int chows, int budget, int fifth, PyObject *set_groups,
                        PyObject *pair_groups, int plain) {
    int i, n;
    if (PyList_GET_SIZE(set_groups) != N_SET_CODES || PyList_GET_SIZE(pair_groups) != N_PAIR_CODES) {
        PyErr_SetString(PyExc_ValueError, "wild splitter: 72 set Groups and 36 pair Groups");
        return NULL;
    }
    n = (int)PyTuple_GET_SIZE(key_obj);
    if ((n != 9 && n != 7) || budget < 0 || budget > MAX_BUDGET) Py_RETURN_NONE;
    unsigned char key[MAX_N];
    for (i = 0; i < n; i++) {
        long v = PyLong_AsLong(PyTuple_GET_ITEM(key_obj, i));
        if (v == -1 && PyErr_Occurred()) return NULL;
        if (v < 0 || v > 4) Py_RETURN_NONE;
        key[i] = (unsigned char)v;
    }
    Search S;
    memset(&S, 0, sizeof S);
    S.n = n;
    S.chows = chows && n == 9;
    memcpy(S.c, key, (size_t)n);
    S.pair = -1;
    walk(&S, 1, budget, 0);
    free(S.slots);
    if (S.failed) {
        free(S.splits);
        if (S.failed < 0) return PyErr_NoMemory();
        Py_RETURN_NONE;
    }
    qsort(S.splits, (size_t)S.n_splits, sizeof(Split), qsort_cmp);
    PyObject *out = PyList_New(0);
    if (out == NULL) {
        free(S.splits);
        return NULL;
    }
    int u, j;
    for (u = 0; u <= budget; u++) {                  /* fewest wilds first, the order kept within */
        for (j = 0; j < S.n_splits; j++) {
            if (S.splits[j].used != u) continue;
            int skip = 0;
            PyObject *o = plain ? plain_split(&S.splits[j], set_groups, pair_groups)
                                : option(&S.splits[j], key, n, lo, fifth, set_groups, pair_groups, &skip);
            if (o == NULL) {
                if (skip) continue;
                Py_DECREF(out);
                free(S.splits);
                return NULL;
            }
            int bad = PyList_Append(out, o);
            Py_DECREF(o);
            if (bad) {
                Py_DECREF(out);
                free(S.splits);
                return NULL;
            }
        }
    }
    free(S.splits);
    PyObject *result = untracked(PyList_AsTuple(out));
    Py_DECREF(out);
    return result;
}

/* wild_options(key, lo, chows, budget, fifth_copy, set_groups, pair_groups) -> tuple or None
 *
 * ``key``: the suit's naturals (a tuple of 7 or 9 counts); ``lo``: its first kind;
 * ``set_groups``: the 72 set Groups of the suit by code, ``pair_groups`` the 36 pair Groups. */
static PyObject *s_wild_options(PyObject *self, PyObject *args) {
    PyObject *key_obj, *set_groups, *pair_groups;
    int lo, chows, budget, fifth;
    if (!PyArg_ParseTuple(args, "O!ipipO!O!", &PyTuple_Type, &key_obj, &lo, &chows, &budget, &fifth,
                          &PyList_Type, &set_groups, &PyList_Type, &pair_groups))
        return NULL;
    return answer(key_obj, lo, chows, budget, fifth, set_groups, pair_groups, 0);
}

/* plain_splits(key, lo, chows, set_groups, pair_groups) -> tuple or None: suits.suit_groups,
 * the splits without wilds as (sets, pair or None). */
static PyObject *s_plain_splits(PyObject *self, PyObject *args) {
    PyObject *key_obj, *set_groups, *pair_groups;
    int lo, chows;
    if (!PyArg_ParseTuple(args, "O!ipO!O!", &PyTuple_Type, &key_obj, &lo, &chows, &PyList_Type, &set_groups,
                          &PyList_Type, &pair_groups))
        return NULL;
    return answer(key_obj, lo, chows, 0, 0, set_groups, pair_groups, 1);
}

/* ------------------------------------------------------------------ completeness, for the waits */

/* Do the counts split into sets and (when need_pair) one pair, every tile used? The lowest
 * tile is in a pung, the pair or a chow starting at it (suits._covers). */
static int covers(unsigned char *c, int n, int chows, int need_pair) {
    int i = 0, ok;
    while (i < n && c[i] == 0) i++;
    if (i == n) return !need_pair;
    if (c[i] >= 3) {
        c[i] -= 3;
        ok = covers(c, n, chows, need_pair);
        c[i] += 3;
        if (ok) return 1;
    }
    if (need_pair && c[i] >= 2) {
        c[i] -= 2;
        ok = covers(c, n, chows, 0);
        c[i] += 2;
        if (ok) return 1;
    }
    if (chows && i + 2 < n && c[i + 1] && c[i + 2]) {
        c[i]--, c[i + 1]--, c[i + 2]--;
        ok = covers(c, n, chows, need_pair);
        c[i]++, c[i + 1]++, c[i + 2]++;
        if (ok) return 1;
    }
    return 0;
}

static int complete(unsigned char *c, int n, int chows) {
    int size = 0, i;
    for (i = 0; i < n; i++) size += c[i];
    if (size % 3 == 1) return 0;
    return covers(c, n, chows, size % 3 == 2);
}

/* A suit's counts (a tuple of 7 or 9 counts, each 0..5): 1 and the vector, 0 to give the
 * call to Python (another width, a larger count), -1 on a Python error. */
static int read_suit(PyObject *key_obj, unsigned char *c, int *n) {
    int i;
    *n = (int)PyTuple_GET_SIZE(key_obj);
    if (*n != 9 && *n != 7) return 0;
    for (i = 0; i < *n; i++) {
        long v = PyLong_AsLong(PyTuple_GET_ITEM(key_obj, i));
        if (v == -1 && PyErr_Occurred()) return -1;
        if (v < 0 || v > 5) return 0;
        c[i] = (unsigned char)v;
    }
    return 1;
}

/* suit_complete(key, chows) -> bool or None: suits.suit_complete. */
static PyObject *s_suit_complete(PyObject *self, PyObject *args) {
    PyObject *key_obj;
    int chows, n;
    unsigned char c[MAX_N];
    if (!PyArg_ParseTuple(args, "O!p", &PyTuple_Type, &key_obj, &chows)) return NULL;
    int read = read_suit(key_obj, c, &n);
    if (read < 0) return NULL;
    if (!read) Py_RETURN_NONE;
    return PyBool_FromLong(complete(c, n, chows && n == 9));
}

/* A tuple of the ints ``v`` (``n``) in their order, or NULL. */
static PyObject *int_tuple(const long *v, Py_ssize_t n) {
    PyObject *out = PyTuple_New(n);
    Py_ssize_t i;
    if (out == NULL) return NULL;
    for (i = 0; i < n; i++) {
        PyObject *x = PyLong_FromLong(v[i]);
        if (x == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, x);
    }
    return out;
}

/* suit_waits(key, chows) -> tuple or None: suits.suit_waits, the offsets whose addition
 * completes the suit (a kind held four times may be added: formal waits). */
static PyObject *s_suit_waits(PyObject *self, PyObject *args) {
    PyObject *key_obj;
    int chows, n, o, found = 0;
    unsigned char c[MAX_N];
    long waits[MAX_N];
    if (!PyArg_ParseTuple(args, "O!p", &PyTuple_Type, &key_obj, &chows)) return NULL;
    int read = read_suit(key_obj, c, &n);
    if (read < 0) return NULL;
    if (!read) Py_RETURN_NONE;
    chows = chows && n == 9;
    for (o = 0; o < n; o++) {
        if (c[o] > 4) continue;
        c[o]++;
        if (complete(c, n, chows)) waits[found++] = o;
        c[o]--;
    }
    return int_tuple(waits, found);
}

/* ------------------------------------------------------------------ families of readings */

/* What the readings made here need of Decomposition, given once by family_setup(): the class, and the
 * member descriptors of its five slots in field order (shape, groups, tiles, wild_as, family),
 * through which a frozen dataclass's slots are set without its __setattr__. */
static PyTypeObject *dec_type = NULL;
static PyObject *dec_slots[5] = {NULL, NULL, NULL, NULL, NULL};
static PyObject *standard_str = NULL;

static PyObject *s_family_setup(PyObject *self, PyObject *args) {
    PyObject *cls, *names[5];
    int i;
    if (!PyArg_ParseTuple(args, "O!OOOOO", &PyType_Type, &cls, &names[0], &names[1], &names[2], &names[3],
                          &names[4]))
        return NULL;
    for (i = 0; i < 5; i++) {
        if (Py_TYPE(names[i])->tp_descr_set == NULL) {
            PyErr_SetString(PyExc_TypeError, "family_setup: a slot descriptor is expected");
            return NULL;
        }
    }
    Py_INCREF(cls);
    Py_XSETREF(dec_type, (PyTypeObject *)cls);
    for (i = 0; i < 5; i++) {
        Py_INCREF(names[i]);
        Py_XSETREF(dec_slots[i], names[i]);
    }
    if (standard_str == NULL && (standard_str = PyUnicode_InternFromString("standard")) == NULL) return NULL;
    Py_RETURN_NONE;
}

/* A new reading (a reference to each value is taken), or NULL. Not tracked by the garbage
 * collector: its fields are a string, tuples of Groups and of ints, and None or a family key
 * (an opaque object and an int), all immutable, so no reference cycle can pass through it; a
 * hand with wilds makes a hundred, and each tracked one is an object every collection walks. */
static PyObject *new_reading(PyObject *shape, PyObject *groups, PyObject *tiles, PyObject *wild_as,
                             PyObject *family) {
    PyObject *values[5] = {shape, groups, tiles, wild_as, family};
    PyObject *d = dec_type->tp_alloc(dec_type, 0);
    int i;
    if (d == NULL) return NULL;
    for (i = 0; i < 5; i++) {
        if (Py_TYPE(dec_slots[i])->tp_descr_set(dec_slots[i], d, values[i]) < 0) {
            Py_DECREF(d);
            return NULL;
        }
    }
    return untracked(d);
}

/* reading(shape, groups, tiles, wild_as, family) -> Decomposition (records.make_reading). */
static PyObject *s_reading(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "reading() takes 5 arguments");
        return NULL;
    }
    if (dec_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "reading(): family_setup() first");
        return NULL;
    }
    return new_reading(args[0], args[1], args[2], args[3], args[4]);
}

/* ``base`` (a sorted tuple of ints, read into ``b``, ``nb`` of them) with the ``ne`` sorted
 * ints of ``e`` merged in, as a new tuple; the ints are the base's and the extra's objects. */
static PyObject *merged(PyObject *base, const long *b, Py_ssize_t nb, PyObject *extra, const long *e, Py_ssize_t ne) {
    PyObject *out = PyTuple_New(nb + ne);
    Py_ssize_t i = 0, j = 0, k = 0;
    if (out == NULL) return NULL;
    while (i < nb || j < ne) {
        PyObject *v;
        if (j >= ne || (i < nb && b[i] < e[j])) v = PyTuple_GET_ITEM(base, i++);
        else v = PyTuple_GET_ITEM(extra, j++);
        Py_INCREF(v);
        PyTuple_SET_ITEM(out, k++, v);
    }
    return out;
}

/* The ints of a tuple of tile kinds into ``out`` (at most ``cap``); -1 when it is not one. */
static Py_ssize_t read_tiles(PyObject *t, long *out, Py_ssize_t cap) {
    Py_ssize_t n, i;
    if (!PyTuple_Check(t) || (n = PyTuple_GET_SIZE(t)) > cap) return -1;
    for (i = 0; i < n; i++) {
        out[i] = PyLong_AsLong(PyTuple_GET_ITEM(t, i));
        if (out[i] < 0 || out[i] >= 34) return -1;
    }
    return n;
}

/* Is ``rest + weight[group]`` new to ``seen`` (then added)? 1, 0, or -1 on an error. */
static int first_of(PyObject *seen, PyObject *weight, PyObject *rest, PyObject *group) {
    PyObject *w = PyObject_GetItem(weight, group), *key;
    int known;
    if (w == NULL) return -1;
    key = PyNumber_Add(rest, w);
    Py_DECREF(w);
    if (key == NULL) return -1;
    known = PySet_Contains(seen, key);
    if (known == 0 && PySet_Add(seen, key) < 0) known = -1;
    Py_DECREF(key);
    return known < 0 ? -1 : !known;
}

#define MAX_TILES 64

/* families_run's own references, released. */
static void release(PyObject *prefix, PyObject **family_at) {
    int k;
    Py_XDECREF(prefix);
    for (k = 0; k <= MAX_TILES; k++) Py_XDECREF(family_at[k]);
}

/* regular._standard's set_fills (``pair`` a Group: one set of wilds only beside the sets
 * ``hand``) or pair_fills (``pair`` None: a pair of wilds only beside ``hand``), appending a
 * reading to ``out`` per fill as they do, in the same order, with the same values: ``tiles``
 * and ``wild_as`` are the readings' tiles and wilds before the fill's (sorted), ``held_n`` the
 * natural copies per kind, ``rest`` the weight of the groups beside the fill's and ``family``
 * (pair_fills) the family of every reading, or (set_fills) its key. A new reference to None,
 * NotImplemented for what it does not take (before anything is appended), or NULL. */
static PyObject *families_run(PyObject *out, PyObject *seen, PyObject *weight, PyObject *melds, PyObject *hand,
                              PyObject *pair, PyObject *tiles, PyObject *wild_as, PyObject *fills,
                              const long *held_n, long cap, PyObject *rest, PyObject *family) {
    long t_base[MAX_TILES], w_base[MAX_TILES], extra[MAX_TILES];
    int wcount[34] = {0};
    Py_ssize_t nt, nw, i, j, n_melds, n_hand;
    PyObject *prefix = NULL;            /* pair_fills: melds + hand */
    PyObject *family_at[MAX_TILES + 1] = {NULL};     /* set_fills: a member's family, by its place */
    if ((nt = read_tiles(tiles, t_base, MAX_TILES)) < 0 || (nw = read_tiles(wild_as, w_base, MAX_TILES)) < 0) {
        PyErr_Clear();
        Py_RETURN_NOTIMPLEMENTED;
    }
    for (i = 0; i < nw; i++) wcount[w_base[i]]++;
    n_melds = PyTuple_GET_SIZE(melds);
    n_hand = PyTuple_GET_SIZE(hand);
    if (pair == Py_None && (prefix = PySequence_Concat(melds, hand)) == NULL) return NULL;
    for (i = 0; i < PyTuple_GET_SIZE(fills); i++) {
        PyObject *fill = PyTuple_GET_ITEM(fills, i), *sets, *fill_pair, *fill_tiles, *copies, *group;
        PyObject *groups = NULL, *dec_tiles = NULL, *dec_wilds = NULL, *dec_family = NULL, *dec;
        Py_ssize_t ne, at = 0, c, n_copies;
        int ok = 1, fresh;
        if (!PyTuple_Check(fill) || PyTuple_GET_SIZE(fill) != 4) goto not_taken;
        sets = PyTuple_GET_ITEM(fill, 0);
        fill_pair = PyTuple_GET_ITEM(fill, 1);
        fill_tiles = PyTuple_GET_ITEM(fill, 2);
        copies = PyTuple_GET_ITEM(fill, 3);
        if (!PyTuple_Check(sets) || !PyTuple_Check(copies) || (ne = read_tiles(fill_tiles, extra, MAX_TILES)) < 0)
            goto not_taken;
        n_copies = PyTuple_GET_SIZE(copies);
        /* no fifth copy of a kind (pair_fills reads the fill's one kind, set_fills each) */
        for (c = 0; c < (pair == Py_None ? (n_copies > 0) : n_copies); c++) {
            PyObject *tc = PyTuple_GET_ITEM(copies, c);
            long t, n;
            if (!PyTuple_Check(tc) || PyTuple_GET_SIZE(tc) != 2) goto not_taken;
            t = PyLong_AsLong(PyTuple_GET_ITEM(tc, 0));
            n = PyLong_AsLong(PyTuple_GET_ITEM(tc, 1));
            if (t < 0 || t >= 34) goto not_taken;
            if (held_n[t] + n + wcount[t] > cap) {
                ok = 0;
                break;
            }
        }
        if (!ok) continue;
        group = pair == Py_None ? fill_pair : (PyTuple_GET_SIZE(sets) ? PyTuple_GET_ITEM(sets, 0) : NULL);
        if (group == NULL) goto not_taken;
        if ((fresh = first_of(seen, weight, rest, group)) < 0) goto fail;
        if (!fresh) continue;
        if (pair == Py_None) {          /* melds + hand + (the pair,) */
            groups = PyTuple_New(n_melds + n_hand + 1);
            if (groups == NULL) goto fail;
            for (j = 0; j < n_melds + n_hand; j++) {
                PyObject *g = PyTuple_GET_ITEM(prefix, j);
                Py_INCREF(g);
                PyTuple_SET_ITEM(groups, j, g);
            }
            Py_INCREF(group);
            PyTuple_SET_ITEM(groups, n_melds + n_hand, group);
            dec_family = family;
            Py_INCREF(dec_family);
        } else {                        /* melds + hand[:at] + the sets + hand[at:] + (pair,) */
            Py_ssize_t ns = PyTuple_GET_SIZE(sets), k = 0;
            while (at < n_hand) {       /* bisect_left(hand, group) */
                int lt = PyObject_RichCompareBool(PyTuple_GET_ITEM(hand, at), group, Py_LT);
                if (lt < 0) goto fail;
                if (!lt) break;
                at++;
            }
            groups = PyTuple_New(n_melds + n_hand + ns + 1);
            if (groups == NULL) goto fail;
            for (j = 0; j < n_melds; j++, k++) {
                Py_INCREF(PyTuple_GET_ITEM(melds, j));
                PyTuple_SET_ITEM(groups, k, PyTuple_GET_ITEM(melds, j));
            }
            for (j = 0; j < at; j++, k++) {
                Py_INCREF(PyTuple_GET_ITEM(hand, j));
                PyTuple_SET_ITEM(groups, k, PyTuple_GET_ITEM(hand, j));
            }
            for (j = 0; j < ns; j++, k++) {
                Py_INCREF(PyTuple_GET_ITEM(sets, j));
                PyTuple_SET_ITEM(groups, k, PyTuple_GET_ITEM(sets, j));
            }
            for (j = at; j < n_hand; j++, k++) {
                Py_INCREF(PyTuple_GET_ITEM(hand, j));
                PyTuple_SET_ITEM(groups, k, PyTuple_GET_ITEM(hand, j));
            }
            Py_INCREF(pair);
            PyTuple_SET_ITEM(groups, k, pair);
            if (at > MAX_TILES) goto not_taken;
            if (family_at[at] == NULL) {        /* one (key, place) per place: members share it */
                family_at[at] = untracked(Py_BuildValue("(On)", family, n_melds + at));
                if (family_at[at] == NULL) goto fail;
            }
            dec_family = family_at[at];
            Py_INCREF(dec_family);
        }
        dec_tiles = merged(tiles, t_base, nt, fill_tiles, extra, ne);
        dec_wilds = merged(wild_as, w_base, nw, fill_tiles, extra, ne);
        if (dec_tiles == NULL || dec_wilds == NULL) goto fail;
        dec = new_reading(standard_str, untracked(groups), untracked(dec_tiles), untracked(dec_wilds), dec_family);
        Py_DECREF(groups);
        Py_DECREF(dec_tiles);
        Py_DECREF(dec_wilds);
        Py_DECREF(dec_family);
        if (dec == NULL) goto fail_clean;
        ok = PyList_Append(out, dec);
        Py_DECREF(dec);
        if (ok < 0) goto fail_clean;
        continue;
    fail:
        Py_XDECREF(groups);
        Py_XDECREF(dec_tiles);
        Py_XDECREF(dec_wilds);
        Py_XDECREF(dec_family);
    fail_clean:
        release(prefix, family_at);
        return NULL;
    not_taken:
        /* only before anything was appended: every fill has the shape of the first */
        if (i == 0 && !PyErr_Occurred()) {
            release(prefix, family_at);
            Py_RETURN_NOTIMPLEMENTED;
        }
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "families: a fill of another shape");
        release(prefix, family_at);
        return NULL;
    }
    release(prefix, family_at);
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------------ the standard search's combine */

#define MAX_STACK 16        /* sets, and wilds, of one reading */

typedef struct {
    long w, ns;
    int has_pair;
    PyObject *groups, *pg;              /* borrowed from the option */
    long wilds[MAX_STACK];
    Py_ssize_t n_wilds;
} Option;

typedef struct {
    PyObject *out, *seen, *weight, *melds, *fills_of, *kinds, *chows;
    long budget, need, cap, held[34];
    long naturals[MAX_TILES];
    Py_ssize_t n_naturals;
    Option **options;
    Py_ssize_t *n_options;
    int last;
    PyObject *sets[MAX_STACK];
    int n_sets;
    long wild_as[MAX_STACK];
    int n_wild;
} Combine;

/* 1 taken, 0 not taken (NotImplemented: the caller's Python answers), -1 error. */
#define NOT_TAKEN 0

static int cmp_long(const void *a, const void *b) {
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

/* A tuple of the ints ``v`` (``n``, sorted here), or NULL. */
static PyObject *sorted_ints(long *v, Py_ssize_t n) {
    qsort(v, (size_t)n, sizeof(long), cmp_long);
    return int_tuple(v, n);
}

/* The readings' tiles: the naturals and ``wilds`` (``n``), sorted, or NULL. */
static PyObject *hand_tiles(const Combine *C, const long *wilds, Py_ssize_t n) {
    long all[MAX_TILES + MAX_STACK];
    memcpy(all, C->naturals, (size_t)C->n_naturals * sizeof(long));
    memcpy(all + C->n_naturals, wilds, (size_t)n * sizeof(long));
    return sorted_ints(all, C->n_naturals + n);
}

/* The sum of the weights of ``groups`` (``n``), plus ``pg``'s when given; a new reference. */
static PyObject *weight_of(const Combine *C, PyObject **groups, int n, PyObject *pg) {
    PyObject *total = PyLong_FromLong(0);
    int i;
    for (i = 0; total != NULL && i <= n; i++) {
        PyObject *g = i < n ? groups[i] : pg, *w, *sum;
        if (g == NULL) continue;
        if ((w = PyObject_GetItem(C->weight, g)) == NULL) {
            Py_DECREF(total);
            return NULL;
        }
        sum = PyNumber_Add(total, w);
        Py_DECREF(w);
        Py_DECREF(total);
        total = sum;
    }
    return total;
}

/* ``groups`` (``n``) as a sorted list, or NULL. */
static PyObject *sorted_groups(PyObject **groups, int n) {
    PyObject *list = PyList_New(n);
    int i;
    if (list == NULL) return NULL;
    for (i = 0; i < n; i++) {
        Py_INCREF(groups[i]);
        PyList_SET_ITEM(list, i, groups[i]);
    }
    if (PyList_Sort(list) < 0) {
        Py_DECREF(list);
        return NULL;
    }
    return list;
}

/* regular._standard's emit: a reading of the sets ``groups`` (``n``), the pair ``pg`` and the
 * wilds ``wilds`` (``nw``), when its groups of tiles are new to ``seen``. */
static int emit_reading(Combine *C, PyObject **groups, int n, PyObject *pg, const long *wilds, int nw) {
    PyObject *key = weight_of(C, groups, n, pg), *list, *all = NULL, *tiles = NULL, *wild_tuple = NULL, *dec;
    long w[MAX_STACK];
    int known, i, n_melds = (int)PyTuple_GET_SIZE(C->melds);
    if (key == NULL) return -1;
    known = PySet_Contains(C->seen, key);
    if (known == 0 && PySet_Add(C->seen, key) < 0) known = -1;
    Py_DECREF(key);
    if (known) return known < 0 ? -1 : 1;
    if ((list = sorted_groups(groups, n)) == NULL) return -1;
    all = PyTuple_New(n_melds + n + 1);
    if (all == NULL) goto fail;
    for (i = 0; i < n_melds; i++) {
        Py_INCREF(PyTuple_GET_ITEM(C->melds, i));
        PyTuple_SET_ITEM(all, i, PyTuple_GET_ITEM(C->melds, i));
    }
    for (i = 0; i < n; i++) {
        Py_INCREF(PyList_GET_ITEM(list, i));
        PyTuple_SET_ITEM(all, n_melds + i, PyList_GET_ITEM(list, i));
    }
    Py_INCREF(pg);
    PyTuple_SET_ITEM(all, n_melds + n, pg);
    memcpy(w, wilds, (size_t)nw * sizeof(long));
    if ((tiles = hand_tiles(C, wilds, nw)) == NULL || (wild_tuple = sorted_ints(w, nw)) == NULL) goto fail;
    dec = new_reading(standard_str, untracked(all), untracked(tiles), untracked(wild_tuple), Py_None);
    if (dec == NULL) goto fail;
    i = PyList_Append(C->out, dec);
    Py_DECREF(dec);
    Py_DECREF(list);
    Py_DECREF(all);
    Py_DECREF(tiles);
    Py_DECREF(wild_tuple);
    return i < 0 ? -1 : 1;
fail:
    Py_DECREF(list);
    Py_XDECREF(all);
    Py_XDECREF(tiles);
    Py_XDECREF(wild_tuple);
    return -1;
}

/* A family of readings (set_fills when ``pg`` is given, else pair_fills) through families_run. */
static int family_of(Combine *C, PyObject *pg, PyObject *fills) {
    PyObject *list = sorted_groups(C->sets, C->n_sets), *hand = NULL, *rest = NULL, *tiles = NULL, *wilds = NULL;
    PyObject *family = NULL, *done = NULL;
    long w[MAX_STACK];
    int r = -1;
    if (list == NULL) return -1;
    if ((hand = PyList_AsTuple(list)) == NULL) goto end;
    if ((rest = weight_of(C, C->sets, C->n_sets, pg)) == NULL) goto end;
    memcpy(w, C->wild_as, (size_t)C->n_wild * sizeof(long));
    if ((tiles = hand_tiles(C, C->wild_as, C->n_wild)) == NULL || (wilds = sorted_ints(w, C->n_wild)) == NULL)
        goto end;
    if (pg != NULL) {
        family = PyBaseObject_Type.tp_alloc(&PyBaseObject_Type, 0);        /* object(): the family's key */
    } else {
        PyObject *key = PyBaseObject_Type.tp_alloc(&PyBaseObject_Type, 0);
        if (key != NULL) family = untracked(Py_BuildValue("(Nn)", key, PyTuple_GET_SIZE(C->melds) + C->n_sets));
    }
    if (family == NULL) goto end;
    done = families_run(C->out, C->seen, C->weight, C->melds, hand, pg != NULL ? pg : Py_None, tiles, wilds, fills,
                        C->held, C->cap, rest, family);
    if (done != NULL) r = done == Py_NotImplemented ? NOT_TAKEN : 1;
end:
    Py_XDECREF(done);
    Py_XDECREF(family);
    Py_XDECREF(wilds);
    Py_XDECREF(tiles);
    Py_XDECREF(rest);
    Py_XDECREF(hand);
    Py_DECREF(list);
    return r;
}

/* regular._standard's combine, suit ``i`` on. */
static int combine(Combine *C, int i, PyObject *pair, long used) {
    Py_ssize_t k;
    if (i == C->last) {
        long free_sets = C->need - C->n_sets;
        int need_pair = pair == NULL, r = 1;
        PyObject *fills;
        Py_ssize_t f;
        if (C->budget - used != 3 * free_sets + (need_pair ? 2 : 0)) return 1;
        if (!free_sets && !need_pair) return emit_reading(C, C->sets, C->n_sets, pair, C->wild_as, C->n_wild);
        fills = PyObject_CallFunction(C->fills_of, "lOOO", free_sets, need_pair ? Py_True : Py_False, C->kinds,
                                      C->chows);
        if (fills == NULL) return -1;
        if (!PyTuple_Check(fills)) {
            Py_DECREF(fills);
            return NOT_TAKEN;
        }
        if (!free_sets) r = family_of(C, NULL, fills);
        else if (free_sets == 1 && !need_pair) r = family_of(C, pair, fills);
        else {
            for (f = 0; r > 0 && f < PyTuple_GET_SIZE(fills); f++) {
                PyObject *fill = PyTuple_GET_ITEM(fills, f), *extra_sets, *extra_pair, *extra, *copies;
                PyObject *groups[MAX_STACK];
                long wilds[MAX_STACK];
                int n, nw = C->n_wild, ok = 1;
                Py_ssize_t c;
                if (!PyTuple_Check(fill) || PyTuple_GET_SIZE(fill) != 4) {
                    r = NOT_TAKEN;
                    break;
                }
                extra_sets = PyTuple_GET_ITEM(fill, 0);
                extra_pair = PyTuple_GET_ITEM(fill, 1);
                extra = PyTuple_GET_ITEM(fill, 2);
                copies = PyTuple_GET_ITEM(fill, 3);
                if (!PyTuple_Check(extra_sets) || !PyTuple_Check(extra) || !PyTuple_Check(copies)
                    || C->n_sets + PyTuple_GET_SIZE(extra_sets) > MAX_STACK || nw + PyTuple_GET_SIZE(extra) > MAX_STACK) {
                    r = NOT_TAKEN;
                    break;
                }
                for (c = 0; c < PyTuple_GET_SIZE(copies); c++) {      /* no fifth copy of a kind */
                    PyObject *tc = PyTuple_GET_ITEM(copies, c);
                    long t = PyLong_AsLong(PyTuple_GET_ITEM(tc, 0)), m = PyLong_AsLong(PyTuple_GET_ITEM(tc, 1)), held;
                    int j;
                    if (t < 0 || t >= 34) {
                        r = PyErr_Occurred() ? -1 : NOT_TAKEN;
                        break;
                    }
                    held = C->held[t] + m;
                    for (j = 0; j < C->n_wild; j++) held += C->wild_as[j] == t;
                    if (held > C->cap) {
                        ok = 0;
                        break;
                    }
                }
                if (r <= 0) break;
                if (!ok) continue;
                memcpy(groups, C->sets, (size_t)C->n_sets * sizeof(PyObject *));
                n = C->n_sets;
                for (c = 0; c < PyTuple_GET_SIZE(extra_sets); c++) groups[n++] = PyTuple_GET_ITEM(extra_sets, c);
                memcpy(wilds, C->wild_as, (size_t)nw * sizeof(long));
                for (c = 0; c < PyTuple_GET_SIZE(extra); c++) {
                    wilds[nw++] = PyLong_AsLong(PyTuple_GET_ITEM(extra, c));
                }
                if (PyErr_Occurred()) {
                    r = -1;
                    break;
                }
                if (extra_pair == Py_None && pair == NULL) {
                    r = NOT_TAKEN;
                    break;
                }
                r = emit_reading(C, groups, n, extra_pair == Py_None ? pair : extra_pair, wilds, nw);
            }
        }
        Py_DECREF(fills);
        return r;
    }
    for (k = 0; k < C->n_options[i]; k++) {
        const Option *o = &C->options[i][k];
        int saved_sets = C->n_sets, saved_wild = C->n_wild, r;
        Py_ssize_t g;
        if (used + o->w > C->budget) break;
        if (C->n_sets + o->ns > C->need || (o->has_pair && pair != NULL)) continue;
        if (C->n_sets + PyTuple_GET_SIZE(o->groups) > MAX_STACK || C->n_wild + o->n_wilds > MAX_STACK) return NOT_TAKEN;
        for (g = 0; g < PyTuple_GET_SIZE(o->groups); g++) C->sets[C->n_sets++] = PyTuple_GET_ITEM(o->groups, g);
        memcpy(C->wild_as + C->n_wild, o->wilds, (size_t)o->n_wilds * sizeof(long));
        C->n_wild += (int)o->n_wilds;
        r = combine(C, i + 1, o->has_pair ? o->pg : pair, used + o->w);
        C->n_sets = saved_sets;
        C->n_wild = saved_wild;
        if (r <= 0) return r;
    }
    return 1;
}

/* standard(out, seen, weight, per_suit, budget, need, melds, naturals, held, cap, fills_of, kinds, chows)
 *
 * regular._standard's combine and its emit, set_fills and pair_fills: every reading of the
 * suits' options (``per_suit``, a list of each suit's wild_options, filtered as _standard
 * filters them) appended to ``out`` as the Python combine appends them, in the same order;
 * ``fills_of(free_sets, need_pair, kinds, chows)`` is regular._pure_wild_groups. Returns None, or
 * NotImplemented for what it does not take (then ``out`` and ``seen`` are the caller's to empty
 * before its Python answers). */
static PyObject *s_standard(PyObject *self, PyObject *args) {
    PyObject *per_suit, *naturals, *held;
    Combine C;
    Py_ssize_t i, k;
    int r = -1;
    memset(&C, 0, sizeof(C));
    if (!PyArg_ParseTuple(args, "O!O!OO!llO!O!O!lOOO", &PyList_Type, &C.out, &PySet_Type, &C.seen, &C.weight,
                          &PyList_Type, &per_suit, &C.budget, &C.need, &PyTuple_Type, &C.melds, &PyTuple_Type,
                          &naturals, &PyList_Type, &held, &C.cap, &C.fills_of, &C.kinds, &C.chows))
        return NULL;
    if (dec_type == NULL || PyList_GET_SIZE(held) != 34 || PyList_GET_SIZE(per_suit) > 4
        || (C.n_naturals = read_tiles(naturals, C.naturals, MAX_TILES)) < 0) {
        PyErr_Clear();
        Py_RETURN_NOTIMPLEMENTED;
    }
    for (i = 0; i < 34; i++) {
        C.held[i] = PyLong_AsLong(PyList_GET_ITEM(held, i));
        if (C.held[i] == -1 && PyErr_Occurred()) return NULL;
    }
    C.last = (int)PyList_GET_SIZE(per_suit);
    C.options = (Option **)calloc(4, sizeof(Option *));
    C.n_options = (Py_ssize_t *)calloc(4, sizeof(Py_ssize_t));
    if (C.options == NULL || C.n_options == NULL) {
        PyErr_NoMemory();
        goto end;
    }
    for (i = 0; i < C.last; i++) {
        PyObject *suit = PyList_GET_ITEM(per_suit, i);
        if (!PyTuple_Check(suit)) {
            r = NOT_TAKEN;
            goto end;
        }
        C.n_options[i] = PyTuple_GET_SIZE(suit);
        C.options[i] = (Option *)calloc((size_t)C.n_options[i] + 1, sizeof(Option));
        if (C.options[i] == NULL) {
            PyErr_NoMemory();
            goto end;
        }
        for (k = 0; k < C.n_options[i]; k++) {
            PyObject *o = PyTuple_GET_ITEM(suit, k);
            Option *op = &C.options[i][k];
            if (!PyTuple_Check(o) || PyTuple_GET_SIZE(o) != 7 || !PyTuple_Check(PyTuple_GET_ITEM(o, 3))) {
                r = NOT_TAKEN;
                goto end;
            }
            op->w = PyLong_AsLong(PyTuple_GET_ITEM(o, 0));
            op->ns = PyLong_AsLong(PyTuple_GET_ITEM(o, 1));
            op->has_pair = PyObject_IsTrue(PyTuple_GET_ITEM(o, 2));
            op->groups = PyTuple_GET_ITEM(o, 3);
            op->pg = PyTuple_GET_ITEM(o, 4);
            if ((op->n_wilds = read_tiles(PyTuple_GET_ITEM(o, 5), op->wilds, MAX_STACK)) < 0 || op->has_pair < 0) {
                r = PyErr_Occurred() && !PyErr_ExceptionMatches(PyExc_OverflowError) ? -1 : NOT_TAKEN;
                if (r == NOT_TAKEN) PyErr_Clear();
                goto end;
            }
            if (PyErr_Occurred()) goto end;
        }
    }
    r = combine(&C, 0, NULL, 0);
end:
    if (C.options != NULL)
        for (i = 0; i < 4; i++) free(C.options[i]);
    free(C.options);
    free(C.n_options);
    if (r < 0) return NULL;
    if (r == NOT_TAKEN) {
        if (PyErr_Occurred()) return NULL;
        Py_RETURN_NOTIMPLEMENTED;
    }
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"wild_options", s_wild_options, METH_VARARGS,
     "wild_options(key, lo, chows, budget, fifth_copy, set_groups, pair_groups) -> tuple or None"},
    {"plain_splits", s_plain_splits, METH_VARARGS,
     "plain_splits(key, lo, chows, set_groups, pair_groups) -> tuple of (sets, pair) or None"},
    {"suit_complete", s_suit_complete, METH_VARARGS, "suit_complete(key, chows) -> bool or None"},
    {"suit_waits", s_suit_waits, METH_VARARGS, "suit_waits(key, chows) -> tuple of offsets or None"},
    {"standard", s_standard, METH_VARARGS,
     "standard(out, seen, weight, per_suit, budget, need, melds, naturals, held, cap, fills_of, kinds, chows) -> "
     "None or NotImplemented"},
    {"reading", (PyCFunction)(void (*)(void))s_reading, METH_FASTCALL,
     "reading(shape, groups, tiles, wild_as, family) -> Decomposition, untracked"},
    {"family_setup", s_family_setup, METH_VARARGS,
     "family_setup(Decomposition, *its five slot descriptors in field order) -> None"},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_splits", "The compiled wild splitter (mahjong_core/engine/shapes/wild_splits.py).", -1,
    methods
};

PyMODINIT_FUNC PyInit__splits(void) {
    return PyModule_Create(&module);
}
