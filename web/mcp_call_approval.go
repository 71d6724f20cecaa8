package web

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// callApproval is the approval request for this call — the session's
// agent and subject, t's exact digest, the call's arguments (argsDigest)
// — under the session's group set and profile (resolved: authState.profileOf),
// that the call acts on, whichever session or caller filed it
// (models.ScopedCallApproval; nil when none, or it cannot be read now): the
// newest approved one still usable, which the gateway presents (the check
// then judges its scope, expiry and use), else the oldest pending one,
// which a refusal names and requestApproval would reuse.
func (g *gateway) callApproval(ctx context.Context, r *gwReq, profile string, t *authority.Tool, argsDigest string) *models.Approval {
	a, err := g.s.store.ScopedCallApproval(ctx, r.sess.Agent, subjectID(r.subject), authority.GroupsOf(r.subject), profile, t.ID, t.Digest, argsDigest, keyCreator(r.key), keyIDOf(r.key), time.Now())
	if err != nil {
		return nil
	}
	return a
}

// subjectID is s's id, "" for no subject.
func subjectID(s *authority.Subject) string {
	if s == nil {
		return ""
	}
	return s.ID
}

// requestApproval records (or reuses: one pending request per call,
// across sessions and callers) the approval request for the session's subject to call t with the arguments whose digest is
// argsDigest and whose reviewer's view is view, under the key that runs
// the session, under profile (resolved: authState.profileOf).
func (g *gateway) requestApproval(ctx context.Context, r *gwReq, p *mcp.CallToolParamsRaw, profile string, t *authority.Tool, argsDigest string, view authority.View) (*models.Approval, error) {
	id := subjectID(r.subject)
	groups, _ := json.Marshal(authority.GroupsOf(r.subject))
	keyID := uint(0)
	if r.key != nil {
		keyID = r.key.ID
	}
	a, _, err := g.s.store.RequestApproval(ctx, apiKeyActor(r.key), models.Approval{Agent: r.sess.Agent, Subject: id, GroupsJSON: string(groups), Tool: t.ID, Digest: t.Digest,
		ArgsDigest: argsDigest, ArgsView: view.Text, ArgsHidden: view.Hides,
		Summary: fmt.Sprintf("a call of %s through the MCP gateway (first asked in run %s%s), with the arguments shown: the approval holds for this subject's calls with exactly these arguments", t.ID, r.sess.Run, keyNote(p)), Origin: models.OriginCheck, Run: r.sess.Run, KeyID: keyID, Profile: profile})
	if replacedDatabase(err) {
		// the operator's to fix: said in the log as on the REST route
		g.s.log.ErrorContext(ctx, "approval request not filed", "agent", r.sess.Agent, "tool", t.ID, "err", err)
	}
	return a, err
}

// keyNote names the call's idempotency key for the request's summary ("" for
// none), so a reviewer sees which keyed operation asks.
func keyNote(p *mcp.CallToolParamsRaw) string {
	if key, keyed, _ := idempotencyKey(p); keyed {
		return fmt.Sprintf(", idempotency key %q", key)
	}
	return ""
}
