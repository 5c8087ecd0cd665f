"""`companion web`: the scoreboard on the local network, read-only.

Its own process and its own systemd unit: the table's process never imports this package.
"""
