package catalog

import "strings"

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
