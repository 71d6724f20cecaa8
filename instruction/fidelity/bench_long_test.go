package fidelity_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/fidelity"
)

// BenchmarkCheckLongSentence checks one text that never ends its
// sentence, full of snake_case names and motion verbs under a duty: each
// look around a word walks a bounded reach, so 64 KB costs about four
// times 16 KB, not sixteen:
//
//	go test ./instruction/fidelity -run XXX -bench LongSentence
func BenchmarkCheckLongSentence(b *testing.B) {
	for _, size := range []int{16 << 10, 64 << 10} {
		b.Run(strconv.Itoa(size>>10)+"KB", func(b *testing.B) {
			unit := "and the record_copy should go off to the tenant_desk while this tool itself sends nothing "
			text := "Returns records " + strings.Repeat(unit, size/len(unit))
			self := catalog.Contract{ID: "acme.records", Purpose: text}
			ch := fidelity.New([]catalog.Contract{self})
			scope := fidelity.NewScope([]catalog.Contract{self})
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				ch.Check(text, scope)
			}
		})
	}
}
