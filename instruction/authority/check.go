package authority

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/agentforge/console/instruction/authority/args"
)

// Error types a denial carries (seed 000). Unknown, hidden, undeclared and
// unavailable tools all answer TypeUnavailable, so a model cannot tell a
// nonexistent tool from a hidden one; HostReason says which.
const (
	TypePermissionDenied = "permission_denied"
	TypeApprovalRequired = "approval_required"
	TypeUnavailable      = "capability_unavailable"
	TypeRevoked          = "capability_revoked"
	TypeBindingStale     = "binding_stale"
	TypeCatalogChanged   = "catalog_changed"
)

// ErrorTypes lists every denial type.
var ErrorTypes = []string{TypePermissionDenied, TypeApprovalRequired, TypeUnavailable, TypeRevoked, TypeBindingStale, TypeCatalogChanged, TypeInvalidArguments}

// Safe next actions: none suggests a broader scope, an installation, an
// escalation or a blind retry.
const (
	ActChooseAlternative = "choose_available_tool"
	ActAskUser           = "ask_user"
	ActRequestApproval   = "request_approval"
	ActBindAgain         = "bind_again"
	ActLoadDescriptor    = "load_current_descriptor"
	ActRefreshCatalog    = "refresh_catalog"
	ActStop              = "stop"
)

var messages = map[string]struct {
	text string
	next []string
}{
	TypePermissionDenied: {"You are not permitted to use this capability for this user.", []string{ActChooseAlternative, ActAskUser, ActStop}},
	TypeApprovalRequired: {"This capability needs a human approval for each call.", []string{ActRequestApproval, ActCallWhenApproved, ActChooseAlternative, ActStop}},
	TypeUnavailable:      {"This capability is not available.", []string{ActChooseAlternative, ActAskUser, ActStop}},
	TypeRevoked:          {"Permission to use this capability was revoked.", []string{ActChooseAlternative, ActAskUser, ActStop}},
	TypeBindingStale:     {"This binding is no longer valid.", []string{ActLoadDescriptor, ActBindAgain, ActStop}},
	TypeCatalogChanged:   {"The catalog changed; this capability is no longer listed as bound.", []string{ActRefreshCatalog, ActChooseAlternative, ActStop}},
	TypeInvalidArguments: {"The arguments do not match this capability's input schema; each problem names its JSON pointer.", []string{ActFixArguments, ActAskUser, ActStop}},
}

// Agent is what a check needs of the calling agent: its declared tools,
// connected services and, when a profile applies, the profile's tools.
type Agent struct {
	Slug     string
	Declared []string
	Services []string
	// Profile is the profile's tool list; nil when no profile applies.
	Profile []string
	// ProfileSlug names that profile ("" when none applies).
	ProfileSlug string
	// Pick and Without are the conversation's set: a non-nil Pick keeps
	// only the tools it lists, Without drops tools. A deselected tool is
	// unavailable, like any tool outside the agent's sets.
	Pick    []string
	Without []string
}

// Binding is a stored binding a check presents. Found is false when the
// handle resolved to nothing (unknown, released, or never issued).
type Binding struct {
	Found   bool
	Subject string
	// Groups is the GroupSetDigest of the subject's groups at issue: the
	// binding holds only for that group set.
	Groups    string
	Agent     string
	Tool      string
	Digest    string
	ExpiresAt time.Time
	// RevokedAt is set when an admin revoked the binding.
	RevokedAt time.Time
	RevokedBy string
	// Invalid is the first stale or revoked verdict a check recorded on
	// the binding; once set it is the binding's answer for good: a later
	// revert of the descriptor or a re-grant needs a new binding.
	Invalid *Invalidation
	// Approval is the reference of the approval the binding pinned at
	// issue ("" when it pinned none).
	Approval string
	// Pin is the authority the binding was issued under (Pin.String; ""
	// for a binding made before pins).
	Pin string
}

