"""The data dictionary: every column of every table the package returns, with its meaning, unit and dtype.

One list, :data:`COLUMNS`, describes the self-play tables (``hands``,
``tricks``, ``plays``, ``games``), the experiment tables (``deals`` and
``experiment_games``) and the tournament table. The docstrings of the
result classes, ``docs/data.md`` and :func:`data_dictionary` all come from
it, and a test checks it against the DataFrames themselves.

>>> d = data_dictionary("hands")
>>> d.loc["points", ["dtype", "unit"]].tolist()
['int64', 'points']
>>> d.loc["took_jd", "meaning"]
'took J♦ (worth −10 only in the jack_of_diamonds variant, where points include it)'
>>> sorted(set(data_dictionary()["table"]))[:3]
['deals', 'experiment_games', 'games']
"""

# ruff: noqa: E501  (the dictionary is a table: one column a line reads best)

from __future__ import annotations

import dataclasses

import pandas as pd

__all__ = ["COLUMNS", "TABLES", "TWO_PACK_COLUMNS", "Column", "data_dictionary", "markdown"]


@dataclasses.dataclass(frozen=True)
class Column:
    """One column: its table, name, pandas dtype, unit and meaning."""

    table: str
    name: str
    dtype: str
    unit: str
    meaning: str


#: The tables, in the order the docs give them, with one line on what a row is.
TABLES: dict[str, str] = {
    "hands": "self-play: one row per hand and seat (play_hands, play_games)",
    "tricks": "self-play: one row per trick",
    "plays": "self-play: one row per card played",
    "games": "self-play: one row per game and seat (SelfPlayResult.games, from play_games)",
    "deals": "experiment (compare, tip_experiment, unit='hands'): one row per duplicate deal",
    "experiment_games": "experiment (unit='games'): one row per duplicate game",
    "tournament": "tournament: one row per deal, seating and seat",
    "own_hands": "your own games (hearts_widgets.my_games): the columns of hands above, then these",
    "own_plays": "your own games: the columns of plays above, then these",
    "mistakes": "your own games: one row per costly decision of a person (OwnGames.mistakes)",
    "habits": "your own games: one row per tip (OwnGames.habits)",
    "progress": "your own games: one row per hand of a person, oldest first (OwnGames.progress)",
}

_SUITS = ("clubs", "diamonds", "spades", "hearts")


def _features(suffix: str, when: str) -> list[Column]:
    cols = [Column("hands", f"{s}_{suffix}", "int16", "cards", f"{s} held {when}") for s in _SUITS]
    return [
        *cols,
        Column("hands", f"has_qs_{suffix}", "bool", "", f"holds Q♠ {when}"),
        Column("hands", f"qs_guards_{suffix}", "int16", "cards", f"spades below Q♠ (2♠–J♠) held {when}"),
        Column("hands", f"high_spades_{suffix}", "int16", "cards", f"how many of K♠ and A♠ held {when}"),
        Column("hands", f"voids_{suffix}", "int16", "suits", f"suits with no card {when}"),
    ]


_CARD = "category"  # hearts.card_column.CARD_DTYPE: an ordered categorical of the 52 card names, in card order

