// Package textmerge merges two edits of one text line by line (a 3-way
// merge, as diff3 and git do): the changes each side made to the common
// base are applied together, and where both sides changed the same or
// touching lines differently the region is a conflict that shows both.
//
// It finds each side's changes with the Myers line diff of
// github.com/sergi/go-diff (the library the console's diffs use), so a
// merge and the diff a reviewer reads agree on what changed. It does no
// I/O and decides nothing about proposals: the skill workflow calls it to
// rebase a proposal on a newer production version.
package textmerge
