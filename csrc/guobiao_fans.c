/* Guobiao's fast path, compiled: mahjong_guobiao.fastpath._fans (optional; its door is
 * plugins/mahjong_guobiao/fastpath/compiled.py, and docs/architecture.md "A plugin's fast path").
 *
 * best() answers what the fast path's Python loop answers for one wild-free hand: for every
 * standard reading (sets, pair) given, the fans fastpath/fans.py ``Hand.found`` finds, in its
 * order (the checks in the plan's order, each check's fans in the order its Python code makes
 * them), and their total through the ruleset's exclusion table (``FastScorer.total``); it
 * returns the best total and the readings that tie for it, each with its fans as a dict. The
 * relationship fans follow relations.py (不拆移, 不得相同, 套算一次 in the calculator's order),
 * the tile traits traits.py, the kongs and win fans standard.py, the unique waits waits.py
 * (formal waits: a fifth copy counts). Nothing here is cached: a hand is answered in one pass.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

enum {
    F_FLOWER_TILES,
    /* guobiao.pungs: relations.pung_relations, then standard.pung_fans */
    F_FOUR_PURE_SHIFTED_PUNGS, F_BIG_FOUR_WINDS, F_PURE_SHIFTED_PUNGS, F_TRIPLE_PUNG, F_MIXED_SHIFTED_PUNGS,
    F_BIG_THREE_WINDS, F_BIG_THREE_DRAGONS, F_DOUBLE_PUNG, F_TWO_DRAGONS_PUNGS, F_DRAGON_PUNG,
    F_LITTLE_THREE_DRAGONS, F_LITTLE_FOUR_WINDS, F_PREVALENT_WIND, F_SEAT_WIND, F_PUNG_OF_TERMINALS_OR_HONORS,
    /* guobiao.tiles: traits.TRAIT_FANS in order, then group_traits, then 四归一 */
    F_HALF_FLUSH, F_FULL_FLUSH, F_NO_HONORS, F_ONE_VOIDED_SUIT, F_ALL_TYPES, F_ALL_SIMPLES, F_REVERSIBLE_TILES,
    F_ALL_GREEN, F_ALL_HONORS, F_ALL_TERMINALS, F_ALL_TERMINALS_AND_HONORS, F_LOWER_FOUR, F_LOWER_TILES,
    F_UPPER_FOUR, F_UPPER_TILES, F_MIDDLE_TILES, F_OUTSIDE_HAND, F_ALL_FIVE, F_ALL_EVEN_PUNGS, F_ALL_CHOWS,
    F_TILE_HOG,
    /* guobiao.concealment: standard.kong_table, then 碰碰和 */
    F_FOUR_KONGS, F_THREE_KONGS, F_TWO_MELDED_KONGS, F_TWO_CONCEALED_KONGS, F_CONCEALED_KONG_AND_MELDED_KONG,
    F_CONCEALED_KONG, F_MELDED_KONG, F_TWO_CONCEALED_PUNGS, F_THREE_CONCEALED_PUNGS, F_FOUR_CONCEALED_PUNGS,
    F_ALL_PUNGS,
    /* guobiao.chows: relations.chow_fans */
    F_PURE_TERMINAL_CHOWS, F_THREE_SUITED_TERMINAL_CHOWS, F_FOUR_PURE_SHIFTED_CHOWS, F_QUADRUPLE_CHOW,
    F_MIXED_SHIFTED_CHOWS, F_MIXED_TRIPLE_CHOW, F_MIXED_STRAIGHT, F_PURE_STRAIGHT, F_PURE_SHIFTED_CHOWS,
    F_PURE_TRIPLE_CHOW, F_PURE_DOUBLE_CHOW, F_MIXED_DOUBLE_CHOW, F_SHORT_STRAIGHT, F_TWO_TERMINAL_CHOWS,
    /* guobiao.win: standard.win_fans, then situational_fans */
    F_CONCEALED_HAND, F_SELF_DRAWN, F_FULLY_CONCEALED_HAND, F_MELDED_HAND, F_LAST_TILE, F_LAST_TILE_DRAW,
    F_LAST_TILE_CLAIM, F_OUT_WITH_REPLACEMENT_TILE, F_ROBBING_THE_KONG,
    /* guobiao.waits */
    F_EDGE_WAIT, F_CLOSED_WAIT, F_SINGLE_WAIT,
    /* guobiao.special: the seven pairs shape's (``heads`` only) */
    F_SEVEN_PAIRS, F_SEVEN_SHIFTED_PAIRS,
    N_FANS
};

static const char *FAN_IDS[N_FANS] = {
    "flower_tiles",
    "four_pure_shifted_pungs", "big_four_winds", "pure_shifted_pungs", "triple_pung", "mixed_shifted_pungs",
    "big_three_winds", "big_three_dragons", "double_pung", "two_dragons_pungs", "dragon_pung",
    "little_three_dragons", "little_four_winds", "prevalent_wind", "seat_wind", "pung_of_terminals_or_honors",
    "half_flush", "full_flush", "no_honors", "one_voided_suit", "all_types", "all_simples", "reversible_tiles",
    "all_green", "all_honors", "all_terminals", "all_terminals_and_honors", "lower_four", "lower_tiles",
    "upper_four", "upper_tiles", "middle_tiles", "outside_hand", "all_five", "all_even_pungs", "all_chows",
    "tile_hog",
    "four_kongs", "three_kongs", "two_melded_kongs", "two_concealed_kongs", "concealed_kong_and_melded_kong",
    "concealed_kong", "melded_kong", "two_concealed_pungs", "three_concealed_pungs", "four_concealed_pungs",
    "all_pungs",
    "pure_terminal_chows", "three_suited_terminal_chows", "four_pure_shifted_chows", "quadruple_chow",
    "mixed_shifted_chows", "mixed_triple_chow", "mixed_straight", "pure_straight", "pure_shifted_chows",
    "pure_triple_chow", "pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows",
    "concealed_hand", "self_drawn", "fully_concealed_hand", "melded_hand", "last_tile", "last_tile_draw",
    "last_tile_claim", "out_with_replacement_tile", "robbing_the_kong",
    "edge_wait", "closed_wait", "single_wait",
    "seven_pairs", "seven_shifted_pairs",
};

#define NUM_KINDS 34
#define WORDS 2                         /* 64-bit words of a set of fans */
#define NO_LINK (-1)
#define SPLIT_COMBINED 0
#define SPLIT_SEPARATE 1
#define SPLIT_MELDED 2

/* one ruleset's tables (``setup``): which fans it awards, their points, what each excludes */
typedef struct {
    unsigned char enabled[N_FANS];
    unsigned char blocks[N_FANS];       /* counts toward the minimum and rules the fallback out */
    long points[N_FANS];
    unsigned long long excludes[N_FANS][WORDS];
    int has_fallback;
    long fallback;
    int split, four_fully_concealed, last_from_melds, formal_waits;
    int special_fully_concealed, seven_pairs_hog_with_pure;     /* the seven pairs shape's options */
} Table;

static PyObject *NAMES[N_FANS];         /* the fan ids as interned str */
static PyObject *ONE;                   /* the int 1, a waits answer's count */

/* tile facts (facts.py) */
static int SUIT(int t) { return t < 27 ? t / 9 : 3; }
static int RANK(int t) { return t < 27 ? t % 9 + 1 : t - 26; }
static int IS_WIND(int t) { return t >= 27 && t <= 30; }
static int IS_DRAGON(int t) { return t >= 31 && t <= 33; }
static int IS_TERMINAL(int t) { return t < 27 && (t % 9 == 0 || t % 9 == 8); }
/* the calculator's tile order: m < s < p < E S W N < white < green < red (facts.REF_KEY) */
static int REF_KEY(int t) {
    static const int suit_key[3] = {0x10, 0x30, 0x20};
    static const int honor_key[7] = {0x41, 0x42, 0x43, 0x44, 0x47, 0x46, 0x45};
    return t < 27 ? suit_key[t / 9] + t % 9 + 1 : honor_key[t - 27];
}

/* ------------------------------------------------------------------ an ordered answer */

/* What a check's Python dict holds: fan → count, in first-insertion order (a count of 0 is absent). */
typedef struct {
    int n;
    unsigned char order[N_FANS];
    int val[N_FANS];
} Acc;

static void acc_init(Acc *a) { a->n = 0; memset(a->val, 0, sizeof a->val); }
static void acc_set(Acc *a, int f, int v) { if (!a->val[f]) a->order[a->n++] = (unsigned char)f; a->val[f] = v; }
static void acc_add(Acc *a, int f, int v) { if (!a->val[f]) a->order[a->n++] = (unsigned char)f; a->val[f] += v; }
static int acc_has(const Acc *a, int f) { return a->val[f] != 0; }

/* ``found[fid] = n`` for each fan of ``a`` the ruleset awards (a check's answer filtered by its ids) */
static void acc_flush(Acc *found, const Acc *a, const Table *tb) {
    int i;
    for (i = 0; i < a->n; i++) {
        int f = a->order[i];
        if (a->val[f] && tb->enabled[f]) acc_set(found, f, a->val[f]);
    }
}

