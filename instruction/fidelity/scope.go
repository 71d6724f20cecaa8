package fidelity

import (
	"strings"
	"sync"

	"github.com/agentforge/console/catalog"
)

// Scope is what a text may teach: the roster's tools (and the synthetic
// ones a composition adds), whether exec is among them, and the roster's
// own words — parameter names and enum values — which are not tools.
type Scope struct {
	// answers memoizes provides per class (class → bool).
	answers sync.Map
	allowed map[string]bool
	// words are identifiers that belong to the roster: ids, bare names,
	// the parts of ids, parameter names and enum values.
	words map[string]bool
	// values are parameter names and enum values only.
	values map[string]bool
	// namespaces are the services of the roster's tools.
	namespaces map[string]bool
	exec       bool
	// classes are the capability classes the roster's tools provide
	// (classesOf)
	classes map[string]bool
}

// NewScope builds the scope of a roster. Extra ids (synthetic tools) are
// allowed without contracts.
func NewScope(roster []catalog.Contract, extra ...string) *Scope {
	return newScope(roster, extra, classesOf)
}

// newScope is NewScope with each roster tool's capability classes taken
// from classes (classesOf, or a memo of it).
func newScope(roster []catalog.Contract, extra []string, classes func(catalog.Contract) map[string]bool) *Scope {
	parts := make([]*scopePart, len(roster))
	for i, c := range roster {
		parts[i] = scopePartOf(c, classes)
	}
	return scopeOf(parts, extra)
}

// scopePart is what one roster tool adds to a scope: its id (allow), its
// capability classes, its title's words, and its parameter names and
// string enum values (value), all lower-case. It depends on the contract
// alone, so a checker keeps one per tool (Checker.scopePartOf).
type scopePart struct {
	id      string
	classes map[string]bool
	words   []string
	values  []string
}

// scopePartOf is c's part of a scope.
func scopePartOf(c catalog.Contract, classes func(catalog.Contract) map[string]bool) *scopePart {
	partBuilds.Add(1)
	p := &scopePart{id: c.ID, classes: classes(c)}
	for _, w := range strings.Fields(strings.ToLower(c.Title)) {
		p.words = append(p.words, strings.Trim(w, ".,;:()"))
	}
	var walk func(ps []catalog.Param)
	walk = func(ps []catalog.Param) {
		for _, q := range ps {
			p.values = append(p.values, nameSpellings(q.Name)...)
			for _, e := range q.Enum {
				if str, ok := e.(string); ok {
					p.values = append(p.values, strings.ToLower(str))
				}
			}
			if q.Items != nil {
				walk([]catalog.Param{*q.Items})
			}
			walk(q.Properties)
		}
	}
	walk(c.Params)
	return p
}

// nameSpellings are a parameter's name lower-cased and its other
// spellings: "dryRun" is also "dry_run" and "dry-run", "force_rename" also
// "force-rename" — a text names the roster's own parameter in any of them
// ("Use dry-run to preview …").
func nameSpellings(name string) []string {
	var b strings.Builder
	for i, r := range name {
		if r >= 'A' && r <= 'Z' && i > 0 && name[i-1] >= 'a' && name[i-1] <= 'z' {
			b.WriteByte('_')
		}
		b.WriteRune(r)
	}
	snake := strings.ToLower(strings.ReplaceAll(b.String(), "-", "_"))
	out := []string{strings.ToLower(name)}
	if strings.Contains(snake, "_") {
		out = append(out, snake, strings.ReplaceAll(snake, "_", "-"))
	}
	return out
}

