// Package runtime is what the CLI and the HTTP layer share to serve a
// composition: it reads agents, profiles, skills and the catalog through
// the narrow Store interface it defines, builds the draft through the one
// effective-roster function (instruction.Resolve) and projects it with the
// meter. The forge, `console compose` and POST /api/v1/compose all go
// through it, so the preview is the runtime (the principles, principle 6).
//
// It decides nothing itself: the decisions live in the pure packages
// (instruction, catalog); this package only loads their inputs in one place.
package runtime
