package upstream

import (
	"maps"
	"slices"
)

// same reports whether o is s, field by field (secrets included): the
// pool's test for a spec of its client before it makes the spec's key.
// TestSpecSameComparesEveryField fails when a field is left out here.
func (s Spec) same(o Spec) bool {
	return s.Name == o.Name && slices.Equal(s.Command, o.Command) && maps.Equal(s.Env, o.Env) && maps.Equal(s.PlainEnv, o.PlainEnv) &&
		s.URL == o.URL && maps.Equal(s.Headers, o.Headers) && s.Dir == o.Dir && s.Timeout == o.Timeout && s.MaxBackoff == o.MaxBackoff &&
		s.StderrLines == o.StderrLines
}

// clone is s with its own copies of its slice and maps.
func (s Spec) clone() Spec {
	s.Command = slices.Clone(s.Command)
	s.Env, s.PlainEnv, s.Headers = maps.Clone(s.Env), maps.Clone(s.PlainEnv), maps.Clone(s.Headers)
	return s
}
