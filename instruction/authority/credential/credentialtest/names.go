// Package credentialtest holds the table of names every path that asks
// "does this name hold a secret?" must answer alike, with the answer for
// each of the rule's two strengths (credential.Named): a configuration
// name (a connection URL's query parameter and path segment, a command's
// flag, the console's environment variables, --env-plain) and an
// argument's name or a name in free text (an approval view, NAME=VALUE in
// a server's result).
package credentialtest

// Name is one name and whether it holds a secret as a configuration name
// (Config) and, by its name alone, as an argument's name (Argument).
type Name struct {
	Name     string
	Config   bool
	Argument bool
}

// Names are the names every path agrees on.
var Names = []Name{
	// a secret's word of its own, anywhere in the name, or its plural
	{"password", true, true}, {"DB_PASSWORD", true, true}, {"password_hint", true, true}, {"passwd", true, true},
	{"secret", true, true}, {"clientSecret", true, true}, {"CONSOLE_SECRETS_KEY", true, true},
	{"token", true, true}, {"access_token", true, true}, {"GITHUB_TOKEN", true, true}, {"tokens", true, true},
	{"X-Api-Key", true, true}, {"api_key", true, true}, {"apiKey", true, true}, {"AWS_SECRET_ACCESS_KEY", true, true},
	{"private_key", true, true}, {"access_key", true, true},
	{"Authorization", true, true}, {"Cookie", true, true}, {"credentials", true, true}, {"signature", true, true},
	{"sessionOtp", true, true}, {"session_id", true, true},
	// run together into one word
	{"PGPASSWORD", true, true}, {"accesstoken", true, true}, {"mysqlpassword", true, true}, {"refreshtoken", true, true},
	// a word ending in "token" that is a page's cursor, not a credential
	{"skiptoken", true, false}, {"$skiptoken", true, false},
	// a short mark (key, sig, pass, pwd, pw, auth, dsn): any word of a
	// configuration name (auth only as the last), never an argument's name
	// by itself (its value decides: credential.NamedValue)
	{"key", true, false}, {"CONSOLE_AUDIT_KEY", true, false}, {"sig", true, false}, {"pass", true, false},
	{"DB_PASS", true, false}, {"pwd", true, false}, {"pw", true, false}, {"auth", true, false},
	{"SENTRY_DSN", true, false}, {"dsn", true, false}, {"basic_auth", true, false},
	{"sort_key", true, false}, {"partition_key", true, false}, {"projectKey", true, false},
	{"issueKey", true, false}, {"issue_key", true, false}, {"changeKey", true, false}, {"configKey", true, false},
	{"idempotencyKey", true, false}, {"featureFlagKey", true, false},
	{"DB_PASS_PROD", true, false}, {"STRIPE_KEY_LIVE", true, false}, {"ENCRYPTION_KEY_BASE64", true, false},
	{"SENTRY_DSN_PUBLIC", true, false}, {"GITHUB_KEY_2", true, false}, {"JWT_SIGNING_KEY_CURRENT", true, false},
	{"MASTER_KEY_B64", true, false}, {"PASS_THROUGH", true, false}, {"key_name", true, false},
	// no secret's word
	{"footprint", false, false}, {"monkey", false, false}, {"KEYBOARD", false, false}, {"tokenizer", false, false},
	{"auth_type", false, false}, {"SSH_AUTH_SOCK", false, false},
	{"PGPASSFILE", false, false}, {"PGHOST", false, false}, {"CONSOLE_ADDR", false, false}, {"passage", false, false},
	{"query", false, false}, {"limit", false, false}, {"path", false, false}, {"OLDPWD", false, false},
	// the shell's working directory, on every process
	{"PWD", false, false},
}
