"""The `memdir` command line: a thin layer over memdir.Memory; the one place errors become messages."""
