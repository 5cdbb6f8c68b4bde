/* The optional native kernel of hearts.sim: whole hands of random play, the expert's playouts, numbered deals.
 *
 * Everything here mirrors pure-Python code that stays the reference:
 *   random_hands(...)  == hearts.sim._random_hands_python (same Mersenne Twister draws as random.Random)
 *   playout(...)       == hearts.bots.expert._continue / playout (the rollout policy, card for card)
 *   stable_words(...), stable_shuffle(...) == hearts.deal.StableRandom's bits64() and shuffle() (SHA-256)
 * tests/test_sim.py checks both pairs for exact equality, and the Python side against HandState.
 *
 * Cards are ints 0..51 (suit * 13 + rank - 2; suits clubs, diamonds, spades, hearts); sets of cards are
 * 64-bit masks. No allocation happens in the hot loops; nothing here keeps state between calls.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t u64;

#define CLUBS 0x1FFFULL
#define SUIT(s) (CLUBS << (13 * (s)))
#define HEARTS SUIT(3)
#define QS 36
#define QS_BIT (1ULL << QS)
#define AS_KS ((1ULL << 37) | (1ULL << 38))
#define JD 22
#define PENALTY (HEARTS | QS_BIT)
#define MOON_WATCH 4
#define MAX_PLAYERS 7

static inline int low_card(u64 m) { return __builtin_ctzll(m); }
static inline int high_card(u64 m) { return 63 - __builtin_clzll(m); }
static inline int count(u64 m) { return __builtin_popcountll(m); }
static inline u64 below(int c) { return c >= 64 ? ~0ULL : ((1ULL << c) - 1); }

/* ---------------------------------------------------------------------------------------------------
 * Mersenne Twister MT19937 with CPython's seeding of an int and its random() (53-bit float), so that
 * the kernel draws exactly the numbers random.Random(seed).random() gives.
 * ------------------------------------------------------------------------------------------------- */
#define MT_N 624
#define MT_M 397

typedef struct {
    uint32_t mt[MT_N];
    int mti;
} MT;

static void mt_init_genrand(MT *r, uint32_t s) {
    r->mt[0] = s;
    for (int i = 1; i < MT_N; i++) {
        r->mt[i] = 1812433253U * (r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) + (uint32_t)i;
    }
    r->mti = MT_N;
}

