package web

import (
	"fmt"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/deferred"
)

// Examples of one short deferred conversation, as the console answers it:
// the document shows them beside the schemas, and a test validates each
// against its schema.
const (
	exampleRun     = "conv-7f3a"
	exampleSurface = "94e798c9b70fb6123d1926254a14d21aefdf5d36d5c7a7db7affb7a424679d61"
)

var (
	exampleReceipt = obj{"v": 1, "run": exampleRun, "surface": exampleSurface, "step": 0, "names": []string{"sql_query", "compute_statistics"},
		"mac": "B31rvIldohaBXpwBTqGr7PKBorwKQV-Ef3zRgbbUAkI"}
	exampleSearchRequired = obj{"v": 1, "kind": deferred.KindSearchRequired, "run": exampleRun, "surface": exampleSurface, "step": 1, "names": []string{"workspace_write"},
		"mac": "JD_pWNMrGk3tX35j8sPw1N2Yqgsvm8x4px39HlKwW8k"}
)

// runPaths describes the deferred-run endpoints (the deferred-run rules) under the
// ceilings c the server enforces.
func runPaths(c deferred.Ceilings) obj {
	runParam := param("run", "path", fmt.Sprintf("the run id the runtime chose for the conversation: 1-%d letters, digits or . _ : -, starting with a letter or digit and not with mcp- (the gateway sessions' runs). Receipts are bound to it; a new run inherits nothing", deferred.MaxRunBytes), true,
		obj{"type": "string", "pattern": fmt.Sprintf("^[A-Za-z0-9][A-Za-z0-9._:-]{0,%d}$", deferred.MaxRunBytes-1)})
	op := func(summary, description, schema, respDesc, resp string, reqExample, respExample obj) obj {
		return obj{"post": obj{
			"summary":     summary,
			"description": description,
			"parameters":  []obj{runParam},
			"requestBody": obj{"required": true, "content": obj{"application/json": obj{"schema": ref(schema), "example": reqExample}}},
			"responses": merge(obj{"200": obj{"description": respDesc, "content": obj{"application/json": obj{"schema": ref(resp), "example": respExample}}}},
				errResponses("400", "401", "403", "404", "413", "422", "429", "503")),
		}}
	}
	return obj{
		"/runs/{run}/search": op("Search the run's surface for tools",
			"Serves the model's search_tools call. Returns exact names and descriptions (never schemas, never code-only helpers, only tools of this run's surface) and a receipt naming every hit. Return the hits and the receipt to the model as the call's result; receipts found in the conversation activate their names from the next step (see /steps). Send the agent, profile and subject the run's steps send: the receipt is bound to the surface they make, and under another one it is rejected as stale_surface. The query is never stored.",
			"RunSearchRequest", "the hits, best first, and the receipt (null when nothing matched)", "RunSearch",
			obj{"agent": "analyst", "query": "summarise a table of sales", "step": 0, "limit": 2},
			obj{"run": exampleRun, "step": 0, "surface": exampleSurface, "receipt": exampleReceipt, "hits": []obj{
				{"name": "sql_query", "description": "Runs a read-only SQL query (DuckDB dialect) over CSV, Parquet and spreadsheet files in the workspace."},
				{"name": "compute_statistics", "description": "Computes descriptive statistics for the numeric columns of a workspace table."}}}),
		"/runs/{run}/steps": op("Compose a step's instruction from the receipts in the conversation",
			"The active set is always-on ∪ pins ∪ the names of the latest step with at least one valid search receipt (that step's receipts merged in call order; a later search replaces an earlier one). The text teaches exactly the active tools: everything up to the `activated` section is byte-identical across the run's steps (prefix_tokens), what the receipts activated follows in that section. Invalid receipts never fail the request: each is reported in rejected[] with its index and reason and activates nothing. Activation lives only in the receipts: any replica, after any restart, answers the same receipts the same way.",
			"RunStepRequest", "the step's composition with active[], rejected[], receipts[] and prefix_tokens", "RunStep",
			obj{"agent": "analyst", "receipts": []any{[]any{exampleReceipt}}},
			obj{"agent": "analyst", "profile": "data-analyst", "profile_version": 2, "encoding": "o200k_base", "tier": "full", "catalog_form": "compact", "deferred": true,
				"pins": []string{}, "roster": []string{"sql_query", "compute_statistics", "workspace_write", "ask_user"}, "services": []string{}, "skills": []obj{}, "channels": 3,
				"sections": []obj{{"id": "body.core", "group": "body", "tokens": 383, "reason": "always", "text": "# Role\n\n…"},
					{"id": "protocol", "group": "protocol", "tokens": 303, "reason": "always; 3 channel types", "text": "# Reply protocol\n\n…"},
					{"id": "catalog", "group": "catalog", "tokens": 292, "reason": "deferred, compact form: 2 listed (search_tools, always-on tools, pins), 3 reachable through search", "text": "# Tool catalog\n\n…"},
					{"id": "activated", "group": "catalog", "tokens": 310, "reason": "activated by search receipts: sql_query, compute_statistics", "text": "# Activated tools\n\n…"}},
				"totals": obj{"body": 383, "protocol": 303, "catalog": 602, "total": 1288}, "levers": []obj{}, "warnings": []obj{}, "text": "# Role\n\n…",
				"digest": "550e7ec0fb61bdedee7121d7f33f22761b916642a8569bb7bb8baba90c0e08c7", "active": []string{"ask_user", "sql_query", "compute_statistics"}, "prefix_tokens": 978,
				"run": exampleRun, "step": 1, "surface": exampleSurface, "reachable": 3, "rejected": []obj{},
				"receipts": []obj{{"index": 0, "id": "9f08568b9f06582d", "step": 0, "names": []string{"sql_query", "compute_statistics"}, "used": true}}}),
		"/runs/{run}/calls": op("May this call proceed?",
			"Ask before executing each tool call the model makes. active: run it (the call-time check of /authorize allowed it). search_required: a tool of the surface the model has not loaded: do not run it, return message and the SEARCH_REQUIRED receipt to the model in its place. unknown: no such tool for this run (the model-visible message never tells a nonexistent tool from a hidden one; host_reason says which). denied: the call-time check refused it; error is model-visible. The console's own tools (search_tools, load_skill) are active exactly while the step teaches them, and host_reason names the endpoint that serves them. A code-only helper is active exactly while exec is: the step teaches it as a function of programs in the code channel, never as an action.",
			"RunCallRequest", "the verdict", "RunCall",
			obj{"agent": "analyst", "tool": "workspace_write", "receipts": []any{[]any{exampleReceipt}}},
			obj{"run": exampleRun, "tool": "workspace_write", "status": "search_required", "rejected": []obj{}, "receipt": exampleSearchRequired,
				"message": "SEARCH_REQUIRED: workspace_write is not loaded yet. Call search_tools with what you want to do; a tool it returns can be called from your next reply."}),
	}
}

