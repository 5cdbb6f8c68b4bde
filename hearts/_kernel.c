/* The optional native kernel of hearts.sim: whole hands of random play, the expert's playouts, numbered deals.
 *
 * Everything here mirrors pure-Python code that stays the reference:
 *   random_hands(...)  == hearts.sim._random_hands_python (same Mersenne Twister draws as random.Random)
 *   playout(...)       == hearts.bots.expert._continue / playout (the rollout policy, card for card)
 *   stable_words(...), stable_shuffle(...) == hearts.deal.StableRandom's bits64() and shuffle() (SHA-256)
 *   play_tricks(...)   == hearts.selfplay._play_tricks_python, and its rule_play == RuleBot.decide_play
 *   sample_worlds(...), playouts(...), pass_playouts(...) == the expert's sampler and playouts, in batches
 * tests/test_sim.py, tests/test_selfplay_lean.py, tests/test_rule_bot_native.py and tests/test_expert_native.py
 * check each pair for exact equality, and the Python side against HandState.
 *
 * Cards are ints 0..51 (suit * 13 + rank - 2; suits clubs, diamonds, spades, hearts); sets of cards are
 * 64-bit masks. No allocation happens in the hot loops; nothing here keeps state between calls.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
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
#define MOON_WATCH 3
#define EARLY_TRICKS 3
#define TOP_SPADES (QS_BIT | AS_KS)
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
    if (who >= 0 && (taken[who] & QS_BIT) && count(taken[who] & HEARTS) >= MOON_WATCH) return who;
    return -1;
}

/* The seat going for the moon: win every trick, keep the point cards when it cannot. */
static int moon_choice(u64 hand, u64 legal, int tlen, int led) {
    if (tlen && !(hand & SUIT(led))) {
        u64 safe = legal & ~PENALTY;
        return lowest_rank(safe ? safe : legal);
    }
    return highest_rank(legal, hand);
}

/* The card of m most likely to win a trick later: highest rank; on ties hearts, then the shorter suit. Q♠ is left
 * out while m holds anything else. */
static int most_dangerous(u64 m, u64 hand) {
    u64 pool = (m & ~QS_BIT) ? (m & ~QS_BIT) : m;
    int best = -1, key = -1;
    for (int s = 3; s >= 0; s--) {
        u64 x = pool & SUIT(s);
        if (x) {
            int c = high_card(x);
            int k = ((c - 13 * s) << 5) + ((s == 3) << 4) + 15 - count(hand & SUIT(s));
            if (k > key) {
                best = c;
                key = k;
            }
        }
    }
    return best;
}

/* hearts.bots.rule_bot.lead_pick, shared by the rule bot and the rollouts: each suit's lowest legal card is scored;
 * *pick is the lead, *plain the lead had no suit of `avoid` (bit suit) been avoided. */
static void lead_pick(u64 hand, u64 legal, u64 unseen, int avoid, int flush, int *pick, int *plain) {
    u64 penalty_out = unseen & PENALTY, queen_out = unseen & QS_BIT;
    long long best = -(1LL << 60), best_plain = -(1LL << 60);
    *pick = *plain = -1;
    for (int suit = 0; suit < 4; suit++) {
        u64 m = legal & SUIT(suit);
        if (!m) continue;
        int c = low_card(m);
        u64 out = unseen & SUIT(suit);
        int higher = count(out >> (c + 1));
        long long score;
        if (higher)
            score = 1000 + higher * 1000 / count(out) + 100 * (higher < 6 ? higher : 6) + (suit == 3 ? 200 : 0);
        else
            score = penalty_out ? -500 : 500;
        if (suit == 2 && ((hand & QS_BIT) || (queen_out && c > QS))) score -= 3000;
        long long key = score * 1024 + (13 - count(m)) * 64 + 63 - c;
        if (key > best_plain) {
            best_plain = key;
            *plain = c;
        }
        if (flush && suit == 2)
            key += 4000LL * 1024;
        else if (avoid >> suit & 1)
            key -= 2000LL * 1024;
        if (key > best) {
            best = key;
            *pick = c;
        }
    }
}

static int lead_choice(u64 hand, u64 legal, u64 unseen, int seat, const int *voids, int n) {
    int avoid = 0, pick, plain;
    if (unseen & PENALTY)
        for (int s = 0; s < n; s++)
            if (s != seat) avoid |= voids[s];
    lead_pick(hand, legal, unseen, avoid, (unseen & QS_BIT) && !(hand & TOP_SPADES), &pick, &plain);
    return pick;
}

static int rollout_choice(u64 hand, u64 legal, const int *trick, int tlen, int led, int n, u64 unseen, int seat,
                          int leader, int shooter, int tn, const int *voids) {
    if (!(legal & (legal - 1))) return high_card(legal);
    if (shooter >= 0 && shooter == seat) return moon_choice(hand, legal, tlen, led);
    if (!tlen) {
        if (shooter >= 0 && (legal & HEARTS)) { /* stop a moon: lead a heart nobody can beat */
            int top = high_card(legal & HEARTS);
            if (!(unseen & HEARTS & ~below(top + 1))) return top;
        }
        return lead_choice(hand, legal, unseen, seat, voids, n);
    }
    if (hand & SUIT(led)) {
        if (tn == 0) return high_card(legal);
        int win = -1, dirty = 0;
        for (int i = 0; i < tlen; i++) {
            int c = trick[i];
            if (c / 13 == led && c > win) win = c;
            if (c >= 39 || c == QS) dirty = 1;
        }
        u64 b = legal & below(win);
        int remaining = n - tlen - 1;
        int late = 0, s = seat;
        for (int i = 0; i < remaining; i++) {
            s = s + 1 < n ? s + 1 : 0;
            late |= voids[s];
        }
        if (shooter >= 0 && (legal & ~b)) { /* stop a moon: take a trick that holds (or will) a heart */
            int hearts_in = 0;
            for (int i = 0; i < tlen; i++)
                if (trick[i] >= 39) hearts_in = 1;
            if (hearts_in || led == 3 || (late >> led & 1)) return high_card(legal & ~b);
        }
        if (remaining && !dirty && tn <= EARLY_TRICKS && led != 3) {
            if (!(late >> led & 1) && !(led == 2 && (unseen & QS_BIT)) && (legal & ~QS_BIT))
                return high_card(legal & ~QS_BIT);
        }
        if (b) {
            u64 above = legal & ~b & ~QS_BIT;
            if (!remaining && !dirty && above) return high_card(above);
            return high_card(b);
        }
        u64 safe = (legal & ~QS_BIT) ? (legal & ~QS_BIT) : legal;
        if (!remaining) return high_card(safe);
        int low = low_card(safe);
        if (!(unseen & SUIT(led) & ~below(low + 1))) return high_card(safe);
        return low;
    }
    if (tn == 0) return most_dangerous(legal, hand);
    if (shooter >= 0) { /* stop a moon: hearts to a third player, none to the shooter */
        int win = -1, wi = 0;
        for (int i = 0; i < tlen; i++) {
            if (trick[i] / 13 == led && trick[i] > win) {
                win = trick[i];
                wi = i;
            }
        }
        int shooter_winning = (leader + wi) % n == shooter;
        u64 h = legal & HEARTS;
        if (!shooter_winning && h) return high_card(h);
        if (shooter_winning && (legal & ~HEARTS)) legal &= ~HEARTS;
    }
    if (legal & QS_BIT) return QS;
    if ((unseen & QS_BIT) && (legal & AS_KS)) return high_card(legal & AS_KS);
    return most_dangerous(legal, hand);
}

/* Play to the end of the hand by the rollout policy from a position whose trick may be complete; voids[s] are the
 * suits seat s has shown out of (bit suit), counting the cards in the trick. */
