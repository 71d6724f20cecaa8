package upstream

// Every failure that leaves the pool (returned to a caller, written to
// the log, recorded as health) passes through the connection's masking
// (client.masked): a server may repeat in its error text the secrets it
// was started or called with (an initialize or tools/list error echoing
// the Authorization header it got, a stdio server printing its
// environment), and that text is stored on the connection, audited, shown
// by the CLI, the pages and the API, and logged.

// maskedError is an upstream failure whose text is masked; errors.Is and
// errors.As see the original, for its class only (never print what they
// find: its text is the unmasked one).
type maskedError struct {
	err error
	msg string
}

func (e *maskedError) Error() string { return e.msg }
func (e *maskedError) Unwrap() error { return e.err }

// masked is err with the connection's URL reduced to its origin
// (scrubURL) and its secret values, their encoded forms and every
// credential of a known shape masked (maskText); nil for nil.
func (c *client) masked(err error) error {
	if err == nil {
		return nil
	}
	if _, ok := err.(*maskedError); ok {
		return err
	}
	return &maskedError{err: err, msg: c.secrets.maskText(scrubURL(err, c.spec.URL).Error())}
}

// maskedWith is masked with a call's view of the secrets (forCall).
func (c *client) maskedWith(set *callSet, err error) error {
	if err == nil {
		return nil
	}
	if _, ok := err.(*maskedError); ok {
		return err
	}
	return &maskedError{err: err, msg: set.maskText(scrubURL(err, c.spec.URL).Error())}
}
