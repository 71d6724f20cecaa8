//go:build !race

package catalog_test

// allocBudgetFactor is 1 in a plain build: the budget as stated.
const allocBudgetFactor = 1
