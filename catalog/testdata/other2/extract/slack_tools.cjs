// Evaluate the Tool objects of the archived Slack server (index.ts) as written,
// in the order its ListTools handler returns them; print a tools/list result.
const fs = require('fs');
const src = fs.readFileSync(process.argv[2], 'utf8');
const start = src.indexOf('// Tool definitions');
const end = src.indexOf('class SlackClient');
const body = src.slice(start, end).replace(/: Tool =/g, ' =');
const order = src.slice(src.indexOf('ListToolsRequestSchema, async'));
const names = [...order.slice(0, order.indexOf(']')).matchAll(/(\w+Tool)\b/g)].map(m => m[1]);
const tools = new Function(body + '\nreturn [' + names.join(',') + '];')();
console.log(JSON.stringify({ tools }, null, 2));