COLUMNS: tuple[Column, ...] = (
    Column("hands", "run", "int64", "", "id of the run (SelfPlayResult.meta['run']); tables of several runs join on run and deal"),
    Column("hands", "deal", "int32", "", "hand index in this run (0, 1, …)"),
    Column("hands", "game", "int32", "", "game index (only from play_games)"),
    Column("hands", "deal_number", "int64", "", "replay with Deal.from_number(deal_number, hand_number=…)"),
    Column("hands", "hand_number", "int16", "", "hand within its game, from 1 (sets the pass direction)"),
    Column("hands", "seat", "category", "", "South, West, North, East (in play order)"),
    Column("hands", "bot", "category", "", "the bot's label"),
    Column("hands", "pass_direction", "category", "", "left, right, across or none"),
    Column("hands", "dealt", "uint64", "bitmask", "the cards dealt (bit i = card i; CardSet(int(mask)) shows them)"),
    Column("hands", "dealt_twice", "uint64", "bitmask", "Cancellation Hearts only: bitmask of the cards dealt twice (both copies; dealt holds each card once)"),
    *_features("before", "as dealt"),
    *_features("after", "after the pass (as dealt when there is no pass)"),
    *(Column("hands", f"passed_{j}", _CARD, "", f"card passed, {j}{'st' if j == 1 else 'nd' if j == 2 else 'rd'} lowest (NaN: no pass)") for j in (1, 2, 3)),
    Column("hands", "passed_qs", "bool", "", "passed Q♠"),
    *(Column("hands", f"received_{j}", _CARD, "", f"card received, {j}{'st' if j == 1 else 'nd' if j == 2 else 'rd'} lowest (NaN: no pass)") for j in (1, 2, 3)),
    Column("hands", "received_qs", "bool", "", "received Q♠"),
    Column("hands", "pass_reason", "category", "", "message key of the reason the bot gave for its pass (NaN: no pass)"),
    Column("hands", "pass_values", "category", "", "the other values that fill that message, as JSON (NaN if none)"),
    Column(
        "hands", "pass_tip", "category", "",
        "every tip that chose at least one passed card, in the tips' order, joined by '+' (NaN: none); "
        "filter one tip with hands[hands.pass_tip.str.contains('void_short_suit', na=False)] (na=False: pandas before 3 "
        "gives NaN for the hands without a tip, which cannot select rows)",
    ),
    Column("hands", "points", "int64", "points", "penalty points taken: hearts 1 each, Q♠ 13, J♦ −10 in that variant"),
    Column("hands", "score", "int64", "points", "what the hand adds to the total (a moon: 0 for the shooter, 26 for the others)"),
    Column("hands", "tricks_won", "int16", "tricks", "tricks taken"),
    Column("hands", "hearts_taken", "int16", "cards", "hearts taken"),
    Column("hands", "took_qs", "bool", "", "took Q♠"),
    Column("hands", "took_jd", "bool", "", "took J♦ (worth −10 only in the jack_of_diamonds variant, where points include it)"),
    Column("hands", "shot_moon", "bool", "", "this seat took every penalty card"),
    Column("hands", "qs_taken", "int16", "cards", "Cancellation Hearts only: copies of Q♠ taken (0–2; took_qs: at least one)"),
    Column("hands", "taken_twice", "uint64", "bitmask", "Cancellation Hearts only: bitmask of the cards taken twice (hearts_taken counts both copies)"),
    Column("hands", "total", "int64", "points", "game total after this hand (only from play_games)"),
    Column("tricks", "run", "int64", "", "id of the run (SelfPlayResult.meta['run']); tables of several runs join on run and deal"),
    Column("tricks", "deal", "int32", "", "hand index, as in hands"),
    Column("tricks", "trick", "int16", "", "trick number in the hand, from 0"),
    Column("tricks", "leader", "category", "", "seat that led"),
    Column("tricks", "led_suit", "category", "", "clubs, diamonds, spades or hearts"),
    Column("tricks", "winner", "category", "", "seat that took the trick"),
    Column("tricks", "winning_card", _CARD, "", "the card that took it, such as 'Q♠'"),
    Column("tricks", "points", "int64", "points", "penalty points in the trick (J♦ −10 in that variant)"),
    Column("tricks", "hearts", "int16", "cards", "hearts in the trick"),
    Column("tricks", "has_qs", "bool", "", "Q♠ is in the trick"),
    Column("tricks", "has_jd", "bool", "", "J♦ is in the trick"),
    Column("tricks", "discards", "int16", "cards", "cards not of the led suit"),
    Column("tricks", "waited", "bool", "", "Cancellation Hearts only: every card of the suit led cancelled, so nobody won it (winner and winning_card NaN); the next trick's winner took its cards and points"),
    Column("tricks", "cancelled", "int16", "cards", "Cancellation Hearts only: cards of the trick cancelled by their twin (two a pair)"),
    Column("plays", "run", "int64", "", "id of the run (SelfPlayResult.meta['run']); tables of several runs join on run and deal"),
    Column("plays", "deal", "int32", "", "hand index, as in hands"),
    Column("plays", "trick", "int16", "", "trick number, from 0"),
    Column("plays", "position", "int16", "", "0 for the lead, then 1, 2, … in play order"),
    Column("plays", "seat", "category", "", "seat that played the card"),
    Column("plays", "bot", "category", "", "the bot in that seat"),
    Column("plays", "card", _CARD, "", "the card played, such as 'Q♠' (ordered categorical of the 52 names)"),
    Column("plays", "suit", "category", "", "its suit"),
    Column("plays", "rank", "int16", "", "its rank, 2–14 (J 11, Q 12, K 13, A 14)"),
    Column("plays", "role", "category", "", "led, followed or discarded"),
    Column("plays", "reason", "category", "", "message key of the reason the bot gave"),
    Column("plays", "reason_values", "category", "", "the other values that fill that message, as JSON (NaN if none)"),
    Column("plays", "tip", "category", "", "the strategy tip or habit that drove the play (NaN: baseline play)"),
    Column("plays", "won", "bool", "", "this card took the trick"),
    Column("plays", "copy", "int16", "", "Cancellation Hearts only: 0 the first time this card is played in the hand, 1 for its twin (card holds 52 codes; card and copy name each of the 104)"),
    Column("plays", "cancelled", "bool", "", "Cancellation Hearts only: this card met its twin in the trick, so neither could win it"),
    Column("games", "run", "int64", "", "id of the run (SelfPlayResult.meta['run']); tables of several runs join on run and deal"),
    Column("games", "game", "int32", "", "game index in this run"),
    Column("games", "seat", "category", "", "seat"),
    Column("games", "bot", "category", "", "the bot's label"),
    Column("games", "hands", "int32", "hands", "hands the game lasted"),
    Column("games", "total", "int64", "points", "final total"),
    Column("games", "won", "bool", "", "has the lowest total (alone or tied)"),
    Column("games", "win_share", "float64", "games", "share of the win: 1 alone, 1/k when k players tie for the lowest"),
    Column("deals", "deal", "int32", "", "deal index"),
    Column("deals", "deal_number", "int64", "", "replay with Deal.from_number(deal_number, hand_number=…)"),
    Column("deals", "hand_number", "int16", "", "hand number the deal is played as (sets the pass)"),
    Column("deals", "pass_direction", "category", "", "left, right, across or none"),
    Column("deals", "a_points", "float64", "points per hand", "A's mean score (or points) over the seats it sat in"),
    Column("deals", "b_points", "float64", "points per hand", "B's mean score (or points) over the seats it sat in"),
    Column("deals", "diff", "float64", "points per hand", "b_points − a_points (negative: B took fewer)"),
    Column("deals", "changed", "int16", "hands", "seat rotations in which A's and B's hands ended differently"),
    Column("experiment_games", "game", "int32", "", "game index"),
    Column("experiment_games", "game_number", "int64", "", "replay with Game(game_number, rules)"),
    Column("experiment_games", "a_win", "float64", "games", "A's share of the win, mean over seats (a tie of k counts 1/k)"),
    Column("experiment_games", "b_win", "float64", "games", "B's share of the win, mean over seats"),
    Column("experiment_games", "win_diff", "float64", "games", "b_win − a_win"),
    Column("experiment_games", "a_score", "float64", "points", "A's final total, mean over seats"),
    Column("experiment_games", "b_score", "float64", "points", "B's final total, mean over seats"),
    Column("experiment_games", "score_diff", "float64", "points", "b_score − a_score (mixes skill with game length)"),
    Column("experiment_games", "a_hands", "int32", "hands", "hands A's games lasted, summed over seats"),
    Column("experiment_games", "b_hands", "int32", "hands", "hands B's games lasted, summed over seats"),
    Column("experiment_games", "a_per_hand", "float64", "points per hand", "A's final total / hands played, mean over seats"),
    Column("experiment_games", "b_per_hand", "float64", "points per hand", "B's final total / hands played, mean over seats"),
    Column("experiment_games", "per_hand_diff", "float64", "points per hand", "b_per_hand − a_per_hand: not confounded by game length"),
    Column("experiment_games", "hands_diff", "float64", "hands", "(b_hands − a_hands) / seats: how much longer B's games lasted"),
    Column("experiment_games", "changed", "int16", "games", "seat rotations in which the two games ended with different totals"),
    Column("tournament", "deal", "int32", "", "deal index"),
    Column("tournament", "deal_number", "int64", "", "replay with Deal.from_number(deal_number, hand_number=…)"),
    Column("tournament", "hand_number", "int16", "", "hand number the deal is played as (sets the pass)"),
    Column("tournament", "seating", "int16", "", "which seating of the schedule (Tournament.seatings)"),
    Column("tournament", "seat", "category", "", "seat"),
    Column("tournament", "bot", "category", "", "the bot's label"),
    Column("tournament", "points", "int64", "points", "penalty points taken"),
    Column("tournament", "score", "int64", "points", "what the hand adds to the total (after a moon)"),
    Column("tournament", "shot_moon", "bool", "", "this seat took every penalty card"),
    Column("own_hands", "person", "bool", "", "a person played this seat (not a bot)"),
    Column("own_hands", "player", "category", "", "who played the seat: \"you\" at your own table, a student's name in a room, else the bots' level"),
    Column("own_hands", "played_at", "datetime64[ns, UTC]", "", "when the hand finished (UTC)"),
    Column("own_hands", "table", "category", "", "where it was played: solo, learn, pass_and_play or room"),
    Column("own_hands", "game_id", "string", "", "the game the hand belongs to (hands of one game share it)"),
    Column("own_plays", "person", "bool", "", "a person played this card"),
    Column("own_plays", "player", "category", "", "who played it (as in own_hands)"),
    Column("mistakes", "deal", "int64", "", "the hand: the deal of hands and plays"),
    Column("mistakes", "seat", "int64", "", "the person's seat number in play order (0 is South, the seat of the person at a solo table)"),
    Column("mistakes", "player", "string", "", "the person"),
    Column("mistakes", "decision", "int64", "", "the decision as the hand review numbers them (0: the pass, when there is one)"),
    Column("mistakes", "kind", "string", "", "pass or play"),
    Column("mistakes", "trick", "Int64", "", "trick 0-12 (<NA> for the pass); people read trick + 1"),
    Column("mistakes", "card", "string", "", "the card played (or the cards passed)"),
    Column("mistakes", "better", "string", "", "the expert's choice"),
    Column("mistakes", "cost", "float64", "points", "expected points lost against the better choice (the review's check worlds)"),
    Column("mistakes", "cost_se", "float64", "points", "standard error of cost"),
    Column("mistakes", "low", "float64", "points", "cost − 2 cost_se: above the threshold for every row"),
    Column("mistakes", "tip", "string", "", "the tip that plays the better card here, if one does"),
    Column("mistakes", "explanation", "string", "", "the mistake in words: the cost, what each card does in the trick, the tip"),
    Column("mistakes", "played_at", "datetime64[ns, UTC]", "", "when the hand finished"),
    Column("mistakes", "game_id", "string", "", "the game"),
    Column("habits", "tip", "string", "", "the tip's name (hearts.bots.tips.TIP_NAMES)"),
    Column("habits", "title", "string", "", "the tip in words"),
    Column("habits", "arose", "int64", "decisions", "decisions where the tip's detectors found its situation"),
    Column("habits", "followed", "int64", "decisions", "of those, the person chose the tip's card or pass"),
    Column("habits", "followed_share", "float64", "", "followed / arose"),
    Column("habits", "cost_followed", "float64", "points", "mean expected points lost against the expert's choice, when followed"),
    Column("habits", "cost_followed_se", "float64", "points", "its standard error (across decisions)"),
    Column("habits", "cost_not_followed", "float64", "points", "the same when not followed"),
    Column("habits", "cost_not_followed_se", "float64", "points", "its standard error"),
    Column("habits", "difference", "float64", "points", "cost_not_followed − cost_followed (NaN: not enough decisions yet)"),
    Column("habits", "difference_se", "float64", "points", "its standard error"),
    Column("habits", "verdict", "string", "", "the row in words"),
    Column("progress", "hand", "int64", "", "the person's hands counted from 0, oldest first"),
    Column("progress", "played_at", "datetime64[ns, UTC]", "", "when the hand finished"),
    Column("progress", "player", "string", "", "the person"),
    Column("progress", "points", "int64", "points", "penalty points the person took"),
    Column("progress", "smoothed", "float64", "points", "mean points of the same person's last `window` hands"),
    Column("progress", "smoothed_se", "float64", "points", "its standard error (NaN for a single hand)"),
    Column("progress", "bots", "float64", "points", "mean points of the bots in the same hand"),
)  # fmt: skip

