# Solution to the exercise of notebook 13 / Solución al ejercicio del cuaderno 13.
from collections import Counter


def trick_taker(plays, last):
    # Cards that appear twice in the trick cancel each other; the highest card of the suit led left wins.
    # Las cartas que aparecen dos veces en la baza se anulan; gana la carta más alta del palo de salida que quede.
    count = Counter(card for _, card in plays)
    led = plays[0][1].suit
    alive = [(seat, card) for seat, card in plays if card.suit == led and count[card] == 1]
    if alive:
        return max(alive, key=lambda play: play[1].rank)[0]
    # Nothing of the suit led is left: the trick waits, except the last one, which its leader takes.
    # No queda nada del palo de salida: la baza espera, salvo la última, que se lleva quien salió.
    return plays[0][0] if last else None
