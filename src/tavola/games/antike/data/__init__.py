"""The board, nation and rule data files of Antike II (read by ``tavola.games.antike.loader``)."""
