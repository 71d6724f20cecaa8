package fidelity

import (
	"sync"
	"sync/atomic"

	"github.com/agentforge/console/catalog"
)

// lexMemo memoizes one of the lexicon's answers per word: stemming a word
// costs more than the rest of its reading, and a catalog repeats its
// words. Bounded: past maxLexMemo words it starts over.
type lexMemo struct {
	m sync.Map // word → bool
	n atomic.Int64
	f func(string) bool
}

const maxLexMemo = 100000

func (l *lexMemo) ask(w string) bool {
	if v, ok := l.m.Load(w); ok {
		return v.(bool)
	}
	v := l.f(w)
	if l.n.Add(1) > maxLexMemo {
		l.m.Clear()
		l.n.Store(0)
	}
	l.m.Store(w, v)
	return v
}

var (
	verbMemo     = &lexMemo{f: catalog.IsVerb}
	nounMemo     = &lexMemo{f: catalog.IsNoun}
	baseVerbMemo = &lexMemo{f: baseVerbOf}
)

// isVerb is catalog.IsVerb, memoized.
func isVerb(w string) bool { return verbMemo.ask(w) }

// isNoun is catalog.IsNoun, memoized.
func isNoun(w string) bool { return nounMemo.ask(w) }
