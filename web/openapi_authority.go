package web

import (
	"fmt"
	"time"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/authority/args"
	"github.com/agentforge/console/models"
)

// addAuthorityAPI documents the call-time check and bindings (the authority rules).
func addAuthorityAPI(doc obj) {
	paths := doc["paths"].(obj)
	schemas := doc["components"].(obj)["schemas"].(obj)
	intT := obj{"type": "integer"}
	paths["/authorize"] = obj{"post": obj{
		"summary":     "Call-time check: may this agent, acting for this subject, call this tool now? (runtime keys)",
		"requestBody": obj{"required": true, "content": obj{"application/json": obj{"schema": ref("AuthorizeRequest")}}},
		"responses":   merge(jsonOK("allow or deny (both 200); a denial's error is model-visible, host_reason is for the runtime's trace only", ref("Decision")), errResponses("400", "401", "403", "404", "413", "429", "503")),
	}}
	paths["/bindings"] = obj{"post": obj{
		"summary":     "Bind an exact tool version for a subject and agent until it expires (runtime keys)",
		"requestBody": obj{"required": true, "content": obj{"application/json": obj{"schema": ref("BindingRequest")}}},
		"responses": merge(merge(obj{"201": obj{"description": "the binding; the handle is shown once", "content": obj{"application/json": obj{"schema": ref("Binding")}}}},
			obj{"403": obj{"description": "the check denied it", "content": obj{"application/json": obj{"schema": ref("Decision")}}}}), errResponses("400", "401", "404", "413", "429", "503")),
	}}
	paths["/bindings/{handle}"] = obj{"delete": obj{
		"summary":    "Release a binding (runtime keys)",
		"parameters": []obj{param("handle", "path", "the handle POST /bindings returned", true, str)},
		"responses":  merge(obj{"204": obj{"description": "released"}}, errResponses("401", "403", "404", "429", "503")),
	}}
	paths["/approvals"] = obj{"post": obj{
		"summary":     "Ask for an approval of one call of an approval-only tool, with the runtime's summary of the intended call (runtime keys)",
		"requestBody": obj{"required": true, "content": obj{"application/json": obj{"schema": ref("ApprovalRequest")}}},
		"responses": merge(merge(obj{"201": obj{"description": "the pending request; present its approval reference once approved", "content": obj{"application/json": obj{"schema": ref("Approval")}}},
			"200": obj{"description": "a request for the same call (agent, subject, tool, digest, arguments) was already pending, filed by any session or caller: that one (one pending request per call; its summary is the first caller's)", "content": obj{"application/json": obj{"schema": ref("Approval")}}}},
			obj{"403": obj{"description": "the check denied the call for another reason than approval", "content": obj{"application/json": obj{"schema": ref("Decision")}}}}), errResponses("400", "401", "404", "409", "413", "429", "503")),
	}}
	paths["/approvals/{approval}"] = obj{"get": obj{
		"summary":    "An approval request's state (runtime keys): only to a key that filed or asked for it; any other key gets 404, as for an unknown reference",
		"parameters": []obj{param("approval", "path", "the reference POST /approvals or an approval_required denial named", true, str)},
		"responses":  merge(jsonOK("the request", ref("Approval")), errResponses("401", "403", "404", "429", "503")),
	}}
	approvalRef := obj{"type": "string", "maxLength": maxApprovalRef, "description": "an approved request's reference, for an approval-only tool; a single-use approval is spent by the call it allows"}
	subject := obj{"type": "object", "additionalProperties": false, "description": "the end user the agent acts for; absent means the group everyone", "required": []string{"id"},
		"properties": obj{"id": obj{"type": "string", "minLength": 1, "maxLength": authority.MaxSubjectID},
			"groups": obj{"type": "array", "maxItems": authority.MaxGroups, "items": obj{"type": "string", "pattern": authority.GroupRule()}}}}
	tool := obj{"type": "string", "minLength": 1, "maxLength": catalog.MaxIDLength}
	toolRef := obj{"type": "object", "required": []string{"id", "digest"}, "properties": obj{"id": str,
		"version": obj{"type": "string", "minLength": 1, "description": "the contract's own version; absent when it states none, or for an approval whose tool changed since it was filed (the digest names the exact version always)"}, "digest": str}}
	schemas["AuthorizeRequest"] = obj{"type": "object", "required": []string{"agent", "tool"}, "additionalProperties": false, "properties": obj{
		"agent": str, "profile": str, "subject": subject, "tool": tool, "binding": obj{"type": "string", "maxLength": maxBindingHandle},
		"arguments": argumentsSchema(), "approval": approvalRef, "tools": toolSet("tools"), "without": toolSet("without")}}
	schemas["BindingRequest"] = obj{"type": "object", "required": []string{"agent", "tool"}, "additionalProperties": false, "properties": obj{
		"agent": str, "profile": str, "subject": subject, "tool": tool, "ttl_seconds": merge(obj{"minimum": 1, "maximum": int(models.MaxBindingTTL / time.Second), "default": defaultBindingTTL}, intT),
		"approval": merge(approvalRef, obj{"description": "an approved request's reference; the binding pins it and its calls spend it"}),
		"tools":    toolSet("tools"), "without": toolSet("without")}}
	schemas["ApprovalRequest"] = obj{"type": "object", "required": []string{"agent", "tool", "summary"}, "additionalProperties": false, "properties": obj{
		"agent": str, "profile": str, "subject": subject, "tool": tool,
		"summary": obj{"type": "string", "minLength": 1, "maxLength": models.MaxApprovalSummary, "description": "the runtime's own account of the intended call, shown to reviewers; never the arguments"}}}
	schemas["Approval"] = obj{"type": "object", "required": []string{"approval", "status", "agent", "tool"}, "properties": obj{
		"approval": str, "status": obj{"type": "string", "enum": []string{authority.ApprovalPending, authority.ApprovalApproved, authority.ApprovalDenied, authority.ApprovalWithdrawn, authority.ApprovalVoid, authority.RequestStale, authority.RequestExpired}},
		"agent": str, "subject": str, "tool": toolRef, "summary": str,
		"lapsed_reason": obj{"type": "string", "description": "stale or expired only: why the pending request can no longer be approved (its tool changed since it was filed, or it waited past CONSOLE_APPROVAL_REQUEST_TTL); the next call files a new request"},
		"void_reason":   obj{"type": "string", "description": "void only: what changed since the approval was approved (its grants, agent or profile, or the tool's review); a call needs a new approval"},
		"single_use":    obj{"type": "boolean"}, "until": obj{"type": "string", "format": "date-time"}, "used": obj{"type": "boolean"},
		"expired":    obj{"type": "boolean", "description": "a time-bound approval whose window has passed"},
		"decided_by": str, "reason": str,
		"arguments": obj{"type": "string", "description": "the reviewer's view of the one call's arguments the request holds for (secrets masked, bounded); absent for a request made without arguments"}}}
	schemas["Decision"] = obj{"type": "object", "required": []string{"decision"}, "properties": obj{
		"decision": obj{"type": "string", "enum": []string{"allow", "deny"}},
		"tool":     toolRef,
		"error": obj{"type": "object", "properties": obj{"type": obj{"type": "string", "enum": authority.ErrorTypes}, "message": str,
			"next_actions": nextActionsSchema(), "problems": problemsSchema(),
			"approval": obj{"type": "string", "description": "approval_required only: the approval request to wait on (GET /approvals/{approval}) and present once approved"}, "approval_reason": approvalReasonSchema()}},
		"host_reason": str}}
	schemas["Binding"] = obj{"type": "object", "properties": obj{"handle": str, "tool": toolRef, "descriptor_digest": str, "expires_at": obj{"type": "string", "format": "date-time"}}}
}

