package fidelity

import (
	"fmt"
	"strings"

	"github.com/agentforge/console/catalog"
)

// contractText is every text of a contract the model reads: purpose,
// parameters, returns and the examples' descriptions, one a line.
func contractText(k catalog.Contract) string {
	text, _ := contractFields(k)
	return text
}

// contractFields is contractText and where each of its fields lies in it:
// the field's name ("description", "parameter query", "example 2") and
// its byte range.
func contractFields(k catalog.Contract) (string, []fieldSpan) {
	var b strings.Builder
	var spans []fieldSpan
	add := func(field, t string) {
		spans = append(spans, fieldSpan{field, b.Len(), b.Len() + len(t)})
		b.WriteString(t)
		b.WriteString("\n")
	}
	for _, f := range k.TextFields() {
		add(f.Field, f.Text)
	}
	for i, ex := range k.Examples {
		add(fmt.Sprintf("example %d", i+1), ex.Description)
	}
	return b.String(), spans
}

// fieldSpan is one field's byte range in contractText.
type fieldSpan struct {
	field      string
	start, end int
}

// fieldAt names the field holding offset at ("" when none does).
func fieldAt(spans []fieldSpan, at int) string {
	for _, s := range spans {
		if at >= s.start && at <= s.end {
			return s.field
		}
	}
	return ""
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
