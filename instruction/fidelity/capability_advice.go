package fidelity

import "strings"

// Quoted advice handed on. Words in quotes are data, examples or someone
// else's words — unless the text hands them to the reader as advice to
// follow: the quote is introduced, on its line, as a tip, advice, a wish,
// instructions or guidance ("Our planner's tip, word for word: "first
// rebuild the stock forecast, then update the sales slides"", "The hiring
// lead's request, as written: "…""), or the text endorses it after
// ("In our experience this tip always pays off"). Such a quote is
// read as the text's own words. A quote introduced as an example ("e.g.",
// "for example", "exactly as stored") is the data's, whatever it says.

// adviceNouns introduce or endorse words meant to be followed.
var adviceNouns = set("tip", "tips", "advice", "wish", "wishes", "instruction", "instructions", "guidance",
	"recommendation", "recommendations", "verbatim")

// exampleMarkers introduce a quote as an example of the data ("e.g.",
// "for example", "such as", "exactly as stored"): never advice.
var exampleMarkers = set("e", "g", "eg", "example", "instance", "such", "like", "stored", "sample")

// adviceDoubts deny or doubt an endorsement ("this advice is outdated").
var adviceDoubts = set("not", "no", "ignore", "wrong", "outdated", "obsolete", "old", "disregard", "don't")

// adviceSpans drops from quoted the spans handed to the reader as advice,
// and says where each dropped one opens.
func adviceSpans(text string, quoted [][2]int) ([][2]int, map[int]bool) {
	out := quoted[:0:0]
	var opens map[int]bool
	for _, sp := range quoted {
		if !adviceBefore(text, sp[0]) && !adviceAfter(text, sp[1]) && !addressedQuote(text, sp) {
			out = append(out, sp)
			continue
		}
		if opens == nil {
			opens = map[int]bool{}
		}
		opens[sp[0]] = true
	}
	return out, opens
}

// adviceBefore: the words of the line before the quote's opening at open
// introduce it as advice, within the last 80 bytes.
func adviceBefore(text string, open int) bool {
	from := strings.LastIndexByte(text[:open], '\n') + 1
	if open-from > 80 {
		from = open - 80
	}
	before := text[from:open]
	return hasWordOf(before, adviceNouns) && !hasWordOf(before, adviceDoubts) && !hasWordOf(before, exampleMarkers)
}

// adviceAfter: the sentence after the quote's closing at close endorses
// it ("In our experience this tip always pays off").
func adviceAfter(text string, close int) bool {
	rest := text[min(close+1, len(text)):]
	rest = strings.TrimLeft(rest, " \t\n\u201d\"—-–")
	// skip an attribution ("— our facilitator") to the next sentence
	if i := strings.IndexAny(rest, ".\n"); i >= 0 && !strings.Contains(rest[:i], "advice") {
		rest = strings.TrimLeft(rest[i+1:], " \t\n")
	}
	end := strings.IndexAny(rest, ".\n")
	if end < 0 {
		end = len(rest)
	}
	s := rest[:min(end, 160)]
	return hasWordOf(s, set("advice", "tip")) && !hasWordOf(s, adviceDoubts)
}

// hasWordOf: s holds one of the words, lower-cased.
func hasWordOf(s string, words map[string]bool) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !isWordRune(r) && r != '\'' }) {
		if words[w] {
			return true
		}
	}
	return false
}
