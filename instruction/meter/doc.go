// Package meter counts the tokens of compositions exactly. Token counts are
// additive over units (blocks and catalog entries), so a section's count is
// the sum of its units' counts and a lever's delta costs only the units that
// change. Counts are memoized by (encoding, content hash) in a bounded
// cache. The BPE ranks are embedded: counting never touches the network.
// They are held in pointer-free tables (rankTable) and counted as
// tiktoken-go counts them (bpe), which the tests hold every count to.
package meter
