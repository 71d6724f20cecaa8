//go:build !race

package web

// raceAllocSlack is 0 in a plain build: the bound as stated.
const raceAllocSlack = 0

// raceSQLiteAllocSlack is 0 in a plain build.
const raceSQLiteAllocSlack = 0
