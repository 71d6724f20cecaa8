package web

import (
	"context"
	"fmt"
	"strings"

	"github.com/agentforge/console/models"
)

// connSecretsSent records a call whose arguments hold one of its
// connection's own secrets (an --env or --header value, upstream's
// SecretsSent): audited secret.sent under the key (the connection, where
// the secret is set, the tool and the run, never the value) and logged,
// off the call path (the ordered writer of masked answers), so the
// caller sees nothing a wrong guess would not: the same answer (the echo
// as sent, the server's own copy masked) at the same time. Not counted
// in the metrics, which a key may read.
func (g *gateway) connSecretsSent(ctx context.Context, r *gwReq, call *allowedCall, args []byte) {
	labels := g.pool.SecretsSent(call.spec, args)
	if len(labels) == 0 {
		return
	}
	ctx = context.WithoutCancel(ctx)
	which := strings.Join(labels, ", ")
	ev := models.Event{Actor: apiKeyActor(r.key), Action: "secret.sent", Subject: "connection:" + call.spec.Name + " connection-secret:" + which,
		Detail: fmt.Sprintf("connection %s, tool %s: the call's arguments held the connection's own secret (%s), so the key's caller knows it (change it, and revoke the key); answered as any call; run %s", call.spec.Name, call.tool.ID, which, r.sess.Run)}
	g.masked.write(func() {
		g.s.log.Warn("a call's arguments held a connection's secret: the caller knows it", "connection", call.spec.Name, "tool", call.tool.ID, "secret", which, "key", r.key.ID)
		if err := g.s.store.Audit(ctx, ev); err != nil {
			g.s.log.Warn("connection secret sent, not audited", "err", err)
		}
	})
}
