# Solution to the exercise of notebook 09 / Solución al ejercicio del cuaderno 09.
# A tournament entry is a file like this one: it defines `bot`.
# Una entrada del torneo es un fichero como este: define `bot`.
from hearts.bots import Bot, Decision
from hearts.cards import QUEEN_OF_SPADES, Suit

QUEEN = QUEEN_OF_SPADES


def rank(card):
    return card.rank


class Careful(Bot):
    name = "Careful"

    def decide_pass(self, obs):
        # Pass Q♠, A♠ and K♠ first, then the highest cards.
        # Pasa primero la Q♠, el A♠ y el K♠, y después las cartas más altas.
        def danger(card):
            if card == QUEEN or (card.suit == Suit.SPADES and card.rank > 12):
                return 100 + card.rank
            return card.rank

        return Decision(tuple(sorted(obs.hand, key=danger, reverse=True)[:3]))

    def decide_play(self, obs):
        legal = list(obs.legal_moves)
        queen_out = not obs.played_mask >> QUEEN & 1
        if not obs.trick:
            # Leading: no spades while I hold Q♠; then the lowest card.
            # Salida: nada de picas mientras tenga la Q♠; después, la carta más baja.
            if QUEEN in obs.hand:
                legal = [c for c in legal if c.suit != Suit.SPADES] or legal
            return Decision((min(legal, key=rank),))
        led = [card for _, card in obs.trick if card.suit == obs.led_suit]
        winning = max(led, key=rank)
        following = [c for c in legal if c.suit == obs.led_suit]
        if following:
            under = [c for c in following if c.rank < winning.rank]
            if under:
                return Decision((max(under, key=rank),))
            last = len(obs.trick) == obs.num_players - 1
            points_in_trick = any(card.suit == Suit.HEARTS or card == QUEEN for _, card in obs.trick)
            safe = [c for c in following if c != QUEEN] or following
            if last and not points_in_trick:
                # Last to play on a trick without points: win it with the highest card.
                # Último en una baza sin puntos: gánala con la carta más alta.
                return Decision((max(safe, key=rank),))
            return Decision((min(safe, key=rank),))
        # Cannot follow: throw Q♠, then A♠ or K♠ while Q♠ is out, then the highest heart, then the highest card.
        # Sin cartas del palo: suelta la Q♠, luego el A♠ o el K♠ si la Q♠ sigue fuera, luego el corazón más alto,
        # luego la carta más alta.
        if QUEEN in legal:
            return Decision((QUEEN,))
        high_spades = [c for c in legal if c.suit == Suit.SPADES and c.rank > 12]
        if high_spades and queen_out:
            return Decision((max(high_spades, key=rank),))
        hearts = [c for c in legal if c.suit == Suit.HEARTS]
        return Decision((max(hearts or legal, key=rank),))


bot = Careful()
