package catalog

import (
	"slices"
	"strings"
)

// refKind is a set of the kinds of thing a reference names that a tool's
// required parameters can ask for: a web address, a repository, a chat
// channel, a path in a file system.
type refKind uint8

const (
	kindURL refKind = 1 << iota
	kindRepository
	kindChannel
	kindPath
)

// paramKinds maps the words of a parameter's name to the kind of
// reference the parameter takes.
var paramKinds = map[string]refKind{
	"url": kindURL, "uri": kindURL, "link": kindURL, "href": kindURL,
	"repo": kindRepository, "repositori": kindRepository, "owner": kindRepository,
	"channel": kindChannel,
	"path":    kindPath, "file": kindPath, "filenam": kindPath, "directori": kindPath, "dir": kindPath, "folder": kindPath,
}

// takes is the kinds of reference a tool's top-level parameters take,
// read from their names ("url", "repo", "channel_id", "path") and a URI
// format.
func takes(ps []Param, st stemmer) refKind {
	var k refKind
	for _, p := range ps {
		if f := strings.ToLower(p.Format); f == "uri" || f == "url" {
			k |= kindURL
		}
		for _, w := range st.terms(p.Name) {
			k |= paramKinds[w]
		}
	}
	return k
}

// given is the kinds of reference the task's terms name (see qterm.kind),
// outside prohibitions and content.
func given(qs []qterm) refKind {
	var k refKind
	for _, q := range qs {
		if !q.kind || q.negated || q.content && !q.marker {
			continue
		}
		switch q.stem {
		case "url":
			k |= kindURL
		case "repositori":
			k |= kindRepository
		case "channel":
			k |= kindChannel
		case "code":
		default: // a file, its type, a folder
			k |= kindPath
		}
	}
	return k
}

// kinds are the words, with their thesaurus relatives, that say what kind
// of thing the task's references name (see qterm.kind), those some tool
// of the index uses; outside prohibitions and content.
func (ix *Index) kinds(qs []qterm) []string {
	var out []string
	for _, q := range qs {
		if !q.kind || q.negated || q.content && !q.marker {
			continue
		}
		for _, w := range append([]string{q.stem}, related[q.stem]...) {
			if ix.df(w) > 0 && !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	return out
}

// markUsers sets used[d] for every tool d that uses any of the words
// (to false with set false: undoing it).
func (ix *Index) markUsers(words []string, used []bool, set bool) []bool {
	for _, w := range words {
		for _, p := range ix.postings[w] {
			used[p.doc] = set
		}
	}
	return used
}
