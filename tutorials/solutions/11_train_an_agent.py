# Solution to the exercise of notebook 11 / Solución al ejercicio del cuaderno 11.
import numpy as np

from hearts import Card


def lowest_card(observation, mask):
    # Actions 0 to 51 are cards; 52 and 53 are the moon choice of a variant.
    # Las acciones 0 a 51 son cartas; 52 y 53 son la elección de la luna de una variante.
    allowed = [int(action) for action in np.flatnonzero(mask) if action < 52]
    return min(allowed, key=lambda action: (Card(action).rank, action))
