// list_tools.mjs lists the tools of a published MCP server LIVE: it installs the npm package
// (once, into a scratch folder outside the repository), starts its binary with the official
// MCP TypeScript SDK's StdioClientTransport, connects an SDK Client and calls
// client.listTools() until no nextCursor is left. The tools are written exactly as the
// server sent them in its tools/list responses (raw JSON-RPC results, not the SDK's parsed
// copy), as {"tools":[...]} pretty-printed with 2 spaces, to
// <package with "/" and "@" replaced by "-">@<version>.tools.json beside this script.
//
// Usage:
//   node list_tools.mjs [--env NAME=VALUE]... [--bin NAME] [--timeout SECONDS] [--ignore-scripts] PKG@VERSION [server args...]
//
// --env passes a (dummy) environment variable to the server, e.g. --env LINEAR_API_KEY=dummy;
// the server otherwise gets only the SDK's default environment (HOME, PATH, ...).
// --bin picks one of the package's binaries when it has several.
// --ignore-scripts installs without running install scripts (native modules the listing never loads).
// The scratch folder is $LIST_DIR (default /tmp/list)/<package file name>.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
let stderr = ''; // the server's stderr, shown when listing fails

function usage(msg) {
  console.error(`list_tools: ${msg}\nusage: node list_tools.mjs [--env NAME=VALUE]... [--bin NAME] [--timeout SECONDS] [--ignore-scripts] PKG@VERSION [server args...]`);
  process.exit(2);
}

// parseArgs splits the command line into options, the package spec and the server's arguments.
function parseArgs(argv) {
  const opts = { env: {}, bin: null, timeout: 60, ignoreScripts: false, spec: null, args: [] };
  let i = 0;
  for (; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--env') {
      const kv = argv[++i] ?? usage('--env needs NAME=VALUE');
      const eq = kv.indexOf('=');
      if (eq <= 0) usage(`--env ${kv}: want NAME=VALUE`);
      opts.env[kv.slice(0, eq)] = kv.slice(eq + 1);
    } else if (a === '--bin') {
      opts.bin = argv[++i] ?? usage('--bin needs a name');
    } else if (a === '--ignore-scripts') {
      opts.ignoreScripts = true;
    } else if (a === '--timeout') {
      opts.timeout = Number(argv[++i]);
      if (!(opts.timeout > 0)) usage('--timeout needs a positive number of seconds');
    } else break;
  }
  opts.spec = argv[i] ?? usage('missing PKG@VERSION');
  opts.args = argv.slice(i + 1);
  const at = opts.spec.lastIndexOf('@');
  if (at <= 0) usage(`${opts.spec}: give an exact version, PKG@VERSION`);
  opts.pkg = opts.spec.slice(0, at);
  opts.version = opts.spec.slice(at + 1);
  return opts;
}

// fileBase turns a package name into the file name stem: "/" and "@" become "-".
export function fileBase(pkg) {
  return pkg.replace(/^@/, '').replace(/[/@]/g, '-');
}

// install puts PKG@VERSION into its own scratch folder and returns the package's directory.
function install(pkg, version, ignoreScripts) {
  const dir = resolve(process.env.LIST_DIR || '/tmp/list', fileBase(pkg));
  const pkgDir = join(dir, 'node_modules', pkg);
  const pj = join(pkgDir, 'package.json');
  if (!existsSync(pj) || JSON.parse(readFileSync(pj, 'utf8')).version !== version) {
    mkdirSync(dir, { recursive: true });
    if (!existsSync(join(dir, 'package.json'))) writeFileSync(join(dir, 'package.json'), '{"private":true}\n');
    const flags = ['install', '--no-audit', '--no-fund', '--save-exact', ...(ignoreScripts ? ['--ignore-scripts'] : [])];
    execFileSync('npm', [...flags, `${pkg}@${version}`], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const meta = JSON.parse(readFileSync(pj, 'utf8'));
  if (meta.version !== version) throw new Error(`installed ${pkg}@${meta.version}, wanted ${version}`);
  return { dir, pkgDir, meta };
}

// binPath picks the package's binary: --bin, the only one, or the one named like the package.
function binPath(pkgDir, meta, want) {
  let bins = meta.bin;
  if (typeof bins === 'string') bins = { [meta.name.replace(/^@[^/]+\//, '')]: bins };
  if (!bins || Object.keys(bins).length === 0) throw new Error(`${meta.name} has no bin`);
  const names = Object.keys(bins);
  const name = want ?? (names.length === 1 ? names[0] : names.find(n => n === meta.name.replace(/^@[^/]+\//, '')) ?? names[0]);
  if (!bins[name]) throw new Error(`${meta.name} has no bin ${name}; it has ${names.join(', ')}`);
  return { name, path: join(pkgDir, bins[name]) };
}

// licenceOf reports the package.json licence and the package's LICENSE file name, if any.
function licenceOf(pkgDir, meta) {
  const file = readdirSync(pkgDir).find(f => /^(licen[cs]e|copying)(\.|$)/i.test(f)) ?? null;
  return { license: meta.license ?? meta.licenses ?? null, file };
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const { pkgDir, meta } = install(opts.pkg, opts.version, opts.ignoreScripts);
  const bin = binPath(pkgDir, meta, opts.bin);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin.path, ...opts.args],
    env: { ...opts.env },
    stderr: 'pipe',
    cwd: process.env.LIST_CWD || pkgDir,
  });
  transport.stderr?.on('data', d => { stderr += d; });
  const client = new Client({ name: 'agent-forge-tool-lister', version: '1.0.0' });

  const timer = setTimeout(() => {
    console.error(`list_tools: ${opts.spec}: no tool list within ${opts.timeout}s\n--- server stderr (tail) ---\n${stderr.slice(-3000)}`);
    process.exit(1);
  }, opts.timeout * 1000);

  await client.connect(transport);
  // Keep the raw tools/list results: the SDK's parsed copy is for paging only.
  const raw = [];
  const sdkOnMessage = transport.onmessage;
  transport.onmessage = (msg, extra) => {
    if (msg && msg.result && Array.isArray(msg.result.tools)) raw.push(structuredClone(msg.result));
    sdkOnMessage?.(msg, extra);
  };

  let cursor, pages = 0, sdkCount = 0;
  do {
    const res = await client.listTools(cursor ? { cursor } : undefined);
    sdkCount += res.tools.length;
    cursor = res.nextCursor;
    pages++;
  } while (cursor);
  clearTimeout(timer);

  const tools = raw.flatMap(r => r.tools);
  if (raw.length !== pages || tools.length !== sdkCount) throw new Error(`raw capture saw ${raw.length} page(s)/${tools.length} tools, SDK ${pages}/${sdkCount}`);
  const out = join(process.env.LIST_OUT || here, `${fileBase(opts.pkg)}@${meta.version}.tools.json`);
  writeFileSync(out, JSON.stringify({ tools }, null, 2) + '\n');
  const server = client.getServerVersion();
  const lic = licenceOf(pkgDir, meta);
  console.log(JSON.stringify({
    file: out.slice(out.lastIndexOf('/') + 1), package: meta.name, version: meta.version, tools: tools.length, pages,
    license: lic.license, licenseFile: lic.file, bin: bin.name, args: opts.args, env: Object.keys(opts.env),
    server, listed: new Date().toISOString().slice(0, 10),
  }));
  await client.close();
  process.exit(0);
}

main().catch(e => {
  console.error(`list_tools: ${e.stack || e}\n--- server stderr (tail) ---\n${stderr.slice(-3000)}`);
  process.exit(1);
});
