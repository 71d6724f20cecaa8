// Package credentialtest holds the table of names every path that asks
// "does this name hold a secret?" must answer alike: a connection URL's
// query parameter and path segment, a command's flag, the console's
// environment variables, an argument shown for approval, NAME=VALUE in
// free text.
package credentialtest

// Name is one name and whether it holds a secret.
type Name struct {
	Name   string
	Secret bool
}

// Names are the names every path agrees on.
var Names = []Name{
	// a word of its own, anywhere in the name, or its plural
	{"password", true}, {"DB_PASSWORD", true}, {"password_hint", true}, {"passwd", true},
	{"secret", true}, {"clientSecret", true}, {"CONSOLE_SECRETS_KEY", true},
	{"token", true}, {"access_token", true}, {"GITHUB_TOKEN", true}, {"tokens", true},
	{"X-Api-Key", true}, {"api_key", true}, {"apiKey", true}, {"AWS_SECRET_ACCESS_KEY", true},
	{"Authorization", true}, {"Cookie", true}, {"credentials", true}, {"signature", true},
	{"sessionOtp", true}, {"session_id", true},
	// run together into one word
	{"PGPASSWORD", true}, {"accesstoken", true}, {"mysqlpassword", true},
	// a short mark as the last word (or the whole name)
	{"key", true}, {"CONSOLE_AUDIT_KEY", true}, {"sig", true}, {"pass", true}, {"DB_PASS", true},
	{"pwd", true}, {"pw", true}, {"auth", true}, {"SENTRY_DSN", true}, {"sort_key", true},
	// no secret's word
	{"footprint", false}, {"monkey", false}, {"KEYBOARD", false}, {"tokenizer", false},
	{"auth_type", false}, {"SSH_AUTH_SOCK", false}, {"PASS_THROUGH", false}, {"key_name", false},
	{"PGPASSFILE", false}, {"PGHOST", false}, {"CONSOLE_ADDR", false}, {"passage", false},
	{"query", false}, {"limit", false}, {"path", false}, {"OLDPWD", false},
	// the shell's working directory, on every process
	{"PWD", false},
}
