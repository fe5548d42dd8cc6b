"""The MCP tools, one per module; READING and WRITING list them for the server (`--read-only`)."""