static void sort_by_ref(int *t, int n) {
    int i, j;
    for (i = 1; i < n; i++) {
        int x = t[i];
        for (j = i - 1; j >= 0 && REF_KEY(t[j]) > REF_KEY(x); j--) t[j + 1] = t[j];
        t[j + 1] = x;
    }
}

static void sort3(int *a, int *b, int *c) {
    int x;
    if (*a > *b) { x = *a; *a = *b; *b = x; }
    if (*b > *c) { x = *b; *b = *c; *c = x; }
    if (*a > *b) { x = *a; *a = *b; *b = x; }
}

/* ------------------------------------------------------------------ chows (relations.py) */

static const int LINK_ORDER[4] = {F_PURE_DOUBLE_CHOW, F_MIXED_DOUBLE_CHOW, F_SHORT_STRAIGHT, F_TWO_TERMINAL_CHOWS};

static int chow_link(int a, int b) {
    if (SUIT(a) != SUIT(b)) return RANK(a) == RANK(b) ? F_MIXED_DOUBLE_CHOW : NO_LINK;
    int d = a - b;
    if (d == 3 || d == -3) return F_SHORT_STRAIGHT;
    if (d == 6 || d == -6) return F_TWO_TERMINAL_CHOWS;
    if (d == 0) return F_PURE_DOUBLE_CHOW;
    return NO_LINK;
}

static int three_chow_fan(int a, int b, int c) {
    int sa = SUIT(a), sb = SUIT(b), sc = SUIT(c);
    if (sa != sb && sa != sc && sb != sc) {
        int lo = RANK(a), mid = RANK(b), hi = RANK(c);
        sort3(&lo, &mid, &hi);
        if (mid == lo + 1 && hi == mid + 1) return F_MIXED_SHIFTED_CHOWS;
        if (lo == hi) return F_MIXED_TRIPLE_CHOW;
        if (lo == 1 && mid == 4 && hi == 7) return F_MIXED_STRAIGHT;
        return NO_LINK;
    }
    if (sa == sb && sb == sc) {
        int lo = a, mid = b, hi = c;
        sort3(&lo, &mid, &hi);
        if (mid == lo + 3 && hi == mid + 3) return F_PURE_STRAIGHT;
        if ((mid == lo + 2 && hi == mid + 2) || (mid == lo + 1 && hi == mid + 1)) return F_PURE_SHIFTED_CHOWS;
        if (lo == hi) return F_PURE_TRIPLE_CHOW;
    }
    return NO_LINK;
}

static int four_chow_fan(const int *chows) {
    int t[4] = {chows[0], chows[1], chows[2], chows[3]}, i, j;
    for (i = 1; i < 4; i++) {
        int x = t[i];
        for (j = i - 1; j >= 0 && t[j] > x; j--) t[j + 1] = t[j];
        t[j + 1] = x;
    }
    if (SUIT(t[0]) == SUIT(t[3])) {
        int d = t[1] - t[0];
        if (t[2] - t[1] == d && t[3] - t[2] == d && (d == 1 || d == 2)) return F_FOUR_PURE_SHIFTED_CHOWS;
        if (t[0] == t[3]) return F_QUADRUPLE_CHOW;
    }
    return NO_LINK;
}

static int terminal_chows(const int *chows, int pair) {
    int i, ps, all_same = 1, pair_suit_among = 0, low = 0, high = 0;
    if (pair < 0 || pair >= 27 || RANK(pair) != 5) return NO_LINK;
    ps = SUIT(pair);
    for (i = 0; i < 4; i++) {
        int r = RANK(chows[i]);
        if (r != 1 && r != 7) return NO_LINK;
    }
    int ones = 0;
    for (i = 0; i < 4; i++) {
        int s = SUIT(chows[i]);
        if (s != ps) all_same = 0;
        else pair_suit_among = 1;
        if (RANK(chows[i]) == 1) { low |= 1 << s; ones++; }
        else high |= 1 << s;
    }
    if (all_same) return ones == 2 ? F_PURE_TERMINAL_CHOWS : NO_LINK;
    if (pair_suit_among) return NO_LINK;
    int others = 7 & ~(1 << ps);
    return low == others && high == others ? F_THREE_SUITED_TERMINAL_CHOWS : NO_LINK;
}

/* relations._cap_links: at most ``max_cnt`` links, the duplicated kinds trimmed first */
static void cap_links(const int *links, int n, int max_cnt, Acc *out) {
    int table[4] = {0, 0, 0, 0}, i, cnt = 0, limit = 1;
    for (i = 0; i < n; i++) {
        int k;
        if (links[i] == NO_LINK) continue;
        for (k = 0; k < 4; k++) if (LINK_ORDER[k] == links[i]) table[k]++;
        cnt++;
    }
    while (cnt > max_cnt && limit >= 0) {
        int idx = 4;
        while (cnt > max_cnt && idx > 0) {
            idx--;
            while (table[idx] > limit && cnt > max_cnt) { table[idx]--; cnt--; }
        }
        limit--;
    }
    for (i = 0; i < 4; i++) if (table[i]) acc_add(out, LINK_ORDER[i], table[i]);
}

static const int TRIPLES[4][4] = {{0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 3, 1}, {1, 2, 3, 0}};

static void chow_fans(const int *chows, int n, int pair, Acc *out) {
    if (n == 4) {
        int fan = terminal_chows(chows, pair), q, i;
        if (fan != NO_LINK) { acc_set(out, fan, 1); return; }
        fan = four_chow_fan(chows);
        if (fan != NO_LINK) { acc_set(out, fan, 1); return; }
        int t[4] = {chows[0], chows[1], chows[2], chows[3]};
        sort_by_ref(t, 4);
        for (q = 0; q < 4; q++) {
            const int *p = TRIPLES[q];
            fan = three_chow_fan(t[p[0]], t[p[1]], t[p[2]]);
            if (fan != NO_LINK) {
                int found[3] = {chow_link(t[p[0]], t[p[3]]), chow_link(t[p[1]], t[p[3]]), chow_link(t[p[2]], t[p[3]])};
                acc_set(out, fan, 1);
                for (i = 0; i < 4; i++)
                    if (found[0] == LINK_ORDER[i] || found[1] == LINK_ORDER[i] || found[2] == LINK_ORDER[i]) {
                        acc_set(out, LINK_ORDER[i], 1);
                        break;
                    }
                return;
            }
        }
        int links[6] = {chow_link(t[0], t[1]), chow_link(t[0], t[2]), chow_link(t[0], t[3]),
                        chow_link(t[1], t[2]), chow_link(t[1], t[3]), chow_link(t[2], t[3])};
        static const int TOUCH[4][3] = {{0, 1, 2}, {0, 3, 4}, {1, 3, 5}, {2, 4, 5}};
        int max_cnt = 3;
        for (i = 0; i < 4; i++)
            if (links[TOUCH[i][0]] == NO_LINK && links[TOUCH[i][1]] == NO_LINK && links[TOUCH[i][2]] == NO_LINK)
                max_cnt--;
        if (max_cnt > 0) cap_links(links, 6, max_cnt, out);
        return;
    }
    if (n == 3) {
        int fan = three_chow_fan(chows[0], chows[1], chows[2]);
        if (fan != NO_LINK) { acc_set(out, fan, 1); return; }
        int links[3] = {chow_link(chows[0], chows[1]), chow_link(chows[0], chows[2]), chow_link(chows[1], chows[2])};
        cap_links(links, 3, 2, out);
        return;
    }
    if (n == 2) {
        int link = chow_link(chows[0], chows[1]);
        if (link != NO_LINK) acc_set(out, link, 1);
    }
}

/* ------------------------------------------------------------------ pungs (relations.py, standard.py) */

static int three_pung_fan(int a, int b, int c) {
    if (a < 27 && b < 27 && c < 27) {
        int sa = SUIT(a), sb = SUIT(b), sc = SUIT(c);
        if (sa != sb && sa != sc && sb != sc) {
            int lo = RANK(a), mid = RANK(b), hi = RANK(c);
            sort3(&lo, &mid, &hi);
            if (mid == lo + 1 && hi == mid + 1) return F_MIXED_SHIFTED_PUNGS;
            if (lo == hi) return F_TRIPLE_PUNG;
        } else if (sa == sb && sb == sc) {
            int lo = a, mid = b, hi = c;
            sort3(&lo, &mid, &hi);
            if (mid == lo + 1 && hi == mid + 1) return F_PURE_SHIFTED_PUNGS;
        }
        return NO_LINK;
    }
    if (IS_WIND(a) && IS_WIND(b) && IS_WIND(c)) return F_BIG_THREE_WINDS;
    if (IS_DRAGON(a) && IS_DRAGON(b) && IS_DRAGON(c)) return F_BIG_THREE_DRAGONS;
    return NO_LINK;
}

static int pung_link(int a, int b) {
    if (a < 27 && b < 27) return RANK(a) == RANK(b) ? F_DOUBLE_PUNG : NO_LINK;
    if (IS_DRAGON(a) && IS_DRAGON(b)) return F_TWO_DRAGONS_PUNGS;
    return NO_LINK;
}