static void playout(u64 *hands, int *trick, int tlen, int leader, int tn, int broken, u64 *taken, const Rules *rl,
                    int subtract, int *voids, int *scores) {
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
    int led = tlen ? trick[0] / 13 : -1;
    int seat = (leader + tlen) % n;
    int shooter = moon_threat(taken, n);
    while (tn < rl->tricks) {
        u64 hand = hands[seat];
        u64 legal = legal_mask(hand, led, tn == 0, broken, rl);
        int c = rollout_choice(hand, legal, trick, tlen, led, n, unplayed & ~hand, seat, leader, shooter, tn, voids);
        u64 bit = 1ULL << c;
        hands[seat] = hand ^ bit;
        unplayed ^= bit;
        if (!tlen)
            led = c / 13;
        else if (c / 13 != led)
            voids[seat] |= 1 << led;
        if (bit & rl->breakers) broken = 1;
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

/* How many cards each seat holds in trick tn once tlen cards of it are played from leader on. */
static void cards_left(const Rules *rl, int leader, int tn, int tlen, int *need) {
    for (int s = 0; s < rl->n; s++) need[s] = rl->tricks - tn;
    for (int i = 0; i < tlen; i++) need[(leader + i) % rl->n] -= 1;
}

static int read_masks(PyObject *seq, u64 *out, int want, const char *what) {
    PyObject *fast = PySequence_Tuple(seq);
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
    PyObject *hands_obj, *trick_obj, *taken_obj, *rules_tuple, *voids_obj;
    int leader, tn, broken, subtract;
    if (!PyArg_ParseTuple(args, "OOiipOO!iO", &hands_obj, &trick_obj, &leader, &tn, &broken, &taken_obj,
                          &PyTuple_Type, &rules_tuple, &subtract, &voids_obj))
        return NULL;
    Rules rl;
    if (!parse_rules(rules_tuple, &rl)) return NULL;
    int n = rl.n;
    u64 hands[MAX_PLAYERS], taken[MAX_PLAYERS], void_masks[MAX_PLAYERS];
    if (!read_masks(hands_obj, hands, n, "hands") || !read_masks(taken_obj, taken, n, "taken") ||
        !read_masks(voids_obj, void_masks, n, "voids"))
        return NULL;
    int voids[MAX_PLAYERS];
    for (int s = 0; s < n; s++) voids[s] = (int)(void_masks[s] & 0xF);
    PyObject *tfast = PySequence_Tuple(trick_obj);
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
    int need[MAX_PLAYERS];
    cards_left(&rl, leader, tn, (int)tlen, need);
    for (int s = 0; s < n; s++) {
        if (count(hands[s]) != need[s]) {
            PyErr_SetString(PyExc_ValueError, "playout: the hands do not hold the cards the position leaves them");
            return NULL;
        }
    }
    int scores[MAX_PLAYERS];
    playout(hands, trick, (int)tlen, leader, tn, broken, taken, &rl, subtract, voids, scores);
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int s = 0; s < n; s++) PyList_SET_ITEM(out, s, PyLong_FromLong(scores[s]));
    return out;
}

/* The expert's inference (hearts.bots.expert.policy_misses is the reference): in each world, how many of the other
 * players' plays with a choice the rollout policy would not have made. plays: seats[i] played cards[i], in order,
 * from the hand's first trick (led by first_leader); a world's hands are as they are now. */
static int policy_misses(const int *seats, const int *cards, int k, int first_leader, const u64 *now, int me,
                         const Rules *rl) {
    int n = rl->n;
    u64 held[MAX_PLAYERS], taken[MAX_PLAYERS] = {0}, unplayed = 0;
    int voids[MAX_PLAYERS] = {0}, trick[MAX_PLAYERS];
    for (int s = 0; s < n; s++) held[s] = now[s];
    for (int i = 0; i < k; i++) held[seats[i]] |= 1ULL << cards[i];
    for (int s = 0; s < n; s++) unplayed |= held[s];
    int tlen = 0, led = -1, leader = first_leader, tn = 0, broken = 0, shooter = -1, misses = 0;
    for (int i = 0; i < k; i++) {
        int s = seats[i], c = cards[i];
        u64 hand = held[s];
        if (s != me) {
            u64 legal = legal_mask(hand, led, tn == 0, broken, rl);
            if (legal & (legal - 1))
                misses += rollout_choice(hand, legal, trick, tlen, led, n, unplayed & ~hand, s, leader, shooter, tn,
                                         voids) != c;
        }
        u64 bit = 1ULL << c;
        held[s] = hand ^ bit;
        unplayed ^= bit;
        if (!tlen)
            led = c / 13;
        else if (c / 13 != led)
            voids[s] |= 1 << led;
        if (bit & rl->breakers) broken = 1;
        trick[tlen++] = c;
        if (tlen == n) {
            u64 mask;
            int winner = (leader + trick_winner(trick, n, &mask)) % n;
            taken[winner] |= mask;
            if (mask & PENALTY) shooter = moon_threat(taken, n);
            tlen = 0;
            led = -1;
            tn += 1;
            leader = winner;
        }
    }
    return misses;
}

static PyObject *k_policy_misses(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *seats_obj, *cards_obj, *worlds_obj, *rules_tuple;
    int first_leader, me;
    if (!PyArg_ParseTuple(args, "OOiOiO!", &seats_obj, &cards_obj, &first_leader, &worlds_obj, &me, &PyTuple_Type,
                          &rules_tuple))
        return NULL;
    Rules rl;
    if (!parse_rules(rules_tuple, &rl)) return NULL;
    int n = rl.n, k = rl.n * rl.tricks;
    int seats[52], cards[52];
    PyObject *sf = PySequence_Tuple(seats_obj), *cf = sf ? PySequence_Tuple(cards_obj) : NULL;
    if (!cf) {
        Py_XDECREF(sf);
        return NULL;
    }
    Py_ssize_t len = PySequence_Fast_GET_SIZE(sf);
    int bad = len != PySequence_Fast_GET_SIZE(cf) || len > k || first_leader < 0 || first_leader >= n || me < 0 ||
              me >= n;
    u64 seen = 0;
    for (Py_ssize_t i = 0; !bad && i < len; i++) {
        long s = PyLong_AsLong(PySequence_Fast_GET_ITEM(sf, i));
        if ((bad = s == -1 && PyErr_Occurred())) break;
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(cf, i));
        bad = (c == -1 && PyErr_Occurred()) || s < 0 || s >= n || c < 0 || c > 51 || (seen >> c & 1) ||
              !(rl.deck >> c & 1);
        seats[i] = (int)s;
        cards[i] = (int)c;
        seen |= 1ULL << (c & 63);
    }
    Py_DECREF(sf);
    Py_DECREF(cf);
    if (bad) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "policy_misses: plays out of range");
        return NULL;
    }
    PyObject *wf = PySequence_Tuple(worlds_obj);
    if (!wf) return NULL;
    Py_ssize_t count_w = PySequence_Fast_GET_SIZE(wf);
    PyObject *out = PyList_New(count_w);
    for (Py_ssize_t w = 0; out && w < count_w; w++) {
        u64 now[MAX_PLAYERS];
        if (!read_masks(PySequence_Fast_GET_ITEM(wf, w), now, n, "hands")) {
            Py_CLEAR(out);
            break;
        }
        u64 all = seen;
        int overlap = 0;
        for (int q = 0; q < n; q++) {
            overlap |= (now[q] & all) != 0 || (now[q] & ~rl.deck) != 0;
            all |= now[q];
        }
        if (overlap) {
            PyErr_SetString(PyExc_ValueError, "policy_misses: a world's hands overlap each other or the plays");
            Py_CLEAR(out);
            break;
        }
        PyObject *v = PyLong_FromLong(policy_misses(seats, cards, (int)len, first_leader, now, me, &rl));
        if (!v) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, w, v);
    }
    Py_DECREF(wf);
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


/* ---------------------------------------------------------------------------------------------------
 * The rule bot's plays (hearts.bots.rule_bot.RuleBot.decide_play is the reference, reason for reason): the
 * self-play loop asks this for a seat whose bot is exactly a RuleBot, without building a view for it.
 * tests/test_rule_bot_native.py checks every decision against the Python bot, in every rules variant and tip set.
 * ------------------------------------------------------------------------------------------------- */
/* Reasons, in the order of RULE_REASONS (the names of hearts.bots.rule_bot's reasons); the last two carry a
 * value (the taker's points; the avoided suit), the others only their card. */
enum {
    R_ONLY_CARD, R_DUCK, R_EARLY_HIGH, R_EARLY_HIGH_KEEP_QUEEN, R_LAST_POINTLESS, R_FORCED_WIN_HIGH,
    R_SURE_WIN_HIGH, R_SURE_WIN_KEEP_QUEEN, R_LOWEST_OVER, R_LOWEST_OVER_KEEP_QUEEN, R_DISCARD_QUEEN,
    R_DISCARD_HIGH_SPADE, R_DISCARD_HIGH, R_DISCARD_HEART, R_LEAD_LOW, R_LEAD_FORCED, R_LEAD_NO_POINTS,
    R_DUMP_FIRST, R_FLUSH_QUEEN, R_QUEEN_DUMP, R_QUEEN_END_GAME, R_QUEEN_HOLD, R_QUEEN_HOLD_TARGET, R_MOON_LEAD,
    R_MOON_LEAD_LONG, R_MOON_WIN, R_MOON_LOW, R_MOON_DISCARD, R_STOP_MOON_TAKE, R_STOP_MOON_GIVE, R_STOP_MOON_LEAD,
    R_TAKE_JACK, R_EARLY_HIGH_KEEP_JACK, R_QUEEN_TO_LEADER, R_LEAD_VOID_AVOID, R_COUNT
};
static const char *RULE_REASONS[R_COUNT] = {
    "only_card", "duck", "early_high", "early_high_keep_queen", "last_pointless", "forced_win_high",
    "sure_win_high", "sure_win_keep_queen", "lowest_over", "lowest_over_keep_queen", "discard_queen",
    "discard_high_spade", "discard_high", "discard_heart", "lead_low", "lead_forced", "lead_no_points",
    "dump_first", "flush_queen", "queen_dump", "queen_end_game", "queen_hold", "queen_hold_target", "moon_lead",
    "moon_lead_long", "moon_win", "moon_low", "moon_discard", "stop_moon_take", "stop_moon_give", "stop_moon_lead",
    "take_jack", "early_high_keep_jack", "queen_to_leader", "lead_void_avoid"};
#define R_FIRST_VALUED R_QUEEN_TO_LEADER

/* The tips a play reads, in the order of RULE_TIPS (fields of hearts.bots.tips.Tips). */
enum {
    T_DUMP_HIGH_FIRST_TRICK, T_FLUSH_QUEEN, T_QUEEN_TO_LEADER, T_WATCH_VOIDS, T_SHOOT_MOON, T_STOP_MOON,
    T_HOLD_QUEEN_FOR_LEADER, T_STOP_MOON_DISCARDS, T_MOON_MIN_STRENGTH, T_STOP_MOON_HEARTS, T_COUNT
};
static const char *RULE_TIPS[T_COUNT] = {
    "dump_high_first_trick", "flush_queen", "queen_to_leader", "watch_voids", "shoot_moon", "stop_moon",
    "hold_queen_for_leader", "stop_moon_discards", "moon_min_strength", "stop_moon_hearts"};

typedef struct {
    const Rules *rl;
    const long *tips;        /* T_COUNT values */
    long long target;        /* rules.target_score */
    const long long *totals; /* game scores before the hand, or NULL */
    /* the position, as the seat to play sees it */
    int seat, leader, led, number, tlen;
    const int *trick;
    u64 hand, legal, played, passed, received, own; /* own: the cards this seat has played */
    const long *points;
    const u64 *voids;
} RuleView;

typedef struct {
    int reason, card;
    long long value; /* R_QUEEN_TO_LEADER: the taker's points; R_LEAD_VOID_AVOID: the suit avoided */
} RulePick;

static inline RulePick rpick(int reason, int card) {
    RulePick p = {reason, card, 0};
    return p;
}

/* hearts.bots.rule_bot.moon_strength */
static int moon_strength(u64 mask) {
    static const int HCP[13] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4};
    if (!(mask >> 51 & 1) || !(mask & TOP_SPADES)) return 0;
    int hcp = 0, low_side = 0;
    for (int suit = 0; suit < 4; suit++) {
        u64 m = mask >> (13 * suit) & CLUBS;
        for (; m; m &= m - 1) {
            int r = low_card(m);
            hcp += HCP[r];
            if (suit != 3 && r < 8) low_side++;
        }
    }
    int hearts = count(mask & HEARTS);
    int v = hcp + 2 * (hearts > 4 ? hearts - 4 : 0) - 3 * (low_side > 3 ? low_side - 3 : 0);
    return v > 0 ? v : 0;
}

static inline u64 rv_unseen(const RuleView *v) { return v->rl->deck & ~v->hand & ~v->played; }

/* RuleBot._most_dangerous */
static int rb_most_dangerous(const RuleView *v, u64 cand, int queen_special) {
    u64 pool = queen_special ? cand & ~QS_BIT : cand;
    if ((pool & (1ULL << JD)) && (pool & ~(1ULL << JD)) && v->rl->jd) pool &= ~(1ULL << JD);
    if (!pool) return high_card(cand);
    int best_key = -1, best_c = -1;
    for (int suit = 3; suit >= 0; suit--) {
        u64 m = pool & SUIT(suit);
        if (m) {
            int c = high_card(m);
            int key = ((c % 13) << 5) + ((suit == 3) << 4) + 15 - count(v->hand & SUIT(suit));
            if (key > best_key) {
                best_key = key;
                best_c = c;
            }
        }
    }
    return best_c;
}

enum { Q_LEADER, Q_END_GAME, Q_HOLD, Q_HOLD_TARGET, Q_GIVE };

