package authority

import "github.com/agentforge/console/instruction/authority/credential"

// MaskFreeText is a free text a caller sends along a call (an approval
// request's summary) as a person may see it: every credential written
// into it (credential.Find: ghp_…, AKIA…, password=…, a URL's token=) is
// MaskedValue, and a text that is one bearer or basic authorization or a
// JSON web token is MaskedValue whole, as ArgumentsView masks them in
// arguments.
func MaskFreeText(s string) string {
	if secretValue(s) {
		return MaskedValue
	}
	if line, ok := secretLine(s); ok {
		return line
	}
	return credential.Mask(s, MaskedValue)
}

// FreeTextHoldsSecret reports whether s holds what reads as a credential
// (MaskFreeText would change it).
func FreeTextHoldsSecret(s string) bool { return MaskFreeText(s) != s }
