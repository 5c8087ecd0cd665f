"""What the table keeps on disk: the journal of plays, its checks and reads, the move count
beside it, the draft, the tag registry and the state folder that holds them."""
