package views

import (
	"fmt"

	"github.com/a-h/templ"
)

// The admins' security banners, each an IncidentBanner.

// SecretIncidentRow is one audited incident of the console's own
// secrets: who (a runtime key), where (a connection), when, and what.
type SecretIncidentRow struct {
	Actor string
	At    string
	Why   string
}

// ConsoleSecretIncidents is the admins' banners of the past week's
// incidents of the console's own secrets (none: nothing): servers that
// answered with one no caller sent them (exposures: the answers were
// withheld) and callers whose arguments held one (they know it).
func ConsoleSecretIncidents(exposures, sent []SecretIncidentRow) templ.Component {
	exp := Banner{TestID: "secret-exposures", Title: fmt.Sprintf("Security incident: %d %s held a console secret in the past week.", len(exposures), ofCount(len(exposures), "answer", "answers")),
		Text: "A connection's server answered with one of the console's own secrets, which the console never gives a server and no caller sent it: the server holds it. The answers were withheld. Find how the server got it, change the secret, and remove or fix the connection. Audit log: secret.exposure."}
	for _, e := range exposures {
		exp.Items = append(exp.Items, BannerItem{Who: e.Actor, At: e.At, Why: e.Why})
	}
	snt := Banner{TestID: "secret-sent", Title: fmt.Sprintf("Security incident: %d %s sent a secret in the past week.", len(sent), ofCount(len(sent), "call", "calls")),
		Text: "A runtime key's call held one of the console's own secrets, or a connection's own (an --env or --header value), in its arguments: whoever uses that key knows it. Change the secret and revoke the key. Audit log: secret.sent (and secret.echo for answers that carried it back)."}
	for _, e := range sent {
		snt.Items = append(snt.Items, BannerItem{TestID: "secret-sent-key", Who: e.Actor, At: e.At, Why: e.Why})
	}
	return Stacked(IncidentBanner(exp, ""), IncidentBanner(snt, ""))
}

// ofCount is one for a count of 1, many otherwise.
func ofCount(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
