package web

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream"
)

// typeResultWithheld is the one refusal of a result that held one of the
// console's own secrets: the same text for every such result.
const typeResultWithheld = "result_withheld"

// withheldMessage is that refusal's text: it says nothing of what the
// result held.
const withheldMessage = "The server's answer was withheld by the console for security and is not returned; the console's admins are alerted. Tell the user."

// MaskedAnswersPerHour is how many answers masked for holding a
// connection's own secret one runtime key may draw in an hour before the
// admins are alerted (at most once an hour per key: audited secret.masked_alert,
// counted kind masked_alert, shown in the incidents banner). The key is
// never suspended for masked answers: a server that writes its own
// secret in every answer (its configuration, the header it used) crosses
// the line with no caller guessing anything, so the count alone cannot
// tell a guess loop from a chatty server; an admin reads the audit
// (connection, tool, run) and decides.
const MaskedAnswersPerHour = 20

// exposure is the answer to a call whose server answered with one of the
// console's own secrets that no caller ever sent (upstream.ExposureError,
// not echoed): the console never gives them to a
// server, so the server holds one it should not, and this is an incident
// of the connection, not of the caller, who did nothing but call a tool.
// The answer is withheld whole, the incident audited (secret.exposure,
// subject the connection, naming the secret's label, the tool, the key
// and the run, never the secret), counted, logged and shown to the
// admins in the incidents banner. The audit event pauses the connection
// for every caller until an admin resumes it (pausedCall). No key is
// suspended.
func (g *gateway) exposure(ctx context.Context, r *gwReq, call *allowedCall, ev *models.RunEvent, ee *upstream.ExposureError) *mcp.CallToolResult {
	ctx = context.WithoutCancel(ctx)
	ev.CallStatus = "withheld"
	g.s.metrics.secretIncident("exposure")
	var labels []string
	for _, sec := range ee.Found {
		labels = append(labels, sec.Label)
	}
	g.s.log.Error("a server's answer held a console secret no caller sent it: withheld", "connection", call.spec.Name, "tool", call.tool.ID, "secret", strings.Join(labels, ", "), "key", r.key.ID)
	if err := g.s.store.Audit(ctx, models.Event{Actor: apiKeyActor(r.key), Action: "secret.exposure", Subject: "connection:" + call.spec.Name,
		Detail: fmt.Sprintf("connection %s, tool %s: the server answered with the console's secret %s, which no caller ever sent: the server holds it (check how, change the secret); the answer was withheld; run %s", call.spec.Name, call.tool.ID, strings.Join(labels, ", "), r.sess.Run)}); err != nil {
		g.s.log.Warn("secret exposure not audited", "err", err)
	}
	g.conns.forget() // the audit event pauses the connection: seen at the next call
	return gwError(typeResultWithheld, withheldMessage, authority.ActStop)
}

// maskedAnswer records an answer (a result, or the server's error text)
// masked for holding a connection's own secret: counted, and audited
// secret.masked under the key (never the secret) off the call path
// (maskedCounts); when the key's hour on this replica passes
// MaskedAnswersPerHour the admins are alerted (maskedAlert). It never
// suspends the key.
func (g *gateway) maskedAnswer(ctx context.Context, r *gwReq, call *allowedCall) {
	ctx = context.WithoutCancel(ctx)
	g.s.metrics.secretIncident("masked")
	subject := fmt.Sprintf("apikey:%d", r.key.ID)
	alert := g.masked.add(r.key.ID, time.Now())
	ev := models.Event{Actor: apiKeyActor(r.key), Action: "secret.masked", Subject: subject,
		Detail: fmt.Sprintf("connection %s, tool %s: a secret of the connection was masked in the answer; run %s", call.spec.Name, call.tool.ID, r.sess.Run)}
	g.masked.write(func() {
		if err := g.s.store.Audit(ctx, ev); err != nil {
			g.s.log.Warn("masked answer not audited", "err", err)
		}
		if alert {
			g.maskedAlert(ctx, r, call, subject)
		}
	})
}

// maskedAlert tells the admins that key subject drew more than
// MaskedAnswersPerHour masked answers in an hour: audited
// secret.masked_alert (shown in the incidents banner for a day), counted
// kind masked_alert, logged. The key keeps working.
func (g *gateway) maskedAlert(ctx context.Context, r *gwReq, call *allowedCall, subject string) {
	g.s.metrics.secretIncident("masked_alert")
	why := fmt.Sprintf("more than %d answers with a connection's secret masked in an hour, the last from connection %s, tool %s (a server writing its own secret, or a caller planting guesses where a server reads them): the key is not suspended", MaskedAnswersPerHour, call.spec.Name, call.tool.ID)
	g.s.log.Error("many masked answers for one key", "key", r.key.ID, "connection", call.spec.Name, "tool", call.tool.ID)
	if err := g.s.store.Audit(ctx, models.Event{Actor: apiKeyActor(r.key), Action: "secret.masked_alert", Subject: subject, Detail: why}); err != nil {
		g.s.log.Warn("masked answers alert not audited", "err", err)
	}
}
