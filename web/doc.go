// Package web is the console's HTTP layer: one route table with an
// explicit role policy per route, sessions and CSRF checks, thin handlers
// that call the store and the pure catalog and instruction packages, and
// templ views rendered whole or as htmx fragments.
package web
