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
// which the race detector empties at random (a repeated tools/list: 134
// plain, 193 with -race; on Postgres 79 and 82). Under -race the SQLite
// bound is then looser than the 188 allocations a list made before its
// cuts; the plain build's bound is the one that catches their return.
const raceSQLiteAllocSlack = 64
