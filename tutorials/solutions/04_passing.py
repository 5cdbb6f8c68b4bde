# Solution to the exercise of notebook 04 / Solución al ejercicio del cuaderno 04.
# It runs inside the notebook: south_pairs, interval, side, N_HANDS and LANG come from there.
# Se ejecuta dentro del cuaderno: south_pairs, interval, side, N_HANDS y LANG vienen de allí.
from hearts.bots import Tips
from hearts.messages import text
from hearts.selfplay import bot_spec

PASSED = ["passed_1", "passed_2", "passed_3"]


def keep_queen_test(k):
    variant = bot_spec("rule", tips=Tips(keep_queen_with=k), label=f"keep Q♠ with {k}")
    default = bot_spec("rule", label="Rule bot")
    pairs, runs = south_pairs(variant, default, N_HANDS)
    # The hands where the two bots passed different cards; elsewhere the difference is 0.
    # Las manos en las que los dos bots pasaron cartas distintas; en las demás la diferencia es 0.
    south_default = runs[1].hands[runs[1].hands["seat"] == "South"].set_index("deal")
    codes = [frame[PASSED].apply(lambda cards: cards.cards.code) for frame in (pairs, south_default)]
    changed = (codes[0] != codes[1]).any(axis=1)
    mean, lo, hi = interval(pairs.loc[changed, "diff"])
    return {
        "keep_queen_with": k,
        "hands_changed": int(changed.sum()),
        "effect_vs_4": mean,
        "ci_low": lo,
        "ci_high": hi,
        "verdict": text(f"tut.verdict.{side(lo, hi)}", LANG),
    }
