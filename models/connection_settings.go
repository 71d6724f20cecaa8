package models

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// ConnectionSettings are an admin's per-connection settings; a zero
// value means the console's default (see upstream.Spec).
type ConnectionSettings struct {
	// Timeout bounds one call to the server, connect included (zero: the
	// console's --upstream-timeout).
	Timeout time.Duration
	// RestartBackoff is the longest wait before restarting (reconnecting
	// to) a server that keeps failing; the wait doubles from 100 ms up to
	// it (zero: 30 s).
	RestartBackoff time.Duration
	// StderrLines is how many of a command server's last stderr lines the
	// error of a failed start keeps (zero: 12).
	StderrLines int
}

// The bounds of the settings.
const (
	MinConnectionTimeout = 100 * time.Millisecond
	MaxConnectionTimeout = time.Hour
	MinRestartBackoff    = 100 * time.Millisecond
	MaxRestartBackoff    = time.Hour
	MaxStderrLines       = 50
)

// Validate checks the settings of a connection served by transport
// (TransportStdio or TransportHTTP); each problem names its field
// (timeout, restart_backoff, stderr_lines).
func (s ConnectionSettings) Validate(transport string, errs map[string]string) {
	if s.Timeout != 0 && (s.Timeout < MinConnectionTimeout || s.Timeout > MaxConnectionTimeout) {
		errs["timeout"] = fmt.Sprintf("must be a duration from %s to %s, such as 45s (or default)", durationText(MinConnectionTimeout), durationText(MaxConnectionTimeout))
	}
	if s.RestartBackoff != 0 && (s.RestartBackoff < MinRestartBackoff || s.RestartBackoff > MaxRestartBackoff) {
		errs["restart_backoff"] = fmt.Sprintf("must be a duration from %s to %s, such as 2m (or default)", durationText(MinRestartBackoff), durationText(MaxRestartBackoff))
	}
	if s.StderrLines < 0 || s.StderrLines > MaxStderrLines {
		errs["stderr_lines"] = fmt.Sprintf("must be a whole number from 1 to %d (or default)", MaxStderrLines)
	} else if s.StderrLines > 0 && transport == TransportHTTP {
		errs["stderr_lines"] = "is for command servers (a URL server has no stderr)"
	}
}

// ParseDurationSetting reads a duration setting as an admin types it:
// "default" is the console's default, anything else a Go duration ("45s",
// "2m"); 0 is outside every duration setting's range, refused rather than
// read as a default the admin did not name. A problem is the field's
// message.
func ParseDurationSetting(text string) (time.Duration, error) {
	text = strings.TrimSpace(text)
	if text == "default" {
		return 0, nil
	}
	if text == "0" {
		return 0, fmt.Errorf("0 is not a setting: write a duration from %s to %s such as 45s, or default for the console's default",
			durationText(min(MinConnectionTimeout, MinRestartBackoff)), durationText(max(MaxConnectionTimeout, MaxRestartBackoff)))
	}
	d, err := time.ParseDuration(text)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("%q is not a duration: write one such as 45s or 2m (or default)", text)
	}
	return d, nil
}

// ParseLinesSetting reads a line count as an admin types it: a whole
// number from 1 to MaxStderrLines, or "default" for the console's default.
func ParseLinesSetting(text string) (int, error) {
	text = strings.TrimSpace(text)
	if text == "default" {
		return 0, nil
	}
	n, err := strconv.Atoi(text)
	if err != nil {
		return 0, fmt.Errorf("%q is not a whole number of lines (or default)", text)
	}
	if n < 1 || n > MaxStderrLines {
		return 0, fmt.Errorf("must be a whole number from 1 to %d (or default)", MaxStderrLines)
	}
	return n, nil
}

// Summary says which settings are not the console's default, such as
// "timeout 45s, restart backoff 2m0s" ("" when none).
func (s ConnectionSettings) Summary() string {
	var parts []string
	if s.Timeout > 0 {
		parts = append(parts, "timeout "+s.Timeout.String())
	}
	if s.RestartBackoff > 0 {
		parts = append(parts, "restart backoff "+s.RestartBackoff.String())
	}
	if s.StderrLines > 0 {
		parts = append(parts, fmt.Sprintf("stderr lines %d", s.StderrLines))
	}
	return strings.Join(parts, ", ")
}

// Settings are the connection's stored settings.
func (c *Connection) Settings() ConnectionSettings {
	return ConnectionSettings{Timeout: time.Duration(c.TimeoutMS) * time.Millisecond,
		RestartBackoff: time.Duration(c.RestartBackoffMS) * time.Millisecond, StderrLines: c.StderrLines}
}

// settingsColumns are the settings as the connection's columns.
func (s ConnectionSettings) columns() map[string]any {
	return map[string]any{"timeout_ms": s.Timeout.Milliseconds(), "restart_backoff_ms": s.RestartBackoff.Milliseconds(), "stderr_lines": s.StderrLines}
}

// SettingsEdit is a change of settings: nil leaves one as it is, a zero
// value returns it to the console's default.
type SettingsEdit struct {
	Timeout, RestartBackoff *time.Duration
	StderrLines             *int
}

// Empty reports whether the edit changes no setting.
func (e SettingsEdit) Empty() bool {
	return e.Timeout == nil && e.RestartBackoff == nil && e.StderrLines == nil
}

// Over is s after the edit (for an add: over the zero settings).
func (e SettingsEdit) Over(s ConnectionSettings) ConnectionSettings {
	if e.Timeout != nil {
		s.Timeout = *e.Timeout
	}
	if e.RestartBackoff != nil {
		s.RestartBackoff = *e.RestartBackoff
	}
	if e.StderrLines != nil {
		s.StderrLines = *e.StderrLines
	}
	return s
}

// summary says what the edit changed, with the values (settings are no
// secrets): "timeout 45s, stderr lines default".
func (e SettingsEdit) summary() []string {
	var parts []string
	dur := func(name string, d *time.Duration) {
		if d == nil {
			return
		}
		if *d == 0 {
			parts = append(parts, name+" default")
		} else {
			parts = append(parts, name+" "+d.String())
		}
	}
	dur("timeout", e.Timeout)
	dur("restart backoff", e.RestartBackoff)
	if e.StderrLines != nil {
		if *e.StderrLines == 0 {
			parts = append(parts, "stderr lines default")
		} else {
			parts = append(parts, fmt.Sprintf("stderr lines %d", *e.StderrLines))
		}
	}
	return parts
}

// durationText is d as an admin writes it: time.Duration's text without
// the zero units it ends in ("1h", not "1h0m0s"; "2m", not "2m0s").
func durationText(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}
