package runtime

import (
	"strconv"

	"github.com/agentforge/console/instruction"
)

// appendPinned appends p as json.Marshal writes it: every answer pins its
// roster's tools, a dozen or so.
func appendPinned(b []byte, p Pinned) []byte {
	b = append(b, `{"tools":`...)
	if p.Tools == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, t := range p.Tools {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"id":`...)
			b = appendJSONString(b, t.ID)
			b = append(b, `,"version":`...)
			b = appendJSONString(b, t.Version)
			b = append(b, `,"digest":`...)
			b = appendJSONString(b, t.Digest)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = append(b, `,"skills":`...)
	if p.Skills == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, s := range p.Skills {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"slug":`...)
			b = appendJSONString(b, s.Slug)
			b = append(b, `,"version":`...)
			b = strconv.AppendInt(b, int64(s.Version), 10)
			b = append(b, `,"digest":`...)
			b = appendJSONString(b, s.Digest)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

// appendDropped appends ds as json.Marshal writes it: an agent's request
// for some of its tools drops the others, each with its set and reason.
func appendDropped(b []byte, ds []instruction.Dropped) []byte {
	if ds == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, d := range ds {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"id":`...)
		b = appendJSONString(b, d.ID)
		b = append(b, `,"set":`...)
		b = appendJSONString(b, d.Set)
		b = append(b, `,"reason":`...)
		b = appendJSONString(b, d.Reason)
		b = append(b, '}')
	}
	return append(b, ']')
}

// appendEmpty appends an empty list as json.Marshal writes it: null when
// the slice is nil.
func appendEmpty(b []byte, isNil bool) []byte {
	if isNil {
		return append(b, "null"...)
	}
	return append(b, "[]"...)
}
