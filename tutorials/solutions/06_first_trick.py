# Solution to the exercise of notebook 06 / Solución al ejercicio del cuaderno 06.
import pandas as pd


def fate_of_dumped_card(pairs, runs):
    without = runs[1]
    # The card the tip dumped on the first trick, in the hands where the first card changed.
    # La carta que el consejo soltó en la primera baza, en las manos en las que cambió la primera carta.
    dumped = pairs.loc[pairs["changed"], "first_card"].rename("dumped").reset_index()
    # Where South played that card in the run without the tip.
    # Dónde jugó Sur esa carta en la prueba sin el consejo.
    south = without.plays[without.plays["seat"] == "South"]
    later = south.merge(dumped, on="deal")
    later = later[later["card"] == later["dumped"]]
    later = later.merge(without.tricks[["deal", "trick", "points"]], on=["deal", "trick"])
    table = later.groupby("won").agg(
        cards=("card", "size"),
        trick=("trick", "mean"),
        points=("points", "mean"),
        with_points=("points", lambda p: (p > 0).mean()),
    )
    table["trick"] += 1  # counted from 1, as in the first table / contadas desde 1, como en la primera tabla
    return pd.concat([table], keys=["kept_card"], names=["", "won"]).droplevel(0)
