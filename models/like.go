package models

import "strings"

// likeEscape is a LIKE clause's escape character, used with likeLiteral:
// `... LIKE ? ESCAPE '\'` (the same on SQLite and Postgres).
const likeEscape = ` ESCAPE '\'`

// likeLiteral escapes s so that a LIKE pattern matches it literally: its
// "%" and "_" are the characters themselves, not wildcards.
func likeLiteral(s string) string { return likeEscaper.Replace(s) }

var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