static void mt_init_by_array(MT *r, const uint32_t *key, int len) {
    mt_init_genrand(r, 19650218U);
    int i = 1, j = 0;
    for (int k = MT_N > len ? MT_N : len; k; k--) {
        r->mt[i] = (r->mt[i] ^ ((r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            r->mt[0] = r->mt[MT_N - 1];
            i = 1;
        }
        if (j >= len) j = 0;
    }
    for (int k = MT_N - 1; k; k--) {
        r->mt[i] = (r->mt[i] ^ ((r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            r->mt[0] = r->mt[MT_N - 1];
            i = 1;
        }
    }
    r->mt[0] = 0x80000000U;
}

/* random.Random(seed) for a non-negative seed below 2**64: the key is the seed's 32-bit words, low first. */
static void mt_seed(MT *r, u64 seed) {
    uint32_t key[2] = {(uint32_t)(seed & 0xFFFFFFFFU), (uint32_t)(seed >> 32)};
    mt_init_by_array(r, key, key[1] ? 2 : 1);
}

static uint32_t mt_next(MT *r) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t y;
    if (r->mti >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (r->mt[kk] & 0x80000000U) | (r->mt[kk + 1] & 0x7fffffffU);
            r->mt[kk] = r->mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (r->mt[kk] & 0x80000000U) | (r->mt[kk + 1] & 0x7fffffffU);
            r->mt[kk] = r->mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        y = (r->mt[MT_N - 1] & 0x80000000U) | (r->mt[0] & 0x7fffffffU);
        r->mt[MT_N - 1] = r->mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
        r->mti = 0;
    }
    y = r->mt[r->mti++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

static inline double mt_random(MT *r) {
    uint32_t a = mt_next(r) >> 5, b = mt_next(r) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

/* A uniformly random card of a non-empty mask: int(random() * count) lowest cards are skipped; a single
 * card draws nothing. */
static inline int random_card(MT *r, u64 mask) {
    if (!(mask & (mask - 1))) return low_card(mask);
    int k = (int)(mt_random(r) * count(mask));
    while (k--) mask &= mask - 1;
    return low_card(mask);
}

/* ---------------------------------------------------------------------------------------------------
 * The rules, on masks (hearts/rules.py is the reference: legal_mask, trick_winner, points_of, moon).
 * ------------------------------------------------------------------------------------------------- */
typedef struct {
    int n;             /* players */
    int tricks;        /* tricks in a hand (hand size) */
    int first_lead;    /* the card that opens the hand */
    u64 deck;          /* cards in play */
    u64 breakers;      /* cards that break hearts */
    int jd;            /* J♦ is worth -10 */
    int moon;          /* 0: add 26 to the others; 1: subtract 26 from the shooter; 2: shooter's choice (drawn) */
} Rules;

static inline u64 legal_mask(u64 hand, int led, int first_trick, int broken, const Rules *rl) {
    if (led >= 0) {
        u64 same = hand & SUIT(led);
        if (same) return same;
        if (first_trick) {
            u64 safe = hand & ~PENALTY;
            if (safe) return safe;
        }
        return hand;
    }
    if (first_trick) {
        u64 first = 1ULL << rl->first_lead;
        if (hand & first) return first;
    }
    if (!broken) {
        u64 rest = hand & ~HEARTS;
        if (rest) return rest;
    }
    return hand;
}

/* Index in play order of the winning card of a complete trick: the highest card of the led suit. */
static inline int trick_winner(const int *trick, int len, u64 *mask_out) {
    u64 mask = 0;
    for (int i = 0; i < len; i++) mask |= 1ULL << trick[i];
    int best = high_card(mask & SUIT(trick[0] / 13));
    *mask_out = mask;
    for (int i = 0; i < len; i++)
        if (trick[i] == best) return i;
    return 0;
}

static inline int points_of(u64 m, const Rules *rl) {
    int p = count(m & HEARTS);
    if (m & QS_BIT) p += 13;
    if (rl->jd && (m >> JD & 1)) p -= 10;
    return p;
}

/* Scores after any moon: a shooter whose bit is set in `subtract` takes 26 off itself, any other adds 26 to the
 * others. */
static void score_hand(const u64 *taken, const Rules *rl, int subtract, int *scores) {
    for (int s = 0; s < rl->n; s++) scores[s] = points_of(taken[s], rl);
    for (int s = 0; s < rl->n; s++) {
        if ((taken[s] & PENALTY) == PENALTY) {
            scores[s] -= 26;
            if (!(subtract >> s & 1)) {
                for (int o = 0; o < rl->n; o++)
                    if (o != s) scores[o] += 26;
            } else {
                scores[s] -= 26;
            }
            return;
        }
    }
}

/* ---------------------------------------------------------------------------------------------------
 * Whole hands of random legal play.
 * ------------------------------------------------------------------------------------------------- */
static void random_hand(MT *r, const Rules *rl, int offset, int *scores, unsigned char *rec) {
    int n = rl->n, hs = rl->tricks, size = n * hs;
    /* The deal: one random 32-bit key per card (all 52, in card order), the deck sorted by key as Python's stable
     * sorted() does (equal keys keep card order): cards go to 64 buckets by key, in card order, then a stable
     * insertion sort, which has almost nothing left to move. */
    uint32_t key[52];
    for (int c = 0; c < 52; c++) key[c] = mt_next(r); /* random.getrandbits(32) */
    int head[64], next[52], tail[64];
    for (int b = 0; b < 64; b++) head[b] = -1;
    for (int c = 0; c < 52; c++) {
        if (!(rl->deck >> c & 1)) continue;
        int b = (int)(key[c] >> 26);
        next[c] = -1;
        if (head[b] < 0) head[b] = c;
        else next[tail[b]] = c;
        tail[b] = c;
    }
    int deck[52];
    int k = 0;
    for (int b = 0; b < 64; b++) {
        for (int c = head[b]; c >= 0; c = next[c]) {
            int j = k++;
            while (j > 0 && key[deck[j - 1]] > key[c]) {
                deck[j] = deck[j - 1];
                j--;
            }
            deck[j] = c;
        }
    }
    u64 hands[MAX_PLAYERS] = {0}, taken[MAX_PLAYERS] = {0};
    for (int i = 0; i < size; i++) hands[i / hs] |= 1ULL << deck[i];
    if (rec) {
        for (int i = 0; i < size; i++) *rec++ = (unsigned char)deck[i];
    }
    if (offset) {
        /* Each seat passes the first 3 cards it was dealt: a uniformly random 3, drawing nothing. */
        u64 passes[MAX_PLAYERS];
        for (int s = 0; s < n; s++) {
            passes[s] = (1ULL << deck[s * hs]) | (1ULL << deck[s * hs + 1]) | (1ULL << deck[s * hs + 2]);
            if (rec) {
                for (int q = 0; q < 3; q++) *rec++ = (unsigned char)deck[s * hs + q];
            }
        }
        for (int s = 0; s < n; s++) hands[s] &= ~passes[s];
        for (int s = 0; s < n; s++) hands[(s + offset) % n] |= passes[s];
    } else if (rec) {
        memset(rec, 0xFF, (size_t)(3 * n));
        rec += 3 * n;
    }
    int leader = 0;
    for (int s = 0; s < n; s++)
        if (hands[s] >> rl->first_lead & 1) leader = s;
    int broken = 0;
    int trick[MAX_PLAYERS];
    for (int t = 0; t < hs; t++) {
        int led = -1;
        int seat = leader;
        for (int p = 0; p < n; p++, seat = seat + 1 == n ? 0 : seat + 1) {
            u64 legal = legal_mask(hands[seat], led, t == 0, broken, rl);
            int c = random_card(r, legal);
            u64 bit = 1ULL << c;
            hands[seat] ^= bit;
            if (led < 0) led = c / 13;
            if (bit & rl->breakers) broken = 1;
            trick[p] = c;
            if (rec) *rec++ = (unsigned char)c;
        }
        u64 mask;
        int wi = trick_winner(trick, n, &mask);
        leader = (leader + wi) % n;
        taken[leader] |= mask;
    }
    int mode = rl->moon;
    int shot = 0;
    for (int s = 0; s < n; s++)
        if ((taken[s] & PENALTY) == PENALTY) shot = 1;
    if (mode == 2) mode = shot ? (mt_random(r) < 0.5 ? 0 : 1) : 0;
    if (rec) *rec++ = shot ? (unsigned char)mode : 0xFF;
    score_hand(taken, rl, mode ? 0x7F : 0, scores);
}

static int parse_rules(PyObject *args_rules, Rules *rl) {
    unsigned long long deck, breakers;
    if (!PyArg_ParseTuple(args_rules, "iiiKKii", &rl->n, &rl->tricks, &rl->first_lead, &deck, &breakers, &rl->jd,
                          &rl->moon))
        return 0;
    rl->deck = deck;
    rl->breakers = breakers;
    if (rl->n < 3 || rl->n > MAX_PLAYERS || rl->tricks * rl->n != count(rl->deck) || rl->first_lead < 0 ||
        rl->first_lead > 51 || rl->moon < 0 || rl->moon > 2) {
        PyErr_SetString(PyExc_ValueError, "the kernel's rules tuple is inconsistent");
        return 0;
    }
    return 1;
}

static PyObject *k_random_hands(PyObject *self, PyObject *args) {
    (void)self;
    Py_ssize_t hands;
    unsigned long long seed;
    PyObject *rules_tuple;
    const char *offsets;
    Py_ssize_t n_offsets;
    int trace;
    if (!PyArg_ParseTuple(args, "nKO!y#p", &hands, &seed, &PyTuple_Type, &rules_tuple, &offsets, &n_offsets, &trace))
        return NULL;
    Rules rl;
    if (!parse_rules(rules_tuple, &rl)) return NULL;
    if (hands < 0 || n_offsets < 1) {
        PyErr_SetString(PyExc_ValueError, "hands must be >= 0 and the pass cycle non-empty");
        return NULL;
    }
    int n = rl.n, size = rl.n * rl.tricks;
    Py_ssize_t rec_len = size + 3 * n + size + 1;
    PyObject *scores = PyBytes_FromStringAndSize(NULL, hands * n * (Py_ssize_t)sizeof(int32_t));
    if (!scores) return NULL;
    PyObject *record = NULL;
    if (trace) {
        record = PyBytes_FromStringAndSize(NULL, hands * rec_len);
        if (!record) {
            Py_DECREF(scores);
            return NULL;
        }
    }
    int32_t *out = (int32_t *)PyBytes_AS_STRING(scores);
    unsigned char *rec = record ? (unsigned char *)PyBytes_AS_STRING(record) : NULL;
    MT r;
    mt_seed(&r, seed);
    int sc[MAX_PLAYERS];
    Py_BEGIN_ALLOW_THREADS;
    for (Py_ssize_t i = 0; i < hands; i++) {
        random_hand(&r, &rl, (unsigned char)offsets[i % n_offsets], sc, rec ? rec + i * rec_len : NULL);
        for (int s = 0; s < n; s++) out[i * n + s] = sc[s];
    }
    Py_END_ALLOW_THREADS;
    if (!record) return Py_BuildValue("(NO)", scores, Py_None);
    return Py_BuildValue("(NN)", scores, record);
}

static PyObject *k_random_floats(PyObject *self, PyObject *args) {
    (void)self;
    unsigned long long seed;
    Py_ssize_t k;
    if (!PyArg_ParseTuple(args, "Kn", &seed, &k)) return NULL;
    if (k < 0) {
        PyErr_SetString(PyExc_ValueError, "k must be >= 0");
        return NULL;
    }
    MT r;
    mt_seed(&r, seed);
    PyObject *out = PyList_New(k);
    if (!out) return NULL;
    for (Py_ssize_t i = 0; i < k; i++) {
        PyObject *f = PyFloat_FromDouble(mt_random(&r));
        if (!f) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, f);
    }
    return out;
}

/* ---------------------------------------------------------------------------------------------------
 * The expert's rollout policy (hearts/bots/expert.py: rollout_choice, _moon_choice, moon_threat) and
 * its playout from any position.
 * ------------------------------------------------------------------------------------------------- */
static int lowest_rank(u64 m) {
    int best = -1, br = 99;
    for (int s = 0; s < 4; s++) {
        u64 x = m & SUIT(s);
        if (x) {
            int c = low_card(x), rk = c - 13 * s;
            if (rk < br) {
                best = c;
                br = rk;
            }
        }
    }
    return best;
}

/* Highest-ranked card of m; ties go to the suit the hand holds fewest of. */
static int highest_rank(u64 m, u64 hand) {
    int best = -1, k1 = -1, k2 = 0;
    for (int s = 0; s < 4; s++) {
        u64 x = m & SUIT(s);
        if (x) {
            int c = high_card(x), a = c - 13 * s, b = -count(hand & SUIT(s));
            if (a > k1 || (a == k1 && b > k2)) {
                best = c;
                k1 = a;
                k2 = b;
            }
        }
    }
    return best;
}

static int moon_threat(const u64 *taken, int n) {
    int who = -1;
    for (int s = 0; s < n; s++) {
        if (taken[s] & PENALTY) {
            if (who >= 0) return -1;
            who = s;
        }
    }
    if (who >= 0 && count(taken[who] & PENALTY) >= MOON_WATCH) return who;
    return -1;
}

static int moon_choice(u64 hand, u64 legal, const int *trick, int tlen, int led, int n, int seat, int leader,
                       int shooter) {
    if (seat == shooter) {
        if (tlen && !(hand & SUIT(led))) {
            u64 safe = legal & ~PENALTY;
            return lowest_rank(safe ? safe : legal);
        }
        return highest_rank(legal, hand);
    }
    int win = -1, wi = 0;
    for (int i = 0; i < tlen; i++) {
        if (trick[i] / 13 == led && trick[i] > win) {
            win = trick[i];
            wi = i;
        }
    }
    int pos = ((shooter - leader) % n + n) % n;
    int shooter_winning = tlen > 0 && (leader + wi) % n == shooter;
    int shooter_to_come = pos > tlen;
    if (!tlen) {
        u64 m = legal & ~HEARTS;
        return highest_rank(m ? m : legal, hand);
    }
    if (hand & SUIT(led)) {
        u64 over = legal & ~below(win + 1);
        if (over && (shooter_winning || shooter_to_come)) return high_card(over);
        return low_card(legal);
    }
    if (shooter_winning || shooter_to_come) {
        u64 safe = legal & ~PENALTY;
        return safe ? highest_rank(safe, hand) : low_card(legal);
    }
    if (legal & QS_BIT) return QS;
    u64 h = legal & HEARTS;
    return h ? high_card(h) : highest_rank(legal, hand);
}

static int rollout_choice(u64 hand, u64 legal, const int *trick, int tlen, int led, int n, int qs_out, int seat,
                          int leader, int shooter) {
    if (!(legal & (legal - 1))) return high_card(legal);
    if (shooter >= 0) return moon_choice(hand, legal, trick, tlen, led, n, seat, leader, shooter);
    if (!tlen) {
        u64 cand = legal;
        if (qs_out) {
            u64 safe = cand & ~(QS_BIT | AS_KS);
            if (safe) cand = safe;
        }
        return lowest_rank(cand);
    }
    if (hand & SUIT(led)) {
        int win = -1, dirty = 0;
        for (int i = 0; i < tlen; i++) {
            int c = trick[i];
            if (c / 13 == led && c > win) win = c;
            if (c >= 39 || c == QS) dirty = 1;
        }
        u64 b = legal & below(win);
        if (b) return high_card(b);
        if ((legal & QS_BIT) && legal != QS_BIT) legal &= ~QS_BIT;
        if (tlen == n - 1 || (!dirty && led != 3)) return high_card(legal);
        return low_card(legal);
    }
    if (legal & QS_BIT) return QS;
    if (qs_out && (legal & AS_KS)) return high_card(legal & AS_KS);
    u64 h = legal & HEARTS;
    if (h) return high_card(h);
    return highest_rank(legal, hand);
}

/* Play to the end of the hand by the rollout policy from a position whose trick may be complete. */
static void playout(u64 *hands, int *trick, int tlen, int leader, int tn, int broken, u64 *taken, const Rules *rl,
                    int subtract, int *scores) {
    int n = rl->n;
    if (tlen == n) {
        u64 mask;
        int wi = trick_winner(trick, n, &mask);
        leader = (leader + wi) % n;
        taken[leader] |= mask;
        tlen = 0;
        tn += 1;
    }
    u64 unplayed = 0;
    for (int s = 0; s < n; s++) unplayed |= hands[s];
    int qs_out = (unplayed & QS_BIT) != 0;
    int led = tlen ? trick[0] / 13 : -1;
    int seat = (leader + tlen) % n;
    int shooter = moon_threat(taken, n);
    while (tn < rl->tricks) {
        u64 hand = hands[seat];
        u64 legal = legal_mask(hand, led, tn == 0, broken, rl);
        int c = rollout_choice(hand, legal, trick, tlen, led, n, qs_out, seat, leader, shooter);
        u64 bit = 1ULL << c;
        hands[seat] = hand ^ bit;
        if (!tlen) led = c / 13;
        if (bit & rl->breakers) broken = 1;
        if (c == QS) qs_out = 0;
        trick[tlen++] = c;
        if (tlen < n) {
            seat = (seat + 1) % n;
            continue;
        }
        u64 mask;
        int wi = trick_winner(trick, n, &mask);
        int winner = (leader + wi) % n;
        taken[winner] |= mask;
        if (mask & PENALTY) shooter = moon_threat(taken, n);
        tlen = 0;
        led = -1;
        tn += 1;
        leader = seat = winner;
    }
    score_hand(taken, rl, subtract, scores);
}

static int read_masks(PyObject *seq, u64 *out, int want, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return 0;
    if (PySequence_Fast_GET_SIZE(fast) != want) {
        PyErr_Format(PyExc_ValueError, "%s must hold %d masks", what, want);
        Py_DECREF(fast);
        return 0;
    }
    for (int i = 0; i < want; i++) {
        out[i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (out[i] == (u64)-1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return 0;
        }
    }
    Py_DECREF(fast);
    return 1;
}

static PyObject *k_playout(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *hands_obj, *trick_obj, *taken_obj, *rules_tuple;
    int leader, tn, broken, subtract;
    if (!PyArg_ParseTuple(args, "OOiipOO!i", &hands_obj, &trick_obj, &leader, &tn, &broken, &taken_obj,
                          &PyTuple_Type, &rules_tuple, &subtract))
        return NULL;
    Rules rl;
    if (!parse_rules(rules_tuple, &rl)) return NULL;
    int n = rl.n;
    u64 hands[MAX_PLAYERS], taken[MAX_PLAYERS];
    if (!read_masks(hands_obj, hands, n, "hands") || !read_masks(taken_obj, taken, n, "taken")) return NULL;
    PyObject *tfast = PySequence_Fast(trick_obj, "trick");
    if (!tfast) return NULL;
    Py_ssize_t tlen = PySequence_Fast_GET_SIZE(tfast);
    if (tlen > n || leader < 0 || leader >= n || tn < 0 || tn >= rl.tricks || subtract < 0 || subtract >= 1 << n) {
        Py_DECREF(tfast);
        PyErr_SetString(PyExc_ValueError, "playout position out of range");
        return NULL;
    }
    int trick[MAX_PLAYERS];
    for (Py_ssize_t i = 0; i < tlen; i++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(tfast, i));
        if (c < 0 || c > 51) {
            Py_DECREF(tfast);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a trick card must be 0 to 51");
            return NULL;
        }
        trick[i] = (int)c;
    }
    Py_DECREF(tfast);
    int scores[MAX_PLAYERS];
    playout(hands, trick, (int)tlen, leader, tn, broken, taken, &rl, subtract, scores);
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int s = 0; s < n; s++) PyList_SET_ITEM(out, s, PyLong_FromLong(scores[s]));
    return out;
}

/* ---------------------------------------------------------------------------------------------------
 * hearts.deal.StableRandom: SHA-256 of key + "/" + counter, each digest read as four big-endian 64-bit
 * words in order. stable_words() gives the words; stable_shuffle() is StableRandom(key).shuffle(items)
 * (Fisher-Yates from the top, rejection sampling against 2**64 - 2**64 % n). SHA-256 as in FIPS 180-4.
 * ------------------------------------------------------------------------------------------------- */
static const uint32_t SHA_K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

static inline uint32_t ror32(uint32_t x, int r) { return (x >> r) | (x << (32 - r)); }

static void sha256_block(uint32_t h[8], const unsigned char *p) {
    uint32_t w[64];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = ror32(w[i - 15], 7) ^ ror32(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = ror32(w[i - 2], 17) ^ ror32(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
    for (int i = 0; i < 64; i++) {
        uint32_t t1 = k + (ror32(e, 6) ^ ror32(e, 11) ^ ror32(e, 25)) + ((e & f) ^ (~e & g)) + SHA_K[i] + w[i];
        uint32_t t2 = (ror32(a, 2) ^ ror32(a, 13) ^ ror32(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        k = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += k;
}

/* SHA-256 of msg[0..len); the four 64-bit words of the digest, big-endian, into out[0..4). */
static void sha256_words(const unsigned char *msg, size_t len, u64 out[4]) {
    uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    size_t i = 0;
    for (; i + 64 <= len; i += 64) sha256_block(h, msg + i);
    unsigned char tail[128];
    size_t rest = len - i;
    memcpy(tail, msg + i, rest);
    tail[rest] = 0x80;
    size_t padded = rest + 9 <= 64 ? 64 : 128;
    memset(tail + rest + 1, 0, padded - rest - 1);
    u64 bits = (u64)len * 8;
    for (int j = 0; j < 8; j++) tail[padded - 1 - j] = (unsigned char)(bits >> (8 * j));
    sha256_block(h, tail);
    if (padded == 128) sha256_block(h, tail + 64);
    for (int j = 0; j < 4; j++) out[j] = (u64)h[2 * j] << 32 | h[2 * j + 1];
}

typedef struct {
    unsigned char *buf; /* key + "/" + room for the counter's digits */
    size_t keylen;      /* bytes of key + "/" */
    u64 counter;
    u64 pool[4];
    int left; /* words of pool not yet used, taken from pool[4 - left] */
} stable_rng;

static u64 stable_next(stable_rng *r) {
    if (!r->left) {
        char digits[24];
        int nd = snprintf(digits, sizeof digits, "%llu", (unsigned long long)r->counter);
        memcpy(r->buf + r->keylen, digits, (size_t)nd);
        sha256_words(r->buf, r->keylen + (size_t)nd, r->pool);
        r->counter++;
        r->left = 4;
    }
    return r->pool[4 - r->left--];
}

/* A stable_rng over the bytes of key; its buffer is freed by the caller (PyMem_Free(r->buf)). */
static int stable_init(stable_rng *r, PyObject *key) {
    char *data;
    Py_ssize_t len;
    if (PyBytes_AsStringAndSize(key, &data, &len) < 0) return -1;
    r->buf = PyMem_Malloc((size_t)len + 1 + 24);
    if (!r->buf) {
        PyErr_NoMemory();
        return -1;
    }
    memcpy(r->buf, data, (size_t)len);
    r->buf[len] = '/';
    r->keylen = (size_t)len + 1;
    r->counter = 0;
    r->left = 0;
    return 0;
}

static PyObject *k_stable_words(PyObject *self, PyObject *args) {
    PyObject *key;
    Py_ssize_t k;
    if (!PyArg_ParseTuple(args, "O!n", &PyBytes_Type, &key, &k)) return NULL;
    if (k < 0) {
        PyErr_SetString(PyExc_ValueError, "count must be 0 or more");
        return NULL;
    }
    stable_rng r;
    if (stable_init(&r, key) < 0) return NULL;
    PyObject *out = PyList_New(k);
    for (Py_ssize_t i = 0; out && i < k; i++) {
        PyObject *w = PyLong_FromUnsignedLongLong(stable_next(&r));
        if (!w) Py_CLEAR(out);
        else PyList_SET_ITEM(out, i, w);
    }
    PyMem_Free(r.buf);
    return out;
}

static PyObject *k_stable_shuffle(PyObject *self, PyObject *args) {
    PyObject *key, *items;
    if (!PyArg_ParseTuple(args, "O!O!", &PyBytes_Type, &key, &PyList_Type, &items)) return NULL;
    stable_rng r;
    if (stable_init(&r, key) < 0) return NULL;
    PyObject **v = ((PyListObject *)items)->ob_item;
    for (Py_ssize_t i = PyList_GET_SIZE(items) - 1; i > 0; i--) {
        u64 n = (u64)i + 1;
        /* The limit 2**64 - 2**64 % n in 64-bit arithmetic (2**64 % n == (2**64 - n) % n); 0 stands for
         * 2**64, when every draw is accepted. */
        u64 limit = 0 - ((0 - n) % n);
        u64 x;
        do x = stable_next(&r);
        while (limit && x >= limit);
        Py_ssize_t j = (Py_ssize_t)(x % n);
        PyObject *t = v[i];
        v[i] = v[j];
        v[j] = t;
    }
    PyMem_Free(r.buf);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"random_hands", k_random_hands, METH_VARARGS,
     "random_hands(hands, seed, rules, pass_offsets, trace) -> (int32 scores bytes, record bytes or None)"},
    {"random_floats", k_random_floats, METH_VARARGS,
     "random_floats(seed, k) -> the first k numbers of random.Random(seed).random()"},
    {"playout", k_playout, METH_VARARGS,
     "playout(hands, trick, leader, trick_number, hearts_broken, taken, rules, subtract_seats) -> scores"},
    {"stable_words", k_stable_words, METH_VARARGS,
     "stable_words(key, k) -> the first k numbers of hearts.deal.StableRandom(key).bits64()"},
    {"stable_shuffle", k_stable_shuffle, METH_VARARGS,
     "stable_shuffle(key, items) -> None: StableRandom(key).shuffle(items), in place"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "hearts._kernel",
                                    "Native kernel of hearts.sim (optional; the pure-Python path is the reference).",
                                    -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__kernel(void) { return PyModule_Create(&module); }
