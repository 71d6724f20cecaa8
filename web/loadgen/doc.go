// Package loadgen is the console's load generator, written once for
// `console loadtest` (cmd/console) and the web package's load runs: an
// open loop (Open: requests due at a steady rate whatever the answers
// do, each charged from its due time), a closed loop (Closed: each worker
// sends as soon as its answer arrives), the client of one MCP session
// over streamable HTTP they drive (Session: plain JSON-RPC POSTs, each
// answer read whole and checked), and the figures they print (Ms,
// FailureLog). Every run and every request carries a context.Context: a
// signal that cancels it ends the run (nothing more is sent) and the
// requests in flight.
//
// It does what a load generator does and no more — offer the requests,
// check the answers, time them — so its CPU is not taken from the
// console it measures. It imports nothing of the console.
package loadgen
