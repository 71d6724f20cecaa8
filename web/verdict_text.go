package web

import (
	"strings"

	"github.com/agentforge/console/instruction/deferred"
)

// verdictWords says what a call's plain verdict meant for the call, in a
// reader's words rather than the runtime protocol's codes.
var verdictWords = map[string]string{
	deferred.CallActive:         "allowed (the tool was active)",
	deferred.CallSearchRequired: "refused until a search finds the tool",
	deferred.CallUnknown:        "refused: no such tool in this run",
	verdictBusy:                 "refused: the session was busy",
}

// verdictText is a run event's stored verdict as a page shows it: a plain
// verdict as what happened to the call (verdictWords), a denial as
// "refused: " and its code's parts joined by ": " with underscores read
// as spaces ("denied:budget_exhausted" reads "refused: budget
// exhausted"), and anything else read the same way.
func verdictText(v string) string {
	if w, ok := verdictWords[v]; ok {
		return w
	}
	if why, ok := strings.CutPrefix(v, deferred.CallDenied+":"); ok {
		v = "refused:" + why
	}
	return strings.ReplaceAll(strings.ReplaceAll(v, ":", ": "), "_", " ")
}
