package fidelity

import "strings"

// Korean steps after a completion. Korean marks a clause of time with the
// ending "-면" ("when"), which also marks a condition ("없으면", "if there
// is none"); it says "once X is done" when its verb is one of completion
// (끝나다 "end", 끝내다 "finish", 마치다 "finish", 완료되다 / 완료하다 "be
// completed", "-고 나다" "having done"). A later sentence opened by such
// a clause and closed by a polite imperative (-세요, -십시오, -주세요)
// hands the agent a further step, as "Once that is done, …" does in
// English; which deed it asks cannot be read without a grammar of Korean,
// so it is read as a step of class "action:" and its first words, as the
// other languages' sequencers are (capability_foreignstep.go). A
// condition ("결과가 없으면 다시 검색하세요", "if there are no results,
// search again") asks nothing new.

// koreanCompletions are the endings of a clause of time after a
// completion: a completion verb's stem and "면".
var koreanCompletions = []string{"끝나면", "끝내면", "끝났으면", "마치면", "마쳤으면", "완료되면", "완료하면", "완료되었으면", "고 나면"}

// koreanImperatives close a sentence that asks the reader to act.
var koreanImperatives = []string{"세요", "십시오", "주세요", "하라"}

// koreanStepMentions finds the later sentences of a text opened by a
// Korean clause of time after a completion and closed by an imperative.
func koreanStepMentions(text string) []mention {
	if !strings.Contains(text, "면") {
		return nil // (most texts: no Korean clause of time)
	}
	var out []mention
	start := 0
	for start < len(text) {
		end := strings.IndexAny(text[start:], ".!?\n")
		if end < 0 {
			end = len(text)
		} else {
			end += start
		}
		s := strings.TrimSpace(text[start:end])
		if start > 0 && strings.Contains(s, "면") && koreanAfterCompletion(s) {
			at := start + strings.Index(text[start:end], s)
			out = append(out, mention{kind: KindCapability, class: "action:" + firstRunes(s, 24), signal: s, start: at, end: at + len(s)})
		}
		start = end + 1
	}
	return out
}

// koreanAfterCompletion: the sentence s opens, within its first three
// words, with a clause of time after a completion and ends with a polite
// imperative.
func koreanAfterCompletion(s string) bool {
	imperative := false
	for _, e := range koreanImperatives {
		imperative = imperative || strings.HasSuffix(s, e)
	}
	if !imperative {
		return false
	}
	head := s
	if f := strings.Fields(s); len(f) > 3 {
		head = strings.Join(f[:3], " ")
	}
	for _, c := range koreanCompletions {
		if i := strings.Index(head, c); i >= 0 && (i+len(c) == len(head) || head[i+len(c)] == ' ' || head[i+len(c)] == ',') {
			return true
		}
	}
	return false
}
