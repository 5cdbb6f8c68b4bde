# Solution to the exercise of notebook 07 / Solución al ejercicio del cuaderno 07.
# It runs inside the notebook: interval, N_GAMES, SEED and WORKERS come from there.
# Se ejecuta dentro del cuaderno: interval, N_GAMES, SEED y WORKERS vienen de allí.
from hearts.bots import Tips
from hearts.selfplay import bot_spec, play_games


def leader_in_games():
    with_tip = bot_spec("rule", label="with the tip")
    without_tip = bot_spec("rule", tips=Tips().without("queen_to_leader"), label="without the tip")
    share = 0
    # South and North with the tip, then West and East; the same seed deals the same cards.
    # Sur y Norte con el consejo, después Oeste y Este; la misma semilla reparte las mismas cartas.
    # win_share: a win shared by k players counts 1/k / una victoria compartida por k cuenta 1/k.
    for seats in ([with_tip, without_tip] * 2, [without_tip, with_tip] * 2):
        games = play_games(seats, N_GAMES, seed=SEED, workers=WORKERS, progress=False, detail="hands").games
        share = share + games[games["bot"] == "with the tip"].groupby("game")["win_share"].sum()
    return interval(share / 2)