static void pung_relations(const int *pungs, int n, int n_chows, Acc *out) {
    int i, j, q;
    if (n == 4) {
        int t[4] = {pungs[0], pungs[1], pungs[2], pungs[3]};
        sort_by_ref(t, 4);
        if (t[0] < 27 && SUIT(t[0]) == SUIT(t[3]) && t[1] == t[0] + 1 && t[2] == t[1] + 1 && t[3] == t[2] + 1) {
            acc_set(out, F_FOUR_PURE_SHIFTED_PUNGS, 1);
            return;
        }
        if (t[0] == 27 && t[1] == 28 && t[2] == 29 && t[3] == 30) {
            acc_set(out, F_BIG_FOUR_WINDS, 1);
            return;
        }
        for (q = 0; q < 4; q++) {
            const int *p = TRIPLES[q];
            int fan = three_pung_fan(t[p[0]], t[p[1]], t[p[2]]);
            if (fan != NO_LINK) {
                acc_set(out, fan, 1);
                for (i = 0; i < 4; i++) {
                    if (i == p[3]) continue;
                    int link = pung_link(t[i], t[p[3]]);
                    if (link != NO_LINK) { acc_add(out, link, 1); break; }
                }
                return;
            }
        }
        for (i = 0; i < 4; i++)
            for (j = i + 1; j < 4; j++) {
                int link = pung_link(t[i], t[j]);
                if (link != NO_LINK) acc_add(out, link, 1);
            }
        return;
    }
    if (n == 3 && n_chows == 1) {
        int fan = three_pung_fan(pungs[0], pungs[1], pungs[2]);
        if (fan != NO_LINK) { acc_set(out, fan, 1); return; }
        static const int PAIRS[3][2] = {{0, 1}, {0, 2}, {1, 2}};
        for (i = 0; i < 3; i++) {
            int link = pung_link(pungs[PAIRS[i][0]], pungs[PAIRS[i][1]]);
            if (link != NO_LINK) acc_add(out, link, 1);
        }
        return;
    }
    if (n == 2 && n_chows == 2) {
        int link = pung_link(pungs[0], pungs[1]);
        if (link != NO_LINK) acc_set(out, link, 1);
    }
}

/* standard.pung_fans: the relationships, then 箭刻, 小三元/小四喜, 圈风刻/门风刻 and 幺九刻 */
static void pung_fans(const int *pungs, int n, int n_chows, int honor_pair, int prevalent, int seat, Acc *out) {
    int i, dragons = 0, terminals = 0, winds = 0, wind[4];
    if (n >= 2) pung_relations(pungs, n, n_chows, out);
    for (i = 0; i < n; i++) {
        int t = pungs[i];
        if (IS_DRAGON(t)) dragons++;
        else if (IS_WIND(t)) wind[winds++] = t;
        else if (IS_TERMINAL(t)) terminals++;
    }
    if (dragons) acc_set(out, F_DRAGON_PUNG, dragons);
    if (acc_has(out, F_TWO_DRAGONS_PUNGS) && IS_DRAGON(honor_pair)) acc_set(out, F_LITTLE_THREE_DRAGONS, 1);
    else if (acc_has(out, F_BIG_THREE_WINDS) && IS_WIND(honor_pair)) acc_set(out, F_LITTLE_FOUR_WINDS, 1);
    for (i = 0; i < winds; i++) {
        if (wind[i] == prevalent) acc_set(out, F_PREVALENT_WIND, 1);
        if (wind[i] == seat) acc_set(out, F_SEAT_WIND, 1);
    }
    if (winds && !acc_has(out, F_BIG_THREE_WINDS))
        for (i = 0; i < winds; i++) if (wind[i] != prevalent && wind[i] != seat) terminals++;
    if (terminals) acc_set(out, F_PUNG_OF_TERMINALS_OR_HONORS, terminals);
}

/* ------------------------------------------------------------------ tile traits (traits.py) */

#define CHARACTERS (1 << 9)
#define DOTS (1 << 10)
#define BAMBOO (1 << 11)
#define HAS_WINDS (1 << 12)
#define HAS_DRAGONS (1 << 13)
#define ALL_GREEN (1 << 14)
#define ALL_REVERSIBLE (1 << 15)
#define HONOR (HAS_WINDS | HAS_DRAGONS)
#define TERMINAL_RANKS 0x101

static unsigned long long kinds_mask(const int *kinds, int n) {
    unsigned long long m = 0;
    int i;
    for (i = 0; i < n; i++) m |= 1ULL << kinds[i];
    return m;
}

/* facts.GREEN and facts.REVERSIBLE as masks, made once (PyInit__fans) */
static unsigned long long GREEN_MASK, REVERSIBLE_MASK;

static void make_masks(void) {
    static const int green[] = {19, 20, 21, 23, 25, 32};
    static const int reversible[] = {19, 21, 22, 23, 25, 26, 9, 10, 11, 12, 13, 16, 17, 31};
    GREEN_MASK = kinds_mask(green, 6);
    REVERSIBLE_MASK = kinds_mask(reversible, 14);
}

static int traits_key(unsigned long long present) {
    unsigned long long g = GREEN_MASK, r = REVERSIBLE_MASK;
    int green_s = (int)(g >> 18 & 0x1FF), green_h = (int)(g >> 27);
    int rev_p = (int)(r >> 9 & 0x1FF), rev_s = (int)(r >> 18 & 0x1FF), rev_h = (int)(r >> 27);
    int m = (int)(present & 0x1FF), p = (int)(present >> 9 & 0x1FF), s = (int)(present >> 18 & 0x1FF);
    int h = (int)(present >> 27);
    int key = m | p | s;
    if (m) key |= CHARACTERS;
    if (p) key |= DOTS;
    if (s) key |= BAMBOO;
    if (h & 0xF) key |= HAS_WINDS;
    if (h >> 4) key |= HAS_DRAGONS;
    if (!(m || p || (s & ~green_s) || (h & ~green_h))) key |= ALL_GREEN;
    if (!(m || (p & ~rev_p) || (s & ~rev_s) || (h & ~rev_h))) key |= ALL_REVERSIBLE;
    return key;
}

static int no_honor_ranks(int key, int outside, int inside) {
    return !(key & HONOR) && !(key & outside) && (!inside || (key & inside));
}

/* key_traits: each fan of traits.TRAIT_FANS its predicate holds, in that order */
static void traits(int key, Acc *out) {
    int missing = !(key & CHARACTERS) + !(key & DOTS) + !(key & BAMBOO);
    int ranks = key & 0x1FF, honor = (key & HONOR) != 0;
    if (missing == 2 && honor) acc_set(out, F_HALF_FLUSH, 1);
    if (missing == 2 && !honor) acc_set(out, F_FULL_FLUSH, 1);
    if (missing != 2 && !honor) acc_set(out, F_NO_HONORS, 1);
    if (missing && missing != 2) acc_set(out, F_ONE_VOIDED_SUIT, missing);
    if (!missing && (key & HONOR) == HONOR) acc_set(out, F_ALL_TYPES, 1);
    if (!honor && !(key & TERMINAL_RANKS)) acc_set(out, F_ALL_SIMPLES, 1);
    if (key & ALL_REVERSIBLE) acc_set(out, F_REVERSIBLE_TILES, 1);
    if (key & ALL_GREEN) acc_set(out, F_ALL_GREEN, 1);
    if (!ranks && honor) acc_set(out, F_ALL_HONORS, 1);
    if (ranks && !(ranks & ~TERMINAL_RANKS) && !honor) acc_set(out, F_ALL_TERMINALS, 1);
    if (ranks && !(ranks & ~TERMINAL_RANKS) && honor) acc_set(out, F_ALL_TERMINALS_AND_HONORS, 1);
    if (no_honor_ranks(key, 0x1F0, 0x8)) acc_set(out, F_LOWER_FOUR, 1);
    if (no_honor_ranks(key, 0x1F8, 0)) acc_set(out, F_LOWER_TILES, 1);
    if (no_honor_ranks(key, 0x1F, 0x20)) acc_set(out, F_UPPER_FOUR, 1);
    if (no_honor_ranks(key, 0x3F, 0x1C0)) acc_set(out, F_UPPER_TILES, 1);
    if (no_honor_ranks(key, 0x1C7, 0) && ((key & 0x10) || (key & 0x28) == 0x28)) acc_set(out, F_MIDDLE_TILES, 1);
}

/* traits.group_traits: the class every group shares (全带幺 / 全带五 / 全双刻), 平和 */
#define OUTSIDE 1
#define FIVE 2
#define EVEN 4
static int pung_class(int t) {
    if (t >= 27) return OUTSIDE;
    int r = RANK(t);
    return (r == 1 || r == 9) ? OUTSIDE : r == 5 ? FIVE : r % 2 == 0 ? EVEN : 0;
}
static int chow_class(int lo) {
    if (lo >= 27) return 0;
    int r = RANK(lo);
    return (r == 1 || r == 7) ? OUTSIDE : (r >= 3 && r <= 5) ? FIVE : 0;
}

