"""The board, card, support-box and rule data files of Revolution (read by ``tavola.games.revolution.loader``)."""
