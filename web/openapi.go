package web

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/deferred"
)

type obj = map[string]any

func ref(name string) obj { return obj{"$ref": "#/components/schemas/" + name} }

// errorCauses says, per status, what a runtime may meet under it.
var errorCauses = map[int]string{
	400: "bad_request: the body is not one JSON object of the documented fields and types, or a parameter is malformed; error.field names the field (a JSON path such as subject.groups)",
	401: "unauthorized: no API key, or an unknown or revoked one",
	403: "forbidden: the key's scope does not allow the operation (runs, authorize and bindings need a runtime key)",
	404: "not_found: the agent, profile, skill or composition named does not exist (error.field names it)",
	409: "conflict",
	413: fmt.Sprintf("too_large: the body is over %d bytes", MaxAPIBody),
	422: "unprocessable: well-formed but refused, error.field names why (a pin outside the agent's roster, an unknown tool); over_ceiling: a ceiling, named in the message with its value (query bytes, hits per search, receipts per request, always-on tools and pins alone over the active-tools or schema-bytes ceiling)",
	429: "rate_limited: over the key's request rate; retry after the Retry-After header's seconds",
	503: "unavailable: the database cannot be reached; nothing was changed; retry",
}

func errResponses(codes ...string) obj {
	out := obj{}
	for _, c := range codes {
		d := errorCauses[atoi(c)]
		if d == "" {
			d = http.StatusText(atoi(c))
		}
		out[c] = obj{"description": d, "content": obj{"application/json": obj{"schema": ref("Error")}}}
	}
	return out
}

// addNew adds src's entries to dst and panics on a name dst already has:
// two schemas under one name would silently describe one with the other.
func addNew(dst, src obj) {
	for k, v := range src {
		if _, dup := dst[k]; dup {
			panic("openapi: two definitions of " + k)
		}
		dst[k] = v
	}
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'0')
	}
	return n
}

func merge(a, b obj) obj {
	for k, v := range b {
		a[k] = v
	}
	return a
}

func jsonOK(desc string, schema obj) obj {
	return obj{"200": obj{"description": desc, "content": obj{"application/json": obj{"schema": schema}}}}
}

func param(name, in, desc string, required bool, schema obj) obj {
	return obj{"name": name, "in": in, "description": desc, "required": required, "schema": schema}
}

var str = obj{"type": "string"}

