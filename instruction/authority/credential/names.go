package credential

import "strings"

// Named reports whether a configuration name called name holds a
// secret: a connection URL's query parameter or path segment, a
// command's flag, a header, an environment variable (the console's own,
// --env-plain's). It is the strong reading of the one name rule; an
// argument's name and NAME=VALUE in free text take the weak one
// (ArgumentNamed, NamedValue), where a false positive costs more (an
// approval view that hides a value can only be denied; a result loses
// ordinary data).
//
// The rule reads a name's words (split at '_', '-', '.', spaces and
// lower-to-upper case changes). Both strengths: a name holds a secret
// when a word, or two or three neighbouring words run together, is a
// secret's word (secretWords: password, token, apikey, …) or its plural,
// or a word ends in one of the longer of them run together (PGPASSWORD,
// clientsecret, accesstoken). Words, not substrings: "footprint" holds
// no "otp", "tokenizer" no "token". PWD, the working directory every
// shell sets, holds none.
//
// A configuration name also holds a secret when any word is a short mark
// (shortMarks: key, sig, pass, pwd, pw, dsn: DB_PASS_PROD,
// STRIPE_KEY_LIVE, SENTRY_DSN_PUBLIC, key_name) or its last word is auth
// (basic_auth, but not SSH_AUTH_SOCK or auth_type), or a word ends in
// "token" (a URL's skiptoken too: a masked value costs little there).
func Named(name string) bool {
	if name == workingDir {
		return false
	}
	w := words(name)
	if hasSecretWord(w, suffixWords) {
		return true
	}
	for i, x := range w {
		if shortMarks[x] || x == "auth" && i == len(w)-1 {
			return true
		}
	}
	return false
}

// ArgumentNamed reports whether an argument called name holds a secret
// by its name alone: the weak reading of the one name rule (Named), the
// secret's words and no short mark, and of the words ending in "token"
// only a credential's (refreshtoken, not OData's skiptoken). A name with
// a short mark (key, projectKey, sort_key, DB_PASS, dsn) is judged by its
// value (NamedValue).
func ArgumentNamed(name string) bool {
	return name != workingDir && hasSecretWord(words(name), argumentSuffixWords)
}

// hasSecretWord reports whether words w hold a secret's word, a run of
// two or three that is one, or a word ending in one of suffixes.
func hasSecretWord(w []string, suffixes []string) bool {
	for i := range w {
		if endsInAny(w[i], suffixes) {
			return true
		}
		run := ""
		for j := i; j < len(w) && j < i+3; j++ {
			run += w[j]
			if secretWord(run) {
				return true
			}
		}
	}
	return false
}

// exactName reports whether name is wholly a secret's name as an
// argument's or in free text (ArgumentNamed, with the secret's word last
// and not a plural: DB_PASSWORD, access_token, api_key, but not
// password_hint or prompt_tokens), or is one short mark (a link's key=,
// sig=, pass=), so that the value of NAME=VALUE is secret whatever it
// looks like.
func exactName(name string) bool {
	if name == workingDir {
		return false
	}
	if secretSet[normalName(name)] || bareMark(name) {
		return true
	}
	w := words(name)
	n := len(w)
	if n == 0 {
		return false
	}
	last := w[n-1]
	// no plural: prompt_tokens=120 counts tokens
	return secretSet[last] || n > 1 && secretSet[w[n-2]+last] ||
		!strings.HasSuffix(last, "s") && endsInAny(last, argumentSuffixWords)
}

// bareMark reports whether name is one word, a short mark or auth (not
// PWD).
func bareMark(name string) bool {
	if name == workingDir {
		return false
	}
	w := words(name)
	return len(w) == 1 && (shortMarks[w[0]] || w[0] == "auth")
}

// markedLast reports whether name's last word is a short mark or auth.
func markedLast(name string) bool {
	w := words(name)
	return len(w) > 0 && (shortMarks[w[len(w)-1]] || w[len(w)-1] == "auth")
}

// workingDir is the variable every shell sets to the working directory:
// "pwd" is a password's short mark, "PWD" is not.
const workingDir = "PWD"

