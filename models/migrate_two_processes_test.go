package models

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// migratorEnv, set to a SQLite file, makes this test's binary a
// migrator of that file (migratorMain) instead of a test.
const migratorEnv = "CONSOLE_TEST_MIGRATOR_FILE"

// TestTwoProcessesMigrateOneSQLiteFile: two processes migrating one
// SQLite file — one an earlier release left, or a new one — both having
// read which migrations it has before either applies one (the test holds
// the file's write lock until both have started), both succeed: each
// migration is applied once, by one of them, and the file ends with
// exactly this code's migrations. Nothing but the file coordinates them
// (not the start lock, which an earlier release's binary, a command that
// migrates without it or a path through a link does not share); the
// second used to apply again what the first had, or create the
// migrations table the first had, and fail.
func TestTwoProcessesMigrateOneSQLiteFile(t *testing.T) {
	if file := os.Getenv(migratorEnv); file != "" {
		migratorMain(file)
		return
	}
	t.Run("an earlier release's file", func(t *testing.T) {
		raceMigrators(t, func(ctx context.Context, s *Store) {
			if _, err := s.migrate(ctx, func(v int) bool { return slices.Contains(PreviousRelease.Migrations, v) }); err != nil {
				t.Fatalf("the previous release's migrations: %v", err)
			}
		})
	})
	t.Run("a new file", func(t *testing.T) {
		raceMigrators(t, func(context.Context, *Store) {})
	})
}

// raceMigrators prepares a SQLite file with prepare, then has two
// processes migrate it at once and checks the outcome.
func raceMigrators(t *testing.T, prepare func(ctx context.Context, s *Store)) {
	ctx := context.Background()
	file := filepath.Join(t.TempDir(), "older.db")
	old, err := Open(ctx, file)
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	prepare(ctx, old)
	var have0 []int
	if old.with(ctx).Migrator().HasTable("schema_migrations") {
		if err := old.with(ctx).Raw("SELECT version FROM schema_migrations").Scan(&have0).Error; err != nil {
			t.Fatal(err)
		}
	}
	var missing []int
	for _, v := range MigrationVersions() {
		if !slices.Contains(have0, v) {
			missing = append(missing, v)
		}
	}
	if len(missing) < 2 {
		t.Skip("this code has fewer than two migrations beyond the file's")
	}
	// hold the write lock: both migrators read what the file has, then
	// wait for it
	sqlDB, _ := old.db.DB()
	conn, err := sqlDB.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	hold, err := conn.BeginTx(ctx, nil) // BEGIN IMMEDIATE (_txlock)
	if err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	type migrator struct {
		cmd     *exec.Cmd
		opened  chan bool
		out     strings.Builder
		ended   chan error
		applied []int
	}
	ms := make([]*migrator, 2)
	for i := range ms {
		m := &migrator{cmd: exec.Command(self, "-test.run=^TestTwoProcessesMigrateOneSQLiteFile$", "-test.count=1"), opened: make(chan bool, 1), ended: make(chan error, 1)}
		m.cmd.Env = append(os.Environ(), migratorEnv+"="+file)
		pipe, err := m.cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		m.cmd.Stderr = m.cmd.Stdout
		if err := m.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		go func() {
			sc := bufio.NewScanner(pipe)
			for sc.Scan() {
				line := sc.Text()
				m.out.WriteString(line + "\n")
				switch {
				case line == "opened":
					m.opened <- true
				case strings.HasPrefix(line, "applied:"):
					for _, f := range strings.Fields(strings.TrimPrefix(line, "applied:")) {
						v, _ := strconv.Atoi(f)
						m.applied = append(m.applied, v)
					}
				}
			}
			m.ended <- m.cmd.Wait()
		}()
		ms[i] = m
	}
	for i, m := range ms {
		select {
		case <-m.opened:
		case err := <-m.ended:
			_ = hold.Rollback()
			t.Fatalf("migrator %d ended (%v) before it opened the file:\n%s", i, err, m.out.String())
		case <-time.After(2 * time.Minute):
			_ = hold.Rollback()
			t.Fatalf("migrator %d did not open the file", i)
		}
	}
	time.Sleep(time.Second) // both read the file's migrations, then wait for the lock
	if err := hold.Rollback(); err != nil {
		t.Fatal(err)
	}
	var all []int
	for i, m := range ms {
		select {
		case err := <-m.ended:
			if err != nil {
				t.Errorf("migrator %d failed (%v):\n%s", i, err, m.out.String())
			}
		case <-time.After(5 * time.Minute):
			_ = m.cmd.Process.Kill()
			t.Fatalf("migrator %d did not end", i)
		}
		all = append(all, m.applied...)
	}
	slices.Sort(all)
	if !slices.Equal(all, sortedCopy(missing)) {
		t.Errorf("the two applied %v and %v; want each of %v applied once", ms[0].applied, ms[1].applied, missing)
	}
	var have []int
	if err := old.with(ctx).Raw("SELECT version FROM schema_migrations ORDER BY version").Scan(&have).Error; err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(have, knownMigrations()) {
		t.Errorf("the file records migrations %v, want this code's %v", have, knownMigrations())
	}
	var ok string
	if err := old.with(ctx).Raw("PRAGMA integrity_check").Scan(&ok).Error; err != nil || ok != "ok" {
		t.Errorf("integrity check: %v %s", err, ok)
	}
}

// migratorMain opens the SQLite file, says so, migrates it and prints
// the versions it applied; it exits non-zero when the migration fails.
func migratorMain(file string) {
	ctx := context.Background()
	s, err := Open(ctx, file)
	if err != nil {
		fmt.Println("open:", err)
		os.Exit(1)
	}
	defer s.Close()
	fmt.Println("opened")
	applied, err := s.Migrate(ctx)
	if err != nil {
		fmt.Println("migrate:", err)
		os.Exit(1)
	}
	fmt.Println("applied:", strings.Trim(fmt.Sprint(applied), "[]"))
}

func sortedCopy(v []int) []int {
	c := slices.Clone(v)
	slices.Sort(c)
	return c
}