// scopeOf is the scope of the roster tools' parts plus the extra ids.
func scopeOf(parts []*scopePart, extra []string) *Scope {
	// the maps sized up front: a roster of a hundred tools adds thousands
	// of words, and growing a map rehashes what it holds
	ids, words, values := len(parts)+len(extra), 0, 0
	for _, p := range parts {
		words += len(p.words) + len(p.values)
		values += len(p.values)
	}
	s := &Scope{allowed: make(map[string]bool, ids), words: make(map[string]bool, 3*ids+words), values: make(map[string]bool, values),
		namespaces: map[string]bool{}, classes: map[string]bool{}}
	for _, id := range extra {
		s.allow(id)
		s.provide(classesOf(catalog.Contract{ID: id}))
	}
	for _, p := range parts {
		s.allow(p.id)
		s.provide(p.classes)
		for _, w := range p.words {
			s.words[w] = true
		}
		for _, v := range p.values {
			s.words[v] = true
			s.values[v] = true
		}
	}
	return s
}

func (s *Scope) allow(id string) {
	id = strings.ToLower(id)
	s.allowed[id] = true
	s.words[id] = true
	if id == ExecTool {
		s.exec = true
	}
	if ns, name, ok := strings.Cut(id, "."); ok {
		s.words[name] = true
		s.namespaces[ns] = true
	}
	for _, part := range strings.FieldsFunc(id, func(r rune) bool { return r == '.' || r == '_' }) {
		s.words[part] = true
	}
	for _, tail := range nameTails(id) {
		s.words[tail] = true
	}
}

// nameTails are the names a tool's siblings call it by: its name (after
// the service's dot) in snake and kebab case, and each of its last two or
// more words so spelled — a server names its own tools without the
// prefix they are published under ("Use after search_orders" for
// shop_search_orders, "check with list_parcels" for
// courier_list_parcels).
func nameTails(id string) []string {
	if _, name, ok := strings.Cut(id, "."); ok {
		id = name
	}
	parts := strings.FieldsFunc(id, func(r rune) bool { return r == '_' || r == '-' })
	var out []string
	for k := 0; k+2 <= len(parts); k++ {
		out = append(out, strings.Join(parts[k:], "_"), strings.Join(parts[k:], "-"))
	}
	return out
}

// provide adds the capability classes a tool provides (classesOf).
func (s *Scope) provide(classes map[string]bool) {
	for c := range classes {
		s.classes[c] = true
	}
}

func (s *Scope) value(v string) {
	v = strings.ToLower(v)
	s.words[v] = true
	s.values[v] = true
}

// Allows reports whether the tool is in the scope.
func (s *Scope) Allows(id string) bool { return s.allowed[strings.ToLower(id)] }

// Check reports what text teaches beyond the scope, in order of position.
func (c *Checker) Check(text string, s *Scope) []Finding {
	return c.filter(text, c.mentions("", text), s, entry{})
}

// entry is the roster service tool whose own catalog entry a text unit
// is, if any (see CheckComposition).
type entry struct {
	ok bool
	// ns is the tool's service
	ns string
	// runner: the tool runs code or commands itself
	runner bool
	// shell: the tool runs commands in a shell (shellTool)
	shell bool
	// products are the other services its service's tools keep naming
	products map[string]bool
	// headline is the first clause of the tool's purpose (headline)
	headline string
	// lead is the first sentence of the tool's purpose (firstSentence)
	lead string
}

// inHeadline reports whether a capability mention stands in the first
// sentence of the entry's own purpose, opened by its verb ("Search and
// list database objects on the postgres database"): the tool says what it
// does itself, it asks nothing of the agent.
func (e entry) inHeadline(text string, m mention) bool {
	if !e.ok || m.kind != KindCapability || len(e.lead) < 8 {
		return false
	}
	at := strings.Index(text, e.lead)
	return at >= 0 && m.start == at && m.end <= at+len(e.lead)
}

