// Package instruction composes the conditioned instruction an agent
// receives from its effective tool roster. One gate maps roster ids to
// capabilities; every block declares the capability it requires, so the
// body, the reply protocol and the catalogs cannot disagree about what the
// agent has. Composition is pure and deterministic: the same input gives
// the same bytes, which is what the forge previews, the CLI prints and the
// runtime API serves.
package instruction
