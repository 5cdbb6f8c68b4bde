"""The expert's batches on the native kernel: the same worlds, the same playouts, the same evaluations.

The kernel samples the expert's worlds from a :class:`random.Random`'s own state (CPython's draws, checked by
``hearts.sim.exact_draws``) and plays every option out in one call per batch; each of these is checked against
the pure-Python reference (``_Sampler.sample`` one world at a time, ``finish_hand``, ``heuristic_pass``) on
positions of real hands in every rule variant, the generator left in the same state, and whole evaluations and
reviews equal on both paths, scores world by world.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from engine_support import VARIANTS

from hearts import HandState, sim
from hearts.bots import expert
from hearts.deal import Deal
from hearts.observation import Observation
from hearts.rules import MoonScoring, Rules, opening_leader

pytestmark = pytest.mark.skipif(not sim.native_available(), reason="no native kernel on this machine (no C compiler)")

IDS = [repr(r) for r in VARIANTS]


def _observations(rules: Rules, hands: int, seed: int) -> Iterator[Observation]:
    """Observations of the player to move, stopped at random points of random hands (passing included)."""
    rng = random.Random(seed)
    for rec in sim.random_hand_records(hands, seed, rules, path="python"):
        h = HandState(rec.deal, rules)
        if rec.passes is not None:
            if rng.random() < 0.2:
                yield h.observation(rng.randrange(h.n))
            for seat, cards in enumerate(rec.passes):
                h.pass_cards(seat, cards)
        for c in rec.plays[: rng.randrange(0, len(rec.plays))]:
            h.push(int(c))
        yield h.observation(h.to_play)


def _sampler(obs: Observation) -> expert._Sampler:
    n = obs.rules.num_players
    return expert._Sampler(expert.hidden_constraints(obs), [obs.hand_mask if s == obs.seat else 0 for s in range(n)])


def test_the_kernel_draws_as_this_python_does() -> None:
    # Without it the expert would quietly sample in Python: slower, but the same worlds.
    assert sim.exact_draws()


@pytest.mark.parametrize("seed", [0, 7, 2**40 + 3])
def test_the_kernels_randbelow_shuffle_and_random_are_pythons(seed: int) -> None:
    from hearts import _kernel  # type: ignore[attr-defined]

    rng = random.Random(seed)
    pick = random.Random(seed + 1)
    for _ in range(40):
        bounds = [pick.randrange(1, 2 ** pick.randrange(1, 65)) for _ in range(pick.randrange(1, 60))]
        length = pick.randrange(0, 53)
        drawn, shuffled, x, after = _kernel.mt_draws(rng.getstate()[1], bounds, length)
        items = list(range(length))
        assert drawn == [rng.randrange(b) for b in bounds]
        rng.shuffle(items)
        assert shuffled == items
        assert x == rng.random()
        assert after == rng.getstate()[1]


@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_native_worlds_are_the_samplers_one_by_one(rules: Rules) -> None:
    native = 0
    hands = 40 if rules.num_players <= 5 else 5  # a sampler for six others is slow to build in Python
    for i, obs in enumerate(_observations(rules, hands, seed=rules.num_players)):
        a, b = random.Random(i), random.Random(i)
        sampler = _sampler(obs)  # its counts are kept once made: they do not change what it draws
        one_by_one = [sampler.sample(a) for _ in range(25)]
        assert sampler.sample_many(b, 25) == one_by_one
        assert a.getstate() == b.getstate()  # the stream goes on where Python's would
        native += sampler.native_table() is not None
        assert all(expert.consistent(obs, w) for w in one_by_one)
    # Deal counts beyond 64 bits (many players, early in the hand) are drawn in Python; the rest natively.
    assert native > 0


def test_a_generator_that_is_not_a_plain_random_is_drawn_from_in_python() -> None:
    class Counting(random.Random):
        calls = 0

        def random(self) -> float:
            Counting.calls += 1
            return super().random()

    # A subclass may draw otherwise (this one's randrange no longer uses getrandbits): the kernel is not used.
    obs = next(_observations(Rules(), 1, seed=3))
    a, b = Counting(5), Counting(5)
    want = [_sampler(obs).sample(a) for _ in range(4)]
    calls = Counting.calls
    assert _sampler(obs).sample_many(b, 4) == want
    assert Counting.calls == 2 * calls > 0
    assert a.getstate() == b.getstate()


@pytest.mark.parametrize("table", [b"", b"\x00" * 7, bytes(8 * 5), (3).to_bytes(8, "little") * 40])
def test_an_inconsistent_table_is_refused(table: bytes) -> None:
    from hearts import _kernel  # type: ignore[attr-defined]

    with pytest.raises(ValueError, match="sample_worlds"):
        _kernel.sample_worlds(table, random.Random(0).getstate()[1], 3)


def test_a_damaged_generator_state_is_refused() -> None:
    obs = next(_observations(Rules(), 1, seed=4))
    table = _sampler(obs).native_table()
    from hearts import _kernel  # type: ignore[attr-defined]

    words = random.Random(0).getstate()[1]
    with pytest.raises(ValueError, match="Mersenne Twister"):
        _kernel.sample_worlds(table, words[:-1], 3)
    with pytest.raises(ValueError, match="Mersenne Twister"):
        _kernel.sample_worlds(table, (*words[:-1], 625), 3)


@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_native_playouts_are_finish_hand_for_every_option(rules: Rules) -> None:
    near_the_end = (80, 75, 40, 50, 45, 60, 30)[: rules.num_players]
    checked = 0
    for i, obs in enumerate(_observations(rules, 60 if rules.num_players <= 5 else 12, seed=10 + rules.num_players)):
        if obs.phase.name != "PLAYING":
            continue
        totals = (None, near_the_end)[i % 2]
        me, legal = obs.seat, obs.legal_mask()
        options = [c for c in range(52) if legal >> c & 1]
        trick = [int(c) for _, c in obs.trick]
        taken = expert._taken_from(obs)
        worlds = [w.hands for w in _sampler(obs).sample_many(random.Random(i), 8)]
        subtract = expert._moon_subtracts(rules, totals)
        got = sim.native_playouts(
            worlds, options, trick, obs.leader, obs.trick_number, obs.hearts_broken, taken, rules, subtract,
            obs.voids, me,
        )
        led = trick[0] // 13 if trick else -1
        for c, col in zip(options, got):
            voids = list(obs.voids)
            if led >= 0 and c // 13 != led:
                voids[me] |= 1 << led
            broken = obs.hearts_broken or bool(1 << c & rules.breakers_mask)
            want = []
            for w in worlds:
                hands = list(w)
                hands[me] ^= 1 << c
                scores = expert._continue(
                    hands, [*trick, c], obs.leader, obs.trick_number, broken, list(taken), rules, totals, voids
                )
                want.append(scores[me])
            assert col == want
            checked += len(want)
    assert checked > 150


@pytest.mark.parametrize("rules", [r for r in VARIANTS if r.passing], ids=[repr(r) for r in VARIANTS if r.passing])
def test_native_pass_playouts_are_the_python_ones(rules: Rules) -> None:
    n = rules.num_players
    totals = (None, (80, 75, 40, 50, 45, 60, 30)[:n])
    for number in range(12):
        h = HandState(Deal.from_number(number, rules))
        me = number % n
        obs = h.observation(me)
        cands = expert.pass_candidates(obs.hand_mask, k=rules.pass_size)[::3]
        offset = (obs.pass_target - me) % n
        worlds = [w.hands for w in _sampler(obs).sample_many(random.Random(number), 6)]
        subtract = expert._moon_subtracts(rules, totals[number % 2])
        got = sim.native_pass_playouts(worlds, cands, me, offset, rules, subtract)
        for m, col in zip(cands, got):
            want = []
            for w in worlds:
                passes = [m if s == me else expert.heuristic_pass(w[s], rules.pass_size) for s in range(n)]
                hands = [w[s] & ~passes[s] for s in range(n)]
                for s in range(n):
                    hands[(s + offset) % n] |= passes[s]
                scores = expert._continue(
                    hands, [], opening_leader(hands, rules), 0, False, [0] * n, rules, totals[number % 2]
                )
                want.append(scores[me])
            assert col == want


def test_native_batches_refuse_impossible_positions() -> None:
    rules = Rules()
    obs = next(o for o in _observations(rules, 5, seed=21) if o.phase.name == "PLAYING")
    worlds = [w.hands for w in _sampler(obs).sample_many(random.Random(0), 2)]
    trick = [int(c) for _, c in obs.trick]
    taken = expert._taken_from(obs)
    no = (False,) * 4
    not_mine = next(c for c in range(52) if not obs.hand_mask >> c & 1)
    with pytest.raises(ValueError, match="not in the player's hand"):
        sim.native_playouts(worlds, [not_mine], trick, obs.leader, obs.trick_number, False, taken, rules, no,
                            obs.voids, obs.seat)  # fmt: skip
    dealt = [h.mask for h in Deal.from_number(0, rules).hands]
    lead = dealt.index(next(h for h in dealt if h & 1))  # the 2♣'s holder leads
    other = (lead + 1) % 4
    dealt[other] = dealt[other] & (dealt[other] - 1) | dealt[lead] & -dealt[lead]  # a card in two hands
    with pytest.raises(ValueError, match="overlap"):
        sim.native_playouts([tuple(dealt)], [0], [], lead, 0, False, [0] * 4, rules, no, [0] * 4, lead)
    with pytest.raises(ValueError, match="out of range"):
        sim.native_playouts(worlds, [0], trick, obs.leader, obs.trick_number, False, taken, rules, no, obs.voids,
                            (obs.seat + 1) % 4)  # fmt: skip
    whole = tuple(h.mask for h in Deal.from_number(0, rules).hands)
    with pytest.raises(ValueError, match="do not hold"):
        sim.native_pass_playouts([(1, 2, 4, 8)], [7], 0, 1, rules, no)  # not whole hands
    mine = [c for c in range(52) if whole[0] >> c & 1][:2]
    theirs = next(c for c in range(52) if whole[1] >> c & 1)
    with pytest.raises(ValueError, match="not in the player's hand"):
        sim.native_pass_playouts([whole], [1 << mine[0] | 1 << mine[1] | 1 << theirs], 0, 1, rules, no)


def _scores(ev: expert.Evaluation) -> list[object]:
    out: list[object] = [(o.cards, o.expected, o.stderr, o.playouts, o.scores) for o in ev.options]
    return [*out, ev.worlds, ev.draws]


@pytest.mark.parametrize("rules", VARIANTS, ids=IDS)
def test_evaluations_are_the_same_on_either_path(rules: Rules, monkeypatch: pytest.MonkeyPatch) -> None:
    # Uniform worlds, worlds weighed by inference (some drawn twice), and passes by sequential halving.
    seen: dict[str, list[object]] = {}
    for path in ("python", "native"):
        monkeypatch.setattr(sim, "_KERNEL", path)
        out: list[object] = []
        for i, obs in enumerate(_observations(rules, 6, seed=30 + rules.num_players)):
            rng = random.Random(i)
            if obs.phase.name == "PASSING":
                out.append(_scores(expert.evaluate_pass(obs, rng, worlds=6)))
            else:
                out.append(_scores(expert.evaluate_play(obs, rng, worlds=40, forced=True)))
                out.append(_scores(expert.evaluate_play(obs, rng, worlds=30, inference=0.3, inference_pool=2)))
            out.append(rng.random())  # the generator is left in the same state
        seen[path] = out
    assert seen["python"] == seen["native"]


def test_a_review_is_the_same_on_either_path(monkeypatch: pytest.MonkeyPatch) -> None:
    from hearts.bots.rule_bot import RuleBot
    from hearts.review import review_hand
    from hearts.selfplay import play_out

    h = HandState(Deal.from_number(5151, Rules(moon=MoonScoring.SHOOTERS_CHOICE)))
    play_out(h, [RuleBot(seed=s) for s in range(4)])
    frames = {}
    for path in ("python", "native"):
        monkeypatch.setattr(sim, "_KERNEL", path)
        frames[path] = review_hand(h, 1, worlds=60, pass_worlds=10, check_worlds=300)
    assert frames["python"].equals(frames["native"])
    assert (frames["native"]["check_worlds"] > 0).any()  # some choices were checked in fresh worlds


def test_input_that_changes_while_it_is_read_is_read_as_it_was() -> None:
    # A card whose __index__ appends to the list being read: the kernel reads a copy, so the list's growth cannot
    # carry it past its arrays (it crashed, or wrote past the trick, before).
    from hearts import _kernel  # type: ignore[attr-defined]

    class Growing:
        def __init__(self, value: int, grow: list[object]) -> None:
            self.value, self.grow = value, grow

        def __index__(self) -> int:
            self.grow.extend([0] * 200)
            return self.value

    rules = Rules()
    obs = next(o for o in _observations(rules, 5, seed=22) if o.phase.name == "PLAYING" and not o.trick)
    worlds = [w.hands for w in _sampler(obs).sample_many(random.Random(0), 2)]
    card = next(c for c in range(52) if obs.legal_mask() >> c & 1)
    cards: list[object] = []
    cards.append(Growing(card, cards))
    got = _kernel.playouts(worlds, cards, [], obs.leader, obs.trick_number, obs.hearts_broken,
                           expert._taken_from(obs), sim.kernel_rules(rules), 0, list(obs.voids), obs.seat)  # fmt: skip
    assert len(got) == 1 and len(got[0]) == 2 and len(cards) > 1


def test_more_candidates_than_one_kernel_call_takes() -> None:
    rules = Rules()
    obs = HandState(Deal.from_number(3, rules)).observation(0)
    cands = expert.pass_candidates(obs.hand_mask, pool=13)  # all 286 passes, four times over
    worlds = [w.hands for w in _sampler(obs).sample_many(random.Random(1), 2)]
    got = sim.native_pass_playouts(worlds, cands * 4, 0, 1, rules, (False,) * 4)
    assert len(got) == 4 * 286 and got[:286] == got[286:572] == got[-286:]


@pytest.mark.parametrize(
    "change",
    [
        lambda w: (w[0], w[1] | 1 << 51 if not w[1] >> 51 & 1 else w[1] & ~(1 << 51), w[2], w[3]),  # a card more/less
        lambda w: (w[0], 0, w[2], w[3]),  # an empty hand
    ],
)
def test_worlds_whose_hands_do_not_fit_the_position_are_refused(change: object) -> None:
    rules = Rules()
    obs = next(o for o in _observations(rules, 8, seed=23) if o.phase.name == "PLAYING" and o.trick_number < 10)
    world = _sampler(obs).sample(random.Random(2)).hands
    bad = change(world)  # type: ignore[operator]
    me = obs.seat
    card = next(c for c in range(52) if obs.legal_mask() >> c & 1)
    with pytest.raises(ValueError):
        sim.native_playouts([bad], [card], [int(c) for _, c in obs.trick], obs.leader, obs.trick_number,
                            obs.hearts_broken, expert._taken_from(obs), rules, (False,) * 4, obs.voids, me)  # fmt: skip
    with pytest.raises(ValueError):
        sim.native_playout(bad, [int(c) for _, c in obs.trick], obs.leader, obs.trick_number, obs.hearts_broken,
                           expert._taken_from(obs), rules, False, obs.voids)  # fmt: skip


def test_a_table_whose_counts_wrap_round_is_refused() -> None:
    # An option whose per-seat counts add up to the group's size only modulo 2**64 (it read past the shuffled
    # cards before).
    import array

    from hearts import _kernel  # type: ignore[attr-defined]

    words = [3, 2, 1, 1, 0, 0, 0, 0, 1, 2, 2, 0, 1, 0, 1, 1, 1, 1, 2**64 - 1, 3]
    with pytest.raises(ValueError, match="sample_worlds"):
        _kernel.sample_worlds(array.array("Q", words).tobytes(), random.Random(0).getstate()[1], 1)
