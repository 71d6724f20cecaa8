package upstream

import "testing"

// TestServerErrorShownEscaped: a server's error text, as the console
// writes it into a log line, an audit detail, a status or the CLI,
// carries its bidi overrides, zero-width characters and line breaks as
// escapes, so it cannot start a fake line or reverse the text around it.
func TestServerErrorShownEscaped(t *testing.T) {
	e := &ServerError{Name: "s", Code: -32603, Message: "ok\u202edeliaf\u200b\r\nconsole: sync ok"}
	if got, want := e.Error(), `upstream s answered with error -32603: ok\u202edeliaf\u200b\r\nconsole: sync ok`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}
