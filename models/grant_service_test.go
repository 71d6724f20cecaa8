package models

import (
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/authority"
)

// TestGrantOfUnknownServiceRefused: a service grant must name a service
// some known tool belongs to, with the closest one suggested; a typo is
// never saved as a grant that grants nothing.
func TestGrantOfUnknownServiceRefused(t *testing.T) {
	known := map[string]bool{"git.git_status": true, "files.read_text_file": true, "exec": true}
	for _, c := range []struct {
		value, want string
	}{
		{"gti", `unknown service "gti" (no tool in the catalog belongs to it): did you mean git?`},
		{"nosuchsvc", `unknown service "nosuchsvc"`},
	} {
		ps := GrantProblems([]GrantSpec{{Kind: authority.KindService, Value: c.value}}, known, nil)
		if len(ps) != 1 || ps[0].Field != "service" || !strings.Contains(ps[0].Message, c.want) {
			t.Errorf("service %s: %+v, want one service problem saying %q", c.value, ps, c.want)
		}
	}
	if ps := GrantProblems([]GrantSpec{{Kind: authority.KindService, Value: "git"}}, known, nil); len(ps) != 0 {
		t.Errorf("a known service is refused: %+v", ps)
	}
	// nil known skips the check, as for tools
	if ps := GrantProblems([]GrantSpec{{Kind: authority.KindService, Value: "gti"}}, nil, nil); len(ps) != 0 {
		t.Errorf("nil known: %+v", ps)
	}
}
