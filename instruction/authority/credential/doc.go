// Package credential finds credentials written into free text by their
// shape, so that what a person or a model is shown of a call's arguments
// or a server's answer never carries one in clear.
//
// # How the rules are built
//
// A detector library was considered first: gitleaks' rules (MIT) are the
// maintained reference, but they are ~200 regular expressions for source
// files, many of them "generic" (any assignment of a high-entropy string),
// loaded through a configuration stack (viper); run on every gateway
// result they would cost more than the gateway's whole overhead budget and
// mask prose. So the rules here are a small table built the way gitleaks
// builds its specific rules — a vendor's fixed prefix, the token's
// alphabet and least length, and a randomness test on the body — plus five
// structural rules that need no vendor list:
//
//   - prefixed tokens (Prefixes): the prefix at a word start, then a run
//     of the token's alphabet at least Min long; unless the prefix alone is
//     distinctive (AWS's AKIA + 16), the run must read as random: at least
//     one digit or both letter cases, and a Shannon entropy of at least
//     MinEntropy bits per character ("sk-learn-compatible" stays);
//   - JSON web tokens: "eyJ" header "." "eyJ" payload "." signature;
//   - authorization schemes: "Bearer", "Basic" or "token" then a random
//     run of at least 8 characters;
//   - assignments: NAME=VALUE (a URL's query, an env line, a form body)
//     whose name marks a secret at an argument's strength (ArgumentNamed;
//     a name ending in a short mark only with a secret-looking value,
//     NamedValue): the value; NAME: VALUE (a header line, YAML) when the
//     value is random;
//   - URL userinfo: the password of scheme://user:password@host;
//   - PEM private keys: from "-----BEGIN … PRIVATE KEY-----" to its END
//     line (to the end of the text when it was cut).
//
// Only the credential is masked: the name, scheme or user stays, so a
// reviewer still sees what the value was for.
package credential
