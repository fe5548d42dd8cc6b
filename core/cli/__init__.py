"""The `memdir` command line: a thin layer over core.Memory; the one place errors become messages."""
