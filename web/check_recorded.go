package web

import (
	"strings"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/models"
)

// checkTally is a decided check waiting to be counted once the call's
// outcome is known (countRecorded).
type checkTally struct {
	set     bool
	st      *authState
	agent   string
	tool    string
	t       *authority.Tool
	subject *authority.Subject
	d       authority.Decision
}

// hold keeps a decided check for countRecorded.
func (tl *checkTally) hold(st *authState, agent, tool string, t *authority.Tool, subject *authority.Subject, d authority.Decision) {
	*tl = checkTally{set: true, st: st, agent: agent, tool: tool, t: t, subject: subject, d: d}
}

// recordedDecision is the one rule for the decision a check is counted
// under (the Checks page and console_check_decisions_total): a denial the
// check itself made is counted as the check found it (the real reason
// behind an answer that hides it); a call the check allowed or put to a
// reviewer is counted by what came of it — refused is the refusal the
// client was told (a reviewer's denial, arguments nobody can approve, the
// budget, a reused idempotency key, a changed contract), "" is the
// check's own decision.
func recordedDecision(d authority.Decision, refused string) authority.Decision {
	if refused == "" || (!d.Allow && d.Error != nil && d.Error.Type != authority.TypeApprovalRequired) {
		return d
	}
	if !d.Allow && d.Error != nil && d.Error.Type == refused {
		return d
	}
	return authority.Deny(refused, "refused after the check: "+refused)
}

// gatewayRefusal is the refusal a gateway call's evidence records ("" for
// none): its denied verdict, or a call the check allowed that ran nothing
// because its idempotency key was reused or its server's contract changed.
func gatewayRefusal(ev models.RunEvent) string {
	if t, ok := strings.CutPrefix(ev.Verdict, deferred.CallDenied+":"); ok {
		return t
	}
	if ev.Verdict == deferred.CallUnknown {
		return authority.TypeUnavailable // toolUnavailable's one answer
	}
	switch ev.CallStatus {
	case "key_reused":
		return typeKeyReused
	case "contract_changed":
		return authority.TypeCatalogChanged
	}
	return ""
}

// countRecorded counts a held gateway check under the decision its
// call's evidence records (recordedDecision).
func (s *Server) countRecorded(tl *checkTally, ev models.RunEvent) {
	if !tl.set {
		return
	}
	d := recordedDecision(tl.d, gatewayRefusal(ev))
	if told := gatewayRefusal(ev); told != "" && (d.Allow || d.Error == nil || d.Error.Type != told) {
		// a gateway client reads only the answer (a hidden tool is
		// unavailable, a grant taken away revoked): counted as told, the
		// real reason staying in the run's evidence
		d = authority.Deny(told, "told the client: "+told)
	}
	s.countCheck(tl.st, tl.agent, tl.tool, tl.t, tl.subject, d)
}