/* ------------------------------------------------------------------ unique waits (waits.py) */

/* Do the kinds [i, end) of ``c`` (one suit) split into sets only? Chows never leave a suit. */
static int range_sets(unsigned char *c, int i, int end) {
    int ok;
    while (i < end && !c[i]) i++;
    if (i == end) return 1;
    if (c[i] >= 3) {
        c[i] -= 3;
        ok = range_sets(c, i, end);
        c[i] += 3;
        if (ok) return 1;
    }
    if (i < 27 && i % 9 <= 6 && c[i + 1] && c[i + 2]) {
        c[i]--; c[i + 1]--; c[i + 2]--;
        ok = range_sets(c, i, end);
        c[i]++; c[i + 1]++; c[i + 2]++;
        if (ok) return 1;
    }
    return 0;
}

/* ... into sets and one pair? */
static int range_pair(unsigned char *c, int lo, int end) {
    int t, ok;
    for (t = lo; t < end; t++) {
        if (c[t] < 2) continue;
        c[t] -= 2;
        ok = range_sets(c, lo, end);
        c[t] += 2;
        if (ok) return 1;
    }
    return 0;
}

static const int SUIT_LO[5] = {0, 9, 18, 27, NUM_KINDS};
#define SUIT_OF(t) ((t) < 27 ? (t) / 9 : 3)

/* One call's answers of range_sets and range_pair per suit vector (a hand's readings, and the
 * kinds tried as waits, meet the same suits again and again): open addressing on the vector
 * packed three bits a count (none over seven), which suit kind, which question. */
#define SUIT_MEMO 1024
typedef struct {
    int n;
    unsigned int key[SUIT_MEMO];        /* 0: empty */
    unsigned char val[SUIT_MEMO];
} SuitMemo;

/* range_pair (``pair``) or range_sets of the suit [lo, end) of ``c``, through ``m`` (NULL: none). */
static int suit_split(SuitMemo *m, unsigned char *c, int lo, int end, int pair) {
    unsigned int key = 1, slot;
    int t, v;
    if (m == NULL) return pair ? range_pair(c, lo, end) : range_sets(c, lo, end);
    for (t = lo; t < end; t++) {
        if (c[t] > 7) return pair ? range_pair(c, lo, end) : range_sets(c, lo, end);
        key = key * 8 + c[t];
    }
    key = key * 4 + (lo >= 27) * 2 + pair;
    slot = (key * 2654435761u) >> 22;           /* 10 bits: SUIT_MEMO slots */
    while (m->key[slot]) {
        if (m->key[slot] == key) return m->val[slot];
        slot = (slot + 1) & (SUIT_MEMO - 1);
    }
    v = pair ? range_pair(c, lo, end) : range_sets(c, lo, end);
    if (m->n < SUIT_MEMO / 2) {                 /* half full at most: lookups stay short */
        m->key[slot] = key;
        m->val[slot] = (unsigned char)v;
        m->n++;
    }
    return v;
}

/* waits.only_wait: is ``w`` the only wait of the hand before the win (``counts`` less one
 * ``w``): the kinds completing it into sets and a pair, and with 13 tiles and at most seven
 * kinds the seven-pairs wait; formal (a fifth copy counts) unless ``formal`` is 0, when a kind
 * whose four copies are held (melds too) is none. A hand is complete exactly when every suit
 * splits into sets, one of them with the pair (sets never leave a suit), so each suit is read
 * once as it stands and once per kind of it added (a kind near its tiles): ``complete`` of the
 * whole hand per kind, suit by suit. ``counts`` are a reading's, whose pair is in the suit
 * ``pair_suit``: the suits but the winning tile's stand as the reading split them. */
static int only_wait(SuitMemo *m, const unsigned char *counts, const unsigned char *melded, int w, int formal,
                     int pair_suit) {
    unsigned char c[NUM_KINDS];
    int t, s, size = 0, kinds = 0, waits = 0, sets[4], paired[4], bad = 0, pairs = 0, w_suit = SUIT_OF(w);
    memcpy(c, counts, NUM_KINDS);
    c[w]--;
    for (t = 0; t < NUM_KINDS; t++) { size += c[t]; kinds += c[t] != 0; }
    for (s = 0; s < 4; s++) {           /* each suit as it stands: sets only, sets and the pair, or neither */
        int n = 0;
        if (pair_suit >= 0 && s != w_suit) {    /* as the reading split it, unchanged */
            sets[s] = s != pair_suit;
            paired[s] = s == pair_suit;
            pairs += paired[s];
            continue;
        }
        for (t = SUIT_LO[s]; t < SUIT_LO[s + 1]; t++) n += c[t];
        sets[s] = n % 3 == 0 && suit_split(m, c, SUIT_LO[s], SUIT_LO[s + 1], 0);
        paired[s] = n % 3 == 2 && suit_split(m, c, SUIT_LO[s], SUIT_LO[s + 1], 1);
        bad += !sets[s] && !paired[s];
        pairs += paired[s];
    }
    unsigned char is_wait[NUM_KINDS];
    memset(is_wait, 0, NUM_KINDS);
    if ((size + 1) % 3 == 2) {
        for (s = 0; s < 4; s++) {
            /* the other suits: none incomplete, and the pair among them at most once */
            int other_bad = bad - (!sets[s] && !paired[s]), other_pairs = pairs - paired[s];
            if (other_bad || other_pairs > 1) continue;
            for (t = SUIT_LO[s]; t < SUIT_LO[s + 1]; t++) {
                /* a kind no tile of the suit is within two of completes nothing (an honour: itself) */
                int near = 0, x;
                for (x = t - 2; x <= t + 2 && !near; x++)
                    near = x >= SUIT_LO[s] && x < SUIT_LO[s + 1] && c[x] && (s < 3 || x == t);
                if (!near) continue;
                c[t]++;
                is_wait[t] = (unsigned char)suit_split(m, c, SUIT_LO[s], SUIT_LO[s + 1], other_pairs == 0);
                c[t]--;
            }
        }
    }
    if (size == 13 && kinds <= 7) {            /* waits.seven_pairs_wait */
        int sp = 0;
        for (t = 0; t < NUM_KINDS; t++) sp += (c[t] == 2 || c[t] == 3) ? 1 : c[t] == 4 ? 2 : 0;
        if (sp == 6) {
            int best = -1;
            for (t = 0; t < NUM_KINDS; t++)
                if ((c[t] == 1 || c[t] == 3) && (best < 0 || REF_KEY(t) < REF_KEY(best))) best = t;
            if (best >= 0) is_wait[best] = 1;
        }
    }
    for (t = 0; t < NUM_KINDS; t++)
        if (is_wait[t] && (formal || c[t] + melded[t] < 4)) waits++;
    return waits == 1;
}

/* ------------------------------------------------------------------ one hand */

typedef struct {
    const Table *tb;
    unsigned char counts[NUM_KINDS];    /* standing tiles and the winning tile */
    unsigned char melded[NUM_KINDS];
    int meld_chows[4], n_meld_chows, meld_pungs[4], n_meld_pungs;
    int melded_kongs, concealed_kongs, melded_count;
    int win, self_drawn, last_tile, after_kong, robbing_kong, last;
    int flowers, prevalent, seat;
    Acc kinds;                          /* the tile traits of the kinds held */
    int hogs;
    int only;                           /* only_wait, -1 until asked */
    SuitMemo *memo;                     /* the call's suit splits (NULL: none kept) */
} Hand;

/* standard.situational_fans: 和绝张, 妙手回春/海底捞月, 杠上开花, 抢杠和 */
static void situational(const Hand *h, Acc *out) {
    if (h->last) acc_set(out, F_LAST_TILE, 1);
    if (h->last_tile) acc_set(out, h->self_drawn ? F_LAST_TILE_DRAW : F_LAST_TILE_CLAIM, 1);
    if (h->after_kong && h->self_drawn) acc_set(out, F_OUT_WITH_REPLACEMENT_TILE, 1);
    if (h->robbing_kong) acc_set(out, F_ROBBING_THE_KONG, 1);
}

/* A seven pairs reading's head fans (``heads``; h->counts its tiles, no melds), in the plan's
 * order: the tiles' (seven_pairs.tiles: 连七对 only 断幺; 七对 the traits and 四归一), the
 * shape's (seven_pairs.special) and the win's (standard.win_fans of a special shape). */
