// Asks an MCP server over stdio for its tools: initialize, initialized, tools/list (following nextCursor).
const { spawn } = require('child_process');
const [,, out, cmd, ...args] = process.argv;
const p = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'inherit'] });
let buf = '', id = 0, tools = [], pending = {};
function send(method, params, notify) {
  const msg = { jsonrpc: '2.0', method, params };
  if (!notify) msg.id = ++id;
  p.stdin.write(JSON.stringify(msg) + '\n');
  return notify ? null : new Promise(r => pending[msg.id] = r);
}
p.stdout.on('data', d => {
  buf += d;
  let i;
  while ((i = buf.indexOf('\n')) >= 0) {
    const line = buf.slice(0, i); buf = buf.slice(i + 1);
    if (!line.trim()) continue;
    const m = JSON.parse(line);
    if (m.id && pending[m.id]) pending[m.id](m);
  }
});
(async () => {
  const init = await send('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'extract', version: '1' } });
  send('notifications/initialized', {}, true);
  let cursor, pages = 0;
  do {
    const r = await send('tools/list', cursor ? { cursor } : {});
    if (r.error) throw new Error(JSON.stringify(r.error));
    tools.push(...r.result.tools); cursor = r.result.nextCursor; pages++;
  } while (cursor);
  require('fs').writeFileSync(out, JSON.stringify({ tools }, null, 2) + '\n');
  console.error(out, tools.length, 'tools,', pages, 'page(s); server', JSON.stringify(init.result.serverInfo), 'protocol', init.result.protocolVersion);
  p.kill();
})().catch(e => { console.error(e); p.kill(); process.exit(1); });
