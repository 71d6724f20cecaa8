package views

// Reply protocols a token total is counted for: the console's pages that
// show a profile's or an agent's total without a host (the profile and
// agent pages, a version's record at save) count the runtime API's, and
// the forge counts the one it is asked for. Every total says which.
const (
	ProtocolRuntimeAPI = "runtime API reply protocol (channel tags)"
	ProtocolMCP        = "MCP client reply protocol (gateway)"
)

// ProtocolOf names the reply protocol of a forge host ("" or "mcp").
func ProtocolOf(host string) string {
	if host == "mcp" {
		return ProtocolMCP
	}
	return ProtocolRuntimeAPI
}
