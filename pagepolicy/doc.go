// Package pagepolicy is the page agent's policy as one table: the elements
// a remixlet may create (an allow list: layout, text, form-control, image
// and simple SVG), the attributes that load or run something (refused), the
// two that are checked instead (href on a link and src on an image, by the
// page agent's address rule), the SVG attributes and animation elements
// that could change them after the check, the attributes of a password
// field that cannot change, and the selector rule. Every row is data with
// its reason (table.go).
//
// Everything that states the policy reads this table: the script lint
// (dom.create, setAttribute, HTML handed to the page), the WebAssembly
// build's policy calls the extension's page agent makes, `remixlet
// explain` and docs/api.md (Markdown, Text).
//
// HTML is read as the page agent reads it, in an inert document: a
// DOMParser, whose scripting flag is off, so <noscript>'s content is markup
// (ParseHTML). JudgeElement and JudgeHTML give the page agent's answer for
// an element or a string of HTML on a page; JudgeAddress is the address
// rule: resolved against the page's base as the browser resolves it, then
// the page's own origin, the remixlet's sites, its fetch: hosts, an address
// the page already loads exactly, or a data: image, never javascript: or
// blob:.
package pagepolicy
