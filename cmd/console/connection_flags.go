package main

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/agentforge/console/models"
)

// pairs is a repeatable K=V flag.
type pairs map[string]string

func (p pairs) String() string { return "" }

func (p pairs) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	if !ok || k == "" {
		return errors.New("takes K=V (the value is kept secret)")
	}
	p[k] = val
	return nil
}

// plainPairs is a repeatable K=V flag whose values are shown.
type plainPairs map[string]string

func (p plainPairs) String() string { return "" }

func (p plainPairs) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	if !ok || k == "" {
		return errors.New("takes K=V (the value is shown: not for secrets, which go with --env)")
	}
	p[k] = val
	return nil
}

// names is a repeatable NAME flag.
type names []string

func (n *names) String() string { return "" }

func (n *names) Set(v string) error {
	if v == "" || strings.Contains(v, "=") {
		return errors.New("takes a NAME (no value)")
	}
	*n = append(*n, v)
	return nil
}

// fieldError is the first problem of a connection's fields, named as
// its flag.
func fieldError(code int, errs map[string]string) error {
	// the model's field names, and the flags that are not the field's
	// name with dashes
	flags := map[string]string{"unset_headers": "unset-header"}
	for _, f := range []string{"name", "command", "url", "header", "env", "env_plain", "dir", "unset_headers", "unset_env", "timeout", "restart_backoff", "stderr_lines"} {
		if msg, ok := errs[f]; ok {
			if f == "name" {
				return &exitError{code, fmt.Errorf("NAME: %s", msg)}
			}
			flag, ok := flags[f]
			if !ok {
				flag = strings.ReplaceAll(f, "_", "-")
			}
			return &exitError{code, fmt.Errorf("--%s: %s", flag, msg)}
		}
	}
	return nil
}

// settingsFlags reads the settings flags (an empty one: not given); a
// value that does not parse names its flag.
func settingsFlags(timeout, backoff, lines string) (models.SettingsEdit, error) {
	var e models.SettingsEdit
	for _, d := range []struct {
		flag, text string
		into       **time.Duration
	}{{"timeout", timeout, &e.Timeout}, {"restart-backoff", backoff, &e.RestartBackoff}} {
		if d.text == "" {
			continue
		}
		v, err := models.ParseDurationSetting(d.text)
		if err != nil {
			return e, &exitError{2, fmt.Errorf("--%s: %v", d.flag, err)}
		}
		*d.into = &v
	}
	if lines != "" {
		n, err := models.ParseLinesSetting(lines)
		if err != nil {
			return e, &exitError{2, fmt.Errorf("--stderr-lines: %v", err)}
		}
		e.StderrLines = &n
	}
	return e, nil
}
