package fidelity

import "strings"

// labelSteps marks as a step (token.handed, read by stepLabelAt) a deed
// handed on by the words before it rather than by an imperative's place:
//   - the first word after a label of sequence and its colon, in a
//     sentence after the text's first ("Next on the list: renegotiate …",
//     "Then: shutting them down", "Hot on its heels: disable …", "Next
//     up: you archive …"): a label
//     of at most six words that holds "next", "then" or "afterwards", or
//     is a closed phrase of sequence (sequenceFrames);
//   - a gerund after a frame of the next or the remaining deed ("the next
//     move is cancelling each order", "what remains is provisioning
//     their laptops"), read as its verb.
//
// A gerund is read as its verb ("renegotiating": renegotiate), and so are
// the deeds joined to it by "and" or "or" ("shutting them down and
// deleting their disks"). Whether the deed asks a capability is then
// decided as for any later step: a deed of the conversation ("pass the
// cursor", "comparing them") or one of state asks none.
func labelSteps(text string, ts []token) {
	for i := 1; i < len(ts); i++ {
		if ts[i].handed || !ts[i].later || ts[i].quoted {
			continue
		}
		if ts[i].sentence && (sequenceLabel(text, ts, i) || glossedStage(text, ts, i)) || strings.HasSuffix(ts[i].lower, "ing") && !ts[i].sentence && remainingFrame(ts, i) {
			k := i
			if ts[k].lower == "you" && k+1 < len(ts) && !ts[k+1].sentence {
				k++ // "Next up: you archive the ticket": the reader its subject
			}
			handStep(ts, k)
		}
	}
}

// handStep marks word i, a verb or a gerund, and the deeds joined to it
// in its sentence, as handed steps.
func handStep(ts []token, i int) {
	if !markHanded(ts, i) {
		return
	}
	for k := i + 2; k < len(ts) && k <= i+10 && !ts[k].sentence; k++ {
		if ts[k-1].lower == "and" || ts[k-1].lower == "or" {
			markHanded(ts, k)
		}
	}
}

// markHanded marks word k as a handed step when it is a verb in its base
// form or a gerund of a known verb (then read as that verb).
func markHanded(ts []token, k int) bool {
	w := ts[k].lower
	if strings.HasSuffix(w, "ing") {
		v := gerundOf(w)
		if v == "" {
			return false
		}
		ts[k].lower = v
	} else if !baseVerb(w) && !verbish(w) {
		return false
	}
	ts[k].handed = true
	return true
}

// sequenceLabel: word i opens the sentence after a colon that ends a
// label of sequence of at most six words standing as a sentence of its
// own ("Next on your list:", "Then:", "Hot on its heels:").
func sequenceLabel(text string, ts []token, i int) bool {
	if !strings.Contains(text[ts[i-1].end:ts[i].start], ":") || clockTime(text, strings.IndexByte(text[ts[i-1].end:], ':')+ts[i-1].end) {
		return false
	}
	s := i - 1
	for s > 0 && !ts[s].sentence && i-s <= 6 {
		s--
	}
	if !ts[s].sentence || i-s > 6 {
		return false
	}
	words := make([]string, 0, i-s)
	for k := s; k < i; k++ {
		if w := ts[k].lower; w == "next" || w == "then" || w == "afterwards" {
			return true
		}
		if ordinals[ts[k].lower] && k+1 < i && stageNouns[ts[k+1].lower] {
			return true // "Second step:", "Final stage:"
		}
		words = append(words, ts[k].lower)
	}
	return sequenceFrames[strings.Join(words, " ")]
}

// stageNouns name a stage of a procedure after an ordinal ("Second
// step:").
var stageNouns = set("step", "stage", "task", "move", "job", "thing", "action")

// remainingFrame: the gerund at i follows "is" after a frame of the next
// or the remaining deed within its sentence ("the next move is", "what
// remains is", "all that remains is").
func remainingFrame(ts []token, i int) bool {
	if i < 3 || ts[i-1].lower != "is" || ts[i-1].sentence {
		return false
	}
	for j := i - 2; j >= 0 && j >= i-6; j-- {
		if w := ts[j].lower; w == "next" || w == "remains" || w == "remaining" {
			return true
		}
		if ts[j].sentence {
			break
		}
	}
	return false
}

// glossedStage: word i opens the value of a numbered stage whose number a
// gloss in parentheses follows ("Step 5 (post-incubation): dispose …",
// "Phase 2 (after review): archive …"), read as "Step 5:" is
// (stepLabelAt).
func glossedStage(text string, ts []token, i int) bool {
	if strings.TrimSpace(text[ts[i-1].end:ts[i].start]) != "):" {
		return false
	}
	for j := i - 1; j >= 3 && j >= i-4; j-- {
		if ts[j].sentence {
			return false
		}
		if !strings.Contains(text[ts[j-1].end:ts[j].start], "(") {
			continue
		}
		n, stage := ts[j-1], ts[j-2]
		return stage.sentence && stage.later && n.lower != "" && (numeral(n.lower) || ordinals[n.lower]) &&
			(stage.lower == "step" || !functionWords[stage.lower] && !determiners[stage.lower])
	}
	return false
}
