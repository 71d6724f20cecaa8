package instruction

import (
	"sort"
	"strings"
	"sync"

	"github.com/agentforge/console/catalog"
)

// Finding is one signal of a tool found in a text that may not teach it.
type Finding struct {
	Tool    string `json:"tool"`
	Signal  string `json:"signal"`
	Offset  int    `json:"offset"`
	Section string `json:"section,omitempty"`
	Excerpt string `json:"excerpt"`
}

type signal struct {
	tool   string
	phrase string
	words  []string
}

// Linter finds signals of tools in text. It is built once per tool universe
// and remembers the findings of each text unit, so linting a composition
// costs only its new units.
type Linter struct {
	byFirst map[string][]signal
	mu      sync.Mutex
	memo    map[string][]Finding
}

// maxLintMemo bounds the per-unit memo.
const maxLintMemo = 20000

// NewLinter indexes every signal of every contract in the universe.
func NewLinter(universe []catalog.Contract) *Linter {
	l := &Linter{byFirst: map[string][]signal{}, memo: map[string][]Finding{}}
	for _, c := range universe {
		for _, phrase := range c.AllSignals() {
			ws := wordsOf(phrase)
			if len(ws) == 0 {
				continue
			}
			lw := lowerWords(ws)
			l.byFirst[lw[0]] = append(l.byFirst[lw[0]], signal{tool: c.ID, phrase: phrase, words: lw})
		}
	}
	return l
}

// Lint reports every signal, in text, of a tool not in allowed, in order
// of position.
func (l *Linter) Lint(text string, allowed map[string]bool) []Finding {
	return filterAllowed(l.scan(text), allowed)
}

// LintComposition lints every unit of the composition against the tools it
// may name: its roster (without code-only helpers when there is no code
// channel) and the synthetic tools. Offsets are positions in the whole
// text; each finding names its section.
func (l *Linter) LintComposition(c Composition) []Finding {
	allowed := AllowedTools(c)
	var out []Finding
	offset := 0
	for _, s := range c.Sections {
		for _, u := range s.Units {
			for _, f := range filterAllowed(l.scanUnit(u), allowed) {
				f.Offset += offset
				f.Section = s.ID
				out = append(out, f)
			}
			offset += len(u.Text)
		}
	}
	return out
}

// AllowedTools is the set of tool ids a composition may name.
func AllowedTools(c Composition) map[string]bool {
	allowed := map[string]bool{SearchToolID: c.Options.Deferred, LoadSkillToolID: len(c.Skills) > 0}
	for _, id := range c.Roster() {
		allowed[id] = true
	}
	for _, id := range c.Unusable {
		delete(allowed, id)
	}
	return allowed
}

func (l *Linter) scanUnit(u catalog.Unit) []Finding {
	l.mu.Lock()
	f, ok := l.memo[u.Key]
	l.mu.Unlock()
	if ok {
		return f
	}
	f = l.scan(u.Text)
	l.mu.Lock()
	if len(l.memo) >= maxLintMemo {
		l.memo = map[string][]Finding{}
	}
	l.memo[u.Key] = f
	l.mu.Unlock()
	return f
}

func (l *Linter) scan(text string) []Finding {
	ws := wordsOf(text)
	lw := lowerWords(ws)
	var out []Finding
	for i := range ws {
		for _, s := range l.byFirst[lw[i]] {
			if matchAt(lw, i, s.words) {
				end := ws[i+len(s.words)-1].end
				out = append(out, Finding{Tool: s.tool, Signal: s.phrase, Offset: ws[i].start, Excerpt: excerpt(text, ws[i].start, end)})
			}
		}
		// a trailing plural still teaches the tool ("code rounds")
		if w := lw[i]; len(w) > 2 && strings.HasSuffix(w, "s") {
			for _, s := range l.byFirst[strings.TrimSuffix(w, "s")] {
				if len(s.words) == 1 {
					out = append(out, Finding{Tool: s.tool, Signal: s.phrase, Offset: ws[i].start, Excerpt: excerpt(text, ws[i].start, ws[i].end)})
				}
			}
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].Offset < out[b].Offset })
	return out
}

func matchAt(lw []string, i int, phrase []string) bool {
	if i+len(phrase) > len(lw) {
		return false
	}
	for j, p := range phrase {
		w := lw[i+j]
		if w != p && !(j == len(phrase)-1 && (w == p+"s" || w == p+"es")) {
			return false
		}
	}
	return true
}

func filterAllowed(fs []Finding, allowed map[string]bool) []Finding {
	var out []Finding
	for _, f := range fs {
		if !allowed[f.Tool] {
			out = append(out, f)
		}
	}
	return out
}

type word struct {
	w          string
	start, end int
}

func isWordByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80
}

// wordsOf splits text into runs of letters, digits, underscores and
// non-ASCII bytes.
func wordsOf(s string) []word {
	var out []word
	start := -1
	for i := 0; i <= len(s); i++ {
		if i < len(s) && isWordByte(s[i]) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			out = append(out, word{w: s[start:i], start: start, end: i})
			start = -1
		}
	}
	return out
}

func lowerWords(ws []word) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = strings.ToLower(w.w)
	}
	return out
}

func excerpt(text string, start, end int) string {
	a, b := max(0, start-30), min(len(text), end+30)
	for a > 0 && a < len(text) && text[a]&0xC0 == 0x80 {
		a--
	}
	for b < len(text) && text[b]&0xC0 == 0x80 {
		b++
	}
	return strings.Join(strings.Fields(text[a:b]), " ")
}

// Lint checks any text (a skill procedure, a profile note) against a tool
// universe: every signal of a tool not in allowed is reported with its
// position.
func Lint(text string, universe []catalog.Contract, allowed []string) []Finding {
	set := map[string]bool{}
	for _, a := range allowed {
		set[a] = true
	}
	return NewLinter(universe).Lint(text, set)
}
