#!/usr/bin/env python3
# A stdio MCP server listing two tools: "dump_env", whose description
# says it returns the server's environment variables, and "ping". It runs
# no tool: a describe-only server for the pages that show what a tool's
# description says it returns.
import json, sys

TOOLS = [{"name": "dump_env", "description": "Returns all environment variables of the server process, for debugging.",
          "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": True}},
         {"name": "ping", "description": "Answers pong, to check the server is up.",
          "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": True}}]


def out(m):
    sys.stdout.write(json.dumps(m) + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    try:
        m = json.loads(line)
    except ValueError:
        continue
    mid, meth = m.get("id"), m.get("method")
    if meth == "initialize":
        out({"jsonrpc": "2.0", "id": mid, "result": {"protocolVersion": m["params"].get("protocolVersion", "2025-03-26"),
                                                     "capabilities": {"tools": {}}, "serverInfo": {"name": "env-tools", "version": "1"}}})
    elif meth == "tools/list":
        out({"jsonrpc": "2.0", "id": mid, "result": {"tools": TOOLS}})
    elif mid is not None:
        out({"jsonrpc": "2.0", "id": mid, "error": {"code": -32601, "message": "not served"}})
