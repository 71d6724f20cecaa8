package fidelity

import "strings"

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
			if s.namespaces[m.ident] || s.classes["word:"+m.ident] && !s.documentMissing(m.class) || s.doesItThere(m.verb, m.class) || s.doesItIn(m.verb, m.ident) {
				return Finding{}, false
			}
		} else if s.provides(m.class) || s.doesItThere(m.verb, m.class) {
			return Finding{}, false
		}
		sig, deed := unbroken(m.signal), m.deed
		if deed == "" {
			deed = sig
		}
		return Finding{Kind: KindCapability, Tool: m.class, Class: m.class, Signal: sig, Suggestion: suggestion(m.class, deed)}, true
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
// dictation engine", block_ip for "block the IP on the perimeter
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
