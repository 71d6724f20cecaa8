package fidelity

import "strings"

// execStrong are words and phrases that name code execution on their own.
var execStrong = [][]string{
	{"jupyter"}, {"repl"}, {"bash"}, {"ipython"}, {"powershell"},
	{"code", "execution"}, {"execute", "code"}, {"executes", "code"}, {"executing", "code"},
	{"run", "code"}, {"runs", "code"}, {"running", "code"}, {"code", "interpreter"},
	{"python", "interpreter"}, {"sandboxed", "interpreter"}, {"in", "the", "interpreter"},
	{"shell", "command"}, {"shell", "commands"}, {"shell", "script"}, {"shell", "scripts"},
	{"code", "channel"}, {"generated", "code"}, {"code", "sandbox"},
	{"use", "the", "terminal"}, {"in", "the", "terminal"}, {"in", "a", "terminal"}, {"from", "the", "terminal"},
	{"in", "the", "shell"}, {"in", "a", "shell"}, {"on", "the", "command", "line"}, {"from", "the", "command", "line"},
}

// execStrongWords are the one-word strong terms.
var execStrongWords = set("jupyter", "repl", "bash", "ipython", "powershell")

// execVerbs write or run a program; execNouns are what they write or run.
var execVerbs = set("write", "writes", "writing", "wrote", "run", "runs", "running", "execute", "executes", "executing",
	"generate", "generates", "generating", "compile", "compiles", "compiling", "scripted", "scripting")

// authoringVerbs write a program rather than run one.
var authoringVerbs = set("write", "writes", "writing", "wrote", "generate", "generates", "generating", "compile", "compiles",
	"compiling", "scripted", "scripting")

var execNouns = set("program", "programs", "script", "scripts", "code", "snippet", "snippets", "python", "shell",
	"interpreter", "notebook", "notebooks", "terminal", "javascript", "command", "commands")

// cliTools are command-line programs whose names are not English words:
// naming one teaches running it ("a quick awk one-liner", "with psql").
var cliTools = set("ffmpeg", "psql", "awk", "jq", "wget", "kubectl", "pandoc", "imagemagick", "sqlite3", "npx", "grep",
	"sed", "pip", "pip3", "python3", "ipython", "nodejs", "bash", "zsh", "powershell", "cmd.exe", "nmap", "openssl",
	"traceroute", "nslookup", "tsc", "netcat", "tcpdump", "pytest", "mvn", "gradle", "cargo")

// cliPrograms are interpreters and command-line programs; they count right
// after a running verb ("execute ffmpeg", "run node").
var cliPrograms = set("node", "node.js", "ruby", "perl", "php", "ffmpeg", "curl", "wget", "grep", "sed", "awk", "pip",
	"npm", "npx", "docker", "kubectl", "gcc", "psql", "sqlite3", "pandoc", "imagemagick", "jq", "make", "dig", "git",
	"yarn", "go", "java", "python", "pandas", "ping", "telnet", "nc", "ssh", "scp", "rsync")

// execLanguages qualify a program noun ("a small Node.js program").
var execLanguages = set("python", "node.js", "node", "javascript", "typescript", "ruby", "perl", "php", "bash", "shell",
	"powershell", "pandas", "r")

var programNouns = set("program", "programs", "script", "scripts", "snippet", "snippets", "code", "one-liner", "one-liners")

var passiveVerbs = set("executed", "run", "written", "generated", "compiled")

var auxiliaries = set("be", "is", "are", "was", "were", "gets", "get", "been")

// innocentAfter / innocentBefore: "code scanning", "loyalty program".
var innocentAfter = set("scanning", "review", "reviews", "quality", "search", "owner", "owners", "changes", "coverage",
	"of", "style", "smell", "smells", "freeze", "name", "names", "language", "languages", "manager", "managers", "guide",
	"schedule", "director", "office", "column", "columns", "field", "fields", "history")

var innocentBefore = set("source", "status", "error", "exit", "country", "zip", "postal", "promo", "discount", "http",
	"response", "access", "verification", "auth", "authorization", "qr", "bar", "iso", "currency", "area", "loyalty",
	"tv", "grant", "partner", "affiliate", "training", "reward", "rewards", "sponsor", "sponsors", "beta", "pilot",
	"research", "degree", "exchange", "video", "movie", "film", "dress", "promotion", "language:python", "otp", "2fa",
	"mfa", "invite", "invitation", "coupon", "voucher", "gift", "confirmation", "reset", "pairing", "device", "tax", "hs",
	"product", "sku", "airport", "postcode", "tracking", "shipping", "error_code", "zip_code")

