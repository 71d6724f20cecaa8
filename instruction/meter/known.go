package meter

import (
	_ "embed"
	"strconv"
	"strings"
	"sync"
)

// knownO200k holds the o200k_base counts of the units a first start's demo
// seeding counts, keyed by content hash ("key\tcount" lines). With them a
// fresh database is seeded without waiting for the tokenizer's ranks to
// load (hundreds of milliseconds of a cold start). The file is generated
// and every line verified against the tokenizer by
// TestKnownCountsMatchTheTokenizer (refresh with -update); a unit it does
// not hold is simply counted.
//
//go:embed known_o200k.tsv
var knownO200k string

var known = sync.OnceValue(func() map[string]int {
	m := map[string]int{}
	for _, line := range strings.Split(knownO200k, "\n") {
		k, v, ok := strings.Cut(line, "\t")
		if !ok {
			continue
		}
		if n, err := strconv.Atoi(v); err == nil {
			m[k] = n
		}
	}
	return m
})

// knownCount is a unit's count from the embedded table, if it has one.
func knownCount(enc, key string) (int, bool) {
	if enc != O200k {
		return 0, false
	}
	n, ok := known()[key]
	return n, ok
}
