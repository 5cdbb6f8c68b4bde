# Solution to the exercise of notebook 10 / Solución al ejercicio del cuaderno 10.
import pandas as pd

from hearts.messages import seat_name
from hearts.review import decision_table, review_hand


def cost_by_seat(hand, lang=None, worlds=48, pass_worlds=24, check_worlds=1000):
    # The notebook's language unless told otherwise / El idioma del cuaderno salvo que se diga otro.
    lang = lang or globals().get("LANG", "en")
    rows = []
    for seat in range(hand.n):
        review = review_hand(hand, seat, worlds=worlds, pass_worlds=pass_worlds, check_worlds=check_worlds, seed=0)
        decisions = decision_table(review)
        costly = decisions[decisions["costly"]]
        rows.append(
            {
                "seat": seat_name(seat, lang),
                "points": hand.result().points[seat],
                "costly_decisions": len(costly),
                "cost_of_costly": round(float(costly["cost"].sum()), 2),
                "total_cost": round(float(decisions["cost"].sum()), 2),
            }
        )
    return pd.DataFrame(rows).set_index("seat")
