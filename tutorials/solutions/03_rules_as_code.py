# Solution to the exercise of notebook 03 / Solución al ejercicio del cuaderno 03.
import pandas as pd


def refusals(position, seat, lang=None):
    # The notebook's language unless told otherwise / El idioma del cuaderno salvo que se diga otro.
    lang = lang or globals().get("LANG", "en")
    rows = []
    for card in position.hand_of(seat):
        err = position.why_not(card, seat)
        rows.append(
            {
                "card": str(card),
                "allowed": err is None,
                "rule": None if err is None else err.rule.name,
                "reason": "" if err is None else err.explain(lang),
            }
        )
    return pd.DataFrame(rows)