static void seven_pairs_found(const Hand *h, Acc *found) {
    const Table *tb = h->tb;
    Acc out;
    int t, base, shifted = 0, hogs = 0;
    unsigned long long present = 0;
    for (base = 0; base < 27 && !shifted; base += 9) {
        int run = 0;
        for (t = base; t < base + 9; t++) {
            run = h->counts[t] == 2 ? run + 1 : 0;
            if (run == 7) { shifted = 1; break; }
        }
    }
    for (t = 0; t < NUM_KINDS; t++) {
        if (h->counts[t]) present |= 1ULL << t;
        if (h->counts[t] == 4) hogs++;
    }
    acc_init(found);
    acc_init(&out);
    if (shifted) {
        for (t = 0; !h->counts[t]; t++) ;
        if (t % 9 == 1) acc_set(&out, F_ALL_SIMPLES, 1);
    } else {
        traits(traits_key(present), &out);
        if (hogs && (tb->seven_pairs_hog_with_pure || !(acc_has(&out, F_ALL_GREEN) || acc_has(&out, F_ALL_TERMINALS))))
            acc_set(&out, F_TILE_HOG, hogs);
    }
    acc_flush(found, &out, tb);
    acc_init(&out);
    acc_set(&out, shifted ? F_SEVEN_SHIFTED_PAIRS : F_SEVEN_PAIRS, 1);
    acc_flush(found, &out, tb);
    acc_init(&out);
    if (h->self_drawn) {
        acc_set(&out, F_SELF_DRAWN, 1);
        if (tb->special_fully_concealed) {
            acc_set(&out, F_CONCEALED_HAND, 1);
            acc_set(&out, F_FULLY_CONCEALED_HAND, 1);
        }
    }
    situational(h, &out);
    acc_flush(found, &out, tb);
}

/* a reading's fans, in the plan's order; ``waits``: with guobiao.waits' (off for ``heads``, which
 * answers the head checks only) */
static void hand_found(Hand *h, const int *set_kind, const int *set_tile, int n_sets, int pair, int waits,
                       Acc *found) {
    const Table *tb = h->tb;
    int chows[4], n_chows = 0, pungs[4], n_pungs = 0, standing_chows[4], n_sc = 0, standing_pungs[4], n_sp = 0, i;
    Acc out;
    for (i = 0; i < h->n_meld_chows; i++) chows[n_chows++] = h->meld_chows[i];
    for (i = 0; i < h->n_meld_pungs; i++) pungs[n_pungs++] = h->meld_pungs[i];
    for (i = 0; i < n_sets; i++) {
        if (set_kind[i] == 0) { chows[n_chows++] = set_tile[i]; standing_chows[n_sc++] = set_tile[i]; }
        else { pungs[n_pungs++] = set_tile[i]; standing_pungs[n_sp++] = set_tile[i]; }
    }
    acc_init(found);
    if (h->flowers && tb->enabled[F_FLOWER_TILES]) acc_set(found, F_FLOWER_TILES, h->flowers);
    /* guobiao.pungs */
    if (n_pungs) {
        acc_init(&out);
        pung_fans(pungs, n_pungs, n_chows, pair >= 27 ? pair : -1, h->prevalent, h->seat, &out);
        acc_flush(found, &out, tb);
    }
    /* guobiao.tiles */
    out = h->kinds;
    int shared = pung_class(pair);
    for (i = 0; i < n_chows; i++) shared &= chow_class(chows[i]);
    for (i = 0; i < n_pungs; i++) shared &= pung_class(pungs[i]);
    if (shared == OUTSIDE) acc_set(&out, F_OUTSIDE_HAND, 1);
    else if (shared == FIVE) acc_set(&out, F_ALL_FIVE, 1);
    else if (shared == EVEN) acc_set(&out, F_ALL_EVEN_PUNGS, 1);
    if (n_chows == 4 && pair < 27) acc_set(&out, F_ALL_CHOWS, 1);
    acc_flush(found, &out, tb);
    if (h->hogs) acc_set(found, F_TILE_HOG, h->hogs);
    /* guobiao.concealment: kongs and concealed pungs (a pung completed by a discard that no
     * standing chow could take is melded), 碰碰和 */
    int four_concealed = 0;
    if (n_pungs) {
        int cp = n_sp, mk = h->melded_kongs, ck = h->concealed_kongs;
        if (cp && !h->self_drawn) {
            int w = h->win, in_pungs = 0, in_chow = 0;
            for (i = 0; i < n_sp; i++) if (standing_pungs[i] == w) in_pungs = 1;
            if (in_pungs) {
                for (i = 0; i < n_sc; i++)
                    if (standing_chows[i] <= w && w <= standing_chows[i] + 2 && SUIT(standing_chows[i]) == SUIT(w)) {
                        in_chow = 1;
                        break;
                    }
                if (!in_chow) cp--;
            }
        }
        acc_init(&out);
        int kongs = mk + ck, concealed = cp + ck;
        if (kongs == 4) acc_set(&out, F_FOUR_KONGS, 1);
        else if (kongs == 3) acc_set(&out, F_THREE_KONGS, 1);
        else if (kongs == 2) {
            if (ck == 0) acc_set(&out, F_TWO_MELDED_KONGS, 1);
            else if (ck == 2) {
                acc_set(&out, F_TWO_CONCEALED_KONGS, 1);
                if (concealed == 2) concealed = 0;
            } else if (tb->split == SPLIT_COMBINED) acc_set(&out, F_CONCEALED_KONG_AND_MELDED_KONG, 1);
            else if (tb->split == SPLIT_MELDED) {
                acc_set(&out, F_TWO_MELDED_KONGS, 1);
                acc_set(&out, F_CONCEALED_KONG, 1);
            } else {
                acc_set(&out, F_MELDED_KONG, 1);
                acc_set(&out, F_CONCEALED_KONG, 1);
            }
        } else if (kongs == 1) acc_set(&out, mk ? F_MELDED_KONG : F_CONCEALED_KONG, 1);
        if (concealed == 2) acc_set(&out, F_TWO_CONCEALED_PUNGS, 1);
        else if (concealed == 3) acc_set(&out, F_THREE_CONCEALED_PUNGS, 1);
        else if (concealed == 4) { acc_set(&out, F_FOUR_CONCEALED_PUNGS, 1); four_concealed = 1; }
        if (n_pungs == 4) acc_set(&out, F_ALL_PUNGS, 1);
        acc_flush(found, &out, tb);
    }
    /* guobiao.chows */
    if (n_chows >= 2) {
        acc_init(&out);
        chow_fans(chows, n_chows, n_chows == 4 ? pair : -1, &out);
        acc_flush(found, &out, tb);
    }
    /* guobiao.win: concealment, then the situational fans */
    acc_init(&out);
    if (h->melded_count == 0) {
        acc_set(&out, F_CONCEALED_HAND, 1);
        if (h->self_drawn) {
            acc_set(&out, F_SELF_DRAWN, 1);
            if (!four_concealed || tb->four_fully_concealed) acc_set(&out, F_FULLY_CONCEALED_HAND, 1);
        }
    } else if (h->melded_count == 4 && !h->self_drawn) acc_set(&out, F_MELDED_HAND, 1);
    else if (h->self_drawn) acc_set(&out, F_SELF_DRAWN, 1);
    situational(h, &out);
    acc_flush(found, &out, tb);
    /* guobiao.waits: 边张 > 嵌张 > 单钓将, when the winning tile is the only wait */
    if (!waits) return;
    int edge = 0, closed = 0, w = h->win;
    for (i = 0; i < n_sc; i++) {
        if (w == standing_chows[i] + 1) closed = 1;
        else if (w == standing_chows[i] || w == standing_chows[i] + 2) edge = 1;
    }
    if (edge || closed || pair == w) {
        if (h->only < 0) h->only = only_wait(h->memo, h->counts, h->melded, w, tb->formal_waits, SUIT_OF(pair));
        if (h->only) {
            int fan = edge ? F_EDGE_WAIT : closed ? F_CLOSED_WAIT : F_SINGLE_WAIT;
            if (tb->enabled[fan]) acc_set(found, fan, 1);
        }
    }
}

/* FastScorer.total: every fan found, less what any of them excludes, plus the fallback when no
 * fan that rules it out remains */
static long total_of(const Table *tb, const Acc *found) {
    unsigned long long gone[WORDS] = {0, 0};
    int i, k, blocked = 0;
    long total = 0;
    for (i = 0; i < found->n; i++)
        for (k = 0; k < WORDS; k++) gone[k] |= tb->excludes[found->order[i]][k];
    for (i = 0; i < found->n; i++) {
        int f = found->order[i];
        if (gone[f / 64] >> (f % 64) & 1ULL) continue;
        total += tb->points[f] * found->val[f];
        if (tb->blocks[f]) blocked = 1;
    }
    if (!blocked && tb->has_fallback) total += tb->fallback;
    return total;
}

static PyObject *found_dict(const Acc *found) {
    PyObject *d = PyDict_New();
    int i;
    if (d == NULL) return NULL;
    for (i = 0; i < found->n; i++) {
        int f = found->order[i];
        PyObject *v = PyLong_FromLong(found->val[f]);
        if (v == NULL || PyDict_SetItem(d, NAMES[f], v) < 0) { Py_XDECREF(v); Py_DECREF(d); return NULL; }
        Py_DECREF(v);
    }
    return d;
}

/* ------------------------------------------------------------------ the module */

static void table_free(PyObject *capsule) {
    PyMem_Free(PyCapsule_GetPointer(capsule, "guobiao_fans.Table"));
}