// execMentions finds the exec vocabulary: strong phrases, a writing or
// running verb with a program noun within four words of the same
// sentence, or the passive ("commands can be executed").
func execMentions(text string, ts []token) []mention {
	var out []mention
	add := func(a, b int) {
		if a == b && (ts[a].address || enumerated(text, ts[a])) {
			return // "r/powershell", "shell (bash, PowerShell)": a name, a value listed
		}
		if pastDeed(ts, a) || describedDeed(ts, a) || thirdPersonDeed(ts, a) {
			return // "the analysts ran Python notebooks over it": what someone did
		}
		if negated(ts, a) {
			return // "Avoid bash heredoc syntax": a deed denied
		}
		out = append(out, mention{kind: KindExec, signal: joinLower(ts, a, b), start: ts[a].start, end: ts[b].end, authoring: authoringVerbs[ts[a].lower]})
	}
	out = append(out, commandSpans(text, ts)...)
	out = append(out, codeMeansMentions(ts)...)
	out = append(out, codeMeansRecommended(ts)...)
	out = append(out, evalFlagMentions(text, ts)...)
	out = append(out, softCodeMentions(text, ts)...)
	out = append(out, namedCodeMentions(ts)...)
	for _, sp := range codeNameSpans(ts) {
		n := len(out)
		add(sp.a, sp.b)
		if len(out) > n {
			out[n].codeName = sp.name
		}
	}
	for i := range ts {
		if ts[i].lower == "bash" && partyBash(ts, i) {
			continue
		}
		// a quoted name is a value ("pip" among package ecosystems)
		if cliTools[ts[i].lower] && !ts[i].markup && !ts[i].quoted {
			add(i, i)
		}
		// a hyphenated word counts by its parts ("Jupyter-style")
		if strings.Contains(ts[i].lower, "-") {
			for _, part := range strings.Split(ts[i].lower, "-") {
				if len(part) > 2 && execStrongWords[part] {
					add(i, i)
				}
			}
		}
		adj := adjectival(ts, i)
		for _, p := range execStrong {
			if matchWords(ts, i, p) && !execInnocent(ts, i, i+len(p)-1) && !adj && !(len(p) > 1 && lookedAt(ts, i)) {
				add(i, i+len(p)-1)
			}
		}
		if execLanguages[ts[i].lower] && i+1 < len(ts) && !ts[i+1].sentence && programNouns[ts[i+1].lower] && !execInnocent(ts, i+1, i+1) && !lookedAt(ts, i) {
			add(i, i+1)
		}
		if adj && execVerbs[ts[i].lower] {
			continue // "the running containers": a state, not an act
		}
		if execVerbs[ts[i].lower] && i+1 < len(ts) && !ts[i+1].sentence && cliPrograms[ts[i+1].lower] {
			add(i, i+1)
		}
		// "with curl", "into pandas", "using git apply": a program used
		if programPrepositions[ts[i].lower] && i+1 < len(ts) && !ts[i+1].sentence && (cliPrograms[ts[i+1].lower] || cliTools[ts[i+1].lower]) && !ts[i+1].quoted && !(i+2 < len(ts) && notTools[ts[i+2].lower]) {
			add(i, i+1)
		}
		// "Use curl to fetch it": a program put to use
		if ts[i].lower == "use" && i+1 < len(ts) && !ts[i+1].sentence && (cliPrograms[ts[i+1].lower] || cliTools[ts[i+1].lower]) && !ts[i+1].quoted && !(i+2 < len(ts) && notTools[ts[i+2].lower]) {
			add(i, i+1)
		}
		if execVerbs[ts[i].lower] {
			for j := i + 1; j < len(ts) && j <= i+5 && !ts[j].sentence; j++ {
				if execNouns[ts[j].lower] && !execInnocent(ts, j, j) {
					add(i, j)
					break
				}
			}
		}
		if execNouns[ts[i].lower] && !execInnocent(ts, i, i) {
			for j := i + 1; j < len(ts) && j <= i+4 && !ts[j].sentence; j++ {
				if passiveVerbs[ts[j].lower] && auxiliaries[ts[j-1].lower] {
					add(i, j)
					break
				}
			}
		}
	}
	return out
}

