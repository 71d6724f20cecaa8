package fidelity

import (
	"regexp"
	"strings"
	"sync"
)

// forOthers drops the steps a text gives to someone named other than the
// agent: an assignment field before the step on its line or in its part
// of the line ("C4 (owner: Omar): chase the printer on WhatsApp", "Lane:
// Bookkeeper — submit to Companies House"), or a cleft that names whose
// step it is ("What the lodger does next is hire the movers"). A field
// or cleft that names the agent or "you" keeps the step ("owner: you",
// "What you do next is email the guest").
func forOthers(text string, ts []token, ms []mention) []mention {
	out := ms[:0]
	for _, m := range ms {
		if m.kind == KindCapability && (assignedToOther(text, m.start) || cleftForOther(ts, m.start)) {
			continue
		}
		out = append(out, m)
	}
	return out
}

// assignmentField is a field of a tracker row or a process chart that
// says who does the row's step.
var assignmentField = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(owner|assignee|assigned to|lane|swimlane|responsible|actor|performer|handled by|done by)\s*:\s*([\p{L}][\p{L}'.-]*)`)
})

// assignedToOther: the part of the line before at (from the line's start
// or its last ";") holds an assignment field whose value is not the agent.
func assignedToOther(text string, at int) bool {
	from := strings.LastIndexAny(text[:at], "\n;") + 1
	if !strings.Contains(text[from:at], ":") {
		return false
	}
	m := assignmentField().FindAllStringSubmatch(text[from:at], -1)
	if len(m) == 0 {
		return false
	}
	who := strings.TrimRight(strings.ToLower(m[len(m)-1][2]), ".'-") // "Owner: assistant." ends its sentence
	return !agentWords[who] && who != "you" && who != "me" && who != "us"
}

// cleftForOther: the sentence holding the step at offset at reads "what
// <someone> does (next) is <step>", and the someone is not the agent.
func cleftForOther(ts []token, at int) bool {
	i := 0
	for i < len(ts) && ts[i].start < at {
		i++
	}
	if i < 3 || i >= len(ts) || ts[i-1].lower != "is" && ts[i-1].lower != "was" {
		return false
	}
	k := sentenceOf(ts, ts[i].start)
	for w := k; w < i-2; w++ {
		if ts[w].lower != "what" {
			continue
		}
		for d := w + 2; d < i-1; d++ {
			if ts[d].lower != "does" && ts[d].lower != "do" && ts[d].lower != "did" {
				continue
			}
			for _, s := range ts[w+1 : d] {
				if s.lower == "you" || agentWords[s.lower] {
					return false
				}
			}
			return true
		}
	}
	return false
}
