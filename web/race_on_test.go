//go:build race

package web

// raceAllocSlack widens a per-request allocation bound under the race
// detector, whose instrumentation allocates a few times more per request
// (a health check: 27 plain, 30–32 with -race). The bound that counts is
// the plain build's; the race build still catches a chain rebuilt per
// request (40 plain).
const raceAllocSlack = 4
