package upstream

import "slices"

// SecretsSent names, by where each is set ("--env NAME", "--header
// NAME"), the connection's own secrets that a call's arguments args hold
// in any form the masker knows. Such a call goes to its server as any
// other and is answered as a wrong guess would be (the echo as sent,
// every other copy masked: mask_echo.go); its caller knows the secret,
// which is for the admins to hear.
func (p *Pool) SecretsSent(spec Spec, args []byte) []string {
	c, err := p.client(spec)
	if err != nil {
		return nil
	}
	var out []string
	for gi, sent := range c.secrets.sentIn(args) {
		if g := &c.secrets.groups[gi]; sent && !g.console && !slices.Contains(out, g.label) {
			out = append(out, g.label)
		}
	}
	return out
}
