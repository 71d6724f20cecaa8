package models

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"
)

// Connection is an upstream MCP server the console fronts: a command it
// runs (stdio) or a URL (streamable HTTP). Its name is the namespace its
// tools import into. Header and environment values are secrets: sealed
// (see SetSealKey), never shown, logged or audited; only their names are
// kept in clear.
type Connection struct {
	ID        uint   `gorm:"primaryKey"`
	Name      string `gorm:"size:64;uniqueIndex;not null"`
	Transport string `gorm:"size:16;not null"`
	// Command is the argv as JSON (stdio).
	Command string `gorm:"size:4000"`
	URL     string `gorm:"size:2000"`
	// SecretNames lists the header and environment names, comma-separated.
	SecretNames string `gorm:"size:2000"`
	// Sealed holds the header and environment values, sealed.
	Sealed string `gorm:"type:text"`
	// PlainEnv is the environment that is not secret, as a JSON object
	// shown in clear (migration 250; PlainEnvVars).
	PlainEnv string `gorm:"type:text;not null;default:''"`
	// Dir is a command server's working directory ("": the console's),
	// read from connection_dirs (connection_dir.go).
	Dir       string `gorm:"->;-:migration"`
	Status    string `gorm:"size:16;not null"`
	LastError string `gorm:"size:2000"`
	LastSync  *time.Time
	// ContactAt is when the console last really reached, or failed to
	// reach, the server (a sync, a call, a start, a crash, a probe);
	// ContactError why it failed then (empty: it answered). Status follows
	// that contact.
	ContactAt    *time.Time
	ContactError string `gorm:"size:2000"`
	// Tools is the number of tools the last sync listed; Added, Changed
	// and Removed what it did to the catalog.
	Tools, Added, Changed, Removed int
	// TimeoutMS, RestartBackoffMS and StderrLines are the admin's
	// settings (ConnectionSettings; zero: the console's default).
	TimeoutMS        int64  `gorm:"not null;default:0"`
	RestartBackoffMS int64  `gorm:"not null;default:0"`
	StderrLines      int    `gorm:"not null;default:0"`
	CreatedBy        string `gorm:"size:128"`
	// EditedBy is who last changed the connection's source (added it, or
	// edited its command, URL, env or headers): the tools its syncs bring
	// are imported by them, so the review four-eyes rule binds the person
	// who chose the server (migration 247).
	EditedBy  string `gorm:"size:128;not null;default:''"`
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Connection transports and states.
const (
	TransportStdio = "stdio"
	TransportHTTP  = "http"

	ConnectionNew   = "new"
	ConnectionOK    = "ok"
	ConnectionError = "error"
)

// The bounds of a connection's URL and of its command line (as JSON):
// their columns' sizes.
const (
	MaxConnectionURL     = 2000
	MaxConnectionCommand = 4000
)

// ConnectionInput is a connection as an admin adds it.
type ConnectionInput struct {
	Name    string
	Command []string
	URL     string
	Headers map[string]string
	Env     map[string]string
	// PlainEnv is the environment that is not secret: shown, never masked.
	PlainEnv map[string]string
	// Dir is a command server's working directory: an absolute path to
	// a directory that exists ("": the console's).
	Dir string
	// Settings are the per-connection settings (zero: defaults).
	Settings ConnectionSettings
	// TakeOver says the connection may take over a namespace that holds
	// tools imported from a file: its server's list then replaces them
	// (those it does not list leave the catalog and every roster).
	TakeOver bool
}

// ConnectionSecrets are a connection's sealed values, opened.
type ConnectionSecrets struct {
	Headers map[string]string `json:"headers,omitempty"`
	Env     map[string]string `json:"env,omitempty"`
}

var (
	headerNamePattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9!#$%&'*+.^_|~-]{1,128}$`) })
	envNamePattern    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]{0,127}$`) })
)

// Validate checks an input; each problem names its field.
func (in ConnectionInput) Validate() map[string]string {
	errs := map[string]string{}
	if !servicePattern().MatchString(in.Name) {
		errs["name"] = fmt.Sprintf("use 1-%d lower-case letters, digits and underscores, starting with a letter (it is the tools' namespace)", MaxServiceName)
	}
	switch {
	case len(in.Command) == 0 && in.URL == "":
		errs["command"] = "give a command or a URL"
	case len(in.Command) > 0 && in.URL != "":
		errs["url"] = "give a command or a URL, not both"
	case in.URL != "":
		u, err := url.Parse(in.URL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || tooLong(in.URL, MaxConnectionURL) {
			errs["url"] = "must be an http or https URL; it " + atMost(MaxConnectionURL)
		}
		if msg := urlCredential(in.URL); msg != "" && errs["url"] == "" {
			errs["url"] = msg
		}
		if len(in.Env) > 0 {
			errs["env"] = "environment values are for command servers"
		}
	default:
		if b, _ := json.Marshal(in.Command); tooLong(string(b), MaxConnectionCommand) || strings.TrimSpace(in.Command[0]) == "" {
			errs["command"] = requiredAtMost(MaxConnectionCommand)
		}
		if msg := commandCredential(in.Command); msg != "" && errs["command"] == "" {
			errs["command"] = msg
		}
		if len(in.Headers) > 0 {
			errs["header"] = "headers are for URL servers"
		}
	}
	transport := TransportStdio
	if in.URL != "" {
		transport = TransportHTTP
	}
	in.Settings.Validate(transport, errs)
	validatePlainEnv(in, errs)
	validateDir(in, errs)
	for _, k := range sortedKeys(in.Headers) {
		switch {
		case !headerNamePattern().MatchString(k):
			errs["header"] = fmt.Sprintf("%q is not a header name", k)
		case !validHeaderValue(in.Headers[k]):
			errs["header"] = fmt.Sprintf("the value of %q holds a control character (CR, LF, NUL, …), which no HTTP header can carry", k)
		}
	}
	for _, k := range sortedKeys(in.Env) {
		switch {
		case !envNamePattern().MatchString(k):
			errs["env"] = fmt.Sprintf("%q is not an environment variable name", k)
		case strings.ContainsRune(in.Env[k], 0):
			errs["env"] = fmt.Sprintf("the value of %q holds a NUL byte, which no process environment can carry", k)
		}
	}
	return errs
}

// secretNames lists header and environment names, sorted, for display.
func (in ConnectionInput) secretNames() string {
	var names []string
	for k := range in.Headers {
		names = append(names, "header "+k)
	}
	for k := range in.Env {
		names = append(names, "env "+k)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// ErrConnectionExists means a connection of that name is already stored.
var ErrConnectionExists = errors.New("models: a connection of that name exists")

// CreateConnection stores a new connection, its secrets sealed, audited
// (names only, never values).
func (s *Store) CreateConnection(ctx context.Context, actor string, in ConnectionInput) (*Connection, error) {
	if errs := in.Validate(); len(errs) > 0 {
		return nil, &ValidationError{Fields: errs}
	}
	c := &Connection{Name: in.Name, URL: in.URL, SecretNames: in.secretNames(), PlainEnv: plainEnvColumn(in.PlainEnv), Status: ConnectionNew, CreatedBy: actor, EditedBy: actor,
		TimeoutMS: in.Settings.Timeout.Milliseconds(), RestartBackoffMS: in.Settings.RestartBackoff.Milliseconds(), StderrLines: in.Settings.StderrLines}
	c.Transport = TransportHTTP
	if len(in.Command) > 0 {
		c.Transport = TransportStdio
		b, _ := json.Marshal(in.Command)
		c.Command = string(b)
	}
	if len(in.Headers)+len(in.Env) > 0 {
		plain, _ := json.Marshal(ConnectionSecrets{Headers: in.Headers, Env: in.Env})
		sealed, err := s.seal(plain, "connection:"+in.Name)
		if err != nil {
			return nil, err
		}
		c.Sealed = sealed
	}
	err := s.Tx(ctx, func(tx *Store) error {
		var n int64
		if err := tx.with(ctx).Model(&Connection{}).Where("name = ?", in.Name).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			return ErrConnectionExists
		}
		if err := tx.with(ctx).Create(c).Error; err != nil {
			return notFound(err)
		}
		if err := tx.setConnectionDir(ctx, c.Name, in.Dir); err != nil {
			return err
		}
		if err := tx.addShaper(ctx, c.Name, actor); err != nil {
			return err
		}
		c.Dir = in.Dir
		detail := c.Transport
		if c.SecretNames != "" {
			detail += "; secrets: " + c.SecretNames
		}
		if len(in.PlainEnv) > 0 {
			detail += "; plain env: " + strings.Join(sortedKeys(in.PlainEnv), ", ")
		}
		if in.Dir != "" {
			detail += "; dir: " + in.Dir
		}
		if set := in.Settings.Summary(); set != "" {
			detail += "; " + set
		}
		return tx.Audit(ctx, Event{Actor: actor, Action: "connection.add", Subject: "connection:" + c.Name, Detail: detail})
	})
	if errors.Is(err, ErrConflict) {
		err = ErrConnectionExists
	}
	if err != nil {
		return nil, fmt.Errorf("models: create connection: %w", err)
	}
	return c, nil
}

// ConnectionByName returns a connection (secrets still sealed).
func (s *Store) ConnectionByName(ctx context.Context, name string) (*Connection, error) {
	var c Connection
	if err := s.connectionsWithDir(ctx).Where("connections.name = ?", name).First(&c).Error; err != nil {
		return nil, fmt.Errorf("models: connection %s: %w", name, notFound(err))
	}
	return &c, nil
}

// Connections lists every connection by name.
func (s *Store) Connections(ctx context.Context) ([]Connection, error) {
	var cs []Connection
	if err := s.connectionsWithDir(ctx).Order("connections.name").Find(&cs).Error; err != nil {
		return nil, fmt.Errorf("models: connections: %w", err)
	}
	return cs, nil
}

// OpenSecrets opens a connection's sealed values.
func (s *Store) OpenSecrets(c *Connection) (ConnectionSecrets, error) {
	var sec ConnectionSecrets
	plain, err := s.unseal(c.Sealed, "connection:"+c.Name)
	if err != nil || plain == nil {
		return sec, err
	}
	err = json.Unmarshal(plain, &sec)
	return sec, err
}

// Argv is a stdio connection's command line.
func (c *Connection) Argv() []string {
	var argv []string
	_ = json.Unmarshal([]byte(c.Command), &argv)
	return argv
}
