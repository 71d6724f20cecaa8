package web

import (
	"fmt"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/deferred"
)

// runPaths describes the deferred-run endpoints (DESIGN.md §10).
func runPaths() obj {
	runParam := param("run", "path", fmt.Sprintf("the run id the runtime chose: 1-%d letters, digits or . _ : -", deferred.MaxRunBytes), true,
		obj{"type": "string", "pattern": fmt.Sprintf("^[A-Za-z0-9][A-Za-z0-9._:-]{0,%d}$", deferred.MaxRunBytes-1)})
	op := func(summary, schema, respDesc, resp string) obj {
		return obj{"post": obj{
			"summary":     summary,
			"parameters":  []obj{runParam},
			"requestBody": obj{"required": true, "content": obj{"application/json": obj{"schema": ref(schema)}}},
			"responses":   merge(jsonOK(respDesc, ref(resp)), errResponses("400", "401", "403", "404", "413", "422", "429")),
		}}
	}
	return obj{
		"/runs/{run}/search": op("Search the run's surface: exact names and descriptions (never schemas, never code-only helpers) and a receipt that activates them",
			"RunSearchRequest", "hits and the receipt (null when nothing matched)", "RunSearch"),
		"/runs/{run}/steps": op("Compose a step from the receipts found in the conversation: the active set is always-on ∪ pins ∪ the latest step with a valid receipt",
			"RunStepRequest", "the step's composition with active[], rejected[] and prefix_tokens", "RunStep"),
		"/runs/{run}/calls": op("May this call proceed? active, search_required (with a SEARCH_REQUIRED receipt to return to the model instead of executing), unknown or denied (the call-time check of /authorize runs on every call that is not search_required, and is counted)",
			"RunCallRequest", "the verdict", "RunCall"),
	}
}

// runSchemas are the deferred-run request and response schemas.
func runSchemas() obj {
	strs := obj{"type": "array", "items": str}
	integer := obj{"type": "integer"}
	subject := obj{"type": "object", "required": []string{"id"}, "additionalProperties": false, "properties": obj{"id": str, "groups": strs},
		"description": "the end user the agent acts for; absent means the group everyone"}
	receipts := obj{"type": "array", "description": "the receipts found in the conversation, grouped by step in call order: group i holds the receipts of the searches (and calls) made in step i, an empty array for a step without any. Invalid ones are reported in rejected[], never an error",
		"items": obj{"type": "array", "items": obj{}}}
	target := func(extra obj, required ...string) obj {
		p := obj{"agent": str, "profile": str, "subject": subject}
		for k, v := range extra {
			p[k] = v
		}
		return obj{"type": "object", "required": append([]string{"agent"}, required...), "additionalProperties": false, "properties": p}
	}
	rejection := obj{"type": "object", "properties": obj{"index": integer, "group": integer, "position": integer,
		"reason": obj{"type": "string", "enum": deferred.Reasons}, "detail": str}}
	return obj{
		"Receipt": obj{"type": "object", "required": []string{"v", "run", "surface", "step", "names", "mac"}, "properties": obj{
			"v": obj{"type": "integer", "const": 1}, "kind": obj{"type": "string", "enum": []string{"SEARCH_REQUIRED"}, "description": "absent on search receipts"},
			"run": str, "surface": obj{"type": "string", "description": "the surface key"}, "step": integer, "names": strs,
			"mac": obj{"type": "string", "description": "HMAC-SHA256, base64url, with a server-held key"}}},
		"RunSearchRequest": target(obj{"query": obj{"type": "string", "maxLength": 512}, "step": obj{"type": "integer", "minimum": 0, "maximum": deferred.MaxStep,
			"description": "the step the search is made in: the number of receipt groups the step's own /steps request sent (its answer's step), 0 for the first. The receipt belongs in group <step> of later requests' receipts; sent in an earlier group it activates nothing (rejected as future_step)"},
			"limit": obj{"type": "integer", "minimum": 1, "maximum": 25}}, "query", "step"),
		"RunStepRequest": target(obj{"tier": obj{"type": "string", "enum": []string{"full", "standard", "compact"}}, "catalog_form": obj{"type": "string", "enum": []string{"full", "compact"}},
			"encoding": obj{"type": "string", "enum": []string{"o200k_base", "cl100k_base"}}, "receipts": receipts,
			"pins": obj{"type": "array", "items": str, "description": "tools every step shows (null: the profile's). A pin the agent or its profile never had, or no tool, is a 422 for every subject; a pin of the agent's this subject is not granted (never, or no longer) or the ledger no longer holds bindable pins nothing and is listed in unpinned[]"}}),
		"RunCallRequest": target(obj{"tool": str, "receipts": receipts,
			"pins":    obj{"type": "array", "items": str, "description": "as for steps: a pin the agent or its profile never had is a 422; one this subject is not granted or that is no longer bindable pins nothing (listed in unpinned[]), and its call is answered by its check (denied: the runtime pinned it)"},
			"binding": obj{"type": "string", "maxLength": 128, "description": "a handle from POST /bindings, checked as /authorize checks it"}}, "tool"),
		"RunSearch": obj{"type": "object", "properties": obj{"run": str, "step": integer, "surface": str,
			"hits":    obj{"type": "array", "items": obj{"type": "object", "properties": obj{"name": str, "description": str}}},
			"receipt": obj{"oneOf": []obj{ref("Receipt"), {"type": "null"}}}}},
		"RunStep": obj{"allOf": []obj{ref("Composition"), {"type": "object", "properties": obj{
			"run": str, "step": obj{"type": "integer", "description": "the number of receipt groups sent"}, "surface": str,
			"active": strs, "prefix_tokens": obj{"type": "integer", "description": "tokens of the text before the activated section, byte-identical across the run's steps"},
			"reachable": obj{"type": "integer", "description": "tools search can still reach"},
			"rejected":  obj{"type": "array", "items": rejection},
			"unpinned":  obj{"type": "array", "items": str, "description": "the request's pins this subject's surface does not hold: they pin nothing (absent when none)"},
			"receipts": obj{"type": "array", "items": obj{"type": "object", "properties": obj{"index": integer, "id": str, "step": integer, "names": strs,
				"used": obj{"type": "boolean", "description": "the receipt belongs to the step that decides activation"}}}}}}}},
		"RunCall": obj{"type": "object", "properties": obj{"run": str, "tool": str,
			"status": obj{"type": "string", "enum": []string{"active", "search_required", "unknown", "denied"},
				"description": "active: the call may proceed (the call-time check of /authorize allowed it); search_required: return the receipt to the model instead of executing; unknown: capability_unavailable — also a tool outside the surface the run was never shown (no receipt of the run, pin or binding named it), whatever the check's reason; denied: the call-time check refused an active tool, or one the run was shown that lost authority (see error)"},
			"message": obj{"type": "string", "description": "what the model may be told; never tells a nonexistent tool from a hidden one"},
			"error": obj{"type": "object", "description": "unknown and denied calls: the same model-visible error /authorize gives", "properties": obj{
				"type": obj{"type": "string", "enum": authority.ErrorTypes}, "message": str, "next_actions": strs}},
			"host_reason": obj{"type": "string", "description": "why a call is unknown or denied, for the runtime's trace only; for the console's own search_tools (active in every step), where to send it"},
			"receipt":     ref("Receipt"), "rejected": obj{"type": "array", "items": rejection},
			"unpinned": obj{"type": "array", "items": str, "description": "as for steps"}}},
	}
}