// secretWords are the words (or neighbouring words run together) that
// mark a name's value secret wherever they stand in the name.
var secretWords = []string{"password", "passwd", "passphrase", "secret", "token", "apikey", "accesskey", "privatekey",
	"authorization", "credential", "cookie", "bearer", "sessionid", "otp", "signature"}

// suffixWords are the secretWords long enough to mark a configuration
// name's word that ends in them (pgpassword, clientsecret, accesstoken).
var suffixWords = []string{"password", "passwd", "passphrase", "secret", "token", "apikey", "credential"}

// argumentSuffixWords are suffixWords for an argument's name: "token"
// only as a credential's (an OData skiptoken is a page's cursor).
var argumentSuffixWords = []string{"password", "passwd", "passphrase", "secret", "apikey", "credential",
	"accesstoken", "refreshtoken", "authtoken", "apitoken", "bearertoken", "sessiontoken", "idtoken"}

// shortMarks are short words that mark a configuration name's value
// secret wherever they stand (DB_PASS_PROD, api_key, ?sig=, SENTRY_DSN),
// and an argument's only with a value that reads as one (NamedValue);
// "auth" does as a configuration name's last word.
var shortMarks = map[string]bool{"key": true, "sig": true, "pass": true, "pwd": true, "pw": true, "dsn": true}

// secretSet is secretWords as a set.
var secretSet = func() map[string]bool {
	m := make(map[string]bool, len(secretWords))
	for _, n := range secretWords {
		m[n] = true
	}
	return m
}()

// secretWord reports whether w (lower case) is a secret's word or its
// plural.
func secretWord(w string) bool {
	return secretSet[w] || secretSet[strings.TrimSuffix(w, "s")]
}

// endsInAny reports whether w (lower case) is a word that ends in one of
// suffixes, or its plural.
func endsInAny(w string, suffixes []string) bool {
	w = strings.TrimSuffix(w, "s")
	for _, s := range suffixes {
		if strings.HasSuffix(w, s) {
			return true
		}
	}
	return false
}

// words are name's words, lower-cased: split at every character that is
// not a letter or digit and where a lower-case letter or digit is
// followed by an upper-case one.
func words(name string) []string {
	var out []string
	start := -1
	for i := 0; i <= len(name); i++ {
		if i < len(name) && alnum(name[i]) {
			if start >= 0 && name[i] >= 'A' && name[i] <= 'Z' && (name[i-1] >= 'a' && name[i-1] <= 'z' || name[i-1] >= '0' && name[i-1] <= '9') {
				out = append(out, strings.ToLower(name[start:i]))
				start = i
			}
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			out = append(out, strings.ToLower(name[start:i]))
			start = -1
		}
	}
	return out
}

// signedParam reports whether name is a presigned URL's signature or
// credential parameter (X-Amz-Signature, X-Goog-Credential): its value
// is what makes the link work, and it grants nothing beyond that link.
func signedParam(name string) bool {
	n := normalName(name)
	return n == "xamzsignature" || n == "xamzcredential" || n == "xgoogsignature" || n == "xgoogcredential"
}

// normalName is name lower-cased without '_', '-', '.' and spaces.
func normalName(name string) string {
	b := make([]byte, 0, len(name))
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c == '_' || c == '-' || c == '.' || c == ' ':
		case c >= 'A' && c <= 'Z':
			b = append(b, c+'a'-'A')
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

// NamedValue reports whether an argument called name holds a secret
// when its value (a string; "" for any other value) is at hand:
// ArgumentNamed, or a name whose last word is a short mark (key,
// projectKey, sort_key, DB_PASS, dsn: also a key-value store's, an
// object store's or an issue tracker's ordinary word) holding a value
// with a credential's shape (Find); a bare short mark also holding one
// unbroken run of at least 16 letters, digits, '-' and '_' that looks
// random.
func NamedValue(name, value string) bool {
	if ArgumentNamed(name) {
		return true
	}
	if !markedLast(name) || value == "" {
		return false
	}
	return len(Find(value)) > 0 || bareMark(name) && len(value) >= 16 && tokenRun(value) && LooksRandom(value)
}

// tokenRun reports whether s is made only of letters, digits, '-' and '_'.
func tokenRun(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !alnum(c) && c != '-' && c != '_' {
			return false
		}
	}
	return true
}
