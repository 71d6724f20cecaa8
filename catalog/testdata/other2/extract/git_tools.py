"""Run mcp-server-git's own list_tools() with stub mcp/git modules; print tools/list JSON."""
import asyncio, json, sys, types
captured = {}
class Server:
    def __init__(self, name): pass
    def list_tools(self):
        def deco(fn): captured['list'] = fn; return fn
        return deco
    def __getattr__(self, n):
        return lambda *a, **k: (lambda fn: fn)
class Stop(Exception): pass
class _Stdio:
    async def __aenter__(self): raise Stop()
    async def __aexit__(self, *a): return False
def Tool(**kw): return kw
def ToolAnnotations(**kw): return kw
m = types.ModuleType
mods = {n: m(n) for n in ['mcp','mcp.server','mcp.server.session','mcp.server.stdio','mcp.types','git','git.exc']}
mods['mcp.server'].Server = Server
mods['mcp.server.session'].ServerSession = object
mods['mcp.server.stdio'].stdio_server = lambda: _Stdio()
for n in ['ClientCapabilities','TextContent','ListRootsResult','RootsCapability']: setattr(mods['mcp.types'], n, object)
mods['mcp.types'].Tool = Tool; mods['mcp.types'].ToolAnnotations = ToolAnnotations
mods['git'].Repo = object; mods['git'].InvalidGitRepositoryError = Exception
mods['git.exc'].BadName = Exception
sys.modules.update(mods)
sys.path.insert(0, sys.argv[1])
import server
try: asyncio.run(server.serve(None))
except Stop: pass
tools = asyncio.run(captured['list']())
out = []
for t in tools:
    d = {'name': t['name'].value if hasattr(t['name'], 'value') else t['name'], 'description': t['description'], 'inputSchema': t['inputSchema']}
    if t.get('annotations') is not None: d['annotations'] = t['annotations']
    out.append(d)
print(json.dumps({'tools': out}, indent=2))
