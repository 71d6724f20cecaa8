//go:build race

package web

// raceAllocSlack widens a per-request allocation bound under the race
// detector, whose instrumentation allocates a few times more per request
// (a health check: 27 plain, 30–32 with -race). The bound that counts is
// the plain build's; the race build still catches a chain rebuilt per
// request (40 plain).
const raceAllocSlack = 4

// raceSQLiteAllocSlack widens a bound on a request that runs SQLite
// statements: the driver keeps its per-statement buffers in sync.Pools,
// which the race detector empties at random, so the count under -race is
// a random figure above the plain one (a repeated tools/list: 134 plain;
// 193, 196 and, on a loaded CI machine, 212 with -race; on Postgres 74
// and 77). The slack covers every pooled buffer lost at once; the plain
// build's bound is the one that catches the list's cuts coming back.
const raceSQLiteAllocSlack = 100
