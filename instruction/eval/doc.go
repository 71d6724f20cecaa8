// Package eval measures tool selection without a model (the selection rules):
// for a draft's roster and options it reports, for every selection case,
// where each expected tool is — on the first step, reachable by search at
// some rank, or unreachable — how many discovery steps that takes, and the
// totals recall@k, first-step share and top-1 on misleading cases. It is
// pure: no store, no HTTP, no clock. The CLI (`console eval`), the forge
// panel, profile compare and skill proposals all call Evaluate.
package eval
