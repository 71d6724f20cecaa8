package fidelity

import (
	"strings"

	"github.com/agentforge/console/catalog"
)

// toolWords are the words a tool says what it does with: its name's parts,
// its service, its title and the first clause of its purpose (the
// headline, "Sends an SMS"), each in its base form ("sends" is "send").
// split is a text's words in lower case and base form.
func split(text string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-')
	}) {
		out = append(out, baseForm(w))
	}
	return out
}

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

// firstSentence is a purpose's first sentence.
func firstSentence(purpose string) string {
	purpose = strings.TrimLeft(purpose, " \t\n")
	end := len(purpose)
	for _, sep := range []string{". ", ".\n", "\n", "; ", "。", "！", "？", "；", "।", "۔", "։", "။", "។", "።"} {
		if i := strings.Index(purpose, sep); i >= 0 && i < end {
			end = i
		}
	}
	return cutRunOn(strings.TrimSpace(purpose[:end]))
}

// headline is a purpose's first clause: what the tool does, before any
// further step it describes or teaches.
func headline(purpose string) string {
	purpose = strings.TrimLeft(purpose, " \t\n") // an indented description
	end := len(purpose)
	for _, sep := range []string{".", ",", ";", ":", "\n", " and ", " then ", " - ", " (", " if ", " when ", "。", "，", "；", "：", "！", "？"} {
		if i := strings.Index(purpose, sep); i >= 0 && i < end {
			end = i
		}
	}
	return cutRunOn(purpose[:end])
}

// cutRunOn cuts a text where a second sentence runs on without a stop
// ("… completion percentage Hand the items to …"): at a capitalized verb
// right after a lower-case word.
func cutRunOn(text string) string {
	// words by offsets, without allocating: this runs on every entry of
	// every composition checked
	var prev, cur string
	curAt := 0
	for i := 0; i <= len(text); i++ {
		if i < len(text) && text[i] != ' ' && text[i] != '\n' && text[i] != '\t' {
			continue
		}
		start := i
		for start > 0 && text[start-1] != ' ' && text[start-1] != '\n' && text[start-1] != '\t' {
			start--
		}
		if start == i {
			continue
		}
		next := text[start:i]
		if runOnAt(prev, cur, next) {
			return strings.TrimSpace(text[:curAt])
		}
		prev, cur, curAt = cur, next, start
	}
	return text
}

// runOnAt: word w, after word p and before word n, starts a sentence that
// runs on without a stop.
func runOnAt(p, w, n string) bool {
	if p == "" || n == "" || len(w) <= 2 || !isUpper(w[0]) || p[0] < 'a' || p[0] > 'z' || functionWords[p] || venuePrepositions[p] {
		return false
	}
	for i := 1; i < len(w); i++ {
		if isUpper(w[i]) {
			return false
		}
	}
	nl := strings.ToLower(n)
	return (objectOpeners[nl] || whWords[nl]) && baseVerb(strings.ToLower(w))
}

// vocabulary is every word of the class table, for baseForm.
var vocabulary = func() map[string]bool {
	m := map[string]bool{}
	for w := range actVerbs {
		m[w] = true
	}
	for w := range stateVerbs {
		m[w] = true
	}
	for w := range objectWords {
		m[w] = true
	}
	for w := range productWords {
		m[w] = true
	}
	for w := range systemNouns {
		m[w] = true
	}
	return m
}()

// baseForm reads an inflection off a word of the vocabulary: "sends",
// "searches", "notifies", "posted", "emailing".
func baseForm(w string) string {
	if vocabulary[w] {
		return w
	}
	cands := []string{}
	switch {
	case strings.HasSuffix(w, "ies"):
		cands = append(cands, w[:len(w)-3]+"y")
	case strings.HasSuffix(w, "es"):
		cands = append(cands, w[:len(w)-2], w[:len(w)-1])
	case strings.HasSuffix(w, "s"):
		cands = append(cands, w[:len(w)-1])
	case strings.HasSuffix(w, "ed"):
		cands = append(cands, w[:len(w)-2], w[:len(w)-1], undoubled(w[:len(w)-2]))
	case strings.HasSuffix(w, "ing"):
		cands = append(cands, w[:len(w)-3], w[:len(w)-3]+"e", undoubled(w[:len(w)-3]))
	}
	for _, c := range cands {
		if vocabulary[c] {
			return c
		}
	}
	return w
}

// undoubled is a stem less its doubled last consonant ("tagg" of
// "tagging": "tag"), or "" when it has none.
func undoubled(stem string) string {
	n := len(stem)
	if n < 3 || stem[n-1] != stem[n-2] || strings.ContainsRune("aeiouls", rune(stem[n-1])) {
		return ""
	}
	return stem[:n-1]
}