// speaksOfItself reports whether a mention in the entry is the service
// tool describing itself: a loose signal phrase of a console tool ("the
// most powerful web search tool"); the running of code by a tool that
// runs code (not the writing of a program, which only the code channel
// serves); where it acts, named as a service of the same product as its
// own ("Create a comment in Notion" by a second Notion server, connected
// as notionother, or as wiki when its tools keep naming Notion).
func (e entry) speaksOfItself(m mention) bool {
	switch {
	case !e.ok:
		return false
	case m.loose:
		return true
	case m.kind == KindExec:
		// a command line handed over in backticks needs a shell even
		// in the entry of a tool that runs SQL or tests
		return e.runner && !m.authoring && (!m.shell || e.shell)
	case m.kind == KindService:
		return strings.Contains(e.ns, m.ident) || strings.Contains(m.ident, e.ns) || e.products[m.ident]
	case m.kind == KindCapability && m.ident != "":
		// the product the tool itself works on ("Retrieve a block from
		// Notion" by a Notion server connected as notionother)
		return strings.Contains(e.ns, m.ident) || e.products[m.ident] || mentionsWord(e.headline, m.ident)
	}
	return false
}

// filter judges the mentions of one text unit; in a roster service tool's
// own entry, what the tool says of itself is no finding.
func (c *Checker) filter(text string, ms []mention, s *Scope, own entry) []Finding {
	var out []Finding
	last := -1
	// one finding per kind and tool within a stretch of text: overlapping
	// phrases of one sentence ("write a Python program", "in the
	// interpreter") are one place
	seen := map[string]int{}
	for _, m := range ms {
		if own.speaksOfItself(m) || own.runner && m.kind == KindExec && runsInSentence(text, m) || own.inHeadline(text, m) || own.namesItsSubject(m) ||
			own.leadNamesItsWork(text, m) {
			continue
		}
		f, ok := s.judge(m)
		if ok && m.kind == KindCapability && (s.exampleOf(text, m.end) || flagLine(text, m.start)) {
			ok = false // a boolean flag's description says what the tool does when it is set
		}
		if ok && m.kind == KindExec && !m.authoring && s.provides("code-execution") && (!m.shellNeeded() || s.provides("shell")) {
			ok = false // a roster tool runs code ("python_sandbox: runs Python code")
		}
		if ok && m.kind == KindExec && own.ok && programSignal(m.signal) && paramLine(text, m.start) {
			ok = false // the tool's own mechanism or a value's source, in a parameter's description
		}
		if ok && m.kind == KindExec && (s.values[lastWord(m.signal)] || webPrograms[lastWord(m.signal)] && s.provides("browse") || s.named(lastWord(m.signal))) {
			ok = false // "use `jq`" for the tool's own jq parameter; "use curl" beside a fetch tool
		}
		if ok && needDenied(text, m.start) {
			ok = false // "there is no need to run openssl on them"
		}
		if !ok || m.start == last {
			continue
		}
		key := f.Kind + "\x00" + f.Tool
		if end, dup := seen[key]; dup && m.start <= end+nearby {
			seen[key] = max(end, m.end)
			continue
		}
		seen[key] = m.end
		last = m.start
		f.Offset, f.Excerpt = m.start, excerpt(text, m.start, m.end)
		out = append(out, f)
	}
	return out
}

// nearby is how far apart two hits of one kind and tool must be to count
// as two places.
const nearby = 80