/* RuleBot._queen_verdict */
static int queen_verdict(const RuleView *v, int winner) {
    int n = v->rl->n, me = v->seat;
    long long proj[MAX_PLAYERS];
    for (int s = 0; s < n; s++) proj[s] = v->points[s] + (v->totals ? v->totals[s] : 0);
    if (v->totals && proj[winner] + 13 >= v->target) {
        for (int s = 0; s < n; s++)
            if (s != me && !(proj[me] < proj[s] + (s == winner ? 13 : 0))) return Q_HOLD_TARGET;
        return Q_END_GAME;
    }
    long long low = 0;
    int first = 1;
    for (int s = 0; s < n; s++)
        if (s != me && (first || proj[s] < low)) {
            low = proj[s];
            first = 0;
        }
    if (proj[winner] == low) return Q_LEADER;
    int guards = count(v->hand & SUIT(2) & ~QS_BIT);
    int tricks_left = v->rl->tricks - v->number; /* the seat to play holds no card of the trick */
    if (guards >= 2 && tricks_left > 3) return Q_HOLD;
    return Q_GIVE;
}

/* RuleBot._moon_play */
static RulePick rb_moon_play(const RuleView *v) {
    u64 unseen = rv_unseen(v), legal = v->legal;
    if (!v->tlen) {
        int pick = -1, k0 = -1, k1 = -1;
        for (int suit = 3; suit >= 0; suit--) {
            u64 m = legal & SUIT(suit);
            if (!m) continue;
            int top = high_card(m);
            int sure = !(unseen & SUIT(suit) & ~below(top + 1));
            int a = sure * 2 + (suit == 3 && sure), b = count(m);
            if (a > k0 || (a == k0 && b > k1)) {
                k0 = a;
                k1 = b;
                pick = top;
            }
        }
        return rpick(k0 ? R_MOON_LEAD : R_MOON_LEAD_LONG, pick);
    }
    u64 tmask = 0;
    for (int i = 0; i < v->tlen; i++) tmask |= 1ULL << v->trick[i];
    int best = high_card(tmask & SUIT(v->led));
    if (legal & SUIT(v->led)) {
        u64 above = legal & ~below(best);
        if (above) return rpick(R_MOON_WIN, v->tlen == v->rl->n - 1 ? low_card(above) : high_card(above));
        return rpick(R_MOON_LOW, low_card(legal));
    }
    u64 keep = (legal & ~PENALTY) ? (legal & ~PENALTY) : legal;
    return rpick(R_MOON_DISCARD, low_card(keep));
}

/* RuleBot._discard */
static RulePick rb_discard(const RuleView *v, int winner, int threat) {
    const long *tips = v->tips;
    u64 legal = v->legal;
    if (v->number == 0 && tips[T_DUMP_HIGH_FIRST_TRICK]) return rpick(R_DUMP_FIRST, rb_most_dangerous(v, legal, 1));
    u64 cand = legal;
    if (threat >= 0 && tips[T_STOP_MOON_DISCARDS]) {
        u64 hearts = legal & HEARTS;
        if (winner != threat && hearts) return rpick(R_STOP_MOON_GIVE, high_card(hearts));
        if (winner == threat && (legal & ~HEARTS)) cand = legal & ~HEARTS;
    }
    if ((cand & QS_BIT) && tips[T_QUEEN_TO_LEADER]) {
        int verdict = queen_verdict(v, winner);
        if (verdict == Q_LEADER) {
            RulePick p = {R_QUEEN_TO_LEADER, QS, v->points[winner] + (v->totals ? v->totals[winner] : 0)};
            return p;
        }
        if (verdict == Q_END_GAME) return rpick(R_QUEEN_END_GAME, QS);
        if (verdict == Q_HOLD_TARGET && (cand & ~QS_BIT))
            return rpick(R_QUEEN_HOLD_TARGET, rb_most_dangerous(v, cand & ~QS_BIT, 1));
        if (verdict == Q_HOLD && (cand & ~QS_BIT) && tips[T_HOLD_QUEEN_FOR_LEADER])
            return rpick(R_QUEEN_HOLD, rb_most_dangerous(v, cand & ~QS_BIT, 1));
        return rpick(R_QUEEN_DUMP, QS);
    }
    if ((rv_unseen(v) & QS_BIT) && (cand & AS_KS)) return rpick(R_DISCARD_HIGH_SPADE, high_card(cand & AS_KS));
    int c = rb_most_dangerous(v, cand, (int)tips[T_QUEEN_TO_LEADER]);
    if (c == QS) return rpick(R_DISCARD_QUEEN, QS);
    return rpick(c >= 39 ? R_DISCARD_HEART : R_DISCARD_HIGH, c);
}

/* RuleBot._follow */
static RulePick rb_follow(const RuleView *v, int threat) {
    const long *tips = v->tips;
    int n = v->rl->n, led = v->led, number = v->number, tlen = v->tlen;
    u64 legal = v->legal, tmask;
    int wi = trick_winner(v->trick, tlen, &tmask);
    int winner = (v->leader + wi) % n, best = v->trick[wi];
    if (!(legal & SUIT(led))) return rb_discard(v, winner, threat);
    if (number == 0 && tips[T_DUMP_HIGH_FIRST_TRICK]) return rpick(R_DUMP_FIRST, high_card(legal));
    u64 under = legal & below(best), above = legal & ~under;
    int remaining = n - tlen - 1;
    /* the J♦ variant: win with J♦ when it surely takes the trick with no point card (rule_bot._jack_safe) */
    if ((above >> JD & 1) && v->rl->jd && !(tmask & PENALTY)
        && (!remaining || !(rv_unseen(v) & (PENALTY | (SUIT(1) & ~below(JD + 1))))))
        return rpick(R_TAKE_JACK, JD);
    int pts = points_of(tmask, v->rl);
    int early = pts <= 0 && remaining && 0 < number && number <= EARLY_TRICKS && led != 3;
    if (remaining && (early || (threat >= 0 && above))) {
        u64 late = 0; /* suits that some player still to play has shown out of */
        int s = v->seat;
        for (int i = 0; i < remaining; i++) {
            s = s + 1 < n ? s + 1 : 0;
            late |= v->voids[s];
        }
        if (threat >= 0 && above && ((tmask & HEARTS) || led == 3 || (late >> led & 1)))
            return rpick(R_STOP_MOON_TAKE, high_card(above));
        if (early && !(late >> led & 1)) {
            u64 keep = QS_BIT | (v->rl->jd ? 1ULL << JD : 0); /* J♦ is not shed on a trick it may lose */
            if (!(led == 2 && (rv_unseen(v) & QS_BIT)) && (legal & ~keep)) {
                int c = high_card(legal & ~keep);
                return rpick(legal >> (c + 1) == 0 ? R_EARLY_HIGH : led == 1 ? R_EARLY_HIGH_KEEP_JACK : R_EARLY_HIGH_KEEP_QUEEN, c);
            }
        }
    } else if (threat >= 0 && above && ((tmask & HEARTS) || led == 3)) {
        return rpick(R_STOP_MOON_TAKE, high_card(above));
    }
    if (under) {
        int c = high_card(under);
        if (c == QS && tips[T_QUEEN_TO_LEADER]) {
            int verdict = queen_verdict(v, winner);
            if (verdict == Q_HOLD_TARGET && (under & ~QS_BIT)) return rpick(R_QUEEN_HOLD_TARGET, high_card(under & ~QS_BIT));
            if (verdict == Q_END_GAME) return rpick(R_QUEEN_END_GAME, c);
        }
        if (!remaining && pts <= 0 && (above & ~QS_BIT)) return rpick(R_LAST_POINTLESS, high_card(above & ~QS_BIT));
        return rpick(R_DUCK, c);
    }
    u64 safe = (above & ~QS_BIT) ? (above & ~QS_BIT) : above;
    if (!remaining) return rpick(pts <= 0 ? R_LAST_POINTLESS : R_FORCED_WIN_HIGH, high_card(safe));
    int low = low_card(safe);
    if (!(rv_unseen(v) & SUIT(led) & ~below(low + 1))) {
        int c = high_card(safe);
        return rpick(above >> (c + 1) == 0 ? R_SURE_WIN_HIGH : R_SURE_WIN_KEEP_QUEEN, c);
    }
    return rpick((above & below(low)) == 0 ? R_LOWEST_OVER : R_LOWEST_OVER_KEEP_QUEEN, low);
}

/* RuleBot._lead */
static RulePick rb_lead(const RuleView *v, int threat) {
    const long *tips = v->tips;
    u64 unseen = rv_unseen(v), legal = v->legal, hand = v->hand;
    if (threat >= 0) {
        u64 hearts = legal & HEARTS;
        if (hearts) {
            int top = high_card(hearts);
            if (!(unseen & HEARTS & ~below(top + 1))) return rpick(R_STOP_MOON_LEAD, top);
        }
    }
    u64 penalty_out = unseen & PENALTY;
    int avoid = 0, pick, plain;
    if (tips[T_WATCH_VOIDS] && penalty_out)
        for (int s = 0; s < v->rl->n; s++) avoid |= (int)v->voids[s];
    int flush = tips[T_FLUSH_QUEEN] && (unseen & QS_BIT) && !(hand & TOP_SPADES);
    lead_pick(hand, legal, unseen, avoid, flush, &pick, &plain);
    if (flush && pick / 13 == 2) return rpick(R_FLUSH_QUEEN, pick);
    if (pick != plain) {
        RulePick p = {R_LEAD_VOID_AVOID, pick, plain / 13};
        return p;
    }
    u64 higher_out = unseen & SUIT(pick / 13) & ~below(pick + 1);
    return rpick(higher_out ? R_LEAD_LOW : penalty_out ? R_LEAD_FORCED : R_LEAD_NO_POINTS, pick);
}

/* RuleBot.decide_play */
static RulePick rule_play(const RuleView *v) {
    u64 legal = v->legal;
    if (!(legal & (legal - 1))) return rpick(R_ONLY_CARD, high_card(legal));
    const long *tips = v->tips;
    int n = v->rl->n, zeros = 0, threat = -1;
    for (int s = 0; s < n; s++) zeros += v->points[s] == 0;
    if (zeros >= n - 1) {
        long mine = v->points[v->seat];
        if (tips[T_SHOOT_MOON] && (mine || zeros == n) && ((v->hand | v->played) >> 51 & 1)) {
            /* RuleBot._moon_plan: the hand before passing, from the cards held and played */
            u64 start = v->hand | v->own;
            if (v->received) start = (start & ~v->received) | v->passed;
            if (moon_strength(start) >= tips[T_MOON_MIN_STRENGTH]) return rb_moon_play(v);
        }
        if (tips[T_STOP_MOON] && zeros < n && !mine) {
            /* RuleBot._moon_threat: the one seat with points has Q♠ and enough of the hearts taken so far */
            int who = -1;
            for (int s = 0; s < n; s++)
                if (v->points[s]) who = s;
            u64 tmask = 0;
            for (int i = 0; i < v->tlen; i++) tmask |= 1ULL << v->trick[i];
            u64 taken = v->played & ~tmask;
            if ((taken & QS_BIT) && count(taken & HEARTS) >= tips[T_STOP_MOON_HEARTS]) threat = who;
        }
    }
    if (v->tlen) return rb_follow(v, threat);
    return rb_lead(v, threat);
}