TWO_PACK_COLUMNS: frozenset[tuple[str, str]] = frozenset(
    (c.table, c.name) for c in COLUMNS if c.meaning.startswith("Cancellation Hearts only")
)
"""(table, column) of the columns that only Cancellation Hearts (two packs) data has.

>>> ("plays", "copy") in TWO_PACK_COLUMNS, ("plays", "card") in TWO_PACK_COLUMNS
(True, False)
"""


def data_dictionary(table: str | None = None) -> pd.DataFrame:
    """The data dictionary as a DataFrame: one table's columns (indexed by name), or all (with ``table``).

    >>> list(data_dictionary("plays").columns)
    ['dtype', 'unit', 'meaning']
    >>> data_dictionary("nope")
    Traceback (most recent call last):
    ...
    ValueError: unknown table 'nope'; tables are: hands, tricks, plays, games, deals, experiment_games, tournament,
    own_hands, own_plays, mistakes, habits, progress
    """
    if table is not None and table not in TABLES:
        raise ValueError(f"unknown table {table!r}; tables are: {', '.join(TABLES)}")
    rows = [dataclasses.asdict(c) for c in COLUMNS if table is None or c.table == table]
    df = pd.DataFrame(rows, columns=["table", "name", "dtype", "unit", "meaning"])
    if table is None:
        return df
    return df.drop(columns="table").set_index("name")