// judge decides whether a mention is a finding under the scope.
func (s *Scope) judge(m mention) (Finding, bool) {
	switch m.kind {
	case KindTool:
		for _, t := range m.tools {
			if s.allowed[strings.ToLower(t)] {
				return Finding{}, false
			}
		}
		if s.values[strings.ToLower(m.signal)] && !m.named && !m.called {
			return Finding{}, false // the roster's own parameter or enum value, where it stands as a value
		}
		return Finding{Kind: KindTool, Tool: m.tools[0], Signal: m.signal}, true
	case KindUnknown:
		w := strings.ToLower(m.ident)
		if s.words[w] {
			return Finding{}, false
		}
		if ws := strings.Fields(w); len(ws) > 1 {
			// a tool named in words ("the full board data tool"): the
			// roster's tool names or headlines hold every word (a
			// hyphenated one by a part: "website-scoped")
			all := true
			for _, x := range ws {
				ok := false
				for _, p := range append([]string{x}, strings.Split(x, "-")...) {
					ok = ok || s.words[p] || s.words[singular(p)] || s.classes["says:"+singular(p)]
				}
				all = all && ok
			}
			if all {
				return Finding{}, false
			}
		}
		if s.values[w] && lowerCamel(m.ident) {
			return Finding{}, false // the roster's own parameter or enum value in lowerCamel (dryRun, listRoutes)
		}
		if head, _, dotted := strings.Cut(w, "."); dotted && s.values[head] && !s.namespaces[head] {
			return Finding{}, false // a path into one of the roster's parameters (position.after_block)
		}
		if s.exec && (strings.Contains(w, ".") || m.paren) {
			return Finding{}, false // a function call inside a program
		}
		return Finding{Kind: KindUnknown, Tool: m.ident, Signal: m.signal}, true
	case KindService:
		if s.namespaces[m.ident] {
			return Finding{}, false
		}
		return Finding{Kind: KindService, Tool: m.ident, Signal: m.signal}, true
	case KindCapability:
		if m.ident != "" {
			// a named product ("Query Snowflake", "to Slack") needs a
			// tool of that product, not any tool of its class
			if s.namespaces[m.ident] || s.classes["word:"+m.ident] || s.doesItThere(m.verb, m.class) || s.doesItIn(m.verb, m.ident) {
				return Finding{}, false
			}
		} else if s.provides(m.class) || s.doesItThere(m.verb, m.class) {
			return Finding{}, false
		}
		sig := unbroken(m.signal)
		return Finding{Kind: KindCapability, Tool: m.class, Class: m.class, Signal: sig, Suggestion: suggestion(m.class, sig)}, true
	case KindExec:
		if s.exec || s.values[m.signal] || s.commandTool(m.signal) || s.speaksLanguage(m.codeName) {
			return Finding{}, false // exec is there, or the word is one of the roster's values
		}
		sig := unbroken(m.signal)
		return Finding{Kind: KindExec, Tool: ExecTool, Signal: sig, Class: "code-execution", Suggestion: suggestion("code-execution", sig)}, true
	}
	return Finding{}, false
}

// doesItThere reports whether a roster tool does the instruction's deed
// itself — its verb is the tool's own (ping_host for "Ping the address
// from your terminal", transcribe_audio for "Transcribe them with your
// speech-to-text engine", block_ip for "block the IP on the perimeter
// firewall") — where the text names only the means or a system by a
// common noun. A named service ("on Trustpilot"), a class of the table
// and the verbs any tool has ("run", "send", "use") keep their rules.
func (s *Scope) doesItThere(verb, class string) bool {
	if verb == "" || genericVerbs[verb] || !s.classes["action:"+verb] && !s.classes["name:"+verb] {
		return false
	}
	switch {
	case class == "code-execution", strings.HasPrefix(class, "tool:"):
		return true
	case strings.HasPrefix(class, "service:"):
		ws := strings.Fields(strings.TrimPrefix(class, "service:"))
		return len(ws) > 1 && venueNouns[ws[len(ws)-1]]
	}
	return false
}

// doesItIn reports whether a roster tool's headline does the deed in the
// named service itself ("queue a newsletter in the CMS" for "queue it for
// Friday in the CMS"): the service is among its headline's words and the
// verb among its own.
func (s *Scope) doesItIn(verb, service string) bool {
	if verb == "" || !s.classes["says:"+service] && !s.classes["says:"+singular(service)] {
		return false
	}
	if s.classes["action:"+verb] {
		return true
	}
	for _, kin := range deedKin[verb] {
		if s.classes["action:"+kin] {
			return true
		}
	}
	return false
}

// deedKin are the verbs that name one deed done to an authority or a
// party ("file it with HMRC" is what a tool that submits a return to HMRC
// does): each verb's others.
var deedKin = kinOf([]string{"file", "submit", "lodge"}, []string{"book", "reserve"}, []string{"cancel", "void", "annul"},
	[]string{"notify", "alert"}, []string{"text", "sms"}, []string{"email", "mail"})

