# Solution to the exercise of notebook 05 / Solución al ejercicio del cuaderno 05.
# It runs inside the notebook: south_pairs, interval, side, N_HANDS and LANG come from there.
# Se ejecuta dentro del cuaderno: south_pairs, interval, side, N_HANDS y LANG vienen de allí.
from hearts.bots import Tips
from hearts.messages import text
from hearts.selfplay import bot_spec

PASSED = ["passed_1", "passed_2", "passed_3"]


def void_length_test(low, high):
    shorter = bot_spec("rule", tips=Tips(void_min_length=low, void_max_length=high), label=f"void {low} to {high}")
    no_void = bot_spec("rule", tips=Tips().without("void_short_suit"), label="no voids")
    pairs, runs = south_pairs(shorter, no_void, N_HANDS)
    south_no_void = runs[1].hands[runs[1].hands["seat"] == "South"].set_index("deal")
    codes = [frame[PASSED].apply(lambda cards: cards.cards.code) for frame in (pairs, south_no_void)]
    # Over all hands, as in the experiment: the hands where the pass did not change count as 0.
    # Sobre todas las manos, como en el experimento: las manos en las que no cambió el pase cuentan como 0.
    mean, lo, hi = interval(pairs["diff"])
    return {
        "void_min_length": low,
        "void_max_length": high,
        "passes_changed": int((codes[0] != codes[1]).any(axis=1).sum()),
        "effect": mean,
        "ci_low": lo,
        "ci_high": hi,
        "verdict": text(f"tut.verdict.{side(lo, hi)}", LANG),
    }
