package catalog

import (
	"iter"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// sharedWords is, per service (namespace) of the docs, the terms from
// the front of the names that every one of its tools shares
// ("TwilioConversationsV1--CreateConversation", "llama_list_models"):
// like a namespace prefix they name the service, not what a tool does,
// yet they dilute every name (see nameCoverWeight). A service of one
// tool shares its whole name: it keeps it. The words are the service's
// tool set's, so an index reads them over its own tools (see
// Universe.Roster).
func sharedWords(docs iter.Seq[*searchDoc]) map[string][]string {
	type run struct {
		words []string
		tools int
	}
	runs := map[string]*run{}
	for d := range docs {
		ns := d.tool.namespace
		if ns == "" {
			continue
		}
		r := runs[ns]
		if r == nil {
			runs[ns] = &run{d.name, 1}
			continue
		}
		r.tools++
		k := 0
		for k < len(r.words) && k < len(d.name) && r.words[k] == d.name[k] {
			k++
		}
		r.words = r.words[:k]
	}
	out := make(map[string][]string, len(runs))
	for ns, r := range runs {
		if r.tools == 1 {
			r.words = nil
		}
		// an action verb says what the tools do, even when all say it
		// ("currents-get-runs"): the run stops before it
		if i := slices.IndexFunc(r.words, func(w string) bool { return actionVerbs[w] }); i >= 0 {
			r.words = r.words[:i]
		}
		out[ns] = r.words
	}
	return out
}

// withoutShared is the doc with its service's shared words (see
// sharedWords) moved from its name to its namespace, as a namespace
// prefix is, or the doc itself when it has none or its name is no more
// than them. TestStagedTune, recall@5 / top-1 / misleading top-1 of the
// tuning pool (7657 / 6775 / 2441): 6536/4351/1399 → 6538/4352/1400, the
// held-out third unchanged (1135/743/240); the set of the Conversations
// server recall@5 43 → 45 of 70. Dropped rather than moved: 6537/4351/
// 1400; also naming the service (namedServiceBoost): 6538/4354/1398.
// With a shared action verb in the run, a service whose tools all start
// with "get" fell below plain BM25 (TestNoServiceBelowPlainBM25).
func withoutShared(d *searchDoc, shared map[string][]string) *searchDoc {
	ws := shared[d.tool.namespace]
	if len(ws) == 0 || len(d.name) <= len(ws) {
		return d
	}
	c := *d
	c.setName(len(ws))
	c.fields[fieldNamespace] = append(slices.Clone(d.fields[fieldNamespace]), ws...)
	return &c
}

// serviceWordShare is the least share of a service's tools that use a
// word for it to name the service; the share of the other tools that use
// it must be under serviceWordRarity of that.
var serviceWordShare, serviceWordRarity = 0.5, 0.25

// serviceWords is, per term, the services (lower-cased namespaces; the
// built-in tools are the service "") it names: a proper noun (see
// properNouns) most of a service's tools use in their names, titles or
// descriptions ("Drive" in a Drive service's, "Conversations" in a
// Conversations API's) and few others do names the service as its
// namespace does (see named), and fits the service's tools
// (fitServiceWeight). A service needs three tools for that. The docs are
// read twice. Both uses, TestStagedTune, recall@5 / top-1 / misleading
// top-1 of the tuning pool (blind7–18's tuned part and blind19–31):
// 6303/4213/1337 → 6311/4216/1340 of 7353/6513/2332, built-in share of
// the filled top-5 slots 0.255 → 0.251 (blind31: 299/209/62 → 301/210/64,
// share 0.285 → 0.268); the held-out third 1109/723/235 → 1110/723/235
// of 1330/1178/429, share 0.215 → 0.214, its sets more than 10 points
// over their expected share 10 → 9 of 19; the project's own sets and
// held-out third unchanged. Every word a service's tools share (not only
// proper nouns) named "use", "get", "set" for services whose parameters
// or descriptions repeat them. A sentence that opens most of a service's
// descriptions moved to the namespace, as the shared name words are
// (withoutShared), measured nothing on the held-out third and +1 task of
// recall@5 on the pool: not kept.
func serviceWords(docs iter.Seq[*searchDoc]) map[string][]string {
	type word struct {
		// last is the last doc that used the word, +1; all how many did
		last, all int
		// in is, per service, how many of its tools use the word, and
		// proper how many more of their descriptions write it as a
		// proper noun than in lower case
		in, proper map[string]int
	}
	words := map[string]*word{}
	for d := range docs {
		for _, t := range d.capital {
			if words[t] == nil {
				words[t] = &word{in: map[string]int{}, proper: map[string]int{}}
			}
		}
	}
	if len(words) == 0 {
		return nil
	}
	sizes, n := map[string]int{}, 0
	for d := range docs {
		n++
		ns := strings.ToLower(d.tool.namespace)
		sizes[ns]++
		for _, f := range [...]field{fieldPurpose, fieldName, fieldTitle} {
			for _, t := range d.fields[f] {
				w := words[t]
				if w == nil || w.last == n {
					continue
				}
				w.last = n
				w.all++
				w.in[ns]++
				// the description's words vote (they are read first)
				switch {
				case f != fieldPurpose:
				case slices.Contains(d.capital, t):
					w.proper[ns]++
				default:
					w.proper[ns]--
				}
			}
		}
	}
	var out map[string][]string
	for t, w := range words {
		for ns, df := range w.in {
			size := sizes[ns]
			if size < 3 || size == n {
				continue
			}
			in, other := float64(df)/float64(size), float64(w.all-df)/float64(n-size)
			if in >= serviceWordShare && other < serviceWordRarity*in && w.proper[ns] > 0 {
				if out == nil {
					out = map[string][]string{}
				}
				out[t] = append(out[t], ns)
			}
		}
	}
	return out
}

// properNouns are the terms of the words a text capitalises inside a
// sentence ("on Google Drive", "Twilio - Conversations"): a service's
// name is a proper noun, an everyday word ("use", "get") is not. A line,
// a bullet, and a word after a sentence's end or a colon start a
// sentence.
func properNouns(text string, st stemmer) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		start := true
		for i, w := range strings.Fields(line) {
			r, size := utf8.DecodeRuneInString(w)
			if r2, _ := utf8.DecodeRuneInString(w[size:]); !start && unicode.IsUpper(r) && unicode.IsLower(r2) {
				for _, t := range st.terms(w) {
					if !slices.Contains(out, t) {
						out = append(out, t)
					}
				}
			}
			start = strings.IndexByte(".!?:", w[len(w)-1]) >= 0 || i == 0 && !unicode.IsLetter(r) && !unicode.IsDigit(r)
		}
	}
	return out
}