// runSchemas are the deferred-run request and response schemas under the
// ceilings c.
func runSchemas(c deferred.Ceilings) obj {
	desc := func(s obj, d string) obj {
		out := obj{"description": d}
		for k, v := range s {
			out[k] = v
		}
		return out
	}
	strs := obj{"type": "array", "items": str}
	integer := obj{"type": "integer"}
	tool := obj{"type": "string", "minLength": 1, "maxLength": catalog.MaxIDLength}
	subject := obj{"type": "object", "additionalProperties": false, "required": []string{"id"}, "description": "the end user the agent acts for; absent means the group everyone. Only tools its groups are granted are on the run's surface",
		"properties": obj{"id": obj{"type": "string", "minLength": 1, "maxLength": authority.MaxSubjectID},
			"groups": obj{"type": "array", "maxItems": authority.MaxGroups, "items": obj{"type": "string", "pattern": authority.GroupRule()}}}}
	receipts := obj{"type": "array",
		"description": fmt.Sprintf("the receipts found in the conversation, grouped by step in call order: group i holds the receipts of the searches (and calls) made in step i, an empty array for a step without any. Each receipt is sent back exactly as it was received. At most %d receipts in all (more is a 422 over_ceiling on receipts): only the latest step holding a valid search receipt decides, so a long run stays under the ceiling by sending as [] every group before the one whose receipts the last step's answer marked used (keep the empty groups: a group's index is its step). Invalid ones are reported in rejected[], never an error", c.Receipts),
		"items":       obj{"type": "array", "items": obj{"description": "a receipt (see RunReceipt) as found in the conversation; anything else is rejected as malformed"}}}
	pins := func(d string) obj { return obj{"type": "array", "items": tool, "description": d} }
	target := func(extra obj, required ...string) obj {
		p := obj{"agent": desc(str, "the agent's slug"), "profile": desc(str, "a profile slug; absent: the agent's default profile"), "subject": subject,
			"tools":   obj{"type": "array", "items": str, "description": "the conversation's pick: only these of the agent's tools (absent: no narrowing); a tool left out is neither searchable nor callable. An id no catalog entry has is a 400 naming tools"},
			"without": obj{"type": "array", "items": str, "description": "tools the conversation deselected: neither searchable nor callable. An id no catalog entry has is a 400 naming without"}}
		for k, v := range extra {
			p[k] = v
		}
		return obj{"type": "object", "required": append([]string{"agent"}, required...), "additionalProperties": false, "properties": p}
	}
	rejection := obj{"type": "object", "required": []string{"index", "group", "position", "reason"}, "additionalProperties": false, "properties": obj{
		"index":    desc(integer, "the receipt's position in call order over the whole request, from 0"),
		"group":    desc(integer, "its group (the step it was sent in)"),
		"position": desc(integer, "its position in that group"),
		"reason":   obj{"type": "string", "enum": deferred.Reasons, "description": "malformed: not a receipt of this version; forged: its MAC is not the console's; cross_run: minted for another run; stale_surface: minted before a contract, grant, profile or declaration changed; unknown_name: names a tool outside the surface; search_required: a SEARCH_REQUIRED receipt, which never activates; future_step: sent in a group before the step its search was made in; over_ceiling: merging it would pass the active-tools or schema-bytes ceiling of a step, so it activates nothing (whole, never in part)"},
		"detail":   desc(str, "for the runtime's trace, never for the model")}}
	rejected := obj{"type": "array", "items": rejection, "description": "every receipt that activates nothing, in index order"}
	unpinned := obj{"type": "array", "items": str, "description": "the request's pins this subject's surface does not hold (not granted, or no longer bindable): they pin nothing (absent when none)"}
	return obj{
		"RunReceipt": obj{"type": "object", "required": []string{"v", "run", "surface", "step", "names", "mac"}, "additionalProperties": false,
			"description": "proof of a search (or of a SEARCH_REQUIRED answer), bound to the run, the surface key, the step and the exact names, authenticated by the console. Opaque to the runtime: send it back byte for byte; any change makes it forged",
			"properties": obj{
				"v":       obj{"type": "integer", "const": deferred.Version},
				"kind":    obj{"type": "string", "enum": []string{deferred.KindSearchRequired}, "description": "absent on search receipts"},
				"run":     str,
				"surface": obj{"type": "string", "pattern": "^[0-9a-f]{64}$", "description": "the surface key"},
				"step":    obj{"type": "integer", "minimum": 0, "maximum": deferred.MaxStep, "description": "the step the receipt was minted in"},
				"names":   obj{"type": "array", "items": tool, "minItems": 1, "maxItems": c.Results},
				"mac":     obj{"type": "string", "minLength": 43, "maxLength": 43, "description": "HMAC-SHA256, base64url without padding, with a server-held key"}}},
		"RunSearchRequest": target(obj{
			"query": obj{"type": "string", "minLength": 1, "maxLength": c.QueryBytes, "description": fmt.Sprintf("what the model wants to do (search_tools' query argument); not blank; over %d bytes is a 422 over_ceiling", c.QueryBytes)},
			"step": obj{"type": "integer", "minimum": 0, "maximum": deferred.MaxStep,
				"description": "the step the search is made in: the number of receipt groups the step's own /steps request sent (its answer's step), 0 for the first. The receipt belongs in group <step> of later requests' receipts; sent in an earlier group it activates nothing (rejected as future_step)"},
			"pins":  pins("the pins the run's steps send (absent or null: the profile's): search never returns a pinned tool, which every step already shows. Refused as for steps"),
			"limit": obj{"type": "integer", "minimum": 0, "maximum": c.Results, "description": fmt.Sprintf("largest number of hits (search_tools' limit argument); absent or 0: %d; over %d is a 422 over_ceiling", min(deferred.DefaultSearchLimit, c.Results), c.Results)}},
			"query", "step"),
		"RunStepRequest": target(obj{
			"tier":         obj{"type": "string", "enum": []string{"full", "standard", "compact"}, "description": "absent: the profile's"},
			"catalog_form": obj{"type": "string", "enum": []string{"full", "compact"}, "description": "absent: the profile's"},
			"encoding":     obj{"type": "string", "enum": []string{"o200k_base", "cl100k_base"}, "description": "the tokenizer the counts use; absent: o200k_base"},
			"receipts":     receipts,
			"pins":         pins("tools every step shows in the stable prefix (absent or null: the profile's). A pin the agent or its profile never had, a code-only helper, or no tool at all is a 422 naming pins; a pin of the agent's this subject is not granted (never, or no longer) or the ledger no longer holds bindable pins nothing and is listed in unpinned[]. Pins that with the always-on tools pass the active-tools or schema-bytes ceiling are a 422 over_ceiling naming pins")}),
		"RunCallRequest": target(obj{
			"tool":      desc(tool, "the tool the model called, exactly as written"),
			"receipts":  receipts,
			"pins":      pins("as for steps: a pin the agent or its profile never had is a 422; one this subject is not granted or that is no longer bindable pins nothing (listed in unpinned[]), and its call is answered by its check (denied: the runtime pinned it)"),
			"binding":   obj{"type": "string", "maxLength": maxBindingHandle, "description": "a handle from POST /bindings, checked as /authorize checks it"},
			"arguments": argumentsSchema(),
			"approval":  obj{"type": "string", "maxLength": maxApprovalRef, "description": "an approved request's reference, for an approval-only tool; a single-use approval is spent by the call it allows"}}, "tool"),
		"RunSearch": obj{"type": "object", "required": []string{"run", "step", "surface", "hits", "receipt"}, "additionalProperties": false, "properties": obj{
			"run": str, "step": desc(integer, "the request's step"), "surface": desc(str, "the surface key the receipt is bound to"),
			"hits": obj{"type": "array", "description": "best first; empty when nothing matched", "items": obj{"type": "object", "required": []string{"name", "description"}, "additionalProperties": false,
				"properties": obj{"name": desc(str, "the tool's exact id, as the model must call it"), "description": desc(str, "the tool's purpose")}}},
			"receipt": obj{"oneOf": []obj{ref("RunReceipt"), {"type": "null"}}, "description": "names every hit, in order; null when there is none"}}},
		"RunStep": obj{"allOf": []obj{ref("Composition"), {"type": "object", "required": []string{"active", "prefix_tokens", "run", "step", "surface", "reachable", "rejected", "receipts"}, "properties": obj{
			"run": str, "step": obj{"type": "integer", "description": "this step's number: the number of receipt groups sent. A search made in this step passes it as its step"}, "surface": desc(str, "the surface key"),
			"active":        obj{"type": "array", "items": str, "description": "the step's active tools: always-on, pins, then what the receipts activated (search_tools, taught while search can reach a tool, is not listed)"},
			"prefix_tokens": obj{"type": "integer", "description": "tokens of the text before the activated section, byte-identical across the run's steps"},
			"reachable":     obj{"type": "integer", "description": "tools search can reach (every surface tool that is not always-on, pinned or a code-only helper)"},
			"rejected":      rejected,
			"unpinned":      unpinned,
			"receipts": obj{"type": "array", "description": "every valid search receipt, in index order", "items": obj{"type": "object", "required": []string{"index", "id", "step", "names", "used"}, "additionalProperties": false,
				"properties": obj{"index": integer, "id": desc(str, "a short digest naming the receipt in the run's evidence"), "step": integer, "names": strs,
					"used": obj{"type": "boolean", "description": "the receipt belongs to the step that decides activation"}}}}}}}},
		"RunCall": obj{"type": "object", "required": []string{"run", "tool", "status", "message", "rejected"}, "additionalProperties": false, "properties": obj{"run": str, "tool": str,
			"status": obj{"type": "string", "enum": []string{deferred.CallActive, deferred.CallSearchRequired, deferred.CallUnknown, deferred.CallDenied},
				"description": "active: the call may proceed (the call-time check of /authorize allowed it); search_required: return the receipt to the model instead of executing; unknown: capability_unavailable — also a tool outside the surface the run was never shown (no receipt of the run, pin or binding named it), whatever the check's reason; denied: the call-time check refused an active tool, or one the run was shown that lost authority (see error; capability_revoked for a tool an earlier receipt of the run showed whose grant was taken away)"},
			"message": obj{"type": "string", "description": "what the model may be told; never tells a nonexistent tool from a hidden one"},
			"error": obj{"type": "object", "required": []string{"type", "message", "next_actions"}, "additionalProperties": false, "description": "unknown and denied calls: the same model-visible error /authorize gives", "properties": obj{
				"type": obj{"type": "string", "enum": authority.ErrorTypes}, "message": str, "next_actions": nextActionsSchema(), "problems": problemsSchema(),
				"approval": obj{"type": "string", "description": "approval_required only: the approval request to wait on and present once approved"}, "approval_reason": approvalReasonSchema()}},
			"host_reason": obj{"type": "string", "description": "why a call is unknown or denied, for the runtime's trace only; for an active console tool (search_tools, load_skill), the endpoint that serves it"},
			"receipt":     desc(ref("RunReceipt"), "search_required only: the SEARCH_REQUIRED receipt to return to the model with message"),
			"rejected":    rejected,
			"unpinned":    unpinned,
			"skill": obj{"type": "object", "required": []string{"slug", "name", "version", "digest", "procedure"}, "additionalProperties": false,
				"description": "load_skill called with arguments naming a skill this step lists: its reviewed procedure at the version the run holds (message is the text for the model). A slug the step does not list answers unknown, whether or not the skill exists",
				"properties":  obj{"slug": str, "name": str, "version": integer, "digest": str, "procedure": str}}}},
	}
}
