// Package upstream connects the console to the MCP servers it fronts: a
// stdio server runs as a child process the console supervises (restarted
// with backoff when it exits, its stderr logged at debug level only, killed with
// the console), a URL is reached over streamable HTTP with the
// connection's headers. Both use the official Go SDK's client. The
// package decides nothing: the gateway calls it only for a call the
// console has already allowed, and the catalog import reads the tools it
// lists.
package upstream
