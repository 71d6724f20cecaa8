package fidelity

import (
	"strings"

	"github.com/agentforge/console/catalog"
)

// toolWords are the words a tool says what it does with: its name's parts,
// its service, its title and the first clause of its purpose (the
// headline, "Sends an SMS"), each in its base form ("sends" is "send").
func toolWords(k catalog.Contract) (words, verbs []string) {
	name := split(strings.ReplaceAll(k.Name(), "-", "_")) // send-email: send, email
	k.Purpose = strings.TrimLeft(k.Purpose, " \n*#")
	if label, rest, ok := strings.Cut(k.Purpose, ":"); ok && len(label) < 20 && !strings.Contains(label, " ") {
		k.Purpose = strings.TrimLeft(rest, " *") // "**Purpose:** Send a single email"
	}
	words = append(append(append(split(k.Namespace()), name...), split(k.Title)...), split(headline(k.Purpose))...)
	// the verbs: what its purpose's first sentence says it does ("Lists
	// database backups", "Approves and merges a pull request") — a name
	// such as backup_list or query_builder puts its object first — and
	// the first word of a title of its own; without a purpose, the name's
	// first word, or all of its words when that is no verb (web_search)
	if first := firstSentence(k.Purpose); first != "" {
		ws := split(first)
		if len(ws) > 0 {
			verbs = append(verbs, ws[0])
		}
		for i := 0; i+1 < len(ws); i++ {
			if ws[i] == "and" || ws[i] == "or" {
				verbs = append(verbs, ws[i+1])
			}
		}
	} else if len(name) > 0 && isVerb(name[0]) {
		verbs = append(verbs, name[0])
		for i := 1; i+1 < len(name); i++ {
			if name[i] == "and" || name[i] == "or" {
				verbs = append(verbs, name[i+1]) // approve_and_merge
			}
		}
	} else {
		verbs = append(verbs, name...)
	}
	// and the name's first word when it is a verb acting on the rest
	// (notify_applicant), not the object of a compound whose head ends the
	// name (backup_list, query_builder)
	if len(name) > 1 && isVerb(name[0]) && !nameHeads[name[len(name)-1]] && !instrument(name[len(name)-1]) {
		verbs = append(verbs, name[0])
	}
	// a name that is one verb is the tool's deed whatever its purpose
	// says first (Lara's translate, described by its context parameter)
	if len(name) == 1 && baseVerb(name[0]) {
		verbs = append(verbs, name[0])
	}
	if t := strings.TrimSpace(k.Title); t != "" && !strings.EqualFold(strings.ReplaceAll(t, " ", "_"), k.Name()) {
		if ws := split(t); len(ws) > 0 {
			verbs = append(verbs, ws[0])
		}
	}
	return words, verbs
}

