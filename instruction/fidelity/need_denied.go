package fidelity

import "strings"

// needDenials say a deed is not needed: what follows in their clause is
// no instruction ("There is no need to refresh the cache first", "v4
// removed the need to rebuild the index by hand").
var needDenials = []string{"no need to ", "no need for ", "the need to ", "the need for ", "any need to ", "no longer need to ",
	"not need to ", "don't need to ", "doesn't need to ", "needn't ", "never need to ", "not necessary to "}

// needDenied: a denial of need stands before the mention at start in its
// clause (no stop, comma, colon or semicolon between them), the
// denial's "the need" after a verb of taking away ("removed the need to").
func needDenied(text string, start int) bool {
	from := max(0, start-80)
	clause := text[from:start]
	if k := strings.LastIndexAny(clause, ".,;:!?\n—"); k >= 0 {
		clause = clause[k+1:]
	}
	for _, d := range needDenials {
		i := indexFold(clause, d)
		if i < 0 {
			continue
		}
		if strings.HasPrefix(d, "the need") && !removedBefore(clause[:i]) {
			continue
		}
		if laterDeed(clause[i+len(d):]) {
			continue // "no need to confirm before you call purge_all_records"
		}
		return true
	}
	return false
}

// deedBounds bring in a deed after the denied one ("no need to ask
// before you email them", "no need to wait, then email them"): the
// denial governs only the verb phrase right after it.
var deedBounds = []string{"before", "after", "when", "whenever", "then", "once", "until", "unless", "while",
	"if", "because", "since", "but", "so", "instead", "otherwise"}

// laterDeed: the words between a denial and a mention hold a bound that
// brings in another deed, so the mention is not the denied deed. It reads
// the words in place, without a copy.
func laterDeed(gap string) bool {
	for i := 0; i < len(gap); {
		if !isWordRune(rune(gap[i])) {
			i++
			continue
		}
		j := i
		for j < len(gap) && isWordRune(rune(gap[j])) {
			j++
		}
		for _, b := range deedBounds {
			if strings.EqualFold(gap[i:j], b) {
				return true
			}
		}
		i = j
	}
	return false
}

// indexFold is strings.Index of a lower-case ASCII sub in s, ignoring
// case, without a lower-cased copy of s.
func indexFold(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

// removedBefore: the words before "the need" take it away ("removed",
// "eliminates", "without").
func removedBefore(s string) bool {
	s = strings.TrimSpace(s)
	for _, w := range []string{"removed", "removes", "remove", "eliminates", "eliminated", "eliminate", "avoids", "avoid",
		"without", "obviates", "saves you", "spares you", "takes away", "took away"} {
		if len(s) >= len(w) && strings.EqualFold(s[len(s)-len(w):], w) {
			return true
		}
	}
	return false
}

// leadNamesItsWork reports whether a known tool's words ("SQL query", not
// its id) stand in the first sentence of the entry's own purpose, opened
// by its verb and not by one that hands work to a tool ("Execute a SQL
// query against the warehouse"): the tool says what it does itself. A
// tool named as a tool ("the SQL query tool") stays a finding.
func (e entry) leadNamesItsWork(text string, m mention) bool {
	if !e.ok || m.kind != KindTool || m.named || !strings.Contains(m.signal, " ") || len(e.lead) < 8 {
		return false
	}
	at := strings.Index(text, e.lead)
	if at < 0 || m.start < at || m.end > at+len(e.lead) {
		return false
	}
	first, _, _ := strings.Cut(strings.ToLower(e.lead), " ")
	switch first {
	case "use", "call", "invoke", "try", "prefer", "trigger", "see", "ask":
		return false
	}
	return isVerb(baseForm(first))
}
