"""`memdir mcp`: a Model Context Protocol server over one memory root (docs/mcp.md).

One tool per module in `tools/` (the docstring is the tool's description, the typed arguments its
schema); each calls the same `Memory` method as the CLI verb and has no logic of its own.
`mcp` (the SDK) is imported only here, never on the path of the other commands.
"""
