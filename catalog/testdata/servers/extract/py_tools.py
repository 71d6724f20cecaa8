"""Run a Python MCP server's own list_tools() (modelcontextprotocol/servers' git, fetch, time)
with the mcp SDK and the server's I/O libraries stubbed; print its tools/list JSON as sent.
Usage: py_tools.py SRC_DIR MODULE (e.g. src/fetch/src mcp_server_fetch.server)."""
import asyncio, importlib, inspect, json, sys, types

captured = {}

class Server:
    def __init__(self, *a, **k): pass
    def list_tools(self):
        def deco(fn): captured['list'] = fn; return fn
        return deco
    def __getattr__(self, n):
        return lambda *a, **k: (lambda fn: fn)

class Stop(Exception): pass

class _Stdio:
    async def __aenter__(self): raise Stop()
    async def __aexit__(self, *a): return False

class Loose(types.ModuleType):
    """A module whose every missing name is a plain class."""
    def __getattr__(self, n):
        if n.startswith('__'): raise AttributeError(n)
        c = type(n, (), {'__init__': lambda self, *a, **k: None})
        setattr(self, n, c)
        return c

def Tool(**kw): return kw
def ToolAnnotations(**kw): return kw

names = ['mcp', 'mcp.server', 'mcp.server.session', 'mcp.server.stdio', 'mcp.types', 'mcp.shared',
         'mcp.shared.exceptions', 'git', 'git.exc', 'markdownify', 'readabilipy', 'readabilipy.simple_json',
         'protego', 'tzlocal', 'httpx']
mods = {n: Loose(n) for n in names}
mods['mcp.server'].Server = Server
mods['mcp.server.stdio'].stdio_server = lambda: _Stdio()
mods['mcp.types'].Tool = Tool
mods['mcp.types'].ToolAnnotations = ToolAnnotations
mods['mcp.types'].INVALID_PARAMS = -32602
mods['mcp.types'].INTERNAL_ERROR = -32603
mods['tzlocal'].get_localzone_name = lambda: 'UTC'
sys.modules.update(mods)
sys.path.insert(0, sys.argv[1])
server = importlib.import_module(sys.argv[2])
args = [None for p in inspect.signature(server.serve).parameters.values() if p.default is inspect.Parameter.empty]
try:
    asyncio.run(server.serve(*args))
except Stop:
    pass
tools = asyncio.run(captured['list']())
out = []
for t in tools:
    d = {'name': t['name'].value if hasattr(t['name'], 'value') else t['name']}
    for k in ('title', 'description', 'inputSchema', 'outputSchema', 'annotations'):
        if t.get(k) is not None:
            d[k] = t[k]
    out.append(d)
print(json.dumps({'tools': out}, indent=2, ensure_ascii=False))
