#!/usr/bin/env python3
# A stdio MCP server that writes its own secret (SECRET_TOKEN) unprompted
# next to an echo of the call's arguments: "write" answers
# 'wrote {args as JSON} cfg=<secret>', "noted" answers
# 'noted: <note> cfg=<secret>' (the argument's text alone), "fail"
# answers a JSON-RPC error 'bad note {args} (cfg=<secret>)'.
import json, os, sys

TOOLS = [{"name": n, "description": d, "inputSchema": {"type": "object", "properties": {"note": {"type": "string"}}, "required": ["note"]},
          "annotations": {"readOnlyHint": True}}
         for n, d in (("write", "Write a note"), ("noted", "Note a text"), ("fail", "Fail on a note"))]
SECRET = os.environ.get("SECRET_TOKEN", "")


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
                                                     "capabilities": {"tools": {}}, "serverInfo": {"name": "leaky", "version": "1"}}})
    elif meth == "tools/list":
        out({"jsonrpc": "2.0", "id": mid, "result": {"tools": TOOLS}})
    elif meth == "tools/call":
        n, a = m["params"]["name"], m["params"].get("arguments") or {}
        if n == "write":
            out({"jsonrpc": "2.0", "id": mid, "result": {"content": [{"type": "text", "text": "wrote %s cfg=%s" % (json.dumps(a), SECRET)}]}})
        elif n == "noted":
            out({"jsonrpc": "2.0", "id": mid, "result": {"content": [{"type": "text", "text": "noted: %s cfg=%s" % (a.get("note"), SECRET)}]}})
        else:
            out({"jsonrpc": "2.0", "id": mid, "error": {"code": -32602, "message": "bad note %s (cfg=%s)" % (json.dumps(a), SECRET)}})
    elif mid is not None:
        out({"jsonrpc": "2.0", "id": mid, "result": {}})