// gerundVerb is the verb of an -ing form the lexicon knows ("tagging":
// tag, "reassigning": reassign), or "" when it is none.
func gerundVerb(w string) string {
	if !strings.HasSuffix(w, "ing") || len(w) < 5 {
		return ""
	}
	if v := lemma(w); v != w && isVerb(v) {
		return v
	}
	return ""
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

// provides reports whether the scope's tools provide a class: a class of
// the table, a later step's verb ("action:merge"), or the instrument of
// "your X" ("tool:formatter", provided by a tool whose words begin as the
// instrument's do: format_code, classify_text).
func (s *Scope) provides(class string) bool {
	if s.classes[class] {
		return true
	}
	// a scope is shared by the checks of one allowed set: its answers
	// (lexicon lookups among them) are kept
	if v, ok := s.answers.Load(class); ok {
		return v.(bool)
	}
	v := s.judgeClass(class)
	s.answers.Store(class, v)
	return v
}

func (s *Scope) judgeClass(class string) bool {
	if s.classes[class] {
		return true
	}
	if class == "code-execution" && s.exec {
		return true
	}
	if v, ok := strings.CutPrefix(class, "action:"); ok {
		// a tool whose verb is the step's or a close relative of it
		// in the lexicon ("rebook": book)
		if strings.HasPrefix(v, "re") && !isVerb(v) {
			v = v[2:] // "rebook": a tool that books
		}
		stem := catalog.Stem(v)
		if s.classes["stem:"+stem] {
			return true
		}
		for _, r := range catalog.Relatives(stem) {
			if r.Weight >= 0.5 && s.classes["stem:"+r.Stem] {
				return true
			}
		}
	}
	if x, ok := strings.CutPrefix(class, "tool:"); ok {
		// "your sentiment classifier": a tool whose words begin as one
		// of the phrase's words (sentiment_analysis, classify_text)
		ws := strings.Fields(x)
		all := len(ws) > 1
		for _, w := range ws {
			all = all && s.classes["says:"+singular(w)]
		}
		if all {
			return true // "the knowledge graph": memory_add adds facts to the knowledge graph
		}
		key := "word:"
		if head := ws[len(ws)-1]; strings.HasSuffix(head, "ing") || strings.HasSuffix(head, "ion") || strings.HasSuffix(head, "sis") {
			ws = ws[len(ws)-1:] // "your image understanding": understanding, not images
		} else if instrument(head) && !agentHeads[head] {
			// "your route optimizer": a tool that optimizes, or one that
			// acts on routes (check_route), not one that returns a
			// route (get_route_sheet)
			if s.rootIn("word:", head) && s.metModifier(ws[:len(ws)-1]) {
				return true // (a file reader is read_file; a barcode reader is not)
			}
			ws, key = ws[:len(ws)-1], "subject:"
		}
		for _, w := range ws {
			if s.rootIn(key, w) {
				return true
			}
		}
	}
	if x, ok := strings.CutPrefix(class, "service:"); ok {
		ws := strings.Fields(x)
		if iface := ws[len(ws)-1]; interfaceNouns[iface] {
			// "in the Jira UI": a browser, or a tool of those screens
			// ("jira_ui_click"); a tool of the product's API is none
			return s.provides("browse") || s.classes["word:"+iface] && len(ws) > 1 && s.classes["word:"+ws[0]]
		}
		// "through OpenTable", "in the pharmacy system": a tool whose
		// own words name the service
		for _, w := range ws {
			if !venueNouns[w] && len(w) >= 3 && s.classes["word:"+strings.TrimSuffix(w, "'s")] {
				return true
			}
		}
	}
	return false
}

// rootIn reports whether a class key begins with the root of w (its
// first letters, less a suffix of up to three: "classifier" is met by
// "word:classify"); a word of the agent's own heads or under four
// letters has none.
func (s *Scope) rootIn(key, w string) bool {
	if agentHeads[w] || len(w) < 4 {
		return false
	}
	root := key + w[:max(4, len(w)-3)]
	for c := range s.classes {
		if strings.HasPrefix(c, root) {
			return true
		}
	}
	return false
}

// suggestion is what a reviewer can do about a capability finding.
func suggestion(class, signal string) string {
	does := strings.TrimPrefix(class, "action:")
	switch {
	case strings.HasPrefix(class, "tool:"):
		does = "does what “" + strings.TrimPrefix(class, "tool:") + "” does"
	case strings.HasPrefix(class, "action:"):
		does = "can " + does
	case strings.HasPrefix(class, "service:"):
		does = "works with " + strings.TrimPrefix(class, "service:")
	default:
		for _, c := range capClasses {
			if c.name == class {
				does = c.does
			}
		}
	}
	return "Reword the description on review so it does not ask for “" + signal + "”, or connect a tool that " + does + "."
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

// providingObjects are the objects whose mere naming in a tool's name or
// title provides a class ("web_page_text" browses; "get_raw_url" only
// returns an address).
func providingObjects(c capClass) []string {
	if c.name == "browse" {
		return []string{"website", "webpage", "web-page", "browser", "web", "page"}
	}
	return c.objects
}
