package catalog

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"sync"
)

// Unit is a piece of rendered text with its content key (sha256 hex). It is
// the unit of token counting: it starts with a non-whitespace character and
// ends with its newline separator.
type Unit struct {
	Text string
	Key  string
}

// NewUnit wraps text with its content key.
func NewUnit(text string) Unit {
	sum := sha256.Sum256([]byte(text))
	return Unit{Text: text, Key: hex.EncodeToString(sum[:])}
}

// Entry is one validated contract with its digest and both rendered forms,
// computed once when the catalog is built.
type Entry struct {
	contract Contract
	digest   string
	// ns is the contract's namespace, kept apart: the composer asks for it
	// (and for the class and code-only flag) per entry and composition,
	// where copying the whole contract showed in profiles.
	ns      string
	full    Unit
	compact Unit

	searchOnce sync.Once
	search     searchDoc
	// fitWords are the entry's words a Fit reads, read on first use
	fitOnce  sync.Once
	fitWords []string

	// marked are both forms with the approval mark, rendered on first use
	markedOnce    sync.Once
	markedFull    Unit
	markedCompact Unit
}

// searchDoc returns the entry's search terms, computed on first use.
func (e *Entry) searchDoc() searchDoc {
	e.searchOnce.Do(func() { e.search = makeSearchDoc(e.contract, nil) })
	return e.search
}

// Contract returns the entry's contract. Callers must not modify its slices.
func (e *Entry) Contract() Contract { return e.contract }

// ID is the tool id.
func (e *Entry) ID() string { return e.contract.ID }

// Namespace is the contract's Namespace: the named service the tool
// belongs to, or "" for a native tool.
func (e *Entry) Namespace() string { return e.ns }

// Class is the contract's class.
func (e *Entry) Class() Class { return e.contract.Class }

// CodeOnly reports whether the tool is a code-only helper.
func (e *Entry) CodeOnly() bool { return e.contract.CodeOnly }

// Digest is sha256 of the contract's canonical JSON.
func (e *Entry) Digest() string { return e.digest }

// Full is the banner-form rendering with prose examples.
func (e *Entry) Full() Unit { return e.full }

// Compact is the dense rendering without prose examples.
func (e *Entry) Compact() Unit { return e.compact }

// RenderMarked is Render with the approval mark: the entry as taught to a
// subject who may call the tool only with a person's approval. Both forms
// are rendered once per entry, on first use.
func (e *Entry) RenderMarked(form string) Unit {
	e.markedOnce.Do(func() {
		e.markedFull = NewUnit(renderFull(e.contract, true))
		e.markedCompact = NewUnit(renderCompact(e.contract, true))
	})
	if form == FormCompact {
		return e.markedCompact
	}
	return e.markedFull
}

// Render returns the entry in the given form ("compact" or anything else for
// full).
func (e *Entry) Render(form string) Unit {
	if form == FormCompact {
		return e.compact
	}
	return e.full
}

// Catalog forms.
const (
	FormFull    = "full"
	FormCompact = "compact"
)

// Catalog is an immutable, validated, ordered set of contracts.
type Catalog struct {
	entries []*Entry
	byID    map[string]*Entry
}

// New validates the contracts and builds a catalog; on any problem it
// returns Problems listing all of them and no catalog.
func New(cs []Contract) (*Catalog, error) {
	if ps := Validate(cs); len(ps) > 0 {
		return nil, ps
	}
	c := &Catalog{byID: make(map[string]*Entry, len(cs))}
	for _, k := range cs {
		e := &Entry{contract: k, digest: Digest(k), ns: k.Namespace()}
		e.full = NewUnit(RenderFull(k))
		e.compact = NewUnit(RenderCompact(k))
		c.entries = append(c.entries, e)
		c.byID[k.ID] = e
	}
	return c, nil
}

// Digest is sha256 hex of the contract's canonical JSON encoding.
func Digest(c Contract) string {
	sum := sha256.Sum256(CanonicalJSON(c))
	return hex.EncodeToString(sum[:])
}

// CanonicalJSON encodes the contract deterministically: fixed field order,
// sorted map keys, no HTML escaping.
func CanonicalJSON(c Contract) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(c) // a validated contract always encodes
	return bytes.TrimRight(buf.Bytes(), "\n")
}

// Len is the number of tools.
func (c *Catalog) Len() int { return len(c.entries) }

// Entries lists every entry in catalog order. The slice is a copy.
func (c *Catalog) Entries() []*Entry { return append([]*Entry(nil), c.entries...) }

// Get finds an entry by id.
func (c *Catalog) Get(id string) (*Entry, bool) {
	e, ok := c.byID[id]
	return e, ok
}

// Contracts lists every contract in catalog order.
func (c *Catalog) Contracts() []Contract {
	out := make([]Contract, len(c.entries))
	for i, e := range c.entries {
		out[i] = e.contract
	}
	return out
}

// Namespaces lists the distinct service namespaces in catalog order.
func (c *Catalog) Namespaces() []string {
	seen := map[string]bool{}
	var out []string
	for _, e := range c.entries {
		if ns := e.contract.Namespace(); ns != "" && !seen[ns] {
			seen[ns] = true
			out = append(out, ns)
		}
	}
	return out
}