static PyObject *f_setup(PyObject *self, PyObject *args) {
    PyObject *enabled, *blocks, *points, *excludes;
    long fallback;
    int has_fallback, split, four_fully, last_from_melds, formal, special_fully, hog_with_pure;
    if (!PyArg_ParseTuple(args, "SSOOpliiiiii", &enabled, &blocks, &points, &excludes, &has_fallback, &fallback,
                          &split, &four_fully, &last_from_melds, &formal, &special_fully, &hog_with_pure))
        return NULL;
    if (PyBytes_GET_SIZE(enabled) != N_FANS || PyBytes_GET_SIZE(blocks) != N_FANS
            || !PyTuple_Check(points) || PyTuple_GET_SIZE(points) != N_FANS
            || !PyTuple_Check(excludes) || PyTuple_GET_SIZE(excludes) != N_FANS) {
        PyErr_SetString(PyExc_ValueError, "setup: one entry per fan of fan_ids()");
        return NULL;
    }
    Table *tb = PyMem_Calloc(1, sizeof(Table));
    if (tb == NULL) return PyErr_NoMemory();
    int f, k;
    for (f = 0; f < N_FANS; f++) {
        tb->enabled[f] = (unsigned char)PyBytes_AS_STRING(enabled)[f];
        tb->blocks[f] = (unsigned char)PyBytes_AS_STRING(blocks)[f];
        tb->points[f] = PyLong_AsLong(PyTuple_GET_ITEM(points, f));
        PyObject *ex = PyTuple_GET_ITEM(excludes, f);
        if (!PyTuple_Check(ex)) { PyErr_SetString(PyExc_ValueError, "setup: excludes are tuples"); goto fail; }
        for (k = 0; k < PyTuple_GET_SIZE(ex); k++) {
            long x = PyLong_AsLong(PyTuple_GET_ITEM(ex, k));
            if (x < 0 || x >= N_FANS) { PyErr_SetString(PyExc_ValueError, "setup: a fan index out of range"); goto fail; }
            tb->excludes[f][x / 64] |= 1ULL << (x % 64);
        }
    }
    if (PyErr_Occurred()) goto fail;
    tb->has_fallback = has_fallback;
    tb->fallback = fallback;
    tb->split = split;
    tb->four_fully_concealed = four_fully;
    tb->last_from_melds = last_from_melds;
    tb->formal_waits = formal;
    tb->special_fully_concealed = special_fully;
    tb->seven_pairs_hog_with_pure = hog_with_pure;
    PyObject *capsule = PyCapsule_New(tb, "guobiao_fans.Table", table_free);
    if (capsule == NULL) goto fail;
    return capsule;
fail:
    PyMem_Free(tb);
    return NULL;
}

static int int_item(PyObject *seq, Py_ssize_t i, int lo, int hi, int *out) {
    long v = PyLong_AsLong(PyTuple_GET_ITEM(seq, i));
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < lo || v > hi) { PyErr_SetString(PyExc_ValueError, "a value out of range"); return -1; }
    *out = (int)v;
    return 0;
}

/* A group's kind: 0 chow, 1 pung, 2 pair (the first letters of its kind string). */
static int group_kind(PyObject *group) {
    PyObject *kind = PyTuple_GET_ITEM(group, 0);
    if (!PyUnicode_Check(kind) || PyUnicode_GET_LENGTH(kind) < 3) return -1;
    Py_UCS4 a = PyUnicode_READ_CHAR(kind, 0), b = PyUnicode_READ_CHAR(kind, 1);
    if (a == 'c') return 0;
    if (a == 'p' && b == 'u') return 1;
    if (a == 'p' && b == 'a') return 2;
    return -1;
}

/* The hand's melds, ((0 chow / 1 pung / 2 kong, lowest tile, concealed), ...), and flags, (winning
 * tile, self_drawn, last_tile, fourth_tile, after_kong, robbing_kong, flower count, prevalent wind
 * kind, seat wind kind), into ``h``; the number of melds, or -1 with an error set. */
static int hand_begin(Hand *h, PyObject *melds, PyObject *flags) {
    const Table *tb = h->tb;
    int i;
    for (i = 0; i < PyTuple_GET_SIZE(melds); i++) {
        PyObject *m = PyTuple_GET_ITEM(melds, i);
        int kind, tile, concealed;
        if (!PyTuple_Check(m) || PyTuple_GET_SIZE(m) != 3) {
            PyErr_SetString(PyExc_ValueError, "a meld is (kind, tile, concealed)");
            return -1;
        }
        if (int_item(m, 0, 0, 2, &kind) < 0 || int_item(m, 1, 0, 33, &tile) < 0 || int_item(m, 2, 0, 1, &concealed) < 0)
            return -1;
        if (kind == 0) {
            if (tile >= 27 || tile % 9 > 6) { PyErr_SetString(PyExc_ValueError, "a chow's lowest tile"); return -1; }
            h->meld_chows[h->n_meld_chows++] = tile;
            h->melded[tile]++; h->melded[tile + 1]++; h->melded[tile + 2]++;
        } else {
            h->meld_pungs[h->n_meld_pungs++] = tile;
            h->melded[tile] += kind == 2 ? 4 : 3;
            if (kind == 2) { if (concealed) h->concealed_kongs++; else h->melded_kongs++; }
        }
    }
    int n_melds = (int)PyTuple_GET_SIZE(melds);
    h->melded_count = n_melds ? n_melds - h->concealed_kongs : 0;
    int fourth_tile;
    if (int_item(flags, 0, 0, 33, &h->win) < 0 || int_item(flags, 1, 0, 1, &h->self_drawn) < 0
            || int_item(flags, 2, 0, 1, &h->last_tile) < 0 || int_item(flags, 3, 0, 1, &fourth_tile) < 0
            || int_item(flags, 4, 0, 1, &h->after_kong) < 0 || int_item(flags, 5, 0, 1, &h->robbing_kong) < 0
            || int_item(flags, 6, 0, 1 << 20, &h->flowers) < 0 || int_item(flags, 7, 27, 30, &h->prevalent) < 0
            || int_item(flags, 8, 27, 30, &h->seat) < 0)
        return -1;
    h->last = fourth_tile || (n_melds && tb->last_from_melds && h->melded[h->win] == 3);
    return n_melds;
}

/* The tile traits of the kinds held (standing, winning tile, melds) and 四归一, from h->counts. */
static void hand_tiles(Hand *h) {
    const Table *tb = h->tb;
    unsigned long long present = 0;
    int fours = 0, t, i;
    for (t = 0; t < NUM_KINDS; t++) {
        if (h->counts[t] || h->melded[t]) present |= 1ULL << t;
        if (h->counts[t] + h->melded[t] == 4) fours++;
    }
    acc_init(&h->kinds);
    traits(traits_key(present), &h->kinds);
    for (i = 0; i < h->kinds.n; i++)
        if (!tb->enabled[h->kinds.order[i]]) h->kinds.val[h->kinds.order[i]] = 0;       /* kept out, as Python's */
    int hogs = fours - h->melded_kongs - h->concealed_kongs;
    h->hogs = hogs > 0 && tb->enabled[F_TILE_HOG] ? hogs : 0;
}

/* best(table, counts, melds, flags, readings) -> (best total, ((reading index, fans), ...)):
 * counts: 34 ints, the standing tiles and the winning tile; melds: ((0 chow / 1 pung / 2 kong,
 * lowest tile, concealed), ...); flags: (winning tile, self_drawn, last_tile, fourth_tile,
 * after_kong, robbing_kong, flower count, prevalent wind kind, seat wind kind); readings:
 * ((sets, pair), ...) as standard_splits gives them (Groups: kind, tile, ...). */
