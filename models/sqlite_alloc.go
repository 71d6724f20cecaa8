package models

import (
	"sync"

	"modernc.org/libc"
)

// keepSQLiteSizeClasses keeps one block of each of the pure-Go SQLite's
// small size classes allocated for the life of the process. Its allocator
// (modernc.org/memory) serves a class from 1 MiB pages it maps with mmap
// and unmaps as soon as the last block of a page is freed; a transaction's
// transient buffers (a statement journal's 64 KiB chunk for each DDL
// statement, parser and VDBE scratch) emptied a page at the end of nearly
// every statement, so each statement mapped, faulted in and unmapped a
// fresh 1 MiB page: about a third of a first start's CPU on an empty
// SQLite file. With one block kept, a class's page stays mapped and its
// freed blocks are reused. The cost: 15 mappings of 1 MiB reserved, of
// which a page header each is touched.
var keepSQLiteSizeClasses = sync.OnceFunc(func() {
	t := libc.NewTLS()
	defer t.Close()
	// classes 2^4 … 2^18 bytes: every block above 2^18 has a mapping of
	// its own whatever is kept
	for log := 4; log <= 18; log++ {
		libc.Xmalloc(t, 1<<log) // never freed
	}
})
