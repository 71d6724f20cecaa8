package authority

import (
	"fmt"
	"strings"
	"time"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Approval states (the authority rules: approvals close the loop).
const (
	ApprovalPending  = "pending"
	ApprovalApproved = "approved"
	ApprovalDenied   = "denied"
	// ApprovalWithdrawn is an approval a reviewer or admin took back
	// after granting it: it allows nothing more, and a binding that
	// pinned it is revoked for good.
	ApprovalWithdrawn = "withdrawn"
	// ApprovalVoid is an approved approval whose pinned authority (Pin)
	// changed since it was decided: a grant of the subject's groups, the
	// agent or its profile, or the tool's review. It allows nothing more,
	// even if the change is undone; the call needs a new approval. A
	// pending request is void too once every runtime key that asked for
	// it was revoked: nobody can present it, so none waits for a reviewer.
	ApprovalVoid = "void"
	// ApprovalExpired is a request that waited for a reviewer past its
	// time (Approval.RequestTTL) without a decision: it can be neither
	// approved nor denied, and the call's next check files a new request.
	ApprovalExpired = "expired"
)

// Approval is an approval request a check presents by its reference:
// scoped to one agent, subject, tool and digest; once approved it is
// single-use (Used after its first allowed call) or time-bound (valid
// until Until). Found is false when the reference named nothing.
type Approval struct {
	Found   bool
	Ref     string
	Status  string
	Agent   string
	Subject string
	// Groups and Profile are the subject's groups and the (resolved)
	// profile the request was made under, as its reviewer saw them: the
	// approval holds only for a call under the same group set and
	// profile (ApprovalScope). nil Groups is a request made before
	// groups were recorded: its pin decides.
	Groups  []string
	Profile string
	Tool    string
	Digest  string
	// ArgsDigest is the digest of the one call's canonical arguments the
	// request was made for: the approval holds only for a call with the
	// same digest. "" is a request made without arguments (by a runtime
	// through the API), which holds only for a check made without
	// arguments: never for a call whose arguments are known (a gateway
	// call always has them).
	ArgsDigest string
	// SingleUse approvals allow one call; the others hold until Until.
	SingleUse bool
	Used      bool
	Until     time.Time
	DecidedBy string
	Reason    string
	// WithdrawnBy and WithdrawReason say who took an approval back, and why.
	WithdrawnBy    string
	WithdrawReason string
	// Pin is the authority the approval was decided under (Pin.String;
	// "" for one decided before approvals were pinned: it checks
	// nothing), and PinNow that authority as it is now, under the
	// approval's own groups and profile: the caller computes it. An
	// approved approval whose PinNow differs is void.
	Pin, PinNow string
	// VoidReason says why a void approval ended.
	VoidReason string
	// Filed is when the request was filed, and RequestTTL how long a
	// pending request waits for a reviewer before it expires unapproved
	// (RequestLapse; zero: never).
	Filed      time.Time
	RequestTTL time.Duration
	// KeyOwner is the creator of the runtime key the call presenting the
	// approval is made through ("" when none is known): an approval holds
	// for no call made through a key its own decider created, or one
	// person would both decide and make the call.
	KeyOwner string
}

// Reasons a presented approval does not open a call: an approval_required
// denial's Error.ApprovalReason, with a sentence in its message. A reason
// about an approval of another agent or subject says only that: never
// whose it is, its tool, state, decider or reason. No sentence names a
// tool: the model calls tools by names this package does not know (the
// gateway's), and an approval's tool may be one it was never shown.
const (
	ReasonApprovalUnknown        = "approval_unknown"
	ReasonApprovalNotYours       = "approval_other_subject"
	ReasonApprovalOtherGroups    = "approval_other_groups"
	ReasonApprovalOtherProfile   = "approval_other_profile"
	ReasonApprovalOtherTool      = "approval_other_tool"
	ReasonApprovalToolChanged    = "approval_tool_changed"
	ReasonApprovalOtherArguments = "approval_other_arguments"
	ReasonApprovalPending        = "approval_pending"
	ReasonApprovalDenied         = "approval_denied"
	ReasonApprovalWithdrawn      = "approval_withdrawn"
	ReasonApprovalUsed           = "approval_used"
	ReasonApprovalExpired        = "approval_expired"
	ReasonApprovalDecidersKey    = "approval_deciders_key"
	ReasonApprovalVoid           = "approval_void"
)

// ApprovalReasons lists every reason above, in order: the OpenAPI
// document's enumeration of Error.ApprovalReason.
var ApprovalReasons = []string{
	ReasonApprovalUnknown, ReasonApprovalNotYours, ReasonApprovalOtherGroups, ReasonApprovalOtherProfile, ReasonApprovalOtherTool, ReasonApprovalToolChanged,
	ReasonApprovalOtherArguments, ReasonApprovalPending, ReasonApprovalDenied, ReasonApprovalWithdrawn,
	ReasonApprovalUsed, ReasonApprovalExpired, ReasonApprovalDecidersKey, ReasonApprovalVoid,
}

// ApprovalVerdict says whether approval a lets subject's agent call
// tool t at its digest now, under profile (resolved: the agent's default
// when the call names none; "" for none), with arguments whose digest is argsDigest
// ("" when the call's arguments are not known): "" when it does, else why
// not (for the host's trace). An approval made for one call's arguments
// holds for a call with those arguments only; one made without arguments
// holds only for a check made without them, never for a call whose
// arguments are known. It is the one rule the
// check, the pages and the gateway share.
func ApprovalVerdict(a *Approval, agent string, subject *Subject, profile string, t Tool, argsDigest string, now time.Time) string {
	host, _, _ := approvalVerdict(a, agent, subject, profile, t, argsDigest, now)
	return host
}

// approvalVerdict is ApprovalVerdict with, when a presented approval does
// not hold, its reason token and the sentence the model may read.
func approvalVerdict(a *Approval, agent string, sub *Subject, profile string, t Tool, argsDigest string, now time.Time) (host, reason, sentence string) {
	subject := ""
	if sub != nil {
		subject = sub.ID
	}
	presented := "The approval presented"
	if a != nil && a.Ref != "" {
		presented = fmt.Sprintf("The approval presented, %s,", a.Ref)
	}
	switch {
	case a == nil:
		return "no approval presented", "", ""
	case !a.Found:
		return "approval: unknown reference", ReasonApprovalUnknown, "The approval presented names no approval request."
	case a.Agent != agent || a.Subject != subject:
		return fmt.Sprintf("approval %s: issued for agent %s, subject %q, tool %s", a.Ref, a.Agent, a.Subject, a.Tool),
			ReasonApprovalNotYours, presented + " was not made for this agent and subject and cannot be used here."
	case !ApprovalInScope(a, GroupsOf(sub), profile):
		return approvalScopeVerdict(a, presented, GroupsOf(sub), profile)
	case a.Tool != t.ID:
		return fmt.Sprintf("approval %s: issued for agent %s, subject %q, tool %s", a.Ref, a.Agent, a.Subject, a.Tool),
			ReasonApprovalOtherTool, presented + " was made for another tool, not this one."
	case a.Digest != t.Digest:
		return fmt.Sprintf("approval %s: approved for descriptor %.12s, the tool is now %.12s", a.Ref, a.Digest, t.Digest),
			ReasonApprovalToolChanged, presented + " was made for an earlier version of this tool; the tool changed since, so a call needs a new approval."
	case a.ArgsDigest == "" && argsDigest != "":
		return fmt.Sprintf("approval %s: made without arguments, so it holds for no call with arguments; a call with these arguments needs an approval made for them", a.Ref),
			ReasonApprovalOtherArguments, presented + " was made without arguments, so it holds for no call with arguments; these arguments need an approval made for them."
	case a.ArgsDigest != "" && argsDigest == "":
		return fmt.Sprintf("approval %s: approved for one call's exact arguments; present it with the call's arguments", a.Ref),
			ReasonApprovalOtherArguments, presented + " was made for one call's exact arguments; present it with those arguments."
	case a.ArgsDigest != "" && a.ArgsDigest != argsDigest:
		return fmt.Sprintf("approval %s: approved for other arguments than this call's; a call with these arguments needs its own approval", a.Ref),
			ReasonApprovalOtherArguments, presented + " was made for other arguments than this call's; a call with these arguments needs its own approval."
	case RequestHasExpired(a, now) && RequestExpiry(a).IsZero():
		return fmt.Sprintf("approval %s: expired unapproved", a.Ref), ReasonApprovalExpired,
			presented + " expired without a reviewer's decision; calling again files a new request."
	case RequestHasExpired(a, now):
		at := RequestExpiry(a).UTC().Format(time.RFC3339)
		return fmt.Sprintf("approval %s: expired unapproved at %s", a.Ref, at), ReasonApprovalExpired,
			fmt.Sprintf("%s expired at %s without a reviewer's decision; calling again files a new request.", presented, at)
	case a.Status == ApprovalPending:
		return fmt.Sprintf("approval %s: still pending", a.Ref), ReasonApprovalPending, presented + " is still waiting for a reviewer."
	case a.Status == ApprovalDenied:
		return fmt.Sprintf("approval %s: denied by %s: %s", a.Ref, a.DecidedBy, a.Reason), ReasonApprovalDenied, presented + " was denied by a reviewer."
	case a.Status == ApprovalWithdrawn:
		return fmt.Sprintf("approval %s: withdrawn by %s: %s", a.Ref, a.WithdrawnBy, a.WithdrawReason), ReasonApprovalWithdrawn, presented + " was withdrawn by a reviewer."
	case a.Status == ApprovalVoid:
		return fmt.Sprintf("approval %s: void: %s", a.Ref, a.VoidReason), ReasonApprovalVoid, presented + voidSentence
	case a.Status != ApprovalApproved:
		return fmt.Sprintf("approval %s: %s", a.Ref, a.Status), ReasonApprovalUnknown, presented + " is not approved."
	case a.SingleUse && a.Used:
		return fmt.Sprintf("approval %s: single-use, already used", a.Ref), ReasonApprovalUsed, presented + " allowed one call and is already used."
	case !a.SingleUse && !now.Before(a.Until):
		at := a.Until.UTC().Format(time.RFC3339)
		return fmt.Sprintf("approval %s: expired at %s", a.Ref, at), ReasonApprovalExpired, fmt.Sprintf("%s expired at %s.", presented, at)
	case ApprovalVoids(a) != "":
		return fmt.Sprintf("approval %s: void: %s", a.Ref, ApprovalVoids(a)), ReasonApprovalVoid, presented + voidSentence
	case a.KeyOwner != "" && SameIdentity(a.KeyOwner, a.DecidedBy):
		return fmt.Sprintf("approval %s: approved by %s, who created the runtime key making this call: someone else must approve a call through it", a.Ref, a.DecidedBy),
			ReasonApprovalDecidersKey, presented + " was approved by the person who created the runtime key making this call; a call through this key needs someone else's approval."
	}
	return "", "", ""
}

// voidSentence ends the model-visible sentence about a void approval.
const voidSentence = " no longer holds: what it was approved under (the grants, the agent or its profile, or the tool's review) changed since, so the call needs a new approval."

// ApprovalVoids is why an approved approval a is void now ("" when it is
// not): the authority it pinned when decided differs from a.PinNow. An
// approval that pinned nothing, or whose current pin is unknown, is
// judged by its other rules only.
func ApprovalVoids(a *Approval) string {
	if a == nil || a.Status != ApprovalApproved || a.Pin == "" || a.PinNow == "" {
		return ""
	}
	return PinChange(a.Pin, ParsePin(a.PinNow))
}

// ApprovalSpent is the denial of a call whose single-use approval a
// concurrent call spent first.
func ApprovalSpent(ref string) Decision {
	d := deny(TypeApprovalRequired, fmt.Sprintf("approval %s: single-use, already used", ref))
	d.Error.ApprovalReason = ReasonApprovalUsed
	d.Error.Message = fmt.Sprintf("The approval presented, %s, allowed one call and is already used. %s", ref, d.Error.Message)
	return d
}

// CanDecideApproval is the four-eyes rule: nobody approves or denies a
// request made for themselves (the request's subject), however the name
// is spelled (SameIdentity).
func CanDecideApproval(actor, subject string) bool {
	return strings.TrimSpace(actor) != "" && !SameIdentity(actor, subject)
}

// SameIdentity reports whether two names denote one identity where the
// console compares people: by their SubjectKey (white space trimmed,
// characters that draw nothing removed, Unicode compatibility forms
// folded: full-width letters, ligatures), case folded ("RITA", " rita "
// and "ｒｉｔａ" are rita), look-alikes taken as one (lookAlike:
// "rіta" with a Cyrillic і is rita), and an @domain suffix dropped from
// the first @ (localPart: "rita@corp.example" and "rita@@x" are rita).
func SameIdentity(a, b string) bool {
	return identityKey(a) == identityKey(b)
}

// identityKey is a name as SameIdentity compares it.
func identityKey(s string) string {
	return lookAlike(localPart(norm.NFKC.String(cases.Fold().String(SubjectKey(s)))))
}

// localPart is a folded name without its @domain suffix: the text before
// its first @ (an identity provider's email and the console username it
// is made from are one person; "rita@@x" and "rita@corp@x" are rita too,
// so no second @ makes a reviewer's own name someone else's). A name
// that opens with @ ("@corp") stays whole. Two people whose names differ
// only in their domain are read as one: the error the rule can make is
// to ask another reviewer.
func localPart(s string) string {
	if i := strings.IndexByte(s, '@'); i > 0 {
		return strings.TrimSpace(s[:i])
	}
	return s
}

// Withdrawn reports whether a is an approval taken back after its grant.
func (a *Approval) Withdrawn() bool {
	return a != nil && a.Found && a.Status == ApprovalWithdrawn
}
