package catalog

import (
	"fmt"
	"strings"
	"unicode"
)

// effectSeeds are the verbs whose meaning is an effect, by the least
// effect level they teach; a verb the lexicon relates to one of them as
// a close synonym teaches the same. Reading verbs teach read-only and are
// left out: only a claim beyond a hint can contradict it.
var effectSeeds = func() map[string]Effects {
	m := map[string]Effects{}
	for level, words := range map[Effects][]string{
		EffectsDestructive: {"delete", "remove", "erase", "wipe", "destroy", "purge", "drop", "truncate", "overwrite", "unlink", "uninstall",
			"kill", "terminate", "revoke", "discard", "clear", "obliterate", "expunge", "shred", "format", "reset", "empty"},
		EffectsExternalWrite: {"send", "email", "post", "publish", "tweet", "transfer", "pay", "charge", "refund", "deploy", "invite",
			"notify", "broadcast", "submit", "order", "purchase", "book", "merge", "push", "release", "share", "message", "text", "call"},
		EffectsWorkspaceWrite: {"write", "create", "save", "edit", "modify", "update", "rename", "move", "append", "insert", "add", "set",
			"change", "replace", "commit", "upload", "store", "patch", "compress", "copy", "install", "toggle", "enable", "disable"},
	} {
		for _, w := range words {
			m[Stem(w)] = level
		}
	}
	return m
}()

// negations stop the reading of a sentence: what follows is not claimed.
var negations = map[string]bool{"not": true, "never": true, "without": true, "no": true, "cannot": true, "doesn't": true, "don't": true, "won't": true, "nor": true}

// ClaimedEffects is the strongest effect a description's first sentence
// teaches by its verbs, and the word that teaches it. Its head verb (the
// first word, adverbs aside: "Permanently delete…", "Shows…") counts when
// it is a seed verb or a word the WordNet lexicon knows as a verb whose
// close relative is a seed ("annihilate" reads as "destroy"); a later
// destructive seed joined by "or" or "and" counts too ("Create a file or
// completely overwrite one"). Nouns elsewhere ("the text", "commits")
// teach nothing, and nothing after a negation does ("never deletes").
// Read-only when no verb claims more.
func ClaimedEffects(description string) (Effects, string) {
	best, word := EffectsReadOnly, ""
	claim := func(level Effects, w string) {
		if effectRank(level) > effectRank(best) {
			best, word = level, w
		}
	}
	head, joined := true, false
	for _, tok := range strings.FieldsFunc(firstSentence(description), func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }) {
		w := strings.ToLower(tok)
		switch {
		case negations[w]:
			return best, word
		case w == "or" || w == "and" || w == "then":
			joined = true
			continue
		case len(w) > 5 && strings.HasSuffix(w, "ly") && !strings.HasSuffix(w, "ply"):
			continue // an adverb ("permanently", not "apply") keeps the verb's position
		}
		stem := Stem(w)
		level, seed := effectSeeds[stem]
		switch {
		case head && seed:
			claim(level, w)
		case head && IsVerb(w):
			if l, ok := relatedSeed(stem); ok {
				claim(l, w)
			}
		case joined && seed && level == EffectsDestructive:
			claim(level, w)
		}
		head, joined = false, false
	}
	return best, word
}

// relatedSeed is the level of a seed the lexicon relates to stem as a
// close synonym.
func relatedSeed(stem string) (Effects, bool) {
	var out Effects
	found := false
	for _, r := range Relatives(stem) {
		if r.Weight < 0.9 {
			continue
		}
		if level, ok := effectSeeds[r.Stem]; ok && (!found || effectRank(level) > effectRank(out)) {
			out, found = level, true
		}
	}
	return out, found
}

func effectRank(e Effects) int {
	for i, l := range EffectLevels {
		if l == e {
			return i
		}
	}
	return -1
}

// firstSentence is a description up to its first sentence end or line
// break: where a tool says what it does.
func firstSentence(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, "\n"); i >= 0 {
		s = s[:i]
	}
	for _, end := range []string{". ", "! ", "? ", ": "} {
		if i := strings.Index(s, end); i >= 0 {
			s = s[:i]
		}
	}
	// "Notion | Delete a block": a product's name prefixed
	if before, after, ok := strings.Cut(s, " | "); ok && len(strings.Fields(before)) <= 3 {
		s = after
	}
	return s
}

// EffectsContradiction says how a description's words contradict the
// effects its hints state ("" when they do not): a tool hinted read-only
// whose first sentence claims a write, or one hinted below destructive
// whose first sentence claims destruction. A hint more cautious than the
// words is no contradiction.
func EffectsContradiction(description string, hinted Effects) string {
	claimed, word := ClaimedEffects(description)
	if effectRank(claimed) <= effectRank(hinted) {
		return ""
	}
	if hinted != EffectsReadOnly && claimed != EffectsDestructive {
		return ""
	}
	return fmt.Sprintf("its description says %q (%s) but its hints say %s", word, claimed, hinted)
}