// kinOf maps each word of each group to the others of its group.
func kinOf(groups ...[]string) map[string][]string {
	out := map[string][]string{}
	for _, g := range groups {
		for _, w := range g {
			for _, o := range g {
				if o != w {
					out[w] = append(out[w], o)
				}
			}
		}
	}
	return out
}

// genericVerbs are done by tools of every kind: a roster tool of one of
// them does not do the deed a text names with it.
var genericVerbs = set("run", "execute", "use", "send", "post", "create", "add", "get", "put", "make", "do", "open", "set",
	"take", "call", "update", "write", "share", "upload", "check", "process", "submit", "save", "store", "move", "copy",
	"delete", "remove", "list", "read", "fetch", "return", "find", "search", "query", "start", "stop", "manage", "handle")

// runsInSentence reports whether an authoring exec mention's sentence
// also speaks of running what is written: in a runner's own entry, "write
// a bash script and execute it here" writes the runner's input, while "to
// summarise its output, write a Python script" teaches the code channel.
func runsInSentence(text string, m mention) bool {
	if !m.authoring {
		return false
	}
	from := strings.LastIndexAny(text[:m.start], ".!?\n") + 1
	to := len(text)
	if i := strings.IndexAny(text[m.end:], ".!?\n"); i >= 0 {
		to = m.end + i
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(text[from:to]), func(r rune) bool { return r < 'a' || r > 'z' }) {
		if runningWords[w] {
			return true
		}
	}
	return false
}

// runningWords say that something is run.
var runningWords = set("run", "runs", "running", "ran", "execute", "executes", "executing", "executed", "execution")

// exampleOf reports whether the text right after an instruction calls a
// roster tool: the instruction is the caption of a worked example of that
// tool ("- Rename a draft.\n  move_file {…}"), not a step it lacks.
func (s *Scope) exampleOf(text string, end int) bool {
	rest := text[end:]
	if i := strings.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[i+1:]
		if j := strings.IndexByte(rest, '\n'); j >= 0 {
			rest = rest[:j]
		}
	} else {
		return false
	}
	id, args, ok := strings.Cut(strings.TrimSpace(rest), " ")
	return ok && strings.HasPrefix(strings.TrimSpace(args), "{") && s.Allows(id)
}

// mentionsWord reports whether text has w as a word, in any case.
func mentionsWord(text, w string) bool {
	for _, x := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !isWordRune(r) && r != '.' && r != '-' }) {
		if strings.Trim(x, ".-") == w {
			return true
		}
	}
	return false
}

// lastWord is the last word of a phrase.
func lastWord(p string) string {
	f := strings.Fields(p)
	if len(f) == 0 {
		return ""
	}
	return strings.ToLower(f[len(f)-1])
}

// webPrograms fetch web pages: a roster tool that browses does their work.
var webPrograms = set("curl", "wget")

// named reports whether a roster tool's name is the word ("traceroute":
// a roster tool runs it).
func (s *Scope) named(w string) bool {
	for id := range s.allowed {
		if id == w || strings.HasSuffix(id, "."+w) {
			return true
		}
	}
	return false
}

// commandTool reports whether a roster tool is named for a command's
// program and deed ("helm rollback web 0" is what helm_rollback does).
func (s *Scope) commandTool(command string) bool {
	ws := strings.Fields(strings.ToLower(command))
	for n := 2; n <= 3 && n <= len(ws); n++ {
		if s.allowedName(strings.Join(ws[:n], "_")) {
			return true
		}
	}
	return false
}

// allowedName reports whether a roster tool has the name, with or
// without its service ("helm_rollback" for acme.helm_rollback).
func (s *Scope) allowedName(name string) bool {
	if s.allowed[name] {
		return true
	}
	for ns := range s.namespaces {
		if s.allowed[ns+"."+name] {
			return true
		}
	}
	return false
}
