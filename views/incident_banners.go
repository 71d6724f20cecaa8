package views

import (
	"fmt"
	"strconv"

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

// SuspendedKeyRow is a runtime key an incident suspended.
type SuspendedKeyRow struct {
	ID    uint
	Name  string
	Since string
	Why   string
}

// SuspendedKeys is the admins' banner of suspended runtime keys (none:
// nothing): a server's answer held a console secret. Resume is on the
// API keys page.
func SuspendedKeys(rows []SuspendedKeyRow, csrf string) templ.Component {
	b := Banner{TestID: "suspended-keys", Title: fmt.Sprintf("Security incident: %d runtime %s suspended.", len(rows), ofCount(len(rows), "key is", "keys are")),
		Text: "A server's answer held one of the console's own secrets, which no server is ever given (the answer was withheld). Check the audit log (secret.exposure) and the connection before resuming a key."}
	for _, k := range rows {
		id := strconv.FormatUint(uint64(k.ID), 10)
		b.Items = append(b.Items, BannerItem{TestID: "suspended-key-" + id, Name: k.Name, At: k.Since, Why: k.Why,
			ResumeURL: "/apikeys/" + id + "/resume", Confirm: "Resume this key? Runtimes using it work again."})
	}
	return IncidentBanner(b, csrf)
}

// MaskedAlertRow is an alert of a runtime key that drew many answers with
// a connection's secret masked.
type MaskedAlertRow struct {
	Key string
	At  string
	Why string
}

// MaskedAlerts is the admins' banner of the past day's alerts of keys
// that drew many masked answers in an hour (none: nothing). The keys keep
// working: a server writing its own secret looks the same as a caller
// planting guesses, and the audit log tells which.
func MaskedAlerts(rows []MaskedAlertRow) templ.Component {
	b := Banner{TestID: "masked-alerts", Title: fmt.Sprintf("Masked secrets: %d %s in the past day.", len(rows), ofCount(len(rows), "alert", "alerts")),
		Text: "A runtime key drew many answers in which a connection's own secret was masked. Either the connection's server writes its secret unprompted (fix or reconfigure the server) or a caller is planting guesses where the server reads them (revoke the key). Check the audit log (secret.masked) for the connection, tool and run."}
	for _, a := range rows {
		b.Items = append(b.Items, BannerItem{Who: a.Key, At: a.At, Why: a.Why})
	}
	return IncidentBanner(b, "")
}

// ofCount is one for a count of 1, many otherwise.
func ofCount(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