// openAPIDocument describes the runtime API (OpenAPI 3.1). A test checks
// it against the real routes.
func openAPIDocument() obj {
	delta := obj{"type": "object", "properties": obj{"body": obj{"type": "integer"}, "protocol": obj{"type": "integer"}, "catalog": obj{"type": "integer"}, "total": obj{"type": "integer"}}}
	strs := obj{"type": "array", "items": str}
	return obj{
		"openapi":  "3.1.0",
		"info":     obj{"title": "Agent Forge Console runtime API", "version": "1", "description": "What a live agent receives, served by the same functions as the forge and the CLI. Every operation but this document needs an API key (Authorization: Bearer KEY) of a scope: read keys compose and fetch (compose, compositions, skills, tools/search); runtime keys do that and run agents (runs, authorize, bindings). No key can change the console's configuration. A deferred conversation: POST /runs/{run}/steps for each step's instruction, /runs/{run}/search for each search_tools call, /runs/{run}/calls before executing any other tool call, sending back the receipts found in the conversation."},
		"servers":  []obj{{"url": "/api/v1"}},
		"security": []obj{{"bearer": []string{}}},
		"paths": obj{
			"/compose": obj{"post": obj{
				"summary":     "Compose an agent's instruction",
				"requestBody": obj{"required": true, "content": obj{"application/json": obj{"schema": ref("ComposeRequest")}}},
				"responses":   merge(jsonOK("the composition, with a stored receipt", ref("Composition")), errResponses("400", "401", "403", "404", "413", "422", "429", "503")),
			}},
			"/compositions/{digest}": obj{"get": obj{
				"summary":    "Reconstruct a served composition from its receipt",
				"parameters": []obj{param("digest", "path", "sha256 of the text", true, obj{"type": "string", "pattern": "^[0-9a-f]{64}$"})},
				"responses":  merge(jsonOK("the receipt: inputs with pinned versions, and the exact text", ref("CompositionReceipt")), errResponses("400", "401", "404", "429", "503")),
			}},
			"/skills/{slug}": obj{"get": obj{
				"summary": "A skill version with its procedure (ETag; 304 on If-None-Match)",
				"parameters": []obj{param("slug", "path", "the skill", true, str), param("label", "query", "production (the default)", false, obj{"type": "string", "enum": []string{"production"}}),
					param("version", "query", "a version number instead of the label", false, obj{"type": "integer", "minimum": 1})},
				"responses": merge(merge(jsonOK("the skill version", ref("SkillVersion")), obj{"304": obj{"description": "Not modified"}}), errResponses("400", "401", "404", "429", "503")),
			}},
			"/tools/search": obj{"get": obj{
				"summary": "Deferred-mode tool search over an agent's roster: names and descriptions, never schemas",
				"parameters": []obj{param("agent", "query", "agent slug", true, str), param("q", "query", "what the agent wants to do", true, obj{"type": "string", "maxLength": catalog.MaxQueryBytes}),
					param("limit", "query", fmt.Sprintf("at most %d", catalog.MaxSearchLimit), false, obj{"type": "integer", "minimum": 1, "maximum": catalog.MaxSearchLimit}), param("profile", "query", "profile slug", false, str),
					param("subject_groups", "query", "the subject's groups, comma-separated (absent: everyone); only tools granted to them are searched, as in runs/search", false, str)},
				"responses": merge(jsonOK("ranked tools", obj{"type": "object", "properties": obj{"agent": str, "query": str, "tools": obj{"type": "array", "items": obj{"type": "object", "properties": obj{"name": str, "description": str}}}}}), errResponses("400", "401", "404", "429", "503")),
			}},
			"/openapi.json": obj{"get": obj{"summary": "This document", "security": []obj{}, "responses": jsonOK("OpenAPI 3.1", obj{"type": "object"})}},
		},
		"components": obj{
			"securitySchemes": obj{"bearer": obj{"type": "http", "scheme": "bearer", "description": "an API key from the console's API keys page or `console apikey create NAME --scope read|runtime --as ADMIN`; a key without the operation's scope is a 403"}},
			"schemas": obj{
				"Error": obj{"type": "object", "required": []string{"error"}, "additionalProperties": false, "properties": obj{"error": obj{"type": "object", "required": []string{"code", "message"}, "additionalProperties": false,
					"properties": obj{"code": obj{"type": "string", "enum": apiErrorCodes, "description": "stable, for programs; each response status lists the codes it carries"},
						"message": obj{"type": "string", "maxLength": maxErrorMessage, "description": "for people: what is wrong and, where it helps, the limit"},
						"field":   obj{"type": "string", "maxLength": maxErrorField, "description": "the request field at fault, as a JSON path (absent when the request as a whole is)"},
						"pointer": obj{"type": "string", "description": "the JSON pointer (RFC 6901) of the body's value at fault, where one is: a key given twice in an object"}}}},
					"examples": []any{obj{"error": obj{"code": "over_ceiling", "message": "the query's size in bytes is 513, over the ceiling of 512", "field": "query"}}}},
				"ComposeRequest": obj{"type": "object", "required": []string{"agent"}, "additionalProperties": false, "properties": obj{
					"agent": str, "profile": str, "tools": strs, "without": strs, "services": strs,
					"tier": obj{"type": "string", "enum": []string{"full", "standard", "compact"}}, "catalog_form": obj{"type": "string", "enum": []string{"full", "compact"}},
					"deferred": obj{"type": "boolean"}, "pins": strs, "encoding": obj{"type": "string", "enum": []string{"o200k_base", "cl100k_base"}}}},
				"Composition": obj{"type": "object", "properties": obj{
					"agent": str, "profile": str, "profile_version": obj{"type": "integer"}, "encoding": str, "tier": str, "catalog_form": str, "deferred": obj{"type": "boolean"},
					"pins": strs, "roster": strs, "services": strs, "channels": obj{"type": "integer"},
					"skills": obj{"type": "array", "description": "the skills the text lists", "items": obj{"type": "object", "properties": obj{"slug": str, "name": str, "summary": str, "version": obj{"type": "integer"},
						"required_tools": strs, "digest": str}}},
					"dropped":  obj{"type": "array", "description": "compose only: every tool that did not make the roster, with the set that removed it", "items": obj{"type": "object", "properties": obj{"id": str, "set": str, "reason": str}}},
					"sections": obj{"type": "array", "items": obj{"type": "object", "properties": obj{"id": str, "group": str, "tokens": obj{"type": "integer"}, "reason": str, "text": str}}},
					"totals":   delta,
					"levers":   obj{"type": "array", "items": obj{"type": "object", "properties": obj{"id": str, "on": obj{"type": "boolean"}, "delta": delta}}},
					"warnings": obj{"type": "array", "items": obj{"type": "object", "properties": obj{"kind": obj{"type": "string", "enum": []string{"tool", "unknown-tool", "exec", "service", "capability"}}, "tool": str, "signal": str, "offset": obj{"type": "integer"}, "section": str, "excerpt": str, "class": str, "suggestion": str}}},
					"text":     str, "digest": str,
					"pinned": obj{"type": "object", "properties": obj{"tools": obj{"type": "array", "items": obj{"type": "object", "properties": obj{"id": str, "version": str, "digest": str}}},
						"skills": obj{"type": "array", "items": obj{"type": "object", "properties": obj{"slug": str, "version": obj{"type": "integer"}, "digest": str}}}}}}},
				"CompositionReceipt": obj{"type": "object", "properties": obj{"digest": str, "served_at": str, "inputs": obj{"type": "object", "additionalProperties": true}, "text": str}},
				"SkillVersion":       obj{"type": "object", "properties": obj{"slug": str, "version": obj{"type": "integer"}, "labels": strs, "name": str, "summary": str, "procedure": str, "required_tools": strs, "digest": str}},
			},
		},
	}
}

func (s *Server) openAPI(c echo.Context) error {
	return c.JSON(http.StatusOK, servedOpenAPI(s.runCeilings()))
}

// servedOpenAPI is the whole document as served, under run ceilings ceil.
func servedOpenAPI(ceil deferred.Ceilings) obj {
	doc := openAPIDocument()
	addNew(doc["paths"].(obj), runPaths(ceil))
	addNew(doc["components"].(obj)["schemas"].(obj), runSchemas(ceil))
	addAuthorityAPI(doc)
	addGatewayAPI(doc)
	return doc
}
