// Package catalog holds tool contracts: what a tool does, what it takes and
// returns, and what it promises. A Catalog is an immutable, validated set of
// contracts; it renders them in a full form (banner layout with prose
// examples) and a compact form (dense lines) that differ only in format,
// never in content. Importers turn the console's own JSON/YAML, MCP
// tools/list results and OpenAI function tools into contracts. The package
// does no I/O.
package catalog
