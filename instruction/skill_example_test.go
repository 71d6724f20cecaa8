package instruction_test

import (
	"regexp"
	"testing"

	"github.com/agentforge/console/instruction"
)

// slugValue finds a slug the text shows in a load_skill call or example.
var slugValue = regexp.MustCompile(`"slug": ?"([^"]*)"`)

// slugShaped: a value that reads as a skill's slug, not as a placeholder.
var slugShaped = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// TestSkillLoaderTeachesNoUnlistedSkill: the console's own text names no
// skill the composition does not list. The loader's example call shows a
// slug; an agent believes what the text teaches, so a slug there that is
// no listed skill ("quarterly-report" in an organization without one) is
// a skill it will try to load. Every slug-shaped value the text shows is
// a listed skill's, whatever the tier, form, host or deferral.
func TestSkillLoaderTeachesNoUnlistedSkill(t *testing.T) {
	cat := builtinCatalog(t)
	skills := []instruction.Skill{{Slug: "source-check", Name: "Source check", Summary: "Check each cited source.", Version: 1}}
	for _, tier := range instruction.Tiers {
		for _, form := range forms {
			for _, host := range []string{"", instruction.HostMCP} {
				for _, deferred := range []bool{false, true} {
					c := compose(t, instruction.Input{Roster: cat.Entries(), Skills: skills,
						Options: instruction.Options{Tier: tier, CatalogForm: form, Host: host, Deferred: deferred, Pins: []string{"read_file"}}})
					text := c.Text()
					shown := slugValue.FindAllStringSubmatch(text, -1)
					if len(shown) == 0 && form == "full" {
						t.Errorf("%s %s %q deferred=%v: the loader shows no example slug", tier, form, host, deferred)
					}
					for _, m := range shown {
						if slugShaped.MatchString(m[1]) && m[1] != skills[0].Slug {
							t.Errorf("%s %s %q deferred=%v: the text shows the skill %q, which it does not list", tier, form, host, deferred, m[1])
						}
					}
				}
			}
		}
	}
}
