"""What the table keeps on disk: the journal of plays, its reads, checks and write-ahead log,
the move count beside it, the draft, the tag registry and the state folder that holds them."""
