package models

// Release is a published version of the console, as a rolling upgrade
// sees it: the commit it was built from and the migrations it applies.
type Release struct {
	Commit     string
	Migrations []int
}

// PreviousRelease is the release an upgrade to this code starts from:
// its replicas keep serving on the database while this code's replicas
// migrate it and start. Every migration this code has beyond it must be
// additive (docs/upgrades.md); cutting a release moves it here.
var PreviousRelease = Release{
	Commit: "426ccd9fefba995678d0037a4959aa0decbd5939",
	Migrations: []int{1, 2, 3, 4, 5, 6, 10, 20, 21, 22, 30, 31, 32, 40, 41, 42, 60, 70, 71, 72, 73,
		100, 110, 111, 130, 131, 132, 133, 150, 151, 180},
}

// DestructiveMigrations names the migrations beyond PreviousRelease
// allowed to drop, rename or narrow what the previous release's
// replicas may still use, each with the reason that is safe — in
// practice, that the previous release no longer reads or writes it (it
// was given up one release earlier), or that the name it renames is
// taken again, in the same transaction, by an equal table. Empty is the
// normal state.
var DestructiveMigrations = map[int]string{
	201: "run_events is renamed run_events_legacy and, in the same transaction, a partitioned run_events with the same " +
		"columns, defaults and id sequence takes its name; the legacy table becomes its first partition (or is dropped when empty), " +
		"so the previous release's COPY, INSERT and SELECT on run_events work unchanged",
}

// MigrationVersions lists the versions of every migration this code
// applies, in the order it applies them.
func MigrationVersions() []int {
	v := make([]int, len(migrations))
	for i, m := range migrations {
		v[i] = m.Version
	}
	return v
}