// Invalidation is a binding's recorded invalidity: the verdict's type
// (binding_stale, capability_revoked or catalog_changed), why, and when
// it was first found.
type Invalidation struct {
	Type   string
	Reason string
	At     time.Time
}

// Check is one call-time question: may this agent, acting for this
// subject, call this tool now?
type Check struct {
	Agent   Agent
	Subject *Subject
	ToolID  string
	// Tool is the catalog entry; nil when the catalog has no such tool.
	Tool   *Tool
	Grants []Grant
	// Binding is nil when the call presents no binding.
	Binding *Binding
	// Approval is the approval the call presents (directly, or pinned by
	// its binding); nil when none.
	Approval *Approval
	// ArgsDigest is the digest of the call's canonical arguments, which an
	// approval made for one call's arguments must match ("" when the
	// arguments are not known: such an approval then does not hold).
	ArgsDigest string
	// Pin is the authority the check is made under now, compared with a
	// presented binding's.
	Pin Pin
	Now time.Time
}

// Error is a denial's model-visible part.
type Error struct {
	Type        string   `json:"type"`
	Message     string   `json:"message"`
	NextActions []string `json:"next_actions"`
	// Problems are the arguments' problems of an invalid_arguments
	// denial, each with its JSON pointer; absent otherwise.
	Problems []args.Problem `json:"problems,omitempty"`
	// Approval is the reference of the approval request an
	// approval_required denial names: present it once approved.
	Approval string `json:"approval,omitempty"`
	// ApprovalReason says why the approval a call presented does not
	// hold (ReasonApprovalUnknown …), with a sentence in Message; absent
	// when none was presented or for another type.
	ApprovalReason string `json:"approval_reason,omitempty"`
	// CeilingBytes is the ceiling a result_too_large refusal's result
	// was over, in bytes; absent otherwise.
	CeilingBytes int `json:"ceiling_bytes,omitempty"`
}

// Decision is a check's answer: Allow, or a denial with its model-visible
// Error and a HostReason only the runtime's trace should see.
type Decision struct {
	Allow      bool
	Error      *Error
	HostReason string
	// Groups are the subject's groups whose grants allowed the call.
	Groups []string
	// Invalidates is set when the decision found a binding, presented by
	// the subject, agent and tool it was issued for, no longer valid: the
	// caller records it on the binding (first verdict wins) with the
	// decision's type and HostReason, and every later check answers it.
	Invalidates bool
	// Void is set when the approval the call presented was approved under
	// an authority that changed since (ApprovalVoids): the caller records
	// it on the approval, as its reason, so it allows nothing more.
	Void string
	// Approval is the approval an allowed call of an approval-only tool
	// rests on: a single-use one must be spent by the caller, atomically,
	// before the call proceeds.
	Approval *Approval
}

// Deny is a denial of type typ (one of ErrorTypes) with its model-visible
// message and safe next actions, and reason for the host only.
func Deny(typ, reason string) Decision { return deny(typ, reason) }

func deny(typ, reason string) Decision {
	m := messages[typ]
	return Decision{Error: &Error{Type: typ, Message: m.text, NextActions: slices.Clone(m.next)}, HostReason: reason}
}

// Decide answers a call-time check. It reads no clock: Now is passed in.
func Decide(c Check) Decision {
	if c.Binding != nil {
		if d, stop := checkBinding(c); stop {
			return d
		}
		if c.Approval.Withdrawn() {
			// the approval the binding rests on was taken back: revoked for good
			return invalid(TypeRevoked, fmt.Sprintf("binding: approval %s withdrawn by %s: %s", c.Approval.Ref, c.Approval.WithdrawnBy, c.Approval.WithdrawReason))
		}
	}
	d := current(c)
	if c.Binding == nil {
		return d
	}
	if d.Allow || d.Error.Type == TypeApprovalRequired {
		// allowed now, and yet what it was issued under changed since
		// (and may have been undone before this check): ended for good
		if p, stop := pinChanged(c.Binding.Pin, c.Pin); stop {
			return p
		}
		return d
	}
	// the binding was valid once: what changed since is a revocation
	r := deny(TypeRevoked, "binding revoked: "+d.HostReason)
	r.Invalidates = true
	return r
}

