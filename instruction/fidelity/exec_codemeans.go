package fidelity

// codeMeansMentions finds code named as the means of a deed in a sentence
// after the first: "is simplest with a tiny script", "calls for a bit of
// scripting", "by evaluating every cell in a sandbox", "done with a
// throwaway program". A sentence about the tool itself ("This tool runs
// each job in a sandbox", "It uses a script") is none.
func codeMeansMentions(ts []token) []mention {
	var out []mention
	for k := 1; k+2 < len(ts); k++ {
		if !(instruments[ts[k].lower] || ts[k].lower == "in" || ts[k].lower == "for" && ts[k-1].lower == "calls") || inFirstSentence(ts, k) || toolSentence(ts, k) || imperativeAt(ts, k) {
			continue
		}
		a := k + 1
		if ts[a].lower != "a" && ts[a].lower != "an" || ts[a].sentence {
			continue
		}
		for h := a + 1; h < len(ts) && h <= a+3 && !ts[h].sentence && !ts[h].clause; h++ {
			w := ts[h].lower
			if w == "bit" || w == "few" || w == "couple" {
				n := h + 1
				if n < len(ts) && (ts[n].lower == "lines" || ts[n].lower == "line") {
					n++ // "a few lines of code"
				}
				if n+1 < len(ts) && ts[n].lower == "of" && (ts[n+1].lower == "code" || ts[n+1].lower == "scripting" || execLanguages[ts[n+1].lower]) {
					out = append(out, mention{kind: KindExec, signal: joinLower(ts, k, n+1), start: ts[k].start, end: ts[n+1].end})
				}
				break
			}
			if codeMeans[singular(w)] && w != "terminal" && w != "shell" {
				if describedDeed(ts, k) {
					break // "The technician recalculated them with a short script"
				}
				out = append(out, mention{kind: KindExec, signal: joinLower(ts, k, h), start: ts[k].start, end: ts[h].end})
				break
			}
			if !nounish(w) {
				break
			}
		}
	}
	return out
}

// imperativeAt: the sentence of word k opens with a verb in its base form
// ("Tally them through a quick program"): the instruction reading
// (classAt) reports it.
func imperativeAt(ts []token, k int) bool {
	s := k
	for s > 0 && !ts[s].sentence {
		s--
	}
	return baseVerb(ts[s].lower)
}

// toolSentence: the sentence of word k speaks of the tool itself ("This
// tool …", "It …", "The endpoint …", "We …").
func toolSentence(ts []token, k int) bool {
	s := k
	for s > 0 && !ts[s].sentence {
		s--
	}
	w := ts[s].lower
	return w == "it" || w == "we" || w == "this" || (w == "the" && s+1 < len(ts) && (ts[s+1].lower == "tool" || ts[s+1].lower == "endpoint" || ts[s+1].lower == "server" || ts[s+1].lower == "api"))
}