/* ---------------------------------------------------------------------------------------------------
 * play_tricks: hearts.selfplay._play_tricks_python (self-play's lean loop) with its bookkeeping in C.
 * The bots are Python objects, asked exactly as the Python loop asks them: a forced play first through
 * the bot's forced_play when it answers one, otherwise decide_play with a fresh KnownLegalObservation
 * whose slots are written here (the parts every seat sees are tuples shared between views, rebuilt only
 * when they change). What push() would do to the state is done on C arrays; the state's lists are written
 * back, and its scalars returned for HandState._commit_plays, also when a bot fails. A bot's exception is
 * returned, not raised, so that the caller can commit the position first; a decision that is not one
 * legal card is returned for the caller to refuse with the Python loop's own check.
 * ------------------------------------------------------------------------------------------------- */
static const char *VIEW_SLOTS[] = {"seat",         "rules",       "hand_number", "pass_direction", "phase",
                                   "hand_mask",    "passed_mask", "received_mask", "pass_target",  "pass_source",
                                   "tricks",       "trick",       "leader",      "to_play",        "led_suit",
                                   "trick_number", "hearts_broken", "points",    "voids",          "played_mask",
                                   "totals",       "known_legal", "trick_cards"};
enum {
    V_SEAT, V_RULES, V_HAND_NUMBER, V_PASS_DIRECTION, V_PHASE, V_HAND_MASK, V_PASSED, V_RECEIVED, V_TARGET,
    V_SOURCE, V_TRICKS, V_TRICK, V_LEADER, V_TO_PLAY, V_LED, V_NUMBER, V_BROKEN, V_POINTS, V_VOIDS, V_PLAYED,
    V_TOTALS, V_LEGAL, V_CARDS, V_COUNT
};
static PyTypeObject *view_type = NULL; /* the type whose slot offsets view_offset holds (a strong reference) */
static Py_ssize_t view_offset[V_COUNT];

static int view_offsets(PyTypeObject *t) {
    if (t == view_type) return 1;
    if (t->tp_dictoffset || t->tp_itemsize) {
        PyErr_SetString(PyExc_TypeError, "the view type must have slots only");
        return 0;
    }
    for (int i = 0; i < V_COUNT; i++) {
        PyObject *d = PyObject_GetAttrString((PyObject *)t, VIEW_SLOTS[i]);
        if (!d) return 0;
        if (!Py_IS_TYPE(d, &PyMemberDescr_Type) || ((PyMemberDescrObject *)d)->d_member->type != T_OBJECT_EX) {
            Py_DECREF(d);
            PyErr_Format(PyExc_TypeError, "%s is not a slot of the view type", VIEW_SLOTS[i]);
            return 0;
        }
        view_offset[i] = ((PyMemberDescrObject *)d)->d_member->offset;
        Py_DECREF(d);
    }
    Py_INCREF(t);
    Py_XSETREF(view_type, t);
    return 1;
}

/* Set slot i of a fresh view to v (a new reference is taken). */
static inline void view_set(PyObject *o, int i, PyObject *v) {
    PyObject **p = (PyObject **)((char *)o + view_offset[i]);
    Py_INCREF(v);
    Py_XSETREF(*p, v);
}

/* Set slot i to a new reference, which is stolen; 0 when it is NULL (an error is set). */
static inline int view_steal(PyObject *o, int i, PyObject *v) {
    if (!v) return 0;
    PyObject **p = (PyObject **)((char *)o + view_offset[i]);
    Py_XSETREF(*p, v);
    return 1;
}

/* t + (item,), stealing t and borrowing item; NULL on error (t is released). */
static PyObject *tuple_plus(PyObject *t, PyObject *item) {
    Py_ssize_t k = PyTuple_GET_SIZE(t);
    PyObject *u = PyTuple_New(k + 1);
    if (u) {
        for (Py_ssize_t i = 0; i < k; i++) {
            PyObject *x = PyTuple_GET_ITEM(t, i);
            Py_INCREF(x);
            PyTuple_SET_ITEM(u, i, x);
        }
        Py_INCREF(item);
        PyTuple_SET_ITEM(u, k, item);
    }
    Py_DECREF(t);
    return u;
}

static PyObject *ints_tuple_u64(const u64 *v, int n) {
    PyObject *t = PyTuple_New(n);
    for (int i = 0; t && i < n; i++) {
        PyObject *x = PyLong_FromUnsignedLongLong(v[i]);
        if (!x) Py_CLEAR(t);
        else PyTuple_SET_ITEM(t, i, x);
    }
    return t;
}

static PyObject *ints_tuple_long(const long *v, int n) {
    PyObject *t = PyTuple_New(n);
    for (int i = 0; t && i < n; i++) {
        PyObject *x = PyLong_FromLong(v[i]);
        if (!x) Py_CLEAR(t);
        else PyTuple_SET_ITEM(t, i, x);
    }
    return t;
}

/* Write C values into a Python list of n ints. */
static int write_u64_list(PyObject *list, const u64 *v, int n) {
    for (int i = 0; i < n; i++) {
        PyObject *x = PyLong_FromUnsignedLongLong(v[i]);
        if (!x || PyList_SetItem(list, i, x) < 0) return 0;
    }
    return 1;
}

static int write_long_list(PyObject *list, const long *v, int n) {
    for (int i = 0; i < n; i++) {
        PyObject *x = PyLong_FromLong(v[i]);
        if (!x || PyList_SetItem(list, i, x) < 0) return 0;
    }
    return 1;
}

static int read_u64_list(PyObject *list, u64 *v, int n) {
    if (!PyList_Check(list) || PyList_GET_SIZE(list) != n) {
        PyErr_SetString(PyExc_ValueError, "a list of the state has the wrong length");
        return 0;
    }
    for (int i = 0; i < n; i++) {
        v[i] = PyLong_AsUnsignedLongLong(PyList_GET_ITEM(list, i));
        if (v[i] == (u64)-1 && PyErr_Occurred()) return 0;
    }
    return 1;
}

static int read_long_list(PyObject *list, long *v, int n) {
    if (!PyList_Check(list) || PyList_GET_SIZE(list) != n) {
        PyErr_SetString(PyExc_ValueError, "a list of the state has the wrong length");
        return 0;
    }
    for (int i = 0; i < n; i++) {
        v[i] = PyLong_AsLong(PyList_GET_ITEM(list, i));
        if (v[i] == -1 && PyErr_Occurred()) return 0;
    }
    return 1;
}

/* A name's code (a new reference): from the coder's index when there, else from the coder, which adds it. */
static PyObject *coded(PyObject *index, PyObject *coder, PyObject *name) {
    PyObject *v = PyDict_GetItemWithError(index, name);
    if (v) {
        Py_INCREF(v);
        return v;
    }
    return PyErr_Occurred() ? NULL : PyObject_CallOneArg(coder, name);
}

/* The loop. Arguments, in order (the Python wrapper hearts.selfplay._play_tricks_native builds them):
 * the state's lists hands, voids, taken, points, tricks, undo records, passes, received; the trick so far (a
 * list); leader, to_play, led suit, trick number, hearts broken, played mask; per-seat lists of pass targets and
 * sources; hand number, pass direction and rules objects, the game totals (or None); the bots' decide_play and
 * forced_play (or None) lists; the recorder (None or (reason coder, tip coder, reasons, values, tips, the reason
 * coder's index dict, the tip coder's): a name already in an index is coded without calling the coder); the view
 * type; hearts.cards.CARDS; hearts.hand.new_trick; Phase.PLAYING; the kernel's rules tuple; and the rule bots
 * played here (None, or (decisions, valued, tips, own, target): decisions[r][card] is the Decision of reason r of
 * RULE_REASONS for that card, valued(r, card, value) makes one of the reasons that carry a value; tips[s] is None
 * (seat s's bot is asked as above) or seat s's RULE_TIPS values; own[s] the cards seat s has played; target the
 * rules' target score).
 * Returns (trick, leader, to_play, led suit, trick number, hearts broken, played mask, legal mask,
 *          refused decision or None, exception or None). */
enum {
    A_HANDS, A_VOIDS, A_TAKEN, A_POINTS, A_TRICKS, A_UNDO, A_PASSES, A_RECEIVED, A_TRICK, A_LEADER, A_TO_PLAY,
    A_LED, A_NUMBER, A_BROKEN, A_PLAYED, A_TARGETS, A_SOURCES, A_HAND_NUMBER, A_PASS_DIRECTION, A_RULES, A_TOTALS,
    A_DECIDE, A_FORCED, A_REC, A_VIEW, A_CARDS, A_NEW_TRICK, A_PHASE, A_RULES_TUPLE, A_RULE_BOTS, A_COUNT
};

