"""The rules core: pure Python, standard library only, no I/O, no clock, no randomness."""
