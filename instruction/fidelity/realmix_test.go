package fidelity_test

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/fidelity"
)

// TestRealServersMixed: every real server at once beside the builtin
// catalog and the GitHub fixture, random two-thirds of the union as the
// roster, some services unconnected: each finding is one of the true
// ones labelled in the sweep (or GitHub's, TestGitHubCompositions).
func TestRealServersMixed(t *testing.T) {
	labelled := map[string]bool{"update_issue": true, "github.list_issue_types": true, "github.list_issue_fields": true,
		"github.assign_copilot_to_issue": true, "github.search_pull_requests": true, "github.pull_request_read": true}
	for k := range realTrue {
		labelled[k[2]] = true
	}
	delete(labelled, fidelity.ExecTool) // exec is true in one place only: firecrawl_parse's curl command
	all := catalogtest.Builtin(t)
	all = append(all, catalogtest.GitHub(t)...)
	var nss []string
	nss = append(nss, "github")
	for _, s := range realServers(t) {
		all = append(all, s.tools...)
		nss = append(nss, s.ns)
	}
	cat := catalogtest.New(t, all)
	ch := fidelity.ForComposition(cat.Contracts())
	rng := rand.New(rand.NewSource(7))
	seen := map[string]bool{}
	for k := 0; k < 40; k++ {
		var roster []*catalog.Entry
		for _, e := range cat.Entries() {
			if rng.Intn(3) > 0 {
				roster = append(roster, e)
			}
		}
		services := nss
		if k%2 == 1 {
			services = nss[:rng.Intn(len(nss))]
		}
		for _, form := range []string{catalog.FormFull, catalog.FormCompact} {
			c := compose(t, instruction.Input{Roster: roster, Services: services, Options: instruction.Options{Tier: instruction.Tiers[k%3], CatalogForm: form}})
			for _, f := range ch.CheckComposition(c) {
				key := f.Kind + " " + f.Tool + " via " + f.Signal + " …" + f.Excerpt
				curl := f.Kind == fidelity.KindExec && strings.Contains(f.Excerpt, "Run the returned curl command")
				if !seen[key] && !labelled[f.Tool] && !curl {
					t.Errorf("unlabelled finding %s", key)
				}
				seen[key] = true
			}
		}
	}
}
