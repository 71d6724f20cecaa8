package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream"
)

// idempotencyLeaseMargin is how long past the upstream timeout a claim
// is held: a call's outcome is recorded well within it.
const idempotencyLeaseMargin = 15 * time.Second

// claimLease is how long a claim holds before a retry may settle it as
// lost: the call's own upstream timeout (its connection's, which bounds
// the call) and a margin.
func (g *gateway) claimLease(spec upstream.Spec) time.Duration {
	return g.pool.TimeoutOf(spec) + idempotencyLeaseMargin
}

// claim claims the call's idempotency key in its scope (the agent, the
// subject, the runtime key and the tool, across sessions, replicas and
// restarts): rec is
// the claim to run the call under, or nil with the answer to give
// instead (the recorded outcome, key_reused, still running, or a lost
// call's uncertain outcome).
func (g *gateway) claim(ctx context.Context, r *gwReq, call *allowedCall, p *mcp.CallToolParamsRaw, key string, ev *models.RunEvent) (*models.IdempotentCall, *mcp.CallToolResult, error) {
	sc, digest, err := g.idemScope(ctx, r, p, key)
	if err != nil {
		return nil, nil, err
	}
	for attempt := 0; ; attempt++ {
		rec, claimed, err := g.s.store.ClaimIdempotent(ctx, sc, p.Name, key, digest, g.claimLease(call.spec))
		if err != nil {
			return nil, nil, err
		}
		if claimed {
			return rec, nil, nil
		}
		if rec.ArgsDigest != "" && rec.ArgsDigest != digest {
			// a key names one operation: reused with other arguments it is
			// a client's mistake, refused (never run, never the first
			// call's outcome passed off as this call's)
			ev.CallStatus = "key_reused"
			return nil, errorResult(keyReused(key, p.Name)), nil
		}
		if res, err := g.answerRecord(ctx, rec, attempt, p, ev); res != nil || err != nil {
			return nil, res, err
		}
		// read the record again: the lapse just written, or the outcome
		// that won the race
	}
}

// keyReused is the refusal of a key that came back with other arguments.
func keyReused(key, tool string) *authority.Error {
	return &authority.Error{Type: typeKeyReused, Message: fmt.Sprintf("The idempotency key %q was already used for a call of %s with different arguments; nothing was run. Retry with the first call's exact arguments to get its outcome, or use a new idempotency key for a new operation.", key, tool),
		NextActions: []string{authority.ActRetrySameArguments, authority.ActNewIdempotencyKey, authority.ActStop}}
}

// reusedKey is the refusal of a keyed call whose key is recorded for
// other arguments (nil when it is not, or the call has no key; undecided
// when the record cannot be read): asked before an approval request is
// filed, since a call that could only be refused as idempotency_key_reused
// is not put to a reviewer.
func (g *gateway) reusedKey(ctx context.Context, r *gwReq, p *mcp.CallToolParamsRaw) *authority.Error {
	key, keyed, _ := idempotencyKey(p)
	if !keyed {
		return nil
	}
	sc, digest, err := g.idemScope(ctx, r, p, key)
	if err != nil {
		return undecidedError()
	}
	rec, err := g.s.store.IdempotentRecord(ctx, sc, p.Name, key)
	switch {
	case errors.Is(err, models.ErrNotFound):
		return nil
	case err != nil:
		return undecidedError()
	case rec.ArgsDigest != "" && rec.ArgsDigest != digest:
		return keyReused(key, p.Name)
	}
	return nil
}

// undecidedError is the refusal of a call whose check could not be made
// now: nothing ran, a retry may.
func undecidedError() *authority.Error {
	return &authority.Error{Type: typeUnavailableEnv, Message: "The console could not decide this call now; try again.", NextActions: []string{authority.ActRetryLater, authority.ActStop}}
}

// recorded answers a keyed retry from its record: a call with this key
// and these exact arguments that ran (or is running, or was lost) gets
// what its record says once the permission to make it is checked again
// (replayRefused: a grant revoked refuses it, nothing is read). What
// only the run that made it needed is not asked again — its single-use
// approval spent, a new session that has not searched — so it never
// files an approval request. nil: no such record (none, or one for
// other arguments, which the call's check and then its claim answer as
// any call).
func (g *gateway) recorded(ctx context.Context, r *gwReq, cs models.CheckState, p *mcp.CallToolParamsRaw, ev *models.RunEvent) (*mcp.CallToolResult, error) {
	key, keyed, _ := idempotencyKey(p)
	if !keyed {
		return nil, nil
	}
	sc, digest, err := g.idemScope(ctx, r, p, key)
	if err != nil {
		return nil, err
	}
	checked := false
	for attempt := 0; ; attempt++ {
		rec, err := g.s.store.IdempotentRecord(ctx, sc, p.Name, key)
		if errors.Is(err, models.ErrNotFound) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		if rec.ArgsDigest != digest {
			return nil, nil
		}
		if !checked {
			refused, err := g.replayRefused(ctx, r, cs, p.Name)
			if err != nil {
				return nil, err
			}
			if refused != nil {
				ev.Verdict = deferred.CallDenied + ":" + refused.Type
				return errorResult(refused), nil
			}
			checked = true
		}
		res, err := g.answerRecord(ctx, rec, attempt, p, ev)
		if res != nil || err != nil {
			ev.Verdict = deferred.CallActive
			return res, err
		}
	}
}

