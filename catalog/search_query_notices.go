package catalog

import (
	"regexp"
	"sync"
)

// markNotices reads a request addressed to the user ("me", "us") near
// its start and put off until an event ("tell me when the export is
// ready", "let me know once it's done", "send me a note when …") as a
// request to be notified, whatever its verb: the clause gains the verb
// "notify".
func markNotices(ws []parsedWord) []parsedWord {
	n := len(ws)
	done := map[int]bool{}
	for i := 0; i < n; i++ {
		if (ws[i].lower != "me" && ws[i].lower != "us") || done[ws[i].clause] || ws[i].content {
			continue
		}
		c := ws[i].clause
		first := i
		for first > 0 && ws[first-1].clause == c {
			first--
		}
		if i-first > 2 || ws[first].question || ws[first].stmt {
			continue // "me" is not addressed by the clause's verb
		}
		for j := i + 1; j < n && ws[j].clause == c; j++ {
			if noticeOpeners[ws[j].lower] || ws[j].lower == "as" && j+2 < n && ws[j+1].lower == "soon" && ws[j+2].lower == "as" {
				// the event is what the notice is about, and the
				// clause is a request, not a question ("tell me when
				// …" opens like one)
				for k := first; k < n && ws[k].clause == c; k++ {
					ws[k].question = false
					if k > j {
						ws[k].content = true
					}
					if k < i && ws[k].verb && len(ws[k].terms) == 1 && readVerbs[ws[k].terms[0]] {
						// "tell me when …": the notice is the request,
						// not telling
						ws[k].verb, ws[k].terms = false, nil
					}
				}
				ws = append(ws, parsedWord{lower: "notify", terms: []string{notifyStem}, verb: true, implied: true, clause: c})
				done[c] = true
				break
			}
		}
	}
	return ws
}

// arithmetic matches a number with a percent sign or an operator between
// numbers ("15% of 2,400", "3 * 4.5", "1200 / 12"), or a number said with
// an operator word ("12 times 7", "40 divided by 3"). A minus or a slash
// counts only with spaces around it: "2026-12-01", "12/01" and "555-1234"
// are dates and numbers, not sums.
var arithmetic = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\d\s*(?:%|percent\b|per cent\b)|\d\s*[+*×÷^]\s*\d|\d\s+[-/−]\s+\d|\d\s+(?:times|plus|minus|divided by|multiplied by|to the power of)\s+\d`)
})

var calculateStem = stemWord("calculate", false)

// leadingDigits is the run of digits a word starts with ("18" of "18%").
func leadingDigits(w string) string {
	i := 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	return w[:i]
}

// noticeOpeners open the event a notice waits for.
var noticeOpeners = map[string]bool{"when": true, "once": true, "whenever": true, "after": true}

var notifyStem = stemWord("notify", false)

var writeStem = stemWord("write", false)
