# Solution to the exercise of notebook 08 / Solución al ejercicio del cuaderno 08.
import pandas as pd


def moon_odds(moons):
    by_band = moons.groupby("band", observed=True)
    failed = moons[~moons["shot"]].groupby("band", observed=True)
    table = pd.DataFrame(
        {
            "attempts": by_band.size(),
            "success": by_band["shot"].mean(),
            "failed_score": failed["score"].mean(),
            "never_score": by_band["score_without"].mean(),
        }
    )
    # Trying pays when (1 - p) * failed_score < never_score: a success scores 0.
    # Intentarlo compensa cuando (1 - p) * failed_score < never_score: un éxito se anota 0.
    table["break_even"] = 1 - table["never_score"] / table["failed_score"]
    table["pays"] = table["success"] > table["break_even"]
    return table