// approvalReasonSchema describes Error.ApprovalReason: why the approval a
// call presented does not hold.
func approvalReasonSchema() obj {
	return obj{"type": "string", "enum": authority.ApprovalReasons,
		"description": "approval_required only, when the call presented an approval that does not hold: why (the message says it in a sentence; an approval of another agent or subject is never described)"}
}

// toolSet describes a check's conversation set field (tools or without).
func toolSet(name string) obj {
	what := "the conversation's pick: a tool it does not list is capability_unavailable (deselected, in host_reason)"
	if name == "without" {
		what = "tools the conversation deselected: capability_unavailable (deselected, in host_reason)"
	}
	return obj{"type": "array", "items": obj{"type": "string", "minLength": 1, "maxLength": catalog.MaxIDLength}, "description": what}
}

// argumentsSchema describes the arguments field of a check.
func argumentsSchema() obj {
	return obj{"description": fmt.Sprintf("the call's arguments (any JSON; an MCP call's are an object), checked against the reviewed input schema of the exact tool version once the call is otherwise allowed: invalid_arguments lists the problems. Never stored or logged. Absent: not checked. At most %d bytes and %d levels deep", args.MaxBytes, args.MaxDepth)}
}

// nextActionsSchema describes an error's next_actions: tokens of
// authority.NextActions, the one list every route's errors draw from.
func nextActionsSchema() obj {
	return obj{"type": "array", "items": obj{"type": "string", "enum": authority.NextActions},
		"description": "what the agent may do next, as tokens (the message says it in a sentence)"}
}

// problemsSchema describes invalid_arguments' problems.
func problemsSchema() obj {
	return obj{"type": "array", "maxItems": args.MaxProblems, "description": "invalid_arguments only: each problem with the JSON pointer (RFC 6901) of the value it is about, \"\" for the whole document",
		"items": obj{"type": "object", "required": []string{"pointer", "message"}, "additionalProperties": false, "properties": obj{"pointer": obj{"type": "string"}, "message": obj{"type": "string"}}}}
}
