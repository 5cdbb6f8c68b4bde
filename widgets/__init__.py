"""Jupyter widgets for hearts: the learn-to-play walkthrough and the game table."""
