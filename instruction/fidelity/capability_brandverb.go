package fidelity

import (
	"strings"

	"github.com/agentforge/console/catalog"
)

// A service's name used as a verb: a proper name — in mixed case or
// unknown to the lexicon ("WeTransfer", "DeepL"), or a product of the
// class table written capitalized ("Slack") — opening a clause after the
// text's first sentence, with an object pronoun after it ("WeTransfer
// them", "DeepL it", "Slack this to the team"), asks the agent to do that
// service's deed: it needs a tool of the service.

// brandObjects follow a service's name used as a verb.
var brandObjects = set("them", "it", "this", "these", "those", "everything", "him", "her")

// brandVerbAt: word i is a service's name used as a verb.
func brandVerbAt(text string, ts []token, i int) (mention, bool) {
	if !ts[i].later || i+1 >= len(ts) || ts[i+1].sentence || !brandObjects[ts[i+1].lower] {
		return mention{}, false
	}
	gap := text[ts[max(i-1, 0)].end:ts[i].start]
	if i > 0 && !ts[i].sentence && !ts[i].clause && !strings.ContainsAny(gap, "—–:") {
		return mention{}, false
	}
	t := ts[i]
	t.sentence = false
	signal := text[ts[i].start:ts[i+1].end]
	if k, ok := productAt(ts, i); ok {
		return mention{kind: KindCapability, class: capClasses[k].name, ident: ts[i].lower, signal: signal, start: ts[i].start, end: ts[i+1].end}, true
	}
	w := t.lower
	if !properName(t) || baseVerb(w) || catalog.StopWord(w) || functionWords[w] || auxiliaries[w] || modals[w] ||
		conditionOpeners[w] || stepOpeners[w] || sequencers[w] || whWords[w] || negators[w] || prepositions[w] ||
		connectiveAdverb(w) {
		// "If it", "Has it", "Among them", "Otherwise it": words of the
		// sentence, no name
		return mention{}, false
	}
	return mention{kind: KindCapability, class: "service:" + t.lower, ident: t.lower, signal: signal, start: ts[i].start, end: ts[i+1].end}, true
}

// connectiveAdverb: an adverb that links a sentence to the one before
// ("Otherwise it is …", "Likewise it …", "Hence it …") or says its manner
// ("Usually it …"), never a service's name.
func connectiveAdverb(w string) bool {
	return connectives[w] || mannerAdverb(w) || strings.HasSuffix(w, "wise") && len(w) > 5
}

// connectives link a sentence to the one before.
var connectives = set("otherwise", "likewise", "hence", "thus", "therefore", "however", "moreover", "furthermore",
	"nevertheless", "nonetheless", "besides", "consequently", "accordingly", "alternatively", "conversely", "instead",
	"still", "yet", "again", "indeed", "anyway", "regardless", "similarly", "thereby", "here", "there", "today",
	"sometimes", "often", "always", "never", "occasionally", "rather", "else")
