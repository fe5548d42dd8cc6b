"""Notes and episodes: parsing, the NoteStore (every write of a note), the episode log, lint."""
