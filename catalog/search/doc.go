// Package search ranks a roster's tools for a task written in everyday
// words, in a few stages that know no catalog, service or tool, each kept
// for what it adds on case sets nobody tuned on (the blind7 and blind8
// sets, catalog/testdata):
//
//  1. Lexical: field-aware BM25 (BM25F) over each tool's name, title and
//     reviewed hints, description, parameter names and texts, and
//     service, the task's words stemmed; words said only inside quotes or
//     values (ids, keys, file names) weigh less.
//  2. Service: a task that names a service (its namespace, or the first
//     four or more letters of it) lifts that service's tools, fused by
//     reciprocal rank as one more first place, so a lexical match is
//     never pushed out.
//
// A meaning stage (the WordNet lexicon's relatives of the task's words)
// and term associations learned from published tool descriptions were
// measured and removed: neither paid on the blind sets.
//
// A search may answer "nothing fits": Fits reports whether the best hit
// shares enough of the task's word weight (see Index.Threshold).
package search
