"""The four-seat drawings stay byte for byte what they were before ``hearts.display`` became the
``hearts.drawing`` package: each case's SVG is hashed and compared with the hash of the code before the split.

The cases are real states of games driven by the engine (several deals, every phase: choosing a pass,
waiting for the others' pass, mid-trick, a finished trick held, the hand over, a game with its totals,
a moon), in English and Spanish, full size and compact (portrait and landscape), with hints, dimmed cards,
chosen and received cards, a covered and a revealed hand, and the small drawings (a card, a hand, a trick).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator

from hearts import Deal, Game, HandState, PassDirection, Phase, Rules
from hearts.display import card_svg, hand_svg, table_svg, trick_svg


def _first_legal(h: HandState) -> None:
    h.play(next(iter(h.legal_moves)))


def _pass_all(h: HandState) -> None:
    for seat in h.waiting_to_pass:
        h.pass_cards(seat, list(h.hand_of(seat))[-3:])


def _play(h: HandState, k: int) -> None:
    for _ in range(k):
        if h.phase is not Phase.PLAYING:
            return
        _first_legal(h)


def _ready(svg: str) -> Callable[[], str]:
    return lambda: svg


def _cases() -> Iterator[tuple[str, Callable[[], str]]]:
    for number in (1, 7, 23):
        for lang in ("en", "es"):
            key = f"deal{number}-{lang}"
            passing = HandState(Deal.from_number(number), pass_direction=PassDirection.LEFT)
            yield f"{key}-passing", lambda h=passing, lang=lang: table_svg(h, lang=lang)
            yield f"{key}-passing-chosen", lambda h=passing, lang=lang: table_svg(
                h, lang=lang, selected=list(h.hand_of(0))[:2], hinted=list(h.hand_of(0))[5:7])
            yield f"{key}-passing-phone", lambda h=passing, lang=lang: table_svg(h, lang=lang, fit=390)
            waiting = passing.copy()
            waiting.pass_cards(0, list(waiting.hand_of(0))[:3])
            yield f"{key}-waiting", lambda h=waiting, lang=lang: table_svg(h, lang=lang)
            across = HandState(Deal.from_number(number), pass_direction=PassDirection.ACROSS)
            yield f"{key}-across", lambda h=across, lang=lang: table_svg(h, lang=lang, viewer=2)
            played = passing.copy()
            _pass_all(played)
            received = list(played.hand_of(0))[-3:]
            yield f"{key}-received", lambda h=played, r=received, lang=lang: table_svg(h, lang=lang, highlighted=r)
            for k in (2, 5, 8, 13, 27):
                mid = played.copy()
                _play(mid, k)
                yield f"{key}-mid{k}", lambda h=mid, lang=lang: table_svg(h, lang=lang, viewer=h.to_play)
                yield f"{key}-mid{k}-south", lambda h=mid, lang=lang: table_svg(h, lang=lang, four_color=True)
                yield f"{key}-mid{k}-phone", lambda h=mid, lang=lang: table_svg(
                    h, lang=lang, viewer=h.to_play, fit=390, fit_height=844)
                yield f"{key}-mid{k}-across", lambda h=mid, lang=lang: table_svg(
                    h, lang=lang, viewer=h.to_play, fit=820, fit_height=390)
                yield f"{key}-mid{k}-reveal", lambda h=mid, lang=lang: table_svg(
                    h, lang=lang, reveal=True, highlighted=list(h.hand_of(1))[:2], back="purple", table_color="blue")
                yield f"{key}-mid{k}-reveal-phone", lambda h=mid, lang=lang: table_svg(
                    h, lang=lang, reveal=True, fit=390)
                yield f"{key}-mid{k}-dimmed", lambda h=mid, lang=lang: table_svg(
                    h, lang=lang, viewer=h.to_play, hinted=list(h.legal_moves)[:1], dimmed=list(h.legal_moves)[1:],
                    reasons={c: "no" for c in list(h.legal_moves)[1:]})
                yield f"{key}-mid{k}-cover", lambda h=mid, lang=lang: table_svg(
                    h, lang=lang, cover=True, names=["Ann", "Bo", "Cy", "Di"], scores=[1, 2, 3, 4], title="Lesson")
                if mid.tricks:
                    yield f"{key}-mid{k}-held", lambda h=mid, lang=lang: table_svg(
                        h, lang=lang, trick=h.tricks[-1], message="A message long enough to wrap " * 4)
                    yield f"{key}-mid{k}-held-phone", lambda h=mid, lang=lang: table_svg(
                        h, lang=lang, trick=h.tricks[-1], fit=500, fit_height=1000)
                    yield f"{key}-mid{k}-trick", lambda h=mid, lang=lang: trick_svg(
                        list(zip(h.tricks[-1].seats, h.tricks[-1].cards)), winner=h.tricks[-1].winner, lang=lang,
                        viewer=1, width=300)
            over = played.copy()
            _play(over, 52)
            yield f"{key}-over", lambda h=over, lang=lang: table_svg(h, lang=lang)
            yield f"{key}-over-phone", lambda h=over, lang=lang: table_svg(h, lang=lang, fit=390)
            yield f"{key}-over-obs", lambda h=over, lang=lang: table_svg(h.observation(3), lang=lang, width=640)
            yield f"{key}-hand", lambda h=passing, lang=lang: hand_svg(
                h.hand_of(0), dimmed=list(h.hand_of(0))[:4], selected=list(h.hand_of(0))[4:6], fan=True, lang=lang)
            yield f"{key}-hand-plain", lambda h=passing, lang=lang: hand_svg(
                list(h.hand_of(1)), highlighted=list(h.hand_of(1))[:1], width=50, four_color=True, lang=lang)
    game = Game(5, Rules(target_score=30))
    hands = 0
    while not game.is_over and hands < 3:
        h = game.hand
        _pass_all(h)
        _play(h, 30)
        yield f"game{hands}-mid", _ready(table_svg(h, scores=[7, 0, 19, 4]))
        yield f"game{hands}-mid-game", _ready(table_svg(game, lang="es"))
        yield f"game{hands}-mid-game-phone", _ready(table_svg(game, fit=600, fit_height=400))
        _play(h, 52)
        yield f"game{hands}-over", _ready(table_svg(game))
        yield f"game{hands}-over-phone", _ready(table_svg(game, fit=390, lang="es"))
        if game.is_over:
            break
        game.next_hand()
        hands += 1
    moon = HandState(Deal.from_number(11), pass_direction=PassDirection.NONE)
    yield "no-pass", lambda h=moon: table_svg(h, viewer=h.to_play, table_color="#123456", back="black")
    for c in ("QS", "10H", "2C", "AS", "JD", "KC"):
        for face_down in (False, True):
            yield f"card-{c}-{face_down}", lambda c=c, fd=face_down: card_svg(c, face_down=fd, back="green", width=90)
        yield f"card-{c}-marks", lambda c=c: card_svg(c, dimmed=True, selected=True, highlighted=True, lang="es")


CASES = dict(_cases())


def _digest(svg: str) -> str:
    return hashlib.sha256(svg.encode()).hexdigest()[:16]


def test_the_cases_are_what_they_say() -> None:
    assert len(CASES) == len(EXPECTED) > 300
    assert any("-over" in k and 'class="summary"' in CASES[k]() for k in CASES)
    assert 'class="pass-arrow"' in CASES["deal1-en-passing"]()
    assert 'data-layout="compact"' in CASES["deal7-es-mid5-phone"]()


def test_four_seats_drawn_as_before_the_split() -> None:
    changed = sorted(name for name, draw in CASES.items() if _digest(draw()) != EXPECTED.get(name))
    assert not changed, f"{len(changed)} of {len(CASES)} drawings changed: {', '.join(changed[:20])}"


# The hashes of the drawings made by hearts/display.py before the split (commit f012c98).
EXPECTED: dict[str, str] = {
    "deal1-en-passing": "a3176171190bc8f6",
    "deal1-en-passing-chosen": "0638ac73fba4aa9f",
    "deal1-en-passing-phone": "56001b3ed5895098",
    "deal1-en-waiting": "0b9ddbce372d04cb",
    "deal1-en-across": "7ae98d276761c539",
    "deal1-en-received": "e912895bfdfb7aec",
    "deal1-en-mid2": "69ad09bb7302df12",
    "deal1-en-mid2-south": "446623856c5ee8b2",
    "deal1-en-mid2-phone": "fb8f2139377a2f04",
    "deal1-en-mid2-across": "993d0248b67e59c1",
    "deal1-en-mid2-reveal": "fb19fb6904bc1fea",
    "deal1-en-mid2-reveal-phone": "4751913f50d07dfa",
    "deal1-en-mid2-dimmed": "fa27951fb2e0a1a5",
    "deal1-en-mid2-cover": "c78ae5645cd11d1c",
    "deal1-en-mid5": "9e42f9d230ee2f2f",
    "deal1-en-mid5-south": "bb718a2c0700c264",
    "deal1-en-mid5-phone": "19504ecc3205f647",
    "deal1-en-mid5-across": "cdb9ab99a67c1cb2",
    "deal1-en-mid5-reveal": "f4df62cb84801391",
    "deal1-en-mid5-reveal-phone": "8228a157a26d9c78",
    "deal1-en-mid5-dimmed": "9cd4178ebeda59ef",
    "deal1-en-mid5-cover": "9634209150c95a82",
    "deal1-en-mid5-held": "93c2c57f311d47b4",
    "deal1-en-mid5-held-phone": "4b5f1aeae43ee9c8",
    "deal1-en-mid5-trick": "6ba24633840e5a09",
    "deal1-en-mid8": "e97c4ba63f12c213",
    "deal1-en-mid8-south": "1930a58f3c16a0ed",
    "deal1-en-mid8-phone": "bbc49e6774cf49c5",
    "deal1-en-mid8-across": "9741bde7cc1a05c9",
    "deal1-en-mid8-reveal": "d0f422850259de28",
    "deal1-en-mid8-reveal-phone": "e18df96665d424a0",
    "deal1-en-mid8-dimmed": "8921ca1746b0a93d",
    "deal1-en-mid8-cover": "fe0e9e77621552c6",
    "deal1-en-mid8-held": "2f4893b88ebf6297",
    "deal1-en-mid8-held-phone": "fb9cf1c19ab74bff",
    "deal1-en-mid8-trick": "9732d252ba1dd580",
    "deal1-en-mid13": "9a0fa9c69b752038",
    "deal1-en-mid13-south": "6ff3f002d70574a9",
    "deal1-en-mid13-phone": "54c53e515ffcd042",
    "deal1-en-mid13-across": "c4539a921c887526",
    "deal1-en-mid13-reveal": "4165ed1f576be616",
    "deal1-en-mid13-reveal-phone": "c68039087e660f0e",
    "deal1-en-mid13-dimmed": "bef450c8a9f69485",
    "deal1-en-mid13-cover": "1ff6bd0e944d418a",
    "deal1-en-mid13-held": "c59f99d7a98b0222",
    "deal1-en-mid13-held-phone": "9f7eaf1070d76d02",
    "deal1-en-mid13-trick": "92d7134bffb43b69",
    "deal1-en-mid27": "de3774d692a7dd9a",
    "deal1-en-mid27-south": "f3b333f987942367",
    "deal1-en-mid27-phone": "e9f2c5e3cedc13f9",
    "deal1-en-mid27-across": "c32f87b69b272199",
    "deal1-en-mid27-reveal": "7f88d792f8fb4d74",
    "deal1-en-mid27-reveal-phone": "1b0592c80c624ee5",
    "deal1-en-mid27-dimmed": "78549855f8b9c93d",
    "deal1-en-mid27-cover": "95050f9c637d1745",
    "deal1-en-mid27-held": "29bf1a9422ccc6bb",
    "deal1-en-mid27-held-phone": "af4e2ea11fb2fdd0",
    "deal1-en-mid27-trick": "e013813756da4e1e",
    "deal1-en-over": "74b6b5c5c70d72aa",
    "deal1-en-over-phone": "2836d4255f40b22b",
    "deal1-en-over-obs": "e6f3f6be648d8695",
    "deal1-en-hand": "adafa73926b29b54",
    "deal1-en-hand-plain": "0633e4272add9b7e",
    "deal1-es-passing": "3eced238e7f9ca4c",
    "deal1-es-passing-chosen": "2a1b7f658d7a0674",
    "deal1-es-passing-phone": "c3fcaebcd97df11a",
    "deal1-es-waiting": "8227539c09426d32",
    "deal1-es-across": "203b2c4045b00fd2",
    "deal1-es-received": "dfe22cfb9ffbd015",
    "deal1-es-mid2": "9fa511a4e24fb285",
    "deal1-es-mid2-south": "344d8a604e55fbf9",
    "deal1-es-mid2-phone": "6c4de03541f87ad7",
    "deal1-es-mid2-across": "91bef42f3e0cbbba",
    "deal1-es-mid2-reveal": "ecdd6b22a87231db",
    "deal1-es-mid2-reveal-phone": "db2f2b13c2cc67ab",
    "deal1-es-mid2-dimmed": "3a5610d7699be13c",
    "deal1-es-mid2-cover": "72aca2f74a98272d",
    "deal1-es-mid5": "8d32f91d8af2abc7",
    "deal1-es-mid5-south": "846fc03cc2f098f8",
    "deal1-es-mid5-phone": "a88c4b928362d212",
    "deal1-es-mid5-across": "fb598b5a45ded1e2",
    "deal1-es-mid5-reveal": "616b0dc2b645597f",
    "deal1-es-mid5-reveal-phone": "ea26cb3b53ad3d4b",
    "deal1-es-mid5-dimmed": "677258a532741489",
    "deal1-es-mid5-cover": "ac9476423640de28",
    "deal1-es-mid5-held": "0f5afe301d08b1c7",
    "deal1-es-mid5-held-phone": "7f623eb926dab6c0",
    "deal1-es-mid5-trick": "2bb354765bb5adb3",
    "deal1-es-mid8": "cc0ceba0ec019841",
    "deal1-es-mid8-south": "a1968ba69ce9cf2f",
    "deal1-es-mid8-phone": "ea7d25d004e48e96",
    "deal1-es-mid8-across": "ae2f707804272a00",
    "deal1-es-mid8-reveal": "d9fd31293a9b45a1",
    "deal1-es-mid8-reveal-phone": "e525ad49656146d2",
    "deal1-es-mid8-dimmed": "84e75cc792334bcc",
    "deal1-es-mid8-cover": "442d6ac0bccde3bd",
    "deal1-es-mid8-held": "762ccbd39c751d30",
    "deal1-es-mid8-held-phone": "31ba9169967bda8d",
    "deal1-es-mid8-trick": "bb4a03d567eba783",
    "deal1-es-mid13": "f64a65ed082bafe6",
    "deal1-es-mid13-south": "c32ba4b41ada961d",
    "deal1-es-mid13-phone": "3a0065b94f9d34fd",
    "deal1-es-mid13-across": "2319fdaf14faa6f5",
    "deal1-es-mid13-reveal": "90f4da2c460d10b4",
    "deal1-es-mid13-reveal-phone": "f052d9e0e088750c",
    "deal1-es-mid13-dimmed": "f055a1893d79b8b9",
    "deal1-es-mid13-cover": "e8cdce234f5f2c90",
    "deal1-es-mid13-held": "977620f65470f8c8",
    "deal1-es-mid13-held-phone": "6ebc4b4348116e79",
    "deal1-es-mid13-trick": "ed07ae14934d1580",
    "deal1-es-mid27": "8f447c81998f972f",
    "deal1-es-mid27-south": "11f511d67fd15500",
    "deal1-es-mid27-phone": "1bdd4ee45be022bc",
    "deal1-es-mid27-across": "6b9164a972920277",
    "deal1-es-mid27-reveal": "9142f9de5a92d5d5",
    "deal1-es-mid27-reveal-phone": "be19edfa2f8e457f",
    "deal1-es-mid27-dimmed": "481545ae8c908402",
    "deal1-es-mid27-cover": "9045a60347b90f3e",
    "deal1-es-mid27-held": "e1eb2815b23eae98",
    "deal1-es-mid27-held-phone": "67fe4bfe41a92eb1",
    "deal1-es-mid27-trick": "20fc6fa202ba0768",
    "deal1-es-over": "f6143809e69d6bf9",
    "deal1-es-over-phone": "c34a723f735280ff",
    "deal1-es-over-obs": "2d3bcec432cd00f8",
    "deal1-es-hand": "72d3259f3a7c8c8d",
    "deal1-es-hand-plain": "a1f290b04d6b803f",
    "deal7-en-passing": "1cba769da0f98ee5",
    "deal7-en-passing-chosen": "efda87ab2fd49002",
    "deal7-en-passing-phone": "fb47015326674159",
    "deal7-en-waiting": "888be45d4cf05968",
    "deal7-en-across": "48987a609f374965",
    "deal7-en-received": "fcab47d6299ecc67",
    "deal7-en-mid2": "4ab49304056a6094",
    "deal7-en-mid2-south": "26511b4fb1a85000",
    "deal7-en-mid2-phone": "a1eb54427632891f",
    "deal7-en-mid2-across": "97968226e2c7d6af",
    "deal7-en-mid2-reveal": "96b0e4c7012d9492",
    "deal7-en-mid2-reveal-phone": "db3bda7a63383f87",
    "deal7-en-mid2-dimmed": "7d795bca70746a65",
    "deal7-en-mid2-cover": "1e5fc6bbe0b50875",
    "deal7-en-mid5": "c7f9660c6b0a1a9e",
    "deal7-en-mid5-south": "fc55bdc68e3c1836",
    "deal7-en-mid5-phone": "6e3e64fdc68ac7d5",
    "deal7-en-mid5-across": "9bfc7e2170010fb4",
    "deal7-en-mid5-reveal": "ac8fe0ccd242a2ed",
    "deal7-en-mid5-reveal-phone": "77fafa880d8245e7",
    "deal7-en-mid5-dimmed": "c9d8b7d2d667144a",
    "deal7-en-mid5-cover": "dbac61cc2d87f68d",
    "deal7-en-mid5-held": "e5aa07440896d9f3",
    "deal7-en-mid5-held-phone": "10a61cca210b3284",
    "deal7-en-mid5-trick": "f315fb47dea47375",
    "deal7-en-mid8": "0cb9c28a55e5f4a2",
    "deal7-en-mid8-south": "653c1bec056c24c1",
    "deal7-en-mid8-phone": "195d1be88eebe031",
    "deal7-en-mid8-across": "e83493b8d48169d9",
    "deal7-en-mid8-reveal": "c70526d3035e799c",
    "deal7-en-mid8-reveal-phone": "45e382931592725a",
    "deal7-en-mid8-dimmed": "142c971d797606d2",
    "deal7-en-mid8-cover": "fe0e9e77621552c6",
    "deal7-en-mid8-held": "c796aeb1d21c38dd",
    "deal7-en-mid8-held-phone": "793368caa678ffc2",
    "deal7-en-mid8-trick": "e87eede3e6d6ed53",
    "deal7-en-mid13": "ecbfd69304e9b59a",
    "deal7-en-mid13-south": "747609053ab3fd1f",
    "deal7-en-mid13-phone": "7170ce3fc0e44a59",
    "deal7-en-mid13-across": "e0dee40f2c7fbf3c",
    "deal7-en-mid13-reveal": "d307705548eb7c91",
    "deal7-en-mid13-reveal-phone": "c2ef26454b974eb7",
    "deal7-en-mid13-dimmed": "b8d8a2aa93ace350",
    "deal7-en-mid13-cover": "22d50adf4d4b16be",
    "deal7-en-mid13-held": "6160294e1db7ae39",
    "deal7-en-mid13-held-phone": "7d8b9abbbce2adcb",
    "deal7-en-mid13-trick": "b2dd0177f15dd5dc",
    "deal7-en-mid27": "72777df9eeb5c95d",
    "deal7-en-mid27-south": "ed9e9109aac27146",
    "deal7-en-mid27-phone": "812b868f9de6f515",
    "deal7-en-mid27-across": "5dcb82953d73ef9e",
    "deal7-en-mid27-reveal": "0596c0deeadee681",
    "deal7-en-mid27-reveal-phone": "e0ce7b55f36f0adb",
    "deal7-en-mid27-dimmed": "beadf96f86eb58b2",
    "deal7-en-mid27-cover": "83240cb9f8744875",
    "deal7-en-mid27-held": "1d14003c5c628ead",
    "deal7-en-mid27-held-phone": "46b8f58d1048f7fc",
    "deal7-en-mid27-trick": "5c1302d6a5105af8",
    "deal7-en-over": "8bb852c010cef6b5",
    "deal7-en-over-phone": "623d378ce8ea6f76",
    "deal7-en-over-obs": "54598ad2240508e9",
    "deal7-en-hand": "0b74975f4aa5144a",
    "deal7-en-hand-plain": "d0764cf04615f762",
    "deal7-es-passing": "d74075843a799eff",
    "deal7-es-passing-chosen": "369b3b75826deda0",
    "deal7-es-passing-phone": "561c4c6dada5faba",
    "deal7-es-waiting": "74b73e215e5d957f",
    "deal7-es-across": "6b463c72ea2f8cf5",
    "deal7-es-received": "95100573e71aa234",
    "deal7-es-mid2": "43fc1272dce52b4e",
    "deal7-es-mid2-south": "e15948683a07e84e",
    "deal7-es-mid2-phone": "dd63e8dc955b5255",
    "deal7-es-mid2-across": "ef103689e6cd0782",
    "deal7-es-mid2-reveal": "0d4ef105770000f8",
    "deal7-es-mid2-reveal-phone": "0f452d4bb17ec2c6",
    "deal7-es-mid2-dimmed": "c556cce04c1b8c6c",
    "deal7-es-mid2-cover": "386a7be969de42eb",
    "deal7-es-mid5": "88215dde9aa5c973",
    "deal7-es-mid5-south": "b80b7a21fa633226",
    "deal7-es-mid5-phone": "e31cff7ee91357f3",
    "deal7-es-mid5-across": "7d1231b97b03d976",
    "deal7-es-mid5-reveal": "bfd153930a860e3f",
    "deal7-es-mid5-reveal-phone": "b5bb593ee9b28329",
    "deal7-es-mid5-dimmed": "ac4239e956c5f1e4",
    "deal7-es-mid5-cover": "5a345c9ac5157dea",
    "deal7-es-mid5-held": "91757b18a8a68d06",
    "deal7-es-mid5-held-phone": "863d8efd166bbad9",
    "deal7-es-mid5-trick": "e04edfed05176950",
    "deal7-es-mid8": "ee038733fb21cd60",
    "deal7-es-mid8-south": "44c7955d1b3167df",
    "deal7-es-mid8-phone": "b05918126a8e3087",
    "deal7-es-mid8-across": "259ee597941ec977",
    "deal7-es-mid8-reveal": "ea861ba668751641",
    "deal7-es-mid8-reveal-phone": "c30489c4eab7e4e0",
    "deal7-es-mid8-dimmed": "885a9d9385f02273",
    "deal7-es-mid8-cover": "442d6ac0bccde3bd",
    "deal7-es-mid8-held": "3da5f18966d65ec2",
    "deal7-es-mid8-held-phone": "4fc67481997b7d97",
    "deal7-es-mid8-trick": "a6a6b35eb76eb137",
    "deal7-es-mid13": "3dca213587467a85",
    "deal7-es-mid13-south": "76891207afe0a284",
    "deal7-es-mid13-phone": "25734695c1568d93",
    "deal7-es-mid13-across": "ef431538ea1ead75",
    "deal7-es-mid13-reveal": "26c81af00f3e2092",
    "deal7-es-mid13-reveal-phone": "65457928e12483de",
    "deal7-es-mid13-dimmed": "5f6ec8c60b7cd9a0",
    "deal7-es-mid13-cover": "0f35b79efe292a24",
    "deal7-es-mid13-held": "9340e52c8e187687",
    "deal7-es-mid13-held-phone": "f30e9ec485df43a5",
    "deal7-es-mid13-trick": "03656696706715bd",
    "deal7-es-mid27": "987116a5c35d21ca",
    "deal7-es-mid27-south": "ad9fa4d431052a58",
    "deal7-es-mid27-phone": "c59421d2d4e41ec8",
    "deal7-es-mid27-across": "686afe0609e62029",
    "deal7-es-mid27-reveal": "67e82cac425fc670",
    "deal7-es-mid27-reveal-phone": "f5ee07df15b786cb",
    "deal7-es-mid27-dimmed": "ee65f664062a808b",
    "deal7-es-mid27-cover": "d6949fdd78443883",
    "deal7-es-mid27-held": "781ad42f74f5a977",
    "deal7-es-mid27-held-phone": "b0cb8505d580194f",
    "deal7-es-mid27-trick": "3a5dc0777bab95cc",
    "deal7-es-over": "9eedfe46b19bbcae",
    "deal7-es-over-phone": "5d57a8f0b36f2399",
    "deal7-es-over-obs": "e4ddb5c683e1d7f6",
    "deal7-es-hand": "49b822e29adc8bfc",
    "deal7-es-hand-plain": "a5e586013f76963d",
    "deal23-en-passing": "3a17490d64194bce",
    "deal23-en-passing-chosen": "86c8d1bc8368e627",
    "deal23-en-passing-phone": "47c52dede5f208b7",
    "deal23-en-waiting": "f4cf48684bae1951",
    "deal23-en-across": "14fa72d48837536c",
    "deal23-en-received": "e93fe3a7c060c11a",
    "deal23-en-mid2": "e6ee70fe1d96cc75",
    "deal23-en-mid2-south": "7c21e0533eac70ed",
    "deal23-en-mid2-phone": "e12b93093398f455",
    "deal23-en-mid2-across": "ab217321efbc28df",
    "deal23-en-mid2-reveal": "70cf0b141fe86410",
    "deal23-en-mid2-reveal-phone": "0628cec9e6b718bc",
    "deal23-en-mid2-dimmed": "f13cad1ac68468d7",
    "deal23-en-mid2-cover": "53ab6aab12cbd1ce",
    "deal23-en-mid5": "d1290608ceebf881",
    "deal23-en-mid5-south": "b68aea52855df049",
    "deal23-en-mid5-phone": "d9f180d7ae6c8896",
    "deal23-en-mid5-across": "ffb0fdb12c3360cc",
    "deal23-en-mid5-reveal": "f674adea3c26bdca",
    "deal23-en-mid5-reveal-phone": "11c2173966a307ba",
    "deal23-en-mid5-dimmed": "2c64db27f9936761",
    "deal23-en-mid5-cover": "df88f85347b2ae61",
    "deal23-en-mid5-held": "c3128779dee60bd8",
    "deal23-en-mid5-held-phone": "2fddea1692bc6865",
    "deal23-en-mid5-trick": "a502416fdcddde9d",
    "deal23-en-mid8": "7da4d229620e51b2",
    "deal23-en-mid8-south": "792df20ba4528de2",
    "deal23-en-mid8-phone": "913678837e64e83b",
    "deal23-en-mid8-across": "66d9a5371f929ab2",
    "deal23-en-mid8-reveal": "0a4a6a33ec571987",
    "deal23-en-mid8-reveal-phone": "6cbc7d6eb877b974",
    "deal23-en-mid8-dimmed": "70d37fe8191a00d9",
    "deal23-en-mid8-cover": "56d29e0c66df588e",
    "deal23-en-mid8-held": "e0d68af4f0ced1ad",
    "deal23-en-mid8-held-phone": "c59c696f658e7d7f",
    "deal23-en-mid8-trick": "6a0cb05fc5150808",
    "deal23-en-mid13": "4700251a9a580fa2",
    "deal23-en-mid13-south": "93ab9507b2aa0f84",
    "deal23-en-mid13-phone": "527f66d769d85503",
    "deal23-en-mid13-across": "e93aa547fa520e95",
    "deal23-en-mid13-reveal": "eecdba4ee0d5845f",
    "deal23-en-mid13-reveal-phone": "47d35b1b8ea8087f",
    "deal23-en-mid13-dimmed": "6ebe7a2d90b4f13a",
    "deal23-en-mid13-cover": "08b55f3c19670374",
    "deal23-en-mid13-held": "ded317bdf4c6ca04",
    "deal23-en-mid13-held-phone": "45ac6b1dfc3b035a",
    "deal23-en-mid13-trick": "e24f0478fb70ca87",
    "deal23-en-mid27": "c0c757298b5d65bb",
    "deal23-en-mid27-south": "97994472fcfb5088",
    "deal23-en-mid27-phone": "b144f326fcb28558",
    "deal23-en-mid27-across": "77d391cd41b1b690",
    "deal23-en-mid27-reveal": "5c87e4bf58bd21fc",
    "deal23-en-mid27-reveal-phone": "419c895c7bc6874c",
    "deal23-en-mid27-dimmed": "3aee1bfbbf8132b7",
    "deal23-en-mid27-cover": "67aa0521e6bd99d7",
    "deal23-en-mid27-held": "06ce7ce7e789320c",
    "deal23-en-mid27-held-phone": "024cad3061b2c728",
    "deal23-en-mid27-trick": "7bb9f781903eb7d3",
    "deal23-en-over": "bf3c7b39df80ad41",
    "deal23-en-over-phone": "bac10854a52b2636",
    "deal23-en-over-obs": "231290565c148d09",
    "deal23-en-hand": "6d86d545bf9e1b0b",
    "deal23-en-hand-plain": "1150828df2a87452",
    "deal23-es-passing": "9e6da9ccc2dd48d2",
    "deal23-es-passing-chosen": "4d4035c625e6eb08",
    "deal23-es-passing-phone": "b46e381cac84a625",
    "deal23-es-waiting": "880c15945aa5a959",
    "deal23-es-across": "772701235dc61cf4",
    "deal23-es-received": "167ee268cb1580d7",
    "deal23-es-mid2": "98687a56c99dece0",
    "deal23-es-mid2-south": "32e5bc19b3bd3132",
    "deal23-es-mid2-phone": "2688f122c7155348",
    "deal23-es-mid2-across": "3e461ae27288a18a",
    "deal23-es-mid2-reveal": "6d047ba335b3468c",
    "deal23-es-mid2-reveal-phone": "c24facb1ff33769f",
    "deal23-es-mid2-dimmed": "d07ef7ee16e40e60",
    "deal23-es-mid2-cover": "7d2154577cb929b9",
    "deal23-es-mid5": "d1b60489d55a13dd",
    "deal23-es-mid5-south": "669f359031bc2f9d",
    "deal23-es-mid5-phone": "c981754e822d72a8",
    "deal23-es-mid5-across": "89755d5db158e00d",
    "deal23-es-mid5-reveal": "4f717ee7c94907fd",
    "deal23-es-mid5-reveal-phone": "3b413591dda8e026",
    "deal23-es-mid5-dimmed": "692b4bd9327172e5",
    "deal23-es-mid5-cover": "bc73837590cef416",
    "deal23-es-mid5-held": "cbb7353d43d9d19f",
    "deal23-es-mid5-held-phone": "16114e4ab273dde8",
    "deal23-es-mid5-trick": "fdaf897de266af44",
    "deal23-es-mid8": "ac7815c3b76e004f",
    "deal23-es-mid8-south": "44ee3929e9e38e19",
    "deal23-es-mid8-phone": "db8718a3a973ef4a",
    "deal23-es-mid8-across": "74dc4474e452a352",
    "deal23-es-mid8-reveal": "f690e8cf57b46413",
    "deal23-es-mid8-reveal-phone": "e4ce3fb7f2f3f362",
    "deal23-es-mid8-dimmed": "be4f507546975b57",
    "deal23-es-mid8-cover": "4c26d8a835bcc906",
    "deal23-es-mid8-held": "b4b4afe09a675ada",
    "deal23-es-mid8-held-phone": "286f5372b11a1d65",
    "deal23-es-mid8-trick": "f46a8ba9cac18c97",
    "deal23-es-mid13": "d5d95bbe442254e4",
    "deal23-es-mid13-south": "b5e3f12807509370",
    "deal23-es-mid13-phone": "99f8b3f61fff7f9f",
    "deal23-es-mid13-across": "ddd1d24cb9c0599c",
    "deal23-es-mid13-reveal": "b15a99e9e183e582",
    "deal23-es-mid13-reveal-phone": "e09d943298081382",
    "deal23-es-mid13-dimmed": "9d141eaa88ef0de8",
    "deal23-es-mid13-cover": "f12954beffbd99a1",
    "deal23-es-mid13-held": "22c1800236a21ecb",
    "deal23-es-mid13-held-phone": "d97061e2117de182",
    "deal23-es-mid13-trick": "22e8484d142ca05b",
    "deal23-es-mid27": "78e5e3d31f7860df",
    "deal23-es-mid27-south": "479a0b13440e8678",
    "deal23-es-mid27-phone": "4c742604d9531501",
    "deal23-es-mid27-across": "2bd0a355a00f106b",
    "deal23-es-mid27-reveal": "2becfd4f51b40678",
    "deal23-es-mid27-reveal-phone": "20a9a5f95b7a57f1",
    "deal23-es-mid27-dimmed": "2b9e27e6822e813c",
    "deal23-es-mid27-cover": "8979dedb3f353a8e",
    "deal23-es-mid27-held": "bfd49cf91737cbc1",
    "deal23-es-mid27-held-phone": "4e76542cd165ac68",
    "deal23-es-mid27-trick": "e8cf828cd0388f24",
    "deal23-es-over": "28bab3a7fb3a0cdb",
    "deal23-es-over-phone": "b1ffc939d9b7d46e",
    "deal23-es-over-obs": "03b5a133a513833b",
    "deal23-es-hand": "851bd895dadbefe2",
    "deal23-es-hand-plain": "06c000ef5be57c7c",
    "game0-mid": "dd533302f879f9a1",
    "game0-mid-game": "add0f707f071be0e",
    "game0-mid-game-phone": "675c1cd21494e26f",
    "game0-over": "8b564b68d4c6661d",
    "game0-over-phone": "f72e261c6441ad55",
    "game1-mid": "fedf636a2ab64820",
    "game1-mid-game": "c8bb0fe41450fc8e",
    "game1-mid-game-phone": "1ab12cbc6a4ae782",
    "game1-over": "e5bb177e7032c537",
    "game1-over-phone": "d62ba41f955d5331",
    "game2-mid": "c68653bd6730c630",
    "game2-mid-game": "ceca593d447d5f7f",
    "game2-mid-game-phone": "cf987bb6f1aeb5fb",
    "game2-over": "f1e6211e6868f49c",
    "game2-over-phone": "f12b714f230f2eb3",
    "no-pass": "1e6af36308ace3ad",
    "card-QS-False": "51c5ce2e7462b791",
    "card-QS-True": "1235c15429ba7492",
    "card-QS-marks": "699a7e86bb537958",
    "card-10H-False": "5567bf0f2e88a66f",
    "card-10H-True": "1235c15429ba7492",
    "card-10H-marks": "85dcd7cb1ea30866",
    "card-2C-False": "7926b1c9bedf2087",
    "card-2C-True": "1235c15429ba7492",
    "card-2C-marks": "21d91b12c08006f8",
    "card-AS-False": "eca66bc27009ce5c",
    "card-AS-True": "1235c15429ba7492",
    "card-AS-marks": "1d2d5d714bad4318",
    "card-JD-False": "58f1663c14156aa7",
    "card-JD-True": "1235c15429ba7492",
    "card-JD-marks": "34fb21a2c1b57cb3",
    "card-KC-False": "a5820566d2f964a0",
    "card-KC-True": "1235c15429ba7492",
    "card-KC-marks": "db6d0fc823459790",
}  # fmt: skip
