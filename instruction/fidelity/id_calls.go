package fidelity

import "strings"

// Calls written in a program's syntax: a later sentence may hand the
// reader a deed as the line of code that does it, with no verb of calling
// around it —
//   - a function or method call opening its step: "client.SuspendUser(ctx,
//     id) comes next", "try await tools.cancelSubscription(sub)",
//     "mutation { cancelOrder(id: $id) }", "=CANCEL_ORDER(A2)";
//   - a name handed to a dispatcher: "send(:refund_order, id)",
//     "dispatch('archive_lead')";
//   - a link to a tool: "[Close them](tool:close_ticket)";
//   - a command written in capitals at a step's start: "REVOKE_API_KEY
//     every one".
//
// The name must be a deed's (a verb first: SuspendUser, cancelOrder,
// refund_order, CANCEL_ORDER); a call set beside the tool as an example
// or a comparison ("like invoke('store_prefs') made by the
// frontend") is none.

// syntaxCall reports whether the word at i is a deed's name written as a
// call in code (see above), and returns the name's last part (a method's
// name without its receiver).
func syntaxCall(text string, ts []token, i int) (string, bool) {
	t := ts[i]
	if !t.later || exampleSentence(ts, i) {
		return "", false
	}
	name, receiver := t.text, ""
	if dot := strings.LastIndexByte(name, '.'); dot >= 0 {
		name, receiver = name[dot+1:], strings.ToLower(name[:dot])
	}
	before := text[:t.start]
	if appliedInCode(text, t, before, receiver, name) {
		return name, true
	}
	if n, ok := memberCall(text, ts, i); ok {
		return n, true
	}
	if !codeDeed(name) {
		return "", false
	}
	switch {
	case t.paren && callOpensStep(ts, i, before):
		return name, true
	case strings.HasSuffix(before, "](tool:") || strings.HasSuffix(before, "](action:") || strings.HasSuffix(before, "](mcp:"):
		return name, true
	case dispatched(before):
		return name, true
	case strings.HasSuffix(before, "::") && !deedSnake(name) && len(before) > 2 && !wordByte(before[len(before)-3]):
		return name, true // "Map them over ::archiveLead"
	case i >= 2 && ts[i-1].sentence && stepOpeners[ts[i-1].lower] && !ts[i].quoted && (i+1 >= len(ts) || ts[i+1].sentence || ts[i+1].lower == "to" || ts[i+1].lower == "for"):
		return name, true // "Then getConsoleSnapshot to confirm"
	case i >= 1 && (ts[i-1].lower == "via" || ts[i-1].lower == "using") && !ts[i].sentence && (i+1 >= len(ts) || ts[i+1].sentence || ts[i+1].clause) &&
		deedName(name) && !deedSnake(name) && !provenance(text, ts, i):
		return name, true // "discovered via listFolders"
	case i >= 2 && ts[i-1].lower == "for" && (ts[i-2].lower == "call" || ts[i-2].lower == "calls") && deedSnake(name):
		return name, true // "Readings past the cap call for sound_flood_alert"
	case screamingDeed(name) && t.sentence && i+1 < len(ts) && !ts[i+1].sentence && (ts[i+1].lower == "each" || ts[i+1].lower == "every" || ts[i+1].lower == "all" || pronouns[ts[i+1].lower]):
		return name, true
	}
	return "", false
}

// codeDeed: a name in a program's casing opened by a verb — snake_case
// (refund_order), SCREAMING_SNAKE (CANCEL_ORDER), lowerCamel
// (cancelOrder) or UpperCamel (SuspendUser).
func codeDeed(w string) bool {
	return deedSnake(w) || screamingDeed(w) || deedName(w) || upperCamelDeed(w)
}

// screamingDeed: an upper-case snake name whose first word is a verb
// ("CANCEL_ORDER", "REVOKE_API_KEY"; not "TOOL_ID").
func screamingDeed(w string) bool {
	if !upperCased(w) || !strings.Contains(w, "_") || strings.HasPrefix(w, "_") {
		return false
	}
	parts := strings.Split(strings.ToLower(w), "_")
	return len(parts) >= 2 && len(parts[0]) >= 3 && baseVerb(parts[0]) && (len(parts) >= 3 || !fieldSuffixes[parts[1]]) && len(parts[1]) >= 2
}

// callLead may stand before a call that opens a step: a language's words
// of waiting or trying, a sequencer, a GraphQL operation.
var callLead = set("try", "await", "then", "next", "finally", "mutation", "return", "do", "run", "call", "with", "via", "using")

// callOpensStep: the call at i opens its sentence or clause, after at
// most the words of callLead and code's punctuation ("=", "{", "(").
func callOpensStep(ts []token, i int, before string) bool {
	if ts[i].sentence || ts[i].clause {
		return true
	}
	for k := i - 1; k >= 0 && k >= i-4; k-- {
		if !callLead[ts[k].lower] {
			return false
		}
		if ts[k].sentence || ts[k].clause {
			return true
		}
	}
	b := strings.TrimRight(before, " {(=")
	return len(b) < len(before) && (b == "" || strings.HasSuffix(b, ".") || strings.HasSuffix(b, ":"))
}

// dispatchers call the name handed to them ("send(:refund_order)",
// "dispatch('archive_lead')").
var dispatchers = []string{"send(:", "public_send(:", "dispatch(:", "invoke(:", "call(:", "perform(:", "trigger(:",
	"dispatch('", "dispatch(\"", "invoke_tool('", "invoke_tool(\"", "call_tool('", "call_tool(\""}

// dispatched: the text before a name ends with a dispatcher's call.
func dispatched(before string) bool {
	for _, d := range dispatchers {
		if strings.HasSuffix(before, d) {
			return true
		}
	}
	return false
}

// exampleSentence: the sentence of word i sets it beside the tool as an
// example or a comparison before it ("such as", "e.g.", "like", "for
// example").
func exampleSentence(ts []token, i int) bool {
	for k := i - 1; k >= 0 && k >= i-reach; k-- {
		w := ts[k].lower
		if w == "e.g" || w == "eg" || w == "like" || w == "example" || w == "as" && k > 0 && ts[k-1].lower == "such" {
			return true
		}
		if ts[k].sentence && !(k > 0 && (ts[k-1].lower == "e.g" || ts[k-1].lower == "eg")) {
			break // (the stop of "e.g." ends no sentence)
		}
	}
	return false
}

// requiring say a call needs something done before it.
var requiring = set("requires", "require", "needs", "need")

// prerequisiteTool: the name at i is what a call needs started first —
// "Requires active driver_session", "requires ipc_monitor started",
// "needs session_manager running" — not a value it needs ("requires
// api_key", "needs page_size of 500").
func prerequisiteTool(ts []token, i int) bool {
	last := ts[i].lower[strings.LastIndexByte(ts[i].lower, '_')+1:]
	if fieldSuffixes[last] || i < 1 {
		return false
	}
	if i >= 2 && ts[i-1].lower == "active" && requiring[ts[i-2].lower] {
		return true
	}
	return requiring[ts[i-1].lower] && i+1 < len(ts) && !ts[i+1].sentence && startedWords[ts[i+1].lower]
}

// startedWords say a thing runs ("started", "running").
var startedWords = set("started", "running", "active", "enabled", "connected", "open")