// execInnocent reports a program noun used innocently ("code scanning",
// "loyalty program", "source code", "a one-time code").
func execInnocent(ts []token, a, b int) bool {
	if a == b && ts[a].lower == "code" && a > 0 && !ts[a].sentence && (ts[a-1].lower == "a" || ts[a-1].lower == "an" || strings.Contains(ts[a-1].lower, "-")) {
		return true // "a code", "a one-time code": an identifier, not a program
	}
	if b+1 < len(ts) && !ts[b+1].sentence && innocentAfter[ts[b+1].lower] {
		return true
	}
	if ts[b].lower == "terminal" && b+1 < len(ts) && !ts[b+1].sentence && (numeral(ts[b+1].lower) || len(ts[b+1].text) == 1) {
		return true // "terminal 1", "Terminal B": a place
	}
	return a > 0 && !ts[a].sentence && innocentBefore[ts[a-1].lower]
}

func joinLower(ts []token, a, b int) string {
	ws := make([]string, 0, b-a+1)
	for k := a; k <= b; k++ {
		ws = append(ws, ts[k].lower)
	}
	return strings.Join(ws, " ")
}

// adjectival reports a participle used as an adjective: an -ing form right
// after a determiner ("the running Docker containers", "all running
// programs"), which describes a state rather than running anything.
func adjectival(ts []token, i int) bool {
	return strings.HasSuffix(ts[i].lower, "ing") && i > 0 && !ts[i].sentence && adjectiveDeterminers[ts[i-1].lower]
}

var adjectiveDeterminers = set("the", "a", "an", "all", "any", "every", "each", "its", "their", "your", "our", "these",
	"those", "this", "that", "currently", "still", "already", "no")

// partyBash: "bash" as a noun of its own sense ("the year-end bash", "a
// birthday bash"): after a determiner or a modifier, not after a verb or
// preposition, and followed by no program word ("a bash script").
func partyBash(ts []token, i int) bool {
	if i == 0 || ts[i].sentence || execVerbs[ts[i-1].lower] || servicePrepositions[ts[i-1].lower] || ts[i-1].lower == "using" || ts[i-1].lower == "from" {
		return false
	}
	if i+1 < len(ts) && !ts[i+1].sentence && (execNouns[ts[i+1].lower] || programNouns[ts[i+1].lower] || bashWords[ts[i+1].lower]) {
		return false
	}
	return true
}

// bashWords follow "bash" the shell.
var bashWords = set("prompt", "session", "syntax", "alias", "function", "functions", "history", "profile", "completion", "loop", "variable", "variables", "builtin", "one-liner", "one-liners", "pipeline")

// programPrepositions put a program to use: "with curl", "into pandas".
var programPrepositions = set("with", "using", "via", "into", "through")

// lookedAt: the phrase at i is what a tool lists or returns ("Lists the
// shell scripts kept in …"), not something to run.
func lookedAt(ts []token, i int) bool {
	if i < 2 || ts[i].sentence {
		return false
	}
	// a determiner or up to two modifiers between ("Find unused
	// JavaScript code", "Lists the stale shell scripts"), none of them a
	// deed of its own nor a joint
	for k := i - 1; k >= 0 && k >= i-3; k-- {
		if lookVerbs[ts[k].lower] {
			return k < i-1
		}
		w := ts[k].lower
		if ts[k].sentence || ts[k].clause || execVerbs[w] || authoringVerbs[w] || joints[w] {
			return false
		}
	}
	return false
}

// joints join two deeds or clauses: a look verb before one stays apart
// from the phrase after it ("find it and run the Python code").
var joints = set("and", "or", "then", "to", "it", "them", "this", "that", "you", "we")

// lookVerbs list, return or show things.
var lookVerbs = set("list", "lists", "return", "returns", "show", "shows", "find", "finds", "get", "gets", "read",
	"reads", "count", "counts", "describe", "describes", "store", "stores", "fetch", "fetches", "retrieve", "retrieves",
	"contain", "contains", "include", "includes", "search", "searches", "archive", "archives", "including", "listing")

// enumerated reports whether word t stands in a parenthesized list of
// values ("shell (bash, PowerShell)", "OS (Debian, Windows Server)"): what
// a tool lists or accepts, not a program put to use.
func enumerated(text string, t token) bool {
	open := strings.LastIndexAny(text[:t.start], "()\n")
	if open < 0 || text[open] != '(' {
		return false
	}
	end := strings.IndexAny(text[t.end:], "()\n")
	if end < 0 || text[t.end+end] != ')' {
		return false
	}
	inside := text[open+1 : t.end+end]
	if !strings.Contains(inside, ",") && !strings.Contains(inside, " or ") {
		return false
	}
	for _, w := range strings.Fields(strings.ToLower(inside)) {
		w = strings.Trim(w, ",.;:'\"`")
		if execVerbs[w] || w == "use" || w == "using" || w == "with" {
			return false // "(run it with bash, or zsh)"
		}
	}
	return len(strings.Fields(inside)) <= 8
}
