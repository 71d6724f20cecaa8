// Package toolpick decides what a tool picker offers and what is wrong
// with a list of tool ids a person typed: every unknown id (with the
// closest known id as a "did you mean" suggestion, by Levenshtein edit
// distance over the catalog's ids) and every duplicate, all at once, in
// the order they were typed. It does no I/O: the forms for declared
// tools, profile tools, pins and grants call it with the ids they know.
package toolpick
