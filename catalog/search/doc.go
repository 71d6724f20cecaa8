// Package search ranks a roster's tools for a task written in everyday
// words, in a few stages that know no catalog, service or tool:
//
//  1. Lexical: field-aware BM25 (BM25F) over each tool's name, title,
//     description and parameters, the task's words stemmed.
//  2. Meaning: the same index scored with the words the WordNet lexicon
//     relates to the task's words (synonyms of frequent senses, direct
//     hypernyms, derivations), so a task's word no tool uses still
//     reaches the tools that use its relatives.
//  3. Fusion by reciprocal rank: a tool the lexical stage finds keeps its
//     place in contention whatever the meaning stage says.
//
// A search may answer "nothing fits": Fits reports whether the best hit
// shares enough of the task's word weight (see Index.Threshold).
package search
