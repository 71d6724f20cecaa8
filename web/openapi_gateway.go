package web

// addGatewayAPI documents the manifest (the gateway rules). The gateway itself,
// /mcp/{agent}, speaks MCP (streamable HTTP), which its own specification
// describes.
func addGatewayAPI(doc obj) {
	paths := doc["paths"].(obj)
	schemas := doc["components"].(obj)["schemas"].(obj)
	intT, nullInt := obj{"type": "integer"}, obj{"type": []string{"integer", "null"}, "description": "null: no budget"}
	paths["/manifest"] = obj{"get": obj{
		"summary": "The bootstrap manifest of an agent and profile for the subject of X-Subject-Id / X-Subject-Groups: environment, generations, visible namespaces, discovery and probe modes, budgets, expiry; never a hidden tool name or a secret (runtime keys). The same document is the MCP resource console://manifest of a gateway session.",
		"parameters": []obj{param("agent", "query", "the agent's slug", true, str), param("profile", "query", "a profile slug (absent: the agent's default)", false, str),
			param("X-Subject-Id", "header", "the end user the agent acts for", false, str), param("X-Subject-Groups", "header", "the subject's groups, comma separated", false, str)},
		"responses": merge(jsonOK("the manifest", ref("Manifest")), errResponses("400", "401", "403", "404", "429", "503")),
	}}
	when := obj{"type": []string{"string", "null"}, "format": "date-time"}
	paths["/connections"] = obj{"get": obj{
		"summary":   "Every connection's status: the last real contact with its server (a sync, a call, a start, a crash, a probe while it is down), when, why it failed and what to do. Never a command line, URL or secret.",
		"responses": merge(jsonOK("the connections", obj{"type": "object", "additionalProperties": false, "required": []string{"connections"}, "properties": obj{"connections": obj{"type": "array", "items": ref("ConnectionStatus")}}}), errResponses("401", "429", "503")),
	}}
	paths["/connections/{name}"] = obj{"get": obj{
		"summary":    "One connection's status (as in /connections).",
		"parameters": []obj{param("name", "path", "the connection's name", true, str)},
		"responses":  merge(jsonOK("the connection's status", ref("ConnectionStatus")), errResponses("401", "404", "429", "503")),
	}}
	schemas["ConnectionStatus"] = obj{"type": "object", "additionalProperties": false,
		"required": []string{"name", "transport", "status", "contact_at", "tools", "last_sync"},
		"properties": obj{
			"name":       str,
			"transport":  obj{"type": "string", "enum": []string{"stdio", "http"}},
			"status":     obj{"type": "string", "enum": []string{"new", "ok", "error", "secrets unreadable"}, "description": "ok: the server answered at contact_at; error: it failed then (why); secrets unreadable: the configured secrets key does not open the connection's secrets"},
			"contact_at": merge(obj{"description": "the last real contact (null: never reached)"}, when),
			"why":        obj{"type": "string", "description": "why the status is not ok"},
			"fix":        obj{"type": "string", "description": "what to do about it"},
			"tools":      merge(obj{"description": "tools the last sync listed"}, intT),
			"last_sync":  when,
		}}
	schemas["Manifest"] = obj{"type": "object", "additionalProperties": false,
		"required": []string{"environment", "generation", "catalog_version", "agent", "profile", "profile_version", "namespaces", "discovery", "probe", "budgets", "expires_at", "manifest_resource", "tools_reachable", "search_tool"},
		"properties": obj{
			"environment":       obj{"type": "string", "description": "this installation's stable id"},
			"generation":        merge(obj{"description": "the configuration generation (grants, profiles, agents)"}, intT),
			"catalog_version":   merge(obj{"description": "the catalog generation"}, intT),
			"agent":             str,
			"profile":           str,
			"profile_version":   intT,
			"namespaces":        obj{"type": "array", "items": str, "description": "the services (and builtin) of the tools this subject may reach"},
			"discovery":         obj{"type": "string", "enum": []string{"deferred_search", "listed"}},
			"probe":             obj{"type": "string", "enum": []string{"describe_only"}},
			"budgets":           obj{"type": "object", "additionalProperties": false, "required": []string{"searches", "calls"}, "properties": obj{"searches": nullInt, "calls": nullInt}},
			"expires_at":        obj{"type": "string", "format": "date-time", "description": "refresh by then, or on catalog_changed"},
			"manifest_resource": obj{"type": "string", "enum": []string{manifestURI}},
			"tools_reachable":   intT,
			"search_tool":       obj{"type": "boolean", "description": "search_tools is offered"},
		}}
}
