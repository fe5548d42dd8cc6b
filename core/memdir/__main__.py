"""`python -m memdir`: the same entry point as the `memdir` command."""

from memdir.cli.main import main

if __name__ == "__main__":
    main()
