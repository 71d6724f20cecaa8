// Package views renders the console's pages and fragments with templ.
// Components take typed view models, never database rows or request
// contexts; every fragment the server swaps with htmx is a component the
// full page uses too.
package views