def markdown() -> str:
    """``docs/data.md``: the dictionary as Markdown tables, one per table."""
    out = [
        "# Data dictionary",
        "",
        "Every column of every table the package returns: dtype, unit and meaning. Generated from",
        "`hearts.columns.COLUMNS` (`python -m hearts.columns > docs/data.md`); a test keeps the two equal.",
        "The same table is on the results: `SelfPlayResult.data_dictionary()`, `ExperimentResult.data_dictionary()`,",
        "`TournamentResult.data_dictionary()`.",
        "",
        "Points, scores and totals are `int64`, the width pandas gives integer arithmetic. Counts of cards,",
        "tricks, suits and seat rotations (and `rank`) are `int16`: none exceeds 52, so `int16` (up to 32,767) holds the sum,",
        "the square or the product of any two of them. Counts of hands are `int32` (a game may last 1,000 hands).",
        "Multiplying a count by a large constant wants `.astype(\"int64\")` first: `hands[\"hearts_taken\"] * 1000`",
        "wraps in `int16`. Totals over rows (`.sum()`, `.cumsum()`, `groupby(...).sum()`) are `int64` in pandas",
        "whatever the column. `run`, `deal`, `game`, `trick`, `position`, `hand_number`, `seating` and the replay",
        "numbers are indices, not quantities.",
        "Card columns (`card`, `winning_card`, `passed_1`…, `received_1`…) are ordered categoricals of the 52 card",
        "names in card order (2♣ … A♣, 2♦ … A♦, 2♠ … A♠, 2♥ … A♥; `hearts.card_column.CARD_DTYPE`), one byte a",
        "card. Plain pandas, pyarrow, Parquet (`df.to_parquet`, `pd.read_parquet` without this package), the",
        "dataframe interchange protocol, `.str`, `pd.get_dummies` and `.loc[\"Q♠\"]` all read them as they are",
        "(pandas' own interchange reader, `pd.api.interchange.from_dataframe`, turns a missing value of any",
        "categorical into its last category, so `passed_1` of a hand without a pass reads `A♥` there: a pandas bug;",
        "`pyarrow.interchange.from_dataframe` reads it right, but as an *unordered* dictionary, so compare or sort",
        "its cards after `.to_pandas().astype(hearts.card_column.CARD_DTYPE)`).",
        "Their values are the names as shown: `plays[\"card\"] == \"Q♠\"`; `== \"QS\"` is False everywhere, as for",
        "any value that is not a category. The `.cards` accessor reads the notation you type and refuses what is",
        "not a card: `plays[\"card\"].cards.eq(\"QS\")`, `.cards.isin([\"QS\", \"JD\"])`, and",
        "`hearts.card_column.card_name(\"QS\")` gives `\"Q♠\"` for `.loc`. `<`, `>=`, sorting, `min` and `max` follow",
        "the card order, suit after suit (`>= \"Q♠\"` includes the hearts); `.cards.ge(\"QS\")` and its kin compare",
        "rank within a suit (Q♠, K♠, A♠). `.cards.rank`, `.cards.suit` and `.cards.code` (the card number) too.",
        "",
        "Every row names its run: `run` is the run id (`SelfPlayResult.meta[\"run\"]`, a number from the mode, seed,",
        "bots, rules and pass direction, so `(run, deal)` names one hand), and `deal` counts from 0 in each run:",
        "tables of several runs join on `[\"run\", \"deal\", …]`. `SelfPlayResult.concat([a, b])` puts runs together",
        "keeping every categorical (the bots' labels, reasons and their values of all the runs); plain `pd.concat`",
        "turns a categorical whose categories differ between the runs into strings (three times the memory or more).",
        "",
        "A `groupby` of these tables compares *different hands*: `hands.groupby(\"voids_after\")[\"points\"].mean()`",
        "says what hands with a void score, not what voiding does to a hand. To learn what a choice causes, play",
        "the same deals both ways: `hearts.experiment.compare`, `tip_experiment`, `hearts.tournament.tournament`",
        "(notebook 05 shows the two side by side).",
        "",
    ]
    for table, what in TABLES.items():
        out += [f"## {table}", "", what, "", "| column | dtype | unit | meaning |", "|---|---|---|---|"]
        out += [
            f"| `{c.name}` | {c.dtype} | {c.unit} | {c.meaning.replace('|', '/')} |" for c in COLUMNS if c.table == table
        ]
        out.append("")
    return "\n".join(out)


if __name__ == "__main__":  # pragma: no cover
    print(markdown(), end="")
