package web

import (
	"context"
	"strconv"

	"github.com/agentforge/console/models"
)

// runCallers reads who made each of runs (the runs pages' "By" cell):
// the runtime key by its name, never its secret, and for a gateway run
// its subject as the console keeps it.
func (s *Server) runCallers(ctx context.Context, runs []string) (map[string]string, error) {
	cs, err := s.store.RunCallers(ctx, runs)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(runs))
	for _, run := range runs {
		c, ok := cs[run]
		out[run] = callerWords(c, ok, isGatewayRun(run))
	}
	return out, nil
}

// subjectDigestShown is how many hex digits of a subject's digest the
// pages show: enough to tell two subjects apart at a glance.
const subjectDigestShown = 12

// callerWords says who made a run: "key NAME" and, for a gateway run,
// its subject: none (the group everyone) or the start of the keyed digest
// the session kept of it (an id is never stored, so a page cannot show
// one). A run whose owner was not recorded (a gateway session opened
// before the console kept it) says so.
func callerWords(c models.RunCaller, known, gateway bool) string {
	if !known {
		return "key not recorded"
	}
	out := "key " + c.KeyName
	if c.KeyName == "" {
		out = "key #" + strconv.FormatUint(uint64(c.KeyID), 10) + " (deleted)"
	}
	if !gateway {
		return out
	}
	switch d := c.SubjectDigest; {
	case d == "":
		return out + " · no subject (the group everyone)"
	case len(d) > subjectDigestShown:
		return out + " · subject digest " + d[:subjectDigestShown] + " (its id is not kept)"
	default:
		return out + " · subject " + d
	}
}
