// A stock MCP client — the official TypeScript SDK's Client over its
// streamable HTTP transport, configured as the README's example says —
// driven against the console's gateway by TestGatewayWithTheTypeScriptClient.
// Usage: node ts_client.mjs SDK_DIR URL KEY
// It prints one JSON line of what it saw.
import { pathToFileURL } from "node:url";
import path from "node:path";

const [sdkDir, url, key] = process.argv.slice(2);
const load = (p) => import(pathToFileURL(path.join(sdkDir, "dist/esm", p)).href);
const { Client } = await load("client/index.js");
const { StreamableHTTPClientTransport } = await load("client/streamableHttp.js");
const { ToolListChangedNotificationSchema } = await load("types.js");

const out = { listChanged: 0 };
const client = new Client({ name: "stock-ts-client", version: "1.0.0" });
client.setNotificationHandler(ToolListChangedNotificationSchema, () => { out.listChanged++; });
const transport = new StreamableHTTPClientTransport(new URL(url), {
  requestInit: { headers: { Authorization: `Bearer ${key}`, "X-Subject-Id": "ts-user", "X-Subject-Groups": "everyone" } },
});
await client.connect(transport);
const text = (r) => r.content.map((c) => c.text ?? "").join("");
out.instructionsText = client.getInstructions() ?? "";
out.instructions = out.instructionsText.length;
out.before = (await client.listTools()).tools.map((t) => t.name);
const inactive = await client.callTool({ name: "demo.echo", arguments: { text: "x" } });
out.inactive = { isError: !!inactive.isError, text: text(inactive) };
const search = await client.callTool({ name: "search_tools", arguments: { query: "echo a text back" } });
out.search = text(search);
await new Promise((r) => setTimeout(r, 200));
out.after = (await client.listTools()).tools.map((t) => t.name);
const ok = await client.callTool({ name: "demo.echo", arguments: { text: "from typescript" } });
out.ok = { isError: !!ok.isError, text: text(ok) };
const bad = await client.callTool({ name: "demo.echo", arguments: { text: 42 } });
out.bad = { isError: !!bad.isError, text: text(bad) };
out.session = transport.sessionId ? "set" : "unset";
await transport.terminateSession();
await client.close();
console.log(JSON.stringify(out));