static PyObject *k_play_tricks(PyObject *self, PyObject *args) {
    if (!PyTuple_Check(args) || PyTuple_GET_SIZE(args) != A_COUNT) {
        PyErr_SetString(PyExc_TypeError, "play_tricks takes 30 arguments");
        return NULL;
    }
#define ARG(i) PyTuple_GET_ITEM(args, i)
    Rules rl;
    if (!PyTuple_Check(ARG(A_RULES_TUPLE)) || !parse_rules(ARG(A_RULES_TUPLE), &rl)) return NULL;
    const int n = rl.n;
    for (int i = 0; i <= A_TRICK; i++)
        if (!PyList_Check(ARG(i))) {
            PyErr_SetString(PyExc_TypeError, "play_tricks: the state's parts must be lists");
            return NULL;
        }
    PyObject *decide_l = ARG(A_DECIDE), *forced_l = ARG(A_FORCED), *targets_l = ARG(A_TARGETS),
             *sources_l = ARG(A_SOURCES), *cards_t = ARG(A_CARDS), *rec = ARG(A_REC);
    if (!PyList_Check(decide_l) || PyList_GET_SIZE(decide_l) != n || !PyList_Check(forced_l) ||
        PyList_GET_SIZE(forced_l) != n || !PyList_Check(targets_l) || PyList_GET_SIZE(targets_l) != n ||
        !PyList_Check(sources_l) || PyList_GET_SIZE(sources_l) != n || !PyTuple_Check(cards_t) ||
        PyTuple_GET_SIZE(cards_t) != 52 || !PyType_Check(ARG(A_VIEW)) ||
        !(rec == Py_None || (PyTuple_Check(rec) && PyTuple_GET_SIZE(rec) == 7 && PyDict_Check(PyTuple_GET_ITEM(rec, 5)) &&
                            PyDict_Check(PyTuple_GET_ITEM(rec, 6)))) ||
        PyList_GET_SIZE(ARG(A_PASSES)) != n || PyList_GET_SIZE(ARG(A_RECEIVED)) != n) {
        PyErr_SetString(PyExc_TypeError, "play_tricks: bad bots, recorder, view type or card table");
        return NULL;
    }
    PyTypeObject *vt = (PyTypeObject *)ARG(A_VIEW);
    if (!view_offsets(vt)) return NULL;
    PyObject *hands_l = ARG(A_HANDS), *voids_l = ARG(A_VOIDS), *taken_l = ARG(A_TAKEN), *points_l = ARG(A_POINTS),
             *tricks_l = ARG(A_TRICKS), *undo_l = ARG(A_UNDO), *passes_l = ARG(A_PASSES),
             *received_l = ARG(A_RECEIVED), *trick_l = ARG(A_TRICK), *new_trick = ARG(A_NEW_TRICK);
    u64 hands[MAX_PLAYERS], voids[MAX_PLAYERS], taken[MAX_PLAYERS];
    long points[MAX_PLAYERS];
    if (!read_u64_list(hands_l, hands, n) || !read_u64_list(voids_l, voids, n) || !read_u64_list(taken_l, taken, n) ||
        !read_long_list(points_l, points, n))
        return NULL;
    int leader = (int)PyLong_AsLong(ARG(A_LEADER)), s = (int)PyLong_AsLong(ARG(A_TO_PLAY));
    int led = (int)PyLong_AsLong(ARG(A_LED)), number = (int)PyLong_AsLong(ARG(A_NUMBER));
    int broken = PyObject_IsTrue(ARG(A_BROKEN));
    u64 played = PyLong_AsUnsignedLongLong(ARG(A_PLAYED));
    if (PyErr_Occurred()) return NULL;
    Py_ssize_t tlen0 = PyList_GET_SIZE(trick_l);
    if (leader < 0 || leader >= n || s < 0 || s >= n || tlen0 >= n || led < -1 || led > 3) {
        PyErr_SetString(PyExc_ValueError, "play_tricks: the position is not one of a hand in play");
        return NULL;
    }
    /* The rule bots asked in C: their tips, the cards each seat has played, passes, totals. */
    PyObject *rb = ARG(A_RULE_BOTS), *rb_table = NULL, *rb_valued = NULL;
    long rb_tips[MAX_PLAYERS][T_COUNT];
    int rb_seat[MAX_PLAYERS] = {0};
    u64 own[MAX_PLAYERS] = {0}, passed_m[MAX_PLAYERS] = {0}, received_m[MAX_PLAYERS] = {0};
    long long totals[MAX_PLAYERS] = {0}, target = 0;
    int has_totals = 0;
    if (rb != Py_None) {
        if (!PyTuple_Check(rb) || PyTuple_GET_SIZE(rb) != 5 || !PyTuple_Check(PyTuple_GET_ITEM(rb, 0)) ||
            PyTuple_GET_SIZE(PyTuple_GET_ITEM(rb, 0)) != R_COUNT || !PyList_Check(PyTuple_GET_ITEM(rb, 2)) ||
            PyList_GET_SIZE(PyTuple_GET_ITEM(rb, 2)) != n || !PyList_Check(PyTuple_GET_ITEM(rb, 3))) {
            PyErr_SetString(PyExc_TypeError, "play_tricks: bad rule bots");
            return NULL;
        }
        rb_table = PyTuple_GET_ITEM(rb, 0);
        rb_valued = PyTuple_GET_ITEM(rb, 1);
        for (int r = 0; r < R_FIRST_VALUED; r++) {
            PyObject *row = PyTuple_GET_ITEM(rb_table, r);
            if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) != 52) {
                PyErr_SetString(PyExc_TypeError, "play_tricks: the rule bots' decisions must be 52 per reason");
                return NULL;
            }
        }
        if (!read_u64_list(PyTuple_GET_ITEM(rb, 3), own, n)) return NULL;
        target = PyLong_AsLongLong(PyTuple_GET_ITEM(rb, 4));
        if (PyErr_Occurred()) return NULL;
        for (int i = 0; i < n; i++) {
            PyObject *t = PyList_GET_ITEM(PyTuple_GET_ITEM(rb, 2), i);
            if (t == Py_None) continue;
            if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != T_COUNT) {
                PyErr_SetString(PyExc_TypeError, "play_tricks: a rule bot's tips must be a tuple of RULE_TIPS values");
                return NULL;
            }
            for (int k = 0; k < T_COUNT; k++) {
                rb_tips[i][k] = PyLong_AsLong(PyTuple_GET_ITEM(t, k));
                if (PyErr_Occurred()) return NULL;
            }
            rb_seat[i] = 1;
            PyObject *ps = PyList_GET_ITEM(ARG(A_PASSES), i), *rc = PyList_GET_ITEM(ARG(A_RECEIVED), i);
            if (ps != Py_None) passed_m[i] = PyLong_AsUnsignedLongLong(ps);
            if (rc != Py_None) received_m[i] = PyLong_AsUnsignedLongLong(rc);
            if (PyErr_Occurred()) return NULL;
        }
        PyObject *tot = ARG(A_TOTALS);
        if (tot != Py_None) {
            if (!PyTuple_Check(tot) || PyTuple_GET_SIZE(tot) != n) {
                PyErr_SetString(PyExc_TypeError, "play_tricks: totals must be a tuple, one per seat");
                return NULL;
            }
            for (int i = 0; i < n; i++) {
                totals[i] = PyLong_AsLongLong(PyTuple_GET_ITEM(tot, i));
                if (PyErr_Occurred()) return NULL;
            }
            has_totals = 1;
        }
    }

    /* Everything below owns references released at `done`. */
    PyObject *seat_o[MAX_PLAYERS] = {NULL};
    PyObject *tobj[MAX_PLAYERS] = {NULL}; /* the trick's cards as the bots gave them */
    int tcard[MAX_PLAYERS];
    int tlen = 0;
    PyObject *trick_seen = NULL, *cards_seen = NULL, *tricks_seen = NULL, *points_seen = NULL, *voids_seen = NULL;
    PyObject *played_o = NULL, *led_o = NULL, *number_o = NULL, *leader_o = NULL;
    PyObject *refused = NULL, *error = NULL, *result = NULL;
    PyObject *s_play = PyUnicode_InternFromString("play");
    PyObject *s_cards = PyUnicode_InternFromString("cards"), *s_reason = PyUnicode_InternFromString("reason");
    PyObject *s_values = PyUnicode_InternFromString("values"), *s_tip = PyUnicode_InternFromString("tip");
    u64 legal = 0;
    if (!s_play || !s_cards || !s_reason || !s_values || !s_tip) goto fail;
    for (int i = 0; i < n; i++)
        if (!(seat_o[i] = PyLong_FromLong(i))) goto fail;
    trick_seen = PyTuple_New(0);
    cards_seen = PyTuple_New(0);
    if (!trick_seen || !cards_seen) goto fail;
    for (Py_ssize_t i = 0; i < tlen0; i++) {
        PyObject *x = PyList_GET_ITEM(trick_l, i);
        long c = PyLong_AsLong(x);
        if ((c == -1 && PyErr_Occurred()) || c < 0 || c > 51) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "play_tricks: a card of the trick is not 0..51");
            goto fail;
        }
        Py_INCREF(x);
        tobj[tlen] = x;
        tcard[tlen++] = (int)c;
        PyObject *pair = PyTuple_Pack(2, seat_o[(leader + i) % n], PyTuple_GET_ITEM(cards_t, c));
        if (!pair) goto fail;
        trick_seen = tuple_plus(trick_seen, pair);
        Py_DECREF(pair);
        if (!trick_seen || !(cards_seen = tuple_plus(cards_seen, PyTuple_GET_ITEM(cards_t, c)))) goto fail;
    }
    if (!(tricks_seen = PyList_AsTuple(tricks_l)) || !(points_seen = ints_tuple_long(points, n)) ||
        !(voids_seen = ints_tuple_u64(voids, n)) || !(played_o = PyLong_FromUnsignedLongLong(played)) ||
        !(led_o = PyLong_FromLong(led)) || !(number_o = PyLong_FromLong(number)) ||
        !(leader_o = PyLong_FromLong(leader)))
        goto fail;

    while (number < rl.tricks) {
        u64 h = hands[s];
        legal = legal_mask(h, led, number == 0, broken, &rl);
        PyObject *d = NULL;
        PyObject *f = PyList_GET_ITEM(forced_l, s);
        if (rb_seat[s]) {
            RuleView v = {.rl = &rl, .tips = rb_tips[s], .target = target, .totals = has_totals ? totals : NULL,
                          .seat = s, .leader = leader, .led = led, .number = number, .tlen = tlen, .trick = tcard,
                          .hand = h, .legal = legal, .played = played, .passed = passed_m[s],
                          .received = received_m[s], .own = own[s], .points = points, .voids = voids};
            RulePick p = rule_play(&v);
            if (p.reason < R_FIRST_VALUED) {
                d = PyTuple_GET_ITEM(PyTuple_GET_ITEM(rb_table, p.reason), p.card);
                Py_INCREF(d);
            } else if (!(d = PyObject_CallFunction(rb_valued, "iiL", p.reason, p.card, p.value))) {
                goto fail;
            }
        } else if (!(legal & (legal - 1)) && f != Py_None) {
            d = PyObject_CallOneArg(f, PyTuple_GET_ITEM(cards_t, high_card(legal)));
            if (!d) goto fail;
            if (d == Py_None) Py_CLEAR(d);
        }
        if (!d) {
            PyObject *o = vt->tp_alloc(vt, 0);
            if (!o) goto fail;
            view_set(o, V_SEAT, seat_o[s]);
            view_set(o, V_RULES, ARG(A_RULES));
            view_set(o, V_HAND_NUMBER, ARG(A_HAND_NUMBER));
            view_set(o, V_PASS_DIRECTION, ARG(A_PASS_DIRECTION));
            view_set(o, V_PHASE, ARG(A_PHASE));
            view_set(o, V_PASSED, PyList_GET_ITEM(passes_l, s));
            view_set(o, V_RECEIVED, PyList_GET_ITEM(received_l, s));
            view_set(o, V_TARGET, PyList_GET_ITEM(targets_l, s));
            view_set(o, V_SOURCE, PyList_GET_ITEM(sources_l, s));
            view_set(o, V_TRICKS, tricks_seen);
            view_set(o, V_TRICK, trick_seen);
            view_set(o, V_LEADER, leader_o);
            view_set(o, V_TO_PLAY, seat_o[s]);
            view_set(o, V_LED, led_o);
            view_set(o, V_NUMBER, number_o);
            view_set(o, V_BROKEN, broken ? Py_True : Py_False);
            view_set(o, V_POINTS, points_seen);
            view_set(o, V_VOIDS, voids_seen);
            view_set(o, V_PLAYED, played_o);
            view_set(o, V_TOTALS, ARG(A_TOTALS));
            view_set(o, V_CARDS, cards_seen);
            if (!view_steal(o, V_HAND_MASK, PyLong_FromUnsignedLongLong(h)) ||
                !view_steal(o, V_LEGAL, PyLong_FromUnsignedLongLong(legal))) {
                Py_DECREF(o);
                goto fail;
            }
            d = PyObject_CallOneArg(PyList_GET_ITEM(decide_l, s), o);
            Py_DECREF(o);
            if (!d) goto fail;
        }
        /* One legal card? Anything else goes back to the caller, which refuses it with the Python loop's check. */
        PyObject *cards = PyObject_GetAttr(d, s_cards);
        if (!cards) {
            Py_DECREF(d);
            goto fail;
        }
        PyObject *cobj = NULL;
        Py_ssize_t c = -1;
        PyObject *seq = PySequence_Tuple(cards);
        Py_DECREF(cards);
        if (!seq) PyErr_Clear();
        else if (PySequence_Fast_GET_SIZE(seq) == 1 && PyIndex_Check(PySequence_Fast_GET_ITEM(seq, 0))) {
            cobj = PySequence_Fast_GET_ITEM(seq, 0); /* an int, a Card, a numpy integer: what the bot gave */
            c = PyNumber_AsSsize_t(cobj, NULL);
            if (c == -1 && PyErr_Occurred()) PyErr_Clear();
        }
        if (c < 0 || c > 51 || !(legal >> c & 1)) {
            Py_XDECREF(seq);
            refused = d;
            break;
        }
        Py_INCREF(cobj);
        Py_DECREF(seq);
        if (rec != Py_None) {
            int ok = 0;
            PyObject *reason = PyObject_GetAttr(d, s_reason), *values = NULL, *tip = NULL, *rc = NULL, *tc = NULL;
            if (reason && (values = PyObject_GetAttr(d, s_values)) && (tip = PyObject_GetAttr(d, s_tip)) &&
                (rc = coded(PyTuple_GET_ITEM(rec, 5), PyTuple_GET_ITEM(rec, 0), reason)) &&
                (tc = coded(PyTuple_GET_ITEM(rec, 6), PyTuple_GET_ITEM(rec, 1), tip)))
                ok = PyList_Append(PyTuple_GET_ITEM(rec, 2), rc) == 0 &&
                     PyList_Append(PyTuple_GET_ITEM(rec, 3), values) == 0 &&
                     PyList_Append(PyTuple_GET_ITEM(rec, 4), tc) == 0;
            Py_XDECREF(reason);
            Py_XDECREF(values);
            Py_XDECREF(tip);
            Py_XDECREF(rc);
            Py_XDECREF(tc);
            if (!ok) {
                Py_DECREF(cobj);
                Py_DECREF(d);
                goto fail;
            }
        }
        Py_DECREF(d);
        /* HandState.push, step by step */
        u64 bit = 1ULL << c;
        {
            PyObject *prev_void = PyLong_FromUnsignedLongLong(voids[s]);
            PyObject *entry = prev_void ? PyTuple_Pack(5, s_play, seat_o[s], cobj, broken ? Py_True : Py_False,
                                                       prev_void)
                                        : NULL;
            Py_XDECREF(prev_void);
            if (!entry || PyList_Append(undo_l, entry) < 0) {
                Py_XDECREF(entry);
                Py_DECREF(cobj);
                goto fail;
            }
            Py_DECREF(entry);
        }
        hands[s] = h ^ bit;
        own[s] |= bit;
        if (tlen) {
            if (c / 13 != led) {
                voids[s] |= 1ULL << led;
                Py_SETREF(voids_seen, ints_tuple_u64(voids, n));
                if (!voids_seen) {
                    Py_DECREF(cobj);
                    goto fail;
                }
            }
        } else {
            led = (int)(c / 13);
            Py_SETREF(led_o, PyLong_FromLong(led));
        }
        if (bit & rl.breakers) broken = 1;
        tobj[tlen] = cobj; /* the reference taken above */
        tcard[tlen++] = (int)c;
        played |= bit;
        Py_SETREF(played_o, PyLong_FromUnsignedLongLong(played));
        if (!led_o || !played_o) goto fail;
        if (tlen < n) {
            PyObject *pair = PyTuple_Pack(2, seat_o[s], PyTuple_GET_ITEM(cards_t, c));
            if (!pair) goto fail;
            trick_seen = tuple_plus(trick_seen, pair);
            Py_DECREF(pair);
            if (!trick_seen || !(cards_seen = tuple_plus(cards_seen, cobj))) goto fail;
            s = s + 1 < n ? s + 1 : 0;
            continue;
        }
        /* The trick is complete: the highest card of the led suit takes it. */
        u64 mask;
        int wi = trick_winner(tcard, tlen, &mask);
        int winner = (leader + wi) % n;
        int pts = points_of(mask, &rl);
        taken[winner] |= mask;
        points[winner] += pts;
        {
            PyObject *tcards = PyTuple_New(tlen);
            if (!tcards) goto fail;
            for (int i = 0; i < tlen; i++) {
                PyObject *x = PyTuple_GET_ITEM(cards_t, tcard[i]);
                Py_INCREF(x);
                PyTuple_SET_ITEM(tcards, i, x);
            }
            PyObject *pts_o = PyLong_FromLong(pts);
            PyObject *targs[5] = {number_o, leader_o, tcards, seat_o[winner], pts_o};
            PyObject *t = pts_o ? PyObject_Vectorcall(new_trick, targs, 5, NULL) : NULL;
            Py_DECREF(tcards);
            Py_XDECREF(pts_o);
            if (!t || PyList_Append(tricks_l, t) < 0) {
                Py_XDECREF(t);
                goto fail;
            }
            Py_DECREF(t);
        }
        for (int i = 0; i < tlen; i++) Py_CLEAR(tobj[i]);
        tlen = 0;
        Py_SETREF(tricks_seen, PyList_AsTuple(tricks_l));
        Py_SETREF(points_seen, ints_tuple_long(points, n));
        Py_SETREF(trick_seen, PyTuple_New(0));
        Py_SETREF(cards_seen, PyTuple_New(0));
        led = -1;
        number += 1;
        leader = s = winner;
        Py_SETREF(led_o, PyLong_FromLong(led));
        Py_SETREF(number_o, PyLong_FromLong(number));
        Py_SETREF(leader_o, PyLong_FromLong(leader));
        if (!tricks_seen || !points_seen || !trick_seen || !cards_seen || !led_o || !number_o || !leader_o) goto fail;
    }
    goto done;

