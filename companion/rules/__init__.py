"""The rules of every game: what a move does and what each seat may do now, from plain data, free of the web and
the store."""