// replayRefused is why a keyed retry may not have its record's answer
// (nil: it may): the call-time check of its subject, agent, profile and
// conversation's set for the tool now, without its arguments (they
// were checked when it ran) and with an approval it needs taken as given
// (the call ran under one). A grant revoked, the tool gone or left out
// of the conversation refuse it as they refuse any call.
func (g *gateway) replayRefused(ctx context.Context, r *gwReq, cs models.CheckState, tool string) (*authority.Error, error) {
	ca := checkArgs{agent: r.sess.Agent, profile: r.sess.Profile, subject: r.subject, tool: tool, pick: r.pick, without: r.without, keyOwner: keyCreator(r.key)}
	_, d, _, err := g.s.decideAt(ctx, cs, ca)
	switch {
	case err != nil:
		return nil, err
	case d.Allow || (d.Error != nil && d.Error.Type == authority.TypeApprovalRequired):
		return nil, nil
	case d.Error == nil:
		return undecidedError(), nil
	}
	return d.Error, nil
}

// idemScope is a keyed call's idempotency scope and its arguments' digest.
func (g *gateway) idemScope(ctx context.Context, r *gwReq, p *mcp.CallToolParamsRaw, key string) (models.IdemScope, string, error) {
	keyID := r.sess.KeyID
	if r.key != nil {
		keyID = r.key.ID
	}
	sc, err := g.s.store.IdempotencyScope(ctx, r.sess.Agent, subjectID(r.subject), r.sess.Run, keyID)
	if err != nil {
		return sc, "", err
	}
	return sc, g.s.store.ArgumentsDigest(sc, p.Name, key, canonicalArguments(p.Arguments)), nil
}

// answerRecord is the answer a record of this call gives: its outcome,
// still running, or (its lease over with no outcome) nil after settling
// it as lost, to be read again.
func (g *gateway) answerRecord(ctx context.Context, rec *models.IdempotentCall, attempt int, p *mcp.CallToolParamsRaw, ev *models.RunEvent) (*mcp.CallToolResult, error) {
	if rec.Done {
		var res mcp.CallToolResult
		if err := json.Unmarshal([]byte(rec.Outcome), &res); err != nil {
			return nil, err
		}
		ev.CallStatus = "replayed"
		ev.ResultBytes = len(rec.Outcome)
		return &res, nil
	}
	if left := time.Until(rec.LeaseUntil); left > 0 || attempt > 0 {
		ev.CallStatus = "in_progress"
		return gwError(typeUncertainEffect, fmt.Sprintf("A call of %s with this idempotency key is still running; its outcome is not known yet. It ends within %d s; wait, then retry with the same idempotency key to get its outcome.", p.Name, secondsUntilCallEnds(rec.LeaseUntil, time.Now())),
			authority.ActRetrySameKey, authority.ActStop), nil
	}
	// the claim's lease ended with no outcome: the console that made
	// the call stopped or lost it after it may have reached the
	// server. Its outcome is settled, once and for all, as unknown.
	b, _ := json.Marshal(lostCall(p.Name))
	if err := g.s.store.LapseIdempotent(ctx, rec.ID, b); err != nil && !errors.Is(err, models.ErrIdempotentSettled) {
		return nil, err
	}
	return nil, nil
}

// lostCall is the recorded outcome of a keyed call whose console lost
// it (stopped, or the call's claim lapsed) after it may have reached the
// server.
func lostCall(tool string) *mcp.CallToolResult {
	return gwError(typeUncertainEffect, fmt.Sprintf("A call of %s with this idempotency key was interrupted after it may have reached the server (the console handling it stopped); its outcome is unknown and stays unknown. This key will not run the call again. Check the outcome; only if the call did not take effect, call again with a new idempotency key.", tool),
		authority.ActCheckOutcome, authority.ActNewIdempotencyKey, authority.ActAskUser, authority.ActStop)
}

// settle records a failed call's outcome under its key; a call that
// never reached the upstream releases the key so a retry may run it.
// ctx outlives the request (execute).
func (g *gateway) settle(ctx context.Context, r *gwReq, claim *models.IdempotentCall, out *mcp.CallToolResult, release bool) {
	if release {
		if err := g.s.store.ReleaseIdempotent(ctx, claim.ID); err != nil {
			// the claim stays until its lease ends; a retry then gets
			// the lost call's answer
			g.s.log.Warn("idempotency key not released", "run", r.sess.Run, "tool", claim.Tool, "err", err)
		}
		return
	}
	b, _ := json.Marshal(out)
	g.record(ctx, r, claim, b)
}

// record stores a keyed call's outcome; a failure is logged (the claim
// then lapses, and a retry gets the lost call's answer).
func (g *gateway) record(ctx context.Context, r *gwReq, claim *models.IdempotentCall, outcome []byte) {
	if err := g.s.store.FinishIdempotent(ctx, claim.ID, outcome); err != nil {
		g.s.log.Warn("idempotent outcome not recorded", "run", r.sess.Run, "tool", claim.Tool, "err", err)
	}
}