fail: {
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    PyErr_NormalizeException(&type, &value, &tb);
    if (tb && value) PyException_SetTraceback(value, tb);
    Py_XDECREF(type);
    Py_XDECREF(tb);
    error = value; /* may be NULL only if no error was set, which does not happen */
}
done:
    /* The state's lists as push() would have left them, and the scalars for HandState._commit_plays. */
    if (!write_u64_list(hands_l, hands, n) || !write_u64_list(voids_l, voids, n) ||
        !write_u64_list(taken_l, taken, n) || !write_long_list(points_l, points, n))
        goto out; /* a MemoryError while writing back: nothing sensible is left to return */
    {
        PyObject *trick_out = PyList_New(tlen);
        if (!trick_out) goto out;
        for (int i = 0; i < tlen; i++) {
            Py_INCREF(tobj[i]);
            PyList_SET_ITEM(trick_out, i, tobj[i]);
        }
        result = Py_BuildValue("(NiiiiOKKOO)", trick_out, leader, s, led, number, broken ? Py_True : Py_False,
                               (unsigned long long)played, (unsigned long long)legal, refused ? refused : Py_None,
                               error ? error : Py_None);
    }
out:
    for (int i = 0; i < n; i++) Py_XDECREF(seat_o[i]);
    for (int i = 0; i < tlen; i++) Py_XDECREF(tobj[i]);
    Py_XDECREF(trick_seen);
    Py_XDECREF(cards_seen);
    Py_XDECREF(tricks_seen);
    Py_XDECREF(points_seen);
    Py_XDECREF(voids_seen);
    Py_XDECREF(played_o);
    Py_XDECREF(led_o);
    Py_XDECREF(number_o);
    Py_XDECREF(leader_o);
    Py_XDECREF(refused);
    Py_XDECREF(error);
    Py_XDECREF(s_play);
    Py_XDECREF(s_cards);
    Py_XDECREF(s_reason);
    Py_XDECREF(s_values);
    Py_XDECREF(s_tip);
    return result;
#undef ARG
}

/* ---------------------------------------------------------------------------------------------------
 * The expert's worlds and playouts in batches (hearts.bots.expert is the reference):
 *   sample_worlds(...) == _Sampler.sample, world after world, drawing from a random.Random's own state
 *   playouts(...)      == evaluate_play's finish_hand for each option in each world
 *   pass_playouts(...) == evaluate_pass's play(): the others pass by heuristic_pass, then finish_hand
 * The draws are CPython's: getrandbits(k) takes 32-bit words low first (the top word shifted right), randbelow(n)
 * draws bit_length(n) bits until they fall below n, shuffle() swaps x[i] with x[randbelow(i + 1)] from the top.
 * mt_draws() exposes those three for the check that this Python draws the same (hearts.sim.exact_draws).
 * ------------------------------------------------------------------------------------------------- */

/* A random.Random's state as getstate()[1] gives it: 624 words and the index. */
static int mt_load(PyObject *state, MT *r) {
    if (!PyTuple_Check(state) || PyTuple_GET_SIZE(state) != MT_N + 1) {
        PyErr_SetString(PyExc_ValueError, "a Mersenne Twister state is a tuple of 625 ints");
        return 0;
    }
    for (int i = 0; i <= MT_N; i++) {
        unsigned long v = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(state, i));
        if (v == (unsigned long)-1 && PyErr_Occurred()) return 0;
        if (v > 0xFFFFFFFFUL || (i == MT_N && v > MT_N)) {
            PyErr_SetString(PyExc_ValueError, "a Mersenne Twister state word is out of range");
            return 0;
        }
        if (i < MT_N)
            r->mt[i] = (uint32_t)v;
        else
            r->mti = (int)v;
    }
    return 1;
}

static PyObject *mt_dump(const MT *r) {
    PyObject *t = PyTuple_New(MT_N + 1);
    for (int i = 0; t && i <= MT_N; i++) {
        PyObject *v = PyLong_FromUnsignedLong(i < MT_N ? r->mt[i] : (unsigned long)r->mti);
        if (!v) {
            Py_CLEAR(t);
            break;
        }
        PyTuple_SET_ITEM(t, i, v);
    }
    return t;
}

/* random.Random.getrandbits(k), 1 <= k <= 64. */
static inline u64 mt_bits(MT *r, int k) {
    if (k <= 32) return mt_next(r) >> (32 - k);
    u64 lo = mt_next(r);
    u64 hi = mt_next(r) >> (64 - k);
    return lo | hi << 32;
}

/* random.Random._randbelow(n), n >= 1. */
static inline u64 mt_below(MT *r, u64 n) {
    int k = 64 - __builtin_clzll(n);
    u64 x = mt_bits(r, k);
    while (x >= n) x = mt_bits(r, k);
    return x;
}

static void mt_shuffle(MT *r, int *x, int len) {
    for (int i = len - 1; i > 0; i--) {
        int j = (int)mt_below(r, (u64)i + 1);
        int t = x[i];
        x[i] = x[j];
        x[j] = t;
    }
}

