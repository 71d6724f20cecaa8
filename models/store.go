package models

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"github.com/glebarez/sqlite"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// ErrNotFound is returned when a looked-up row does not exist.
var ErrNotFound = errors.New("models: not found")

// ErrConflict is returned when a compare-and-swap update finds the row
// changed since it was read, or a unique key is taken.
var ErrConflict = errors.New("models: conflict")

// Dialects.
const (
	DialectSQLite   = "sqlite"
	DialectPostgres = "postgres"
)

// Store is the console's database.
type Store struct {
	db      *gorm.DB
	dialect string
	// fault, when set (tests only), fails a multi-step write at a named
	// step so tests can prove the transaction leaves nothing behind.
	fault func(step string) error
	// secrets caches server secrets (shared by copies of the store)
	secrets *secretCache
	// txCreated: the secrets this transaction inserted (nil outside one)
	txCreated *createdNames
	// inTx marks a store bound to a transaction
	inTx bool
	// auditKey is the configured audit-chain key (CONSOLE_AUDIT_KEY);
	// nil means the generated server secret "audit-chain"
	auditKey []byte
	// sealKey seals connection secrets (SetSealKey); nil: none configured
	sealKey []byte
	// statements counts every statement of a store opened by
	// OpenCounting (tests); nil otherwise
	statements *atomic.Int64
	// pending is the first admin's hash being stored after a deferred
	// first start (BootstrapDeferred); nil otherwise
	pending *adminHash
	// tightened names the SQLite files open made private
	tightened []string
	// requestTTL is how long a pending approval request waits
	// (SetApprovalRequestTTL); 0: DefaultApprovalRequestTTL
	requestTTL time.Duration
	// evidenceSync: run evidence commits synchronously
	// (SetEvidenceCommit); false: asynchronously, the default
	evidenceSync bool
	// file is the SQLite database's file, whose start lock a bootstrap
	// takes (lockStart); "" in memory and on Postgres
	file string
}

// WithFault returns a store whose multi-step writes call fn before each
// named step and abort when it returns an error. For fault-injection tests.
func (s *Store) WithFault(fn func(step string) error) *Store {
	c := *s
	c.fault = fn
	return &c
}

// Open connects to the database named by url: a postgres:// URL, or a
// SQLite file path ("" means console.db in the working directory).
func Open(ctx context.Context, url string) (*Store, error) {
	return open(ctx, url, false)
}

func open(ctx context.Context, url string, counting bool) (*Store, error) {
	target, err := ParseDatabaseURL(url)
	if err != nil {
		return nil, fmt.Errorf("models: open: %w", err)
	}
	var dial gorm.Dialector
	var tightened []string
	dialect := target.Dialect
	if dialect == DialectPostgres {
		dial = postgres.Open(target.URL)
	} else {
		sep := "?"
		if strings.Contains(target.Path, "?") {
			sep = "&"
		}
		keepSQLiteSizeClasses()
		if tightened, err = privateSQLite(target.Path); err != nil {
			return nil, fmt.Errorf("models: open: %w", err)
		}
		dsn := target.Path + sep + "_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_txlock=immediate"
		dial = sqlite.Open(dsn)
	}
	db, err := gorm.Open(dial, &gorm.Config{Logger: logger.Discard, TranslateError: true, NowFunc: func() time.Time { return time.Now().UTC() }})
	if err != nil {
		return nil, fmt.Errorf("models: open %s: %w", dialect, err)
	}
	if err := registerLimitChecks(db); err != nil {
		return nil, fmt.Errorf("models: open: %w", err)
	}
	var statements *atomic.Int64
	if counting {
		statements = new(atomic.Int64)
		if err := registerStatementCounter(db, statements); err != nil {
			return nil, fmt.Errorf("models: open: %w", err)
		}
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, fmt.Errorf("models: open: %w", err)
	}
	if dialect == DialectSQLite {
		sqlDB.SetMaxOpenConns(sqliteMaxConns)
		sqlDB.SetConnMaxIdleTime(5 * time.Minute)
	} else {
		setPool(sqlDB, DefaultDBMaxConns)
	}
	pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := sqlDB.PingContext(pctx); err != nil {
		return nil, fmt.Errorf("models: ping %s: %w", dialect, err)
	}
	s := &Store{db: db, dialect: dialect, secrets: &secretCache{}, statements: statements, tightened: tightened}
	if dialect == DialectSQLite {
		s.file = sqliteFile(target.Path)
	}
	return s, nil
}

// Tightened names the database files this store's open found readable by
// other users and made private, each with its former mode.
func (s *Store) Tightened() []string { return s.tightened }

// Dialect is "sqlite" or "postgres".
func (s *Store) Dialect() string { return s.dialect }

// Close closes the connection pool (and releases the start's lock if
// this store's admin hash was never stored).
func (s *Store) Close() error {
	s.releasePending()
	sqlDB, err := s.db.DB()
	if err != nil {
		return err
	}
	return sqlDB.Close()
}

// Ping checks the database is reachable.
func (s *Store) Ping(ctx context.Context) error {
	sqlDB, err := s.db.DB()
	if err != nil {
		return err
	}
	return sqlDB.PingContext(ctx)
}

// Tx runs fn in one transaction: all of its writes land, or none.
func (s *Store) Tx(ctx context.Context, fn func(tx *Store) error) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		created := s.txCreated
		if created == nil {
			created = &createdNames{}
		}
		return fn(&Store{db: tx, dialect: s.dialect, fault: s.fault, secrets: s.secrets, inTx: true, txCreated: created, auditKey: s.auditKey, sealKey: s.sealKey, statements: s.statements, requestTTL: s.requestTTL})
	})
}

func (s *Store) with(ctx context.Context) *gorm.DB { return s.db.WithContext(ctx) }

// notFound maps gorm's record-not-found to ErrNotFound.
func notFound(err error) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return ErrNotFound
	}
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return ErrConflict
	}
	return err
}

// Exec runs a raw statement (maintenance and tests).
func (s *Store) Exec(ctx context.Context, sql string, args ...any) error {
	return s.with(ctx).Exec(sql, args...).Error
}

// Raw runs a single-value query (maintenance and tests).
func (s *Store) Raw(ctx context.Context, sql string, args ...any) (int64, error) {
	var n int64
	err := s.with(ctx).Raw(sql, args...).Scan(&n).Error
	return n, err
}
