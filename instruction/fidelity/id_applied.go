package fidelity

import "strings"

// Names applied in code without a verb of calling: a deed's name handed
// to a loop over a list ("failed.forEach(retry-job)", "xs.map(Tools.lockUser)"),
// reached through an object of tools ("tools.disableUser(u)", "map
// tools.disableUser idle"), or a hyphenated name called with the names of
// its arguments ("vat-refill(vatId, doseMl)", "slot-free({bayId})").

// appliers are the list methods that apply the name handed to them to
// each item, lower-cased with their dot and parenthesis.
var appliers = []string{".foreach(", ".map(", ".each(", ".flatmap(", ".for_each(", ".then(", ".apply("}

// toolReceivers are objects whose members are tools ("tools.archiveCrate").
var toolReceivers = set("tools", "tool", "mcp", "this.tools", "ctx.tools", "agent.tools", "mcp.tools", "client.tools")

// appliedInCode: the name (a receiver's member, or the whole word of t)
// is a deed applied in code, as above.
func appliedInCode(text string, t token, before, receiver, name string) bool {
	deed := codeDeed(name) || kebabDeed(name)
	switch {
	case deed && applierBefore(before):
		return true
	case deed && toolReceivers[receiver]:
		return true
	case receiver == "" && t.paren && hyphenName(name) && namedArgs(text[t.end:]):
		return true
	}
	return false
}

// applierBefore: the text before a name ends with a list method's
// opening parenthesis (".forEach(").
func applierBefore(before string) bool {
	tail := before[max(0, len(before)-12):]
	for _, a := range appliers {
		if len(tail) >= len(a) && strings.EqualFold(tail[len(tail)-len(a):], a) {
			return true
		}
	}
	return false
}

// hyphenName: a lower-case name of two or more hyphenated parts of two
// letters or more, none the glue or the ending of an English compound
// ("follow-up", "read-only", "built-in").
func hyphenName(w string) bool {
	parts := strings.Split(w, "-")
	if len(parts) < 2 || strings.ToLower(w) != w {
		return false
	}
	for _, p := range parts {
		if len(p) < 2 || kebabGlue[p] || compoundTails[p] || compoundEnds[p] {
			return false
		}
		for _, r := range p {
			if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
				return false
			}
		}
	}
	return true
}

// namedArgs: s opens with a parenthesized list of arguments written as
// names, one of them at least in a program's casing or braces
// ("(vatId, doseMl)", "({bayId})", "(crate_id)"), not prose
// ("(see below)", "(true)").
func namedArgs(s string) bool {
	if !strings.HasPrefix(s, "(") {
		return false
	}
	end := strings.IndexByte(s, ')')
	if end < 2 {
		return false
	}
	coded := false
	for _, a := range strings.Split(s[1:end], ",") {
		a = strings.TrimSpace(a)
		if b, ok := strings.CutPrefix(a, "{"); ok {
			a, coded = strings.TrimSuffix(b, "}"), true
		}
		if a == "" || !identifierShaped(a) && !lowerCamel(a) {
			return false
		}
		coded = coded || strings.Contains(a, "_") || lowerCamel(a)
	}
	return coded
}