static PyObject *k_mt_draws(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *state, *below_obj;
    int shuffle_len;
    if (!PyArg_ParseTuple(args, "O!Oi", &PyTuple_Type, &state, &below_obj, &shuffle_len)) return NULL;
    MT r;
    if (!mt_load(state, &r)) return NULL;
    if (shuffle_len < 0 || shuffle_len > 52) {
        PyErr_SetString(PyExc_ValueError, "mt_draws: shuffle_len must be 0 to 52");
        return NULL;
    }
    PyObject *fast = PySequence_Tuple(below_obj);
    if (!fast) return NULL;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(fast);
    PyObject *drawn = PyList_New(k);
    for (Py_ssize_t i = 0; drawn && i < k; i++) {
        u64 n = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if ((n == (u64)-1 && PyErr_Occurred()) || n == 0) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "mt_draws: each bound must be 1 to 2**64 - 1");
            Py_CLEAR(drawn);
            break;
        }
        PyObject *v = PyLong_FromUnsignedLongLong(mt_below(&r, n));
        if (!v) {
            Py_CLEAR(drawn);
            break;
        }
        PyList_SET_ITEM(drawn, i, v);
    }
    Py_DECREF(fast);
    if (!drawn) return NULL;
    int items[52];
    for (int i = 0; i < shuffle_len; i++) items[i] = i;
    mt_shuffle(&r, items, shuffle_len);
    PyObject *shuffled = PyList_New(shuffle_len);
    for (int i = 0; shuffled && i < shuffle_len; i++) PyList_SET_ITEM(shuffled, i, PyLong_FromLong(items[i]));
    double x = mt_random(&r);
    PyObject *dumped = mt_dump(&r);
    if (!shuffled || !dumped) {
        Py_DECREF(drawn);
        Py_XDECREF(shuffled);
        Py_XDECREF(dumped);
        return NULL;
    }
    return Py_BuildValue("(NNdN)", drawn, shuffled, x, dumped);
}

/* The sampler's table, as hearts.bots.expert._Sampler.native_table packs it (unsigned 64-bit words):
 *   n, m (other seats), G (groups), S (states), root state (or S when G is 0),
 *   the starting hands (n masks: our hand and the cards known to be held), the m other seats,
 *   per group: its card count, then its cards,
 *   per state: its group, the total of its weights, its number of options, then per option its weight, the next
 *   state (S after the last group) and how many of the group's cards each other seat takes (m counts). */
typedef struct {
    int n, m, groups, states, root;
    const u64 *start, *others;
    const u64 *group[52];
    const u64 **state;
} Table;

static int table_read(const u64 *w, Py_ssize_t len, Table *t) {
    t->state = NULL;
#define NEED(k)                                                                    \
    do {                                                                           \
        if (pos + (Py_ssize_t)(k) > len) goto bad;                                 \
    } while (0)
    Py_ssize_t pos = 0;
    NEED(5);
    if (w[0] < 3 || w[0] > MAX_PLAYERS || w[1] >= w[0] || w[2] > 52 || w[3] > 1000000 || w[4] > w[3]) goto bad;
    t->n = (int)w[0];
    t->m = (int)w[1];
    t->groups = (int)w[2];
    t->states = (int)w[3];
    t->root = (int)w[4];
    if ((t->groups == 0) != (t->states == 0) || (t->groups && t->root >= t->states)) goto bad;
    pos = 5;
    NEED(t->n + t->m);
    t->start = w + pos;
    t->others = w + pos + t->n;
    u64 seen = 0;
    for (int s = 0; s < t->n; s++) {
        if (t->start[s] >> 52 || (seen & t->start[s])) goto bad;
        seen |= t->start[s];
    }
    for (int i = 0; i < t->m; i++)
        if (t->others[i] >= (u64)t->n) goto bad;
    pos += t->n + t->m;
    for (int g = 0; g < t->groups; g++) {
        NEED(1);
        u64 k = w[pos];
        NEED(1 + k);
        if (k == 0 || k > 52) goto bad;
        t->group[g] = w + pos;
        for (u64 i = 1; i <= k; i++) {
            if (w[pos + i] > 51 || (seen >> w[pos + i] & 1)) goto bad;
            seen |= 1ULL << w[pos + i];
        }
        pos += 1 + k;
    }
    if (t->states) {
        t->state = PyMem_Malloc(sizeof(u64 *) * (size_t)t->states);
        if (!t->state) {
            PyErr_NoMemory();
            return 0;
        }
    }
    Py_ssize_t rec = 2 + t->m;
    for (int s = 0; s < t->states; s++) {
        NEED(3);
        const u64 *st = w + pos;
        u64 g = st[0], nopt = st[2];
        if (g >= (u64)t->groups || nopt == 0 || nopt > 1000000 || st[1] == 0) goto bad;
        NEED(3 + nopt * rec);
        u64 left = st[1];
        for (u64 o = 0; o < nopt; o++) {
            const u64 *opt = st + 3 + o * rec;
            u64 next = opt[1], took = 0;
            if (opt[0] > left) goto bad;
            left -= opt[0];
            if (g + 1 == (u64)t->groups ? next != (u64)t->states : next >= (u64)t->states) goto bad;
            for (int i = 0; i < t->m; i++) {
                if (opt[2 + i] > t->group[g][0]) goto bad; /* (and so the sum below cannot wrap round) */
                took += opt[2 + i];
            }
            if (took != t->group[g][0]) goto bad;
        }
        if (left) goto bad;
        t->state[s] = st;
        pos += 3 + nopt * rec;
    }
    if (pos != len) goto bad;
    /* every option leads to a state of the next group */
    for (int s = 0; s < t->states; s++) {
        const u64 *st = t->state[s];
        for (u64 o = 0; o < st[2]; o++) {
            u64 next = st[3 + o * rec + 1];
            if (next < (u64)t->states && t->state[next][0] != st[0] + 1) goto bad;
        }
    }
    if (t->states && t->state[t->root][0] != 0) goto bad;
    return 1;
bad:
#undef NEED
    PyMem_Free(t->state);
    t->state = NULL;
    PyErr_SetString(PyExc_ValueError, "sample_worlds: the sampler's table is inconsistent");
    return 0;
}

static PyObject *k_sample_worlds(PyObject *self, PyObject *args) {
    (void)self;
    Py_buffer buf;
    PyObject *state;
    Py_ssize_t count;
    if (!PyArg_ParseTuple(args, "y*O!n", &buf, &PyTuple_Type, &state, &count)) return NULL;
    Table t;
    t.state = NULL;
    MT r;
    PyObject *out = NULL, *result = NULL;
    if (buf.len % 8 || count < 0) {
        PyErr_SetString(PyExc_ValueError, "sample_worlds: a table of 64-bit words and a count of 0 or more");
        goto done;
    }
    if (!table_read((const u64 *)buf.buf, buf.len / 8, &t)) goto done;
    if (!mt_load(state, &r)) goto done;
    out = PyList_New(count);
    Py_ssize_t rec = 2 + t.m;
    for (Py_ssize_t w = 0; out && w < count; w++) {
        u64 hands[MAX_PLAYERS];
        for (int s = 0; s < t.n; s++) hands[s] = t.start[s];
        int st = t.root;
        for (int g = 0; g < t.groups; g++) {
            const u64 *S = t.state[st];
            u64 x = mt_below(&r, S[1]);
            const u64 *opt = S + 3 + (S[2] - 1) * rec;
            for (u64 o = 0; o < S[2]; o++) {
                const u64 *cand = S + 3 + o * rec;
                if (x < cand[0]) {
                    opt = cand;
                    break;
                }
                x -= cand[0];
            }
            int pool[52], len = (int)t.group[g][0];
            for (int i = 0; i < len; i++) pool[i] = (int)t.group[g][1 + i];
            mt_shuffle(&r, pool, len);
            int at = 0;
            for (int i = 0; i < t.m; i++)
                for (u64 k = 0; k < opt[2 + i]; k++) hands[t.others[i]] |= 1ULL << pool[at++];
            st = (int)opt[1];
        }
        PyObject *world = ints_tuple_u64(hands, t.n);
        if (!world) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, w, world);
    }
    if (out) {
        PyObject *dumped = mt_dump(&r);
        if (dumped)
            result = Py_BuildValue("(NN)", out, dumped);
        else
            Py_DECREF(out);
    }
done:
    PyMem_Free(t.state);
    PyBuffer_Release(&buf);
    return result;
}

/* A world's hands (n masks) for a batch: disjoint, within the deck, each of need[s] cards. */
static int world_hands(PyObject *world, u64 *hands, const Rules *rl, u64 also, const int *need) {
    if (!read_masks(world, hands, rl->n, "a world's hands")) return 0;
    u64 seen = also;
    for (int s = 0; s < rl->n; s++) {
        if ((hands[s] & seen) || (hands[s] & ~rl->deck)) {
            PyErr_SetString(PyExc_ValueError, "a world's hands overlap each other or the cards played");
            return 0;
        }
        if (count(hands[s]) != need[s]) {
            PyErr_SetString(PyExc_ValueError, "a world's hands do not hold the cards the position leaves them");
            return 0;
        }
        seen |= hands[s];
    }
    return 1;
}


/* The result of a batch: k lists of `worlds` scores each, filled in by the caller (NULL on error). */
static PyObject *score_columns(Py_ssize_t k, Py_ssize_t worlds) {
    PyObject *out = PyList_New(k);
    for (Py_ssize_t i = 0; out && i < k; i++) {
        PyObject *col = PyList_New(worlds);
        if (!col) Py_CLEAR(out);
        else PyList_SET_ITEM(out, i, col);
    }
    return out;
}

/* evaluate_play's playouts: in every world, each option card played by `me` into the trick, then the hand played to
 * the end by the rollout policy; per option, the list of me's scores world by world. */
