"""``python -m mtgrules``: the command line."""

from .cli import command

command()
