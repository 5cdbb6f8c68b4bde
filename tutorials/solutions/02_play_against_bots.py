# Solution to the exercise of notebook 02 / Solución al ejercicio del cuaderno 02.


def trick_winner(trick):
    led_suit = trick[0][1].suit
    # Only cards of the suit led can win; the highest of them takes the trick.
    # Solo las cartas del palo de salida pueden ganar; la más alta de ellas se lleva la baza.
    seat, card = max((play for play in trick if play[1].suit == led_suit), key=lambda play: play[1].rank)
    return seat