static PyObject *k_playouts(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *worlds_obj, *cards_obj, *trick_obj, *taken_obj, *rules_tuple, *voids_obj;
    int leader, tn, broken, subtract, me;
    if (!PyArg_ParseTuple(args, "OOOiipOO!iOi", &worlds_obj, &cards_obj, &trick_obj, &leader, &tn, &broken,
                          &taken_obj, &PyTuple_Type, &rules_tuple, &subtract, &voids_obj, &me))
        return NULL;
    Rules rl;
    if (!parse_rules(rules_tuple, &rl)) return NULL;
    int n = rl.n;
    u64 taken[MAX_PLAYERS], void_masks[MAX_PLAYERS];
    if (!read_masks(taken_obj, taken, n, "taken") || !read_masks(voids_obj, void_masks, n, "voids")) return NULL;
    int trick[MAX_PLAYERS], tlen = 0, opts[52], k = 0;
    u64 in_trick = 0, played = 0;
    for (int s = 0; s < n; s++) played |= taken[s];
    PyObject *tf = PySequence_Tuple(trick_obj);
    if (!tf) return NULL;
    int bad = PySequence_Fast_GET_SIZE(tf) >= n;
    for (Py_ssize_t i = 0; !bad && i < PySequence_Fast_GET_SIZE(tf); i++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(tf, i));
        bad = c < 0 || c > 51 || (in_trick >> c & 1);
        if (!bad) {
            trick[tlen++] = (int)c;
            in_trick |= 1ULL << c;
        }
    }
    Py_DECREF(tf);
    PyObject *cf = bad ? NULL : PySequence_Tuple(cards_obj);
    if (cf) {
        bad = PySequence_Fast_GET_SIZE(cf) > 52;
        for (Py_ssize_t i = 0; !bad && i < PySequence_Fast_GET_SIZE(cf); i++) {
            long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(cf, i));
            bad = c < 0 || c > 51;
            opts[k++] = (int)c;
        }
        Py_DECREF(cf);
    }
    if (bad || !cf || leader < 0 || leader >= n || me < 0 || me >= n || tn < 0 || tn >= rl.tricks ||
        subtract < 0 || subtract >= 1 << n || (leader + tlen) % n != me || (in_trick & played)) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "playouts: position out of range");
        return NULL;
    }
    PyObject *wf = PySequence_Tuple(worlds_obj);
    if (!wf) return NULL;
    Py_ssize_t count_w = PySequence_Fast_GET_SIZE(wf);
    PyObject *out = score_columns(k, count_w);
    int led = tlen ? trick[0] / 13 : -1, need[MAX_PLAYERS];
    cards_left(&rl, leader, tn, tlen, need);
    for (Py_ssize_t w = 0; out && w < count_w; w++) {
        u64 hands[MAX_PLAYERS];
        if (!world_hands(PySequence_Fast_GET_ITEM(wf, w), hands, &rl, in_trick | played, need)) {
            Py_CLEAR(out);
            break;
        }
        for (int i = 0; i < k; i++) {
            int c = opts[i];
            u64 bit = 1ULL << c;
            if (!(hands[me] & bit)) {
                PyErr_SetString(PyExc_ValueError, "playouts: an option card is not in the player's hand");
                Py_CLEAR(out);
                break;
            }
            u64 h[MAX_PLAYERS], tk[MAX_PLAYERS];
            int t[MAX_PLAYERS], v[MAX_PLAYERS], scores[MAX_PLAYERS];
            for (int s = 0; s < n; s++) {
                h[s] = hands[s];
                tk[s] = taken[s];
                v[s] = (int)(void_masks[s] & 0xF);
            }
            h[me] ^= bit;
            for (int j = 0; j < tlen; j++) t[j] = trick[j];
            t[tlen] = c;
            if (led >= 0 && c / 13 != led) v[me] |= 1 << led;
            playout(h, t, tlen + 1, leader, tn, broken || (bit & rl.breakers) != 0, tk, &rl, subtract, v, scores);
            PyObject *val = PyLong_FromLong(scores[me]);
            if (!val) {
                Py_CLEAR(out);
                break;
            }
            PyList_SET_ITEM(PyList_GET_ITEM(out, i), w, val);
        }
    }
    Py_DECREF(wf);
    return out;
}

/* hearts.bots.expert.danger, doubled (its values are halves): how much a card wants to leave the hand. */
static int danger2(int c, u64 hand) {
    int suit = c / 13, rank = c % 13 + 2, held = count(hand & SUIT(suit)), score = 2 * rank;
    if (suit == 2) {
        if (c == QS)
            score += held <= 3 ? 24 : -24;
        else if (rank > 12)
            score += held <= 4 || !(hand & QS_BIT) ? 16 : -4;
        else
            score -= 12;
    } else if (suit == 3) {
        score += 3;
    } else if (held <= 2) {
        score += 2 * (4 - held);
    }
    if (c == 0) score -= 40;
    return score;
}

/* hearts.bots.expert.heuristic_pass: the k cards of highest danger (ties: the higher card). */
static u64 heuristic_pass(u64 hand, int k) {
    u64 out = 0;
    for (int j = 0; j < k; j++) {
        int best = -1, key = 0;
        for (u64 m = hand & ~out; m; m &= m - 1) {
            int c = low_card(m), d = danger2(c, hand);
            if (best < 0 || d > key || (d == key && c > best)) best = c, key = d;
        }
        if (best < 0) break;
        out |= 1ULL << best;
    }
    return out;
}

/* evaluate_pass's playouts: in every world (the hands as dealt) the others pass by heuristic_pass and `me` passes
 * each candidate (a mask), the cards go `offset` seats on, and the hand is played out from its opening lead; per
 * candidate, the list of me's scores world by world. */
static PyObject *k_pass_playouts(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *worlds_obj, *cands_obj, *rules_tuple;
    int me, offset, k_pass, subtract;
    if (!PyArg_ParseTuple(args, "OOiiiO!i", &worlds_obj, &cands_obj, &me, &offset, &k_pass, &PyTuple_Type,
                          &rules_tuple, &subtract))
        return NULL;
    Rules rl;
    if (!parse_rules(rules_tuple, &rl)) return NULL;
    int n = rl.n;
    u64 cands[1024];
    PyObject *cf = PySequence_Tuple(cands_obj);
    if (!cf) return NULL;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(cf);
    int bad = k > 1024 || me < 0 || me >= n || offset < 0 || offset >= n || k_pass < 1 || k_pass > rl.tricks ||
              subtract < 0 || subtract >= 1 << n;
    for (Py_ssize_t i = 0; !bad && i < k; i++) {
        cands[i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(cf, i));
        bad = (cands[i] == (u64)-1 && PyErr_Occurred()) || count(cands[i]) != k_pass || (cands[i] & ~rl.deck);
    }
    Py_DECREF(cf);
    if (bad) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "pass_playouts: arguments out of range");
        return NULL;
    }
    PyObject *wf = PySequence_Tuple(worlds_obj);
    if (!wf) return NULL;
    Py_ssize_t count_w = PySequence_Fast_GET_SIZE(wf);
    PyObject *out = score_columns(k, count_w);
    int whole[MAX_PLAYERS];
    cards_left(&rl, 0, 0, 0, whole);
    for (Py_ssize_t w = 0; out && w < count_w; w++) {
        u64 hands[MAX_PLAYERS], their[MAX_PLAYERS];
        if (!world_hands(PySequence_Fast_GET_ITEM(wf, w), hands, &rl, 0, whole)) {
            Py_CLEAR(out);
            break;
        }
        for (int s = 0; s < n; s++) their[s] = s == me ? 0 : heuristic_pass(hands[s], k_pass);
        for (Py_ssize_t i = 0; out && i < k; i++) {
            if ((cands[i] & hands[me]) != cands[i]) {
                PyErr_SetString(PyExc_ValueError, "pass_playouts: a candidate pass is not in the player's hand");
                Py_CLEAR(out);
                break;
            }
            u64 h[MAX_PLAYERS], taken[MAX_PLAYERS] = {0};
            int trick[MAX_PLAYERS], voids[MAX_PLAYERS] = {0}, scores[MAX_PLAYERS], leader = 0;
            their[me] = cands[i];
            for (int s = 0; s < n; s++) h[s] = hands[s] & ~their[s];
            for (int s = 0; s < n; s++) h[(s + offset) % n] |= their[s];
            for (int s = 0; s < n; s++)
                if (h[s] >> rl.first_lead & 1) leader = s;
            playout(h, trick, 0, leader, 0, 0, taken, &rl, subtract, voids, scores);
            PyObject *val = PyLong_FromLong(scores[me]);
            if (!val) {
                Py_CLEAR(out);
                break;
            }
            PyList_SET_ITEM(PyList_GET_ITEM(out, i), w, val);
        }
        their[me] = 0;
    }
    Py_DECREF(wf);
    return out;
}

static PyMethodDef methods[] = {
    {"random_hands", k_random_hands, METH_VARARGS,
     "random_hands(hands, seed, rules, pass_offsets, trace) -> (int32 scores bytes, record bytes or None)"},
    {"random_floats", k_random_floats, METH_VARARGS,
     "random_floats(seed, k) -> the first k numbers of random.Random(seed).random()"},
    {"playout", k_playout, METH_VARARGS,
     "playout(hands, trick, leader, trick_number, hearts_broken, taken, rules, subtract_seats, voids) -> scores"},
    {"policy_misses", k_policy_misses, METH_VARARGS,
     "policy_misses(seats, cards, first_leader, worlds, me, rules) -> misses per world (see the source)"},
    {"play_tricks", k_play_tricks, METH_VARARGS,
     "play_tricks(...) -> hearts.selfplay._play_tricks_python's loop with its bookkeeping in C (see the source)"},
    {"stable_words", k_stable_words, METH_VARARGS,
     "stable_words(key, k) -> the first k numbers of hearts.deal.StableRandom(key).bits64()"},
    {"stable_shuffle", k_stable_shuffle, METH_VARARGS,
     "stable_shuffle(key, items) -> None: StableRandom(key).shuffle(items), in place"},
    {"mt_draws", k_mt_draws, METH_VARARGS,
     "mt_draws(state, bounds, shuffle_len) -> (randbelow of each bound, shuffled range, random(), new state)"},
    {"sample_worlds", k_sample_worlds, METH_VARARGS,
     "sample_worlds(table, state, count) -> (worlds, new state): _Sampler.sample count times (see the source)"},
    {"playouts", k_playouts, METH_VARARGS,
     "playouts(worlds, cards, trick, leader, trick_number, hearts_broken, taken, rules, subtract_seats, voids, me)"
     " -> per card, me's score in each world"},
    {"pass_playouts", k_pass_playouts, METH_VARARGS,
     "pass_playouts(worlds, candidates, me, offset, pass_size, rules, subtract_seats) -> per candidate, me's score"
     " in each world"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "hearts._kernel",
                                    "Native kernel of hearts.sim (optional; the pure-Python path is the reference).",
                                    -1, methods, NULL, NULL, NULL, NULL};

/* API: what hearts.native expects; an older build (an install made before a function was added) has a lower
 * number and is not used. */
#define KERNEL_API 7

PyMODINIT_FUNC PyInit__kernel(void) {
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddIntConstant(m, "API", KERNEL_API) < 0) Py_CLEAR(m);
    PyObject *names[2] = {PyTuple_New(R_COUNT), PyTuple_New(T_COUNT)};
    for (int i = 0; names[0] && i < R_COUNT; i++)
        PyTuple_SET_ITEM(names[0], i, PyUnicode_FromString(RULE_REASONS[i])); /* NULL on error: caught below */
    for (int i = 0; names[1] && i < T_COUNT; i++) PyTuple_SET_ITEM(names[1], i, PyUnicode_FromString(RULE_TIPS[i]));
    for (int k = 0; k < 2; k++) {
        int ok = names[k] != NULL;
        for (Py_ssize_t i = 0; ok && i < PyTuple_GET_SIZE(names[k]); i++) ok = PyTuple_GET_ITEM(names[k], i) != NULL;
        if (m && (!ok || PyModule_AddObjectRef(m, k ? "RULE_TIPS" : "RULE_REASONS", names[k]) < 0)) Py_CLEAR(m);
        Py_XDECREF(names[k]);
    }
    return m;
}
