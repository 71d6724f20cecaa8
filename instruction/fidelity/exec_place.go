package fidelity

// codeMeansRecommended finds a means of running code recommended as the
// place for a deed, in a sentence after the first: "A notebook is the
// best place to study its spread", "a sandbox would be the best
// way to try the formula" — "use a notebook to explore it" said as
// advice. The sentence opens with the means (an article, at most two
// modifiers, a code means), then "is" or "would be", a recommending head
// (right, best, ideal, …), a place word and "to" with a verb.
func codeMeansRecommended(ts []token) []mention {
	var out []mention
	for s := 1; s < len(ts); s++ {
		if !ts[s].sentence || !determiners[ts[s].lower] && ts[s].lower != "your" {
			continue
		}
		h := s + 1
		for h < len(ts) && h <= s+3 && !ts[h].sentence && !codeMeans[singular(ts[h].lower)] && nounish(ts[h].lower) {
			h++
		}
		if h >= len(ts) || ts[h].sentence || !codeMeans[singular(ts[h].lower)] {
			continue
		}
		j := h + 1
		switch {
		case j < len(ts) && ts[j].lower == "is":
			j++
		case j+1 < len(ts) && ts[j].lower == "would" && ts[j+1].lower == "be":
			j += 2
		default:
			continue
		}
		if j < len(ts) && determiners[ts[j].lower] {
			j++
		}
		if j+3 >= len(ts) || !preferenceHeads[ts[j].lower] || !placeWords[ts[j+1].lower] || ts[j+2].lower != "to" || !baseVerb(ts[j+3].lower) {
			continue
		}
		out = append(out, mention{kind: KindExec, signal: joinLower(ts, s, j+3), start: ts[s].start, end: ts[j+3].end})
	}
	return out
}

// placeWords name where or how a deed is best done.
var placeWords = set("place", "tool", "way", "spot", "venue", "means", "environment", "setting")

// evalInterpreters run code given on their command line.
var evalInterpreters = set("node", "python", "python3", "ruby", "perl", "php", "bash", "sh", "zsh", "deno", "bun", "pwsh",
	"powershell", "osascript", "lua", "rscript")

// evalFlags hand an interpreter the code to run ("node -e", "python -c").
var evalFlags = set("e", "c", "eval", "p", "print", "command")

// evalFlagMentions finds an interpreter written with its flag for code on
// the command line ("node -e and then the snippet", "python -c with
// the expression"): running code, whatever verb is near. A sentence
// about the tool itself ("This tool runs node -e …") is none.
func evalFlagMentions(text string, ts []token) []mention {
	var out []mention
	for k := 0; k+1 < len(ts); k++ {
		if !evalInterpreters[ts[k].lower] || ts[k].quoted || ts[k].address || ts[k+1].sentence || !evalFlags[ts[k+1].lower] {
			continue
		}
		gap := text[ts[k].end:ts[k+1].start]
		if gap != " -" && gap != " --" || toolSentence(ts, k) {
			continue
		}
		out = append(out, mention{kind: KindExec, signal: text[ts[k].start:ts[k+1].end], start: ts[k].start, end: ts[k+1].end})
	}
	return out
}