static PyObject *f_best(PyObject *self, PyObject *args) {
    PyObject *capsule, *counts, *melds, *flags, *readings;
    if (!PyArg_ParseTuple(args, "OO!O!O!O", &capsule, &PyTuple_Type, &counts, &PyTuple_Type, &melds,
                          &PyTuple_Type, &flags, &readings))
        return NULL;
    const Table *tb = PyCapsule_GetPointer(capsule, "guobiao_fans.Table");
    if (tb == NULL) return NULL;
    if (PyTuple_GET_SIZE(counts) != NUM_KINDS || PyTuple_GET_SIZE(flags) != 9 || PyTuple_GET_SIZE(melds) > 4
            || !PyList_Check(readings)) {
        PyErr_SetString(PyExc_ValueError, "best: 34 counts, at most 4 melds, 9 flags and a list of readings");
        return NULL;
    }
    Hand h;
    int i, t, v;
    memset(&h, 0, sizeof h);
    h.tb = tb;
    h.only = -1;
    for (t = 0; t < NUM_KINDS; t++) {
        if (int_item(counts, t, 0, 4, &v) < 0) return NULL;
        h.counts[t] = (unsigned char)v;
    }
    int n_melds = hand_begin(&h, melds, flags);
    if (n_melds < 0) return NULL;
    hand_tiles(&h);

    Py_ssize_t n = PyList_GET_SIZE(readings), r;
    long best = 0;
    int n_tied = 0;
    Py_ssize_t *tied = PyMem_Malloc(sizeof(Py_ssize_t) * (n ? n : 1));
    Acc *tied_found = PyMem_Malloc(sizeof(Acc) * (n ? n : 1));
    if (tied == NULL || tied_found == NULL) { PyMem_Free(tied); PyMem_Free(tied_found); return PyErr_NoMemory(); }
    for (r = 0; r < n; r++) {
        PyObject *reading = PyList_GET_ITEM(readings, r);
        PyObject *sets, *pair;
        int kind[4], tile[4], n_sets, pair_tile;
        if (!PyTuple_Check(reading) || PyTuple_GET_SIZE(reading) != 2) goto bad;
        sets = PyTuple_GET_ITEM(reading, 0);
        pair = PyTuple_GET_ITEM(reading, 1);
        if (!PyTuple_Check(sets) || PyTuple_GET_SIZE(sets) + n_melds != 4 || !PyTuple_Check(pair)
                || PyTuple_GET_SIZE(pair) < 2 || group_kind(pair) != 2)
            goto bad;
        n_sets = (int)PyTuple_GET_SIZE(sets);
        for (i = 0; i < n_sets; i++) {
            PyObject *g = PyTuple_GET_ITEM(sets, i);
            if (!PyTuple_Check(g) || PyTuple_GET_SIZE(g) < 2) goto bad;
            kind[i] = group_kind(g);
            if ((kind[i] != 0 && kind[i] != 1) || int_item(g, 1, 0, kind[i] == 0 ? 26 : 33, &tile[i]) < 0) goto bad;
            if (kind[i] == 0 && tile[i] % 9 > 6) goto bad;
        }
        if (int_item(pair, 1, 0, 33, &pair_tile) < 0) goto bad;
        Acc found;
        hand_found(&h, kind, tile, n_sets, pair_tile, 1, &found);
        long total = total_of(tb, &found);
        if (n_tied == 0 || total > best) {
            best = total;
            n_tied = 0;
        } else if (total < best) continue;
        tied[n_tied] = r;
        tied_found[n_tied] = found;
        n_tied++;
    }
    PyObject *out = PyTuple_New(n_tied);
    if (out == NULL) goto fail;
    for (i = 0; i < n_tied; i++) {
        PyObject *d = found_dict(&tied_found[i]);
        PyObject *pair_item = d ? Py_BuildValue("(nN)", tied[i], d) : NULL;
        if (pair_item == NULL) { Py_DECREF(out); goto fail; }
        PyTuple_SET_ITEM(out, i, pair_item);
    }
    PyMem_Free(tied);
    PyMem_Free(tied_found);
    return Py_BuildValue("(lN)", best, out);
bad:
    if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "best: a reading is (sets, pair) of standard Groups");
fail:
    PyMem_Free(tied);
    PyMem_Free(tied_found);
    return NULL;
}

static PyObject *S_SHAPE, *S_GROUPS, *S_TILES;  /* attribute names, interned once (PyInit__fans) */

/* The head checks' fans of one reading (``heads``) into ``found``: 1, or 0 when it is not one
 * this reads, or -1 with an error set. */
/* The unique-wait fan of a standard reading read into ``h`` (its counts set), with standing
 * chows ``kind``/``tile`` (``n_sets``) and the pair ``pair_tile``: standard.waits — 边张 > 嵌张 >
 * 单钓将 when the winning tile is the pre-win hand's only wait — as a fan index, or -1 (none, or
 * one the ruleset does not count: ``ask`` would not award it). */
static int reading_wait(Hand *h, const int *kind, const int *tile, int n_sets, int pair_tile) {
    int edge = 0, closed = 0, w = h->win, i, fan;
    for (i = 0; i < n_sets; i++) {
        if (kind[i] != 0) continue;
        if (w == tile[i] + 1) closed = 1;
        else if (w == tile[i] || w == tile[i] + 2) edge = 1;
    }
    if (!(edge || closed || pair_tile == w)) return -1;
    if (!only_wait(h->memo, h->counts, h->melded, w, h->tb->formal_waits, SUIT_OF(pair_tile))) return -1;
    fan = edge ? F_EDGE_WAIT : closed ? F_CLOSED_WAIT : F_SINGLE_WAIT;
    return h->tb->enabled[fan] ? fan : -1;
}

/* ``wait``, when not NULL, gets the reading's unique-wait fan (reading_wait; -1 for seven pairs,
 * which has none). */
static int reading_found(Hand *h, PyObject *reading, int n_melds, Acc *found, int *wait) {
    PyObject *shape = NULL, *groups = NULL, *tiles = NULL;
    int out = -1;
    int kind[4], tile[4], n_sets = 4 - n_melds, pair_tile = -1, i, t;
    long v;
    shape = PyObject_GetAttr(reading, S_SHAPE);
    groups = shape ? PyObject_GetAttr(reading, S_GROUPS) : NULL;
    tiles = groups ? PyObject_GetAttr(reading, S_TILES) : NULL;
    if (tiles == NULL) goto done;
    if (!PyUnicode_Check(shape) || !PyTuple_Check(groups) || !PyTuple_Check(tiles)) goto unread;
    int pairs = PyUnicode_CompareWithASCIIString(shape, "seven_pairs") == 0;
    if (pairs ? n_melds || PyTuple_GET_SIZE(groups) != 7
              : PyUnicode_CompareWithASCIIString(shape, "standard") != 0 || PyTuple_GET_SIZE(groups) != 5)
        goto unread;
    memset(h->counts, 0, sizeof h->counts);
    for (i = 0; i < PyTuple_GET_SIZE(tiles); i++) {
        v = PyLong_AsLong(PyTuple_GET_ITEM(tiles, i));
        if (v == -1 && PyErr_Occurred()) goto done;
        if (v < 0 || v >= NUM_KINDS || ++h->counts[v] + h->melded[v] > 4) goto unread;    /* no fifth copy */
    }
    if (pairs) {
        seven_pairs_found(h, found);
        if (wait != NULL) *wait = -1;
        out = 1;
        goto done;
    }
    for (i = 0; i <= n_sets; i++) {
        PyObject *g = PyTuple_GET_ITEM(groups, n_melds + i);
        if (!PyTuple_Check(g) || PyTuple_GET_SIZE(g) < 2) goto unread;
        int k = group_kind(g);
        v = PyLong_AsLong(PyTuple_GET_ITEM(g, 1));
        if (v == -1 && PyErr_Occurred()) goto done;
        if (v < 0 || v >= NUM_KINDS) goto unread;
        t = (int)v;
        if (i == n_sets) {
            if (k != 2) goto unread;
            pair_tile = t;
        } else {
            if ((k != 0 && k != 1) || (k == 0 && (t >= 27 || t % 9 > 6))) goto unread;
            kind[i] = k;
            tile[i] = t;
        }
    }
    h->only = -1;
    hand_tiles(h);
    hand_found(h, kind, tile, n_sets, pair_tile, 0, found);
    if (wait != NULL) *wait = reading_wait(h, kind, tile, n_sets, pair_tile);
    out = 1;
    goto done;
unread:
    out = 0;
done:
    Py_XDECREF(shape);
    Py_XDECREF(groups);
    Py_XDECREF(tiles);
    return out;
}

/* The distinct answers of one call, looked up by their fans (an open-addressing hash table of
 * indices into ``known``): readings with the same fans in the same order share one dict. */
#define SHARE_FANS 24                   /* an answer with more fans is not shared (none has) */

typedef struct {
    unsigned int hash;
    int n;
    unsigned char fan[SHARE_FANS];
    int val[SHARE_FANS];
    PyObject *dict;                     /* borrowed: the output list holds it */
} Known;

typedef struct {
    Known *known;
    int n_known, *slots, mask;
} Shared;

static int shared_init(Shared *S, Py_ssize_t readings) {
    int size = 16;
    while (size < 2 * readings) size *= 2;
    S->known = PyMem_Malloc(sizeof(Known) * (size_t)(readings + 1));
    S->slots = PyMem_Malloc(sizeof(int) * (size_t)size);
    S->n_known = 0;
    S->mask = size - 1;
    if (S->known == NULL || S->slots == NULL) return -1;
    memset(S->slots, -1, sizeof(int) * (size_t)size);
    return 0;
}

static void shared_free(Shared *S) {
    PyMem_Free(S->known);
    PyMem_Free(S->slots);
}

/* The dict of an answer with ``found``'s fans already made (a new reference), or NULL with
 * ``*slot`` where to keep a new one (-1: not shared). */
static PyObject *shared_get(Shared *S, const Acc *found, Known *key, int *slot) {
    int i;
    *slot = -1;
    if (found->n > SHARE_FANS) return NULL;
    key->n = found->n;
    key->hash = 2166136261u;
    for (i = 0; i < found->n; i++) {
        key->fan[i] = found->order[i];
        key->val[i] = found->val[found->order[i]];
        key->hash = (key->hash ^ (unsigned)key->fan[i]) * 16777619u;
        key->hash = (key->hash ^ (unsigned)key->val[i]) * 16777619u;
    }
    unsigned int h = key->hash & (unsigned)S->mask;
    while (S->slots[h] >= 0) {
        const Known *k = &S->known[S->slots[h]];
        if (k->hash == key->hash && k->n == key->n && !memcmp(k->fan, key->fan, (size_t)key->n)
                && !memcmp(k->val, key->val, sizeof(int) * (size_t)key->n))
            return Py_NewRef(k->dict);
        h = (h + 1) & (unsigned)S->mask;
    }
    *slot = (int)h;
    return NULL;
}

