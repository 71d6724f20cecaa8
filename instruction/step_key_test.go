package instruction

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog/catalogtest"
)

// fmtPrefixKey is stablePrefix's memo key as it was formatted with fmt,
// the reference prefixKey must equal byte for byte.
func fmtPrefixKey(pre Input, reachable int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s|%s|%s|%d|%s|", pre.Options.Tier, pre.Options.CatalogForm, pre.Options.Host, reachable, strings.Join(pre.Services, ","))
	for _, k := range pre.Skills {
		fmt.Fprintf(&b, "%q@%d:%s:%q:%q:%s;", k.Slug, k.Version, k.Digest, k.Name, k.Summary, strings.Join(k.RequiredTools, ","))
	}
	for _, e := range pre.Roster {
		b.WriteString(e.ID())
		b.WriteByte(' ')
		b.WriteString(e.Digest())
		if pre.ApprovalOnly != nil && pre.ApprovalOnly(e.ID()) {
			b.WriteString(" approval")
		}
		b.WriteByte('|')
	}
	return b.String()
}

// prefixKey gives fmt's bytes for random prefixes: skills whose strings
// hold quotes, backslashes, control characters, non-ASCII and invalid
// UTF-8, negative versions and counts, empty and long rosters, approval
// marks on some tools.
func TestPrefixKeyMatchesFmt(t *testing.T) {
	all := catalogtest.Full(t).Entries()
	rng := rand.New(rand.NewSource(28))
	pieces := []string{"", "a", "slug-1", `q"uote`, `back\slash`, "tab\there", "nl\n", "é", "日本", "\xff\xfe", "\x00", "emoji 🙂", "%d %q", "\u2028", "\x7f"}
	word := func() string {
		var b strings.Builder
		for i := rng.Intn(4); i > 0; i-- {
			b.WriteString(pieces[rng.Intn(len(pieces))])
		}
		return b.String()
	}
	for i := 0; i < 3000; i++ {
		pre := Input{Options: Options{Tier: word(), CatalogForm: word(), Host: word()}}
		for j := rng.Intn(4); j > 0; j-- {
			pre.Services = append(pre.Services, word())
		}
		for j := rng.Intn(4); j > 0; j-- {
			k := Skill{Slug: word(), Name: word(), Summary: word(), Version: rng.Intn(2000) - 1000, Digest: word()}
			for r := rng.Intn(3); r > 0; r-- {
				k.RequiredTools = append(k.RequiredTools, word())
			}
			pre.Skills = append(pre.Skills, k)
		}
		for j := rng.Intn(len(all) + 1); j > 0; j-- {
			pre.Roster = append(pre.Roster, all[rng.Intn(len(all))])
		}
		if rng.Intn(2) == 0 {
			marked := map[string]bool{}
			for _, e := range pre.Roster {
				marked[e.ID()] = rng.Intn(3) == 0
			}
			pre.ApprovalOnly = func(id string) bool { return marked[id] }
		}
		reachable := rng.Intn(3000) - 10
		if got, want := prefixKey(pre, reachable), fmtPrefixKey(pre, reachable); got != want {
			t.Fatalf("case %d: prefixKey\n%q\nwant\n%q", i, got, want)
		}
	}
}
