package web

import (
	"context"
	"fmt"
	"strings"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream"
)

// A call's arguments holding one of the console's own secrets change
// nothing the caller sees: the call goes to its server as any other. But
// a caller that knows a console secret is an incident, so the call is
// recorded before it goes (secretsSent), and an answer that later holds
// that secret, to any key, is judged against those records (echoed): an
// echo of what a caller sent is served as it came, exactly as a wrong
// guess is, and only a secret no caller ever sent
// means its server holds it (exposure).

// sentSubject is the audit subject of console secret sec sent to
// connection conn: the connection and the secret's fingerprint (last),
// never its value.
func sentSubject(conn string, sec upstream.ConsoleSecret) string {
	return "connection:" + conn + " " + sentSuffix(sec)
}

// sentSuffix ends the subject of every record of sec sent, whatever the
// connection.
func sentSuffix(sec upstream.ConsoleSecret) string {
	return "console-secret:" + sec.Fingerprint
}

// secretsSent records each console secret the call's arguments args
// hold (upstream.ConsoleSecretsIn), before the call goes to its server:
// audited secret.sent under the key (the connection, tool, run and the
// secret's label and fingerprint, never its value), counted (kind
// sent), logged; the admins see it in the incidents banner. The record
// is written first, so no answer to any call can hold what the server
// stored before the console knows who sent it.
func (g *gateway) secretsSent(ctx context.Context, r *gwReq, call *allowedCall, args []byte) {
	g.connSecretsSent(ctx, r, call, args)
	sent := upstream.ConsoleSecretsIn(args)
	if len(sent) == 0 {
		return
	}
	ctx = context.WithoutCancel(ctx)
	for _, sec := range sent {
		g.s.metrics.secretIncident("sent")
		g.s.log.Error("a call's arguments held a console secret: the caller knows it", "connection", call.spec.Name, "tool", call.tool.ID, "secret", sec.Label, "key", r.key.ID)
		if err := g.s.store.Audit(ctx, models.Event{Actor: apiKeyActor(r.key), Action: "secret.sent", Subject: sentSubject(call.spec.Name, sec),
			Detail: fmt.Sprintf("connection %s, tool %s: the call's arguments held the console's secret %s, so the key's caller knows it (change it, and revoke the key); run %s", call.spec.Name, call.tool.ID, sec.Label, r.sess.Run)}); err != nil {
			g.s.log.Warn("console secret sent, not audited", "err", err)
		}
	}
}

// echoed says whether every console secret the answer ee held was sent
// before by a caller, with any key to any connection (secretsSent): then
// the answer is an echo, served as it came, and audited secret.echo under
// the key that read it, naming the keys that sent it (counted kind echo).
// Any connection, not only this one: two connections may share what
// their servers store, and a secret a caller sent is known to that caller
// already (the sending is the incident, shown to the admins until they
// change it, which changes every fingerprint). No key is suspended: the
// reader may never have seen the secret, and the sender is recorded.
func (g *gateway) echoed(ctx context.Context, r *gwReq, call *allowedCall, ee *upstream.ExposureError) bool {
	ctx = context.WithoutCancel(ctx)
	var labels, senders []string
	for _, sec := range ee.Found {
		actors, err := g.s.store.SecretSenders(ctx, sentSuffix(sec))
		if err != nil {
			g.s.log.Warn("console secret senders not read", "err", err)
			return false
		}
		if len(actors) == 0 {
			return false
		}
		labels, senders = append(labels, sec.Label), append(senders, actors...)
	}
	g.s.metrics.secretIncident("echo")
	if err := g.s.store.Audit(ctx, models.Event{Actor: apiKeyActor(r.key), Action: "secret.echo", Subject: "connection:" + call.spec.Name,
		Detail: fmt.Sprintf("connection %s, tool %s: the answer held the console's secret %s, which %s sent to the console's connections before; served as it came; run %s",
			call.spec.Name, call.tool.ID, strings.Join(labels, ", "), strings.Join(uniqueActors(senders), ", "), r.sess.Run)}); err != nil {
		g.s.log.Warn("console secret echo not audited", "err", err)
	}
	return true
}

// uniqueActors is ss without repeats, in order.
func uniqueActors(ss []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
