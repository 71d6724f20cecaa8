// Package fidelity is the leak check: does a text teach a tool or a
// capability that the roster it is composed for lacks, and would a careful
// reader call the hit real?
//
// It looks for four kinds of teaching (docs/leak-check.md):
//
//   - known tools: the ids, bare service names, declared signals and
//     titles of the available (reviewed) tools, when the tool is not in the
//     roster; a bare word (a one-word id or title such as "Read") counts
//     only where the text uses it as a tool ("the Read tool", "call read");
//     a whole namespaced id ("acme.ship") counts anywhere; a snake_case
//     name spelt otherwise counts where it reads as that name: hyphenated
//     where used as a tool ("invoke purge-order"), in a program's casing
//     ("PurgeOrder", "purgeOrder"), as words where used as a tool ("the
//     purge order tool");
//   - unknown tools: call-shaped mentions of identifiers no tool of the
//     roster owns ("call zeta first", "use foo_bar(...)", "the geocode
//     tool", tool="x"), less the roster's own parameter names and enum
//     values;
//   - code execution: the exec vocabulary (writing or running programs,
//     scripts, Python, shell commands, interpreters, code execution) when
//     exec is not in the roster, not innocent nouns ("loyalty program",
//     "code scanning", "language:python");
//   - capabilities: an instruction to the agent ("email it to the
//     customer", "then restore it to the staging database", "pipe it into
//     your formatter") whose action and object map, through a general
//     class table, to a capability class no roster tool provides.
//
// The check is pure: no database, no clock. Mentions are found once per
// text unit and memoized; the roster only filters them.
package fidelity