// classesOf are the capability classes a tool provides: a class whose
// product, lone verb, or verb and object its words name (gmail.send_email:
// email; slack.post_message: chat; web_search: web search), with the
// classes those provide too, and its words for the later steps a tool of
// that verb does ("action:merge" for merge_pull_request).
func classesOf(k catalog.Contract) map[string]bool {
	words, verbs := toolWords(k)
	named := map[string]bool{} // the words of its name, service and title
	for _, w := range append(append(split(k.Namespace()), split(strings.ReplaceAll(k.Name(), "-", "_"))...), split(k.Title)...) {
		named[w], named[singular(w)] = true, true
	}
	// the operations its operation parameter offers, named as its own
	// tools would be ("left_click", "get_screenshot")
	opWords, opVerbs := operationWords(k)
	for _, w := range opWords {
		named[w], named[singular(w)] = true, true
	}
	words, verbs = append(words, opWords...), append(verbs, opVerbs...)
	lead := split(firstSentence(k.Purpose)) // the objects of every deed its first sentence lists
	verbs = append(verbs, deviceDeeds(lead)...)
	has, does := map[string]bool{}, map[string]bool{}
	for _, w := range append(words, lead...) {
		has[w] = true
		has[singular(w)] = true
	}
	for _, w := range verbs {
		does[w] = true
	}
	out := map[string]bool{}
	for _, c := range capClasses {
		acts := anyIn(does, c.acts) || anyIn(does, c.personal)
		if anyIn(does, c.alone) || acts && (anyIn(has, c.objects) || anyIn(has, c.products)) || c.objectsProvide && anyIn(named, providingObjects(c)) {
			out[c.name] = true
			for _, p := range c.provides {
				out[p] = true
			}
		}
	}
	for _, w := range verbs {
		out["action:"+w] = true
		out["stem:"+catalog.Stem(w)] = true
	}
	// what an instrument of "your X" or a service is matched against:
	// the tool's name, service and title, not its headline's objects
	for _, w := range append(append(split(k.Namespace()), split(strings.ReplaceAll(k.Name(), "-", "_"))...), split(k.Title)...) {
		out["word:"+w] = true
	}
	// what a tool that does more than fetch acts on (plagiarism_check,
	// "compares a text …"), for the modifier of an instrument ("your
	// plagiarism detector"); a tool that gets, lists or returns a thing
	// (get_route_sheet) acts on nothing there
	if !allIn(does, retrievalVerbs) {
		for _, w := range split(strings.ReplaceAll(k.Name(), "-", "_")) {
			out["subject:"+w] = true
		}
	}
	// what an ability named as the agent's own ("the knowledge graph you
	// maintain") is matched against: the headline's words too
	for _, w := range words {
		out["says:"+singular(w)] = true
	}
	// the verb the tool's name opens with (block_ip, ping_host), for a
	// deed the text names by its means (Scope.doesItThere)
	if ws := split(strings.ReplaceAll(k.Name(), "-", "_")); len(ws) > 1 && baseVerb(ws[0]) {
		out["name:"+ws[0]] = true
	}
	if k.ID == ExecTool || runsCode(k.Name()) || runsCodeByPurpose(has, does) {
		out["code-execution"] = true
	}
	if shellTool(k) {
		out["code-execution"], out["shell"] = true, true // a shell runs code (exec_shell.go)
	}
	return out
}

// allIn reports whether every key of has is in ws, in its base form
// ("returns": return).
func allIn(has map[string]bool, ws map[string]bool) bool {
	for w := range has {
		if !ws[w] && !ws[verbBase(w)] {
			return false
		}
	}
	return true
}

// retrievalVerbs fetch or show a thing without acting on it.
var retrievalVerbs = set("get", "list", "return", "read", "fetch", "show", "view", "retrieve", "search", "find", "query",
	"lookup", "look", "describe", "display", "load", "download", "export")

func anyIn(has map[string]bool, ws []string) bool {
	for _, w := range ws {
		if has[w] {
			return true
		}
	}
	return false
}

// runsCode reports whether a tool's name says it runs code or commands
// (exec, run_python, shell), not that it evaluates one expression
// (evaluate_expression).
func runsCode(name string) bool {
	parts := map[string]bool{}
	for _, p := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r == '_' || r == '-' }) {
		parts[p] = true
	}
	return parts["exec"] || parts["execute"] || parts["eval"] || parts["shell"] || parts["terminal"] || parts["sandbox"] ||
		(parts["run"] || parts["runs"]) && (parts["code"] || parts["command"] || parts["script"] || parts["python"] || parts["shell"])
}

// nameHeads end a tool name that is a compound noun ("backup_list",
// "vendor_lookup", "order_status"): its first word is no verb.
var nameHeads = set("list", "lookup", "schedule", "report", "status", "info", "details", "detail", "history", "log",
	"logs", "summary", "stats", "count", "search", "query", "data", "record", "records", "view", "feed", "index", "set")

// providingObjects are the objects whose naming alone in the name or
// title of a tool provides a class ("web_page_text" browses; "get_raw_url" only
// returns an address).
func providingObjects(c capClass) []string {
	if c.name == "browse" {
		return []string{"website", "webpage", "web-page", "browser", "web", "page"}
	}
	return c.objects
}
