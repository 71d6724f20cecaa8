//go:build race

package catalog_test

// allocBudgetFactor widens an allocation budget under the race detector,
// whose instrumentation roughly doubles what an import allocates (2,000
// real tools: 57.5 MB plain, 108 MB with -race). The budget that counts
// is the plain build's; a race build still catches a blow-up of its class.
const allocBudgetFactor = 2
