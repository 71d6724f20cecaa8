package fidelity

import (
	"strings"

	"github.com/agentforge/console/catalog"
)

// contractText is every text of a contract the model reads: purpose,
// parameters, returns and the examples' descriptions, one a line.
func contractText(k catalog.Contract) string {
	var b strings.Builder
	for _, t := range k.Texts() {
		b.WriteString(t)
		b.WriteString("\n")
	}
	for _, ex := range k.Examples {
		b.WriteString(ex.Description)
		b.WriteString("\n")
	}
	return b.String()
}

// TeachesTools lists the known tools a contract's own texts teach besides
// itself: the "teaches other tools" badge of the review and tool pages.
// It reads the text by the composition check's rule, so the badge and the
// check agree: a whole id ("redis.set") or an identifier-shaped name
// ("read_text_file") counts anywhere, a one-word name or a title ("set",
// "Move file") only where the text uses it as a tool ("call set", "the
// set tool", `set` called). The contract is the whole roster and its
// texts are its own entry. A nil checker finds nothing; it is pure.
func (c *Checker) TeachesTools(k catalog.Contract) []Finding {
	if c == nil {
		return nil
	}
	text := contractText(k)
	var ms []mention
	for _, m := range c.mentions("", text) {
		if m.kind == KindTool {
			ms = append(ms, m)
		}
	}
	f := c.ownerFactsOf(k)
	own := entry{ok: k.Namespace() != "", ns: f.ns, runner: f.runs, products: c.products[f.ns], headline: f.headline, lead: f.lead}
	return c.filter(text, ms, NewScope([]catalog.Contract{k}), own)
}
