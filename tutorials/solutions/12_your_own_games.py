# Solution to the exercise of notebook 12 / Solución al ejercicio del cuaderno 12.
import pandas as pd

from hearts.messages import text


def mistakes_by_trick(mistakes, lang="en"):
    """One row per trick (1 to 13; the pass first): how many mistakes were made there and their total cost."""
    where = [text("tut.mygames.pass", lang) if kind == "pass" else f"{int(trick) + 1:2d}"
             for kind, trick in zip(mistakes["kind"], mistakes["trick"])]
    table = (
        mistakes.assign(where=where)
        .groupby("where")["cost"]
        .agg(["count", "sum"])
        .round(2)
        .rename(columns={"count": text("tut.mygames.count", lang), "sum": text("tut.mygames.cost", lang)})
    )
    table.index.name = text("tut.mygames.trick", lang)
    return table
