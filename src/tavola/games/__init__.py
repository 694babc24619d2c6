"""One package per game; each exposes ``RULES``, its :class:`tavola.core.rules.Rules` object."""