// current is the check against the current state, binding aside.
func current(c Check) Decision {
	t, a := c.Tool, c.Agent
	switch {
	case t == nil:
		return deny(TypeUnavailable, "unknown: no tool "+c.ToolID+" in the catalog")
	case !slices.Contains(a.Declared, t.ID):
		return deny(TypeUnavailable, fmt.Sprintf("undeclared: agent %s does not declare %s", a.Slug, t.ID))
	case a.Profile != nil && !slices.Contains(a.Profile, t.ID):
		return deny(TypeUnavailable, fmt.Sprintf("hidden: the profile of agent %s does not list %s", a.Slug, t.ID))
	case a.Pick != nil && !slices.Contains(a.Pick, t.ID), slices.Contains(a.Without, t.ID):
		return deny(TypeUnavailable, fmt.Sprintf("deselected: the conversation's set (tools, without) leaves out %s", t.ID))
	case t.State != StateBindable:
		return deny(TypeUnavailable, fmt.Sprintf("unavailable: %s is %s in the ledger", t.ID, t.State))
	case t.Namespace() != "" && !slices.Contains(a.Services, t.Namespace()):
		return deny(TypeUnavailable, fmt.Sprintf("unavailable: service %s is not connected to agent %s", t.Namespace(), a.Slug))
	}
	groups := GroupsOf(c.Subject)
	auth, ok := Authorize(groups, c.Grants, *t)
	if !ok {
		return deny(TypePermissionDenied, fmt.Sprintf("not granted: no grant of groups [%s] covers %s (effects %s)", strings.Join(groups, ","), t.ID, t.Effects))
	}
	if auth.RequiresApproval {
		why, reason, sentence := approvalVerdict(c.Approval, a.Slug, c.Subject, a.ProfileSlug, *t, approvalArgs(c), c.Now)
		if why == "" {
			return Decision{Allow: true, Groups: auth.Groups, Approval: c.Approval}
		}
		d := deny(TypeApprovalRequired, fmt.Sprintf("approval: a grant of groups [%s] requires approval for %s (no other grant lifts it); %s", strings.Join(auth.ApprovalGroups, ","), t.ID, why))
		if reason != "" {
			// a presented approval that does not hold says why
			d.Error.ApprovalReason, d.Error.Message = reason, sentence+" "+d.Error.Message
		}
		d.Groups = auth.Groups
		if reason == ReasonApprovalVoid {
			d.Void = ApprovalVoids(c.Approval)
		}
		return d
	}
	return Decision{Allow: true, Groups: auth.Groups}
}

// Conceal is d as a caller that presents no binding may see it: a tool
// not granted to the subject is hidden by policy, so its model-visible
// answer is capability_unavailable, byte for byte the answer about a tool
// that does not exist (seed 000); HostReason keeps the real reason. Count
// d, answer Conceal(d).
func Conceal(d Decision) Decision {
	if d.Allow || d.Error == nil || d.Error.Type != TypePermissionDenied {
		return d
	}
	c := deny(TypeUnavailable, d.HostReason)
	c.Groups = d.Groups
	return c
}

// approvalArgs is the arguments digest c's approval is judged against. A
// binding pins only an approval made without arguments (binding takes
// none), which its reviewer approved for any arguments of the tool version:
// the calls the binding serves are judged as that approval was made, so an
// approval-only tool bound through the bindings API can be called. Any
// other approval, among them one presented beside a binding that did not
// pin it, is judged against the call's own arguments.
func approvalArgs(c Check) string {
	if c.Binding != nil && c.Approval != nil && c.Approval.ArgsDigest == "" && c.Binding.Approval != "" && c.Approval.Ref == c.Binding.Approval {
		return ""
	}
	return c.ArgsDigest
}