/* heads(table, melds, flags, readings) -> [fans or None, ...]: for each reading (a Decomposition:
 * its shape, its groups with the melds' first, its tiles with every wild read as what it stands
 * for) the fans the plan's head checks award — pungs, tiles, special, concealment, chows and win:
 * ``hand_found`` without the flowers (a per-hand check's) and the waits (a tail check's), or
 * ``seven_pairs_found`` — or None for a reading this does not read (another shape; not four sets
 * and a pair, or seven pairs with no melds; a fifth copy of a kind). Readings with the same fans
 * in the same order share one dict (``Shared``). melds and
 * flags as ``best`` takes them. */
static PyObject *f_heads(PyObject *self, PyObject *args) {
    PyObject *capsule, *melds, *flags, *readings, *waits = NULL, *wait_dicts[N_FANS + 1];
    if (!PyArg_ParseTuple(args, "OO!O!O!|O!", &capsule, &PyTuple_Type, &melds, &PyTuple_Type, &flags,
                          &PyList_Type, &readings, &PyList_Type, &waits))
        return NULL;
    memset(wait_dicts, 0, sizeof wait_dicts);
    const Table *tb = PyCapsule_GetPointer(capsule, "guobiao_fans.Table");
    if (tb == NULL) return NULL;
    if (PyTuple_GET_SIZE(flags) != 9 || PyTuple_GET_SIZE(melds) > 4) {
        PyErr_SetString(PyExc_ValueError, "heads: at most 4 melds and 9 flags");
        return NULL;
    }
    Hand h;
    memset(&h, 0, sizeof h);
    h.tb = tb;
    int n_melds = hand_begin(&h, melds, flags);
    if (n_melds < 0) return NULL;
    h.flowers = 0;
    if (waits != NULL && (h.memo = PyMem_Calloc(1, sizeof(SuitMemo))) == NULL) return PyErr_NoMemory();
    Py_ssize_t n = PyList_GET_SIZE(readings), r;
    PyObject *out = PyList_New(n);
    Shared seen = {NULL, 0, NULL, 0};
    int i;
    if (out == NULL || shared_init(&seen, n) < 0) {
        Py_XDECREF(out);
        shared_free(&seen);
        PyMem_Free(h.memo);
        return PyErr_NoMemory();
    }
    for (r = 0; r < n; r++) {
        Acc found;
        PyObject *item = NULL;
        int wait = -1;
        int read = reading_found(&h, PyList_GET_ITEM(readings, r), n_melds, &found, waits ? &wait : NULL);
        if (read < 0) goto fail;
        if (waits != NULL) {            /* the reading's waits answer: one dict per fan (or none) */
            PyObject *answer = Py_None;
            if (read) {
                PyObject **slot = &wait_dicts[wait + 1];
                if (*slot == NULL) {
                    if ((*slot = PyDict_New()) == NULL) goto fail;
                    if (wait >= 0 && PyDict_SetItem(*slot, NAMES[wait], ONE) < 0) goto fail;
                }
                answer = *slot;
            }
            if (PyList_Append(waits, answer) < 0) goto fail;
        }
        if (!read) {
            item = Py_NewRef(Py_None);
        } else {
            Known key;
            int slot;
            item = shared_get(&seen, &found, &key, &slot);
            if (item == NULL) {
                item = found_dict(&found);
                if (item == NULL) goto fail;
                if (slot >= 0) {
                    key.dict = item;
                    seen.known[seen.n_known] = key;
                    seen.slots[slot] = seen.n_known++;
                }
            }
        }
        PyList_SET_ITEM(out, r, item);
    }
    shared_free(&seen);
    PyMem_Free(h.memo);
    for (i = 0; i <= N_FANS; i++) Py_XDECREF(wait_dicts[i]);
    return out;
fail:
    shared_free(&seen);
    PyMem_Free(h.memo);
    for (i = 0; i <= N_FANS; i++) Py_XDECREF(wait_dicts[i]);
    Py_DECREF(out);
    return NULL;
}

/* read_hand(text) -> (the tiles sorted, their 34 counts as a list) or None: parse.plain_tiles'
 * notation (ranks, then their suit letter: 1-9 before m, p or s, 1-7 before z; nothing else,
 * nothing empty), for the quick parse. */
static PyObject *f_read_hand(PyObject *self, PyObject *text) {
    Py_ssize_t len, i, n = 0;
    int counts[NUM_KINDS], t;
    if (!PyUnicode_CheckExact(text)) Py_RETURN_NONE;
    len = PyUnicode_GET_LENGTH(text);
    memset(counts, 0, sizeof counts);
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t start = 0;
    while (start < len) {
        Py_ssize_t end = start;
        while (end < len) {
            Py_UCS4 ch = PyUnicode_READ(kind, data, end);
            if (ch < '0' || ch > '9') break;
            end++;
        }
        if (end == start || end == len) Py_RETURN_NONE;
        int base, top;
        switch (PyUnicode_READ(kind, data, end)) {
        case 'm': base = 0; top = 9; break;
        case 'p': base = 9; top = 9; break;
        case 's': base = 18; top = 9; break;
        case 'z': base = 27; top = 7; break;
        default: Py_RETURN_NONE;
        }
        for (i = start; i < end; i++) {
            int r = (int)PyUnicode_READ(kind, data, i) - '0';
            if (r < 1 || r > top) Py_RETURN_NONE;
            counts[base + r - 1]++;
            n++;
        }
        start = end + 1;
    }
    if (n == 0) Py_RETURN_NONE;
    PyObject *tiles = PyTuple_New(n), *list = PyList_New(NUM_KINDS);
    if (tiles == NULL || list == NULL) { Py_XDECREF(tiles); Py_XDECREF(list); return NULL; }
    Py_ssize_t k = 0;
    for (t = 0; t < NUM_KINDS; t++) {
        PyObject *c = PyLong_FromLong(counts[t]), *kind_obj = PyLong_FromLong(t);
        if (c == NULL || kind_obj == NULL) { Py_XDECREF(c); Py_XDECREF(kind_obj); goto fail; }
        PyList_SET_ITEM(list, t, c);
        for (i = 0; i < counts[t]; i++) {
            Py_INCREF(kind_obj);
            PyTuple_SET_ITEM(tiles, k++, kind_obj);
        }
        Py_DECREF(kind_obj);
    }
    return Py_BuildValue("(NN)", tiles, list);
fail:
    Py_DECREF(tiles);
    Py_DECREF(list);
    return NULL;
}

static PyObject *f_fan_ids(PyObject *self, PyObject *unused) {
    PyObject *out = PyTuple_New(N_FANS);
    int f;
    if (out == NULL) return NULL;
    for (f = 0; f < N_FANS; f++) {
        Py_INCREF(NAMES[f]);
        PyTuple_SET_ITEM(out, f, NAMES[f]);
    }
    return out;
}

static PyMethodDef methods[] = {
    {"fan_ids", f_fan_ids, METH_NOARGS, "fan_ids() -> the fan ids best() can find, in the order setup() reads"},
    {"setup", f_setup, METH_VARARGS,
     "setup(enabled, blocks, points, excludes, has_fallback, fallback, split, four_fully, last_from_melds, formal,"
     " special_fully, hog_with_pure)"
     " -> one ruleset's table"},
    {"heads", f_heads, METH_VARARGS,
     "heads(table, melds, flags, readings[, waits]) -> [the head checks' fans of each reading, or None]; "
     "waits, a list, gets each reading's guobiao.waits fans (or None)"},
    {"read_hand", f_read_hand, METH_O, "read_hand(text) -> (the tiles sorted, 34 counts) or None"},
    {"best", f_best, METH_VARARGS,
     "best(table, counts, melds, flags, readings) -> (best total, ((reading index, fans), ...))"},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fans",
    "Guobiao's fast path, compiled (plugins/mahjong_guobiao/fastpath/compiled.py).", -1, methods
};

PyMODINIT_FUNC PyInit__fans(void) {
    int f;
    make_masks();
    S_SHAPE = PyUnicode_InternFromString("shape");
    S_GROUPS = PyUnicode_InternFromString("groups");
    S_TILES = PyUnicode_InternFromString("tiles");
    if (S_SHAPE == NULL || S_GROUPS == NULL || S_TILES == NULL) return NULL;
    for (f = 0; f < N_FANS; f++) {
        NAMES[f] = PyUnicode_InternFromString(FAN_IDS[f]);
        if (NAMES[f] == NULL) return NULL;
    }
    if ((ONE = PyLong_FromLong(1)) == NULL) return NULL;
    return PyModule_Create(&module);
}
