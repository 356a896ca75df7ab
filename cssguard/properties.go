package cssguard

// Two short lists of properties, each checked against headless Chromium
// (docs/stylesheet-guard.md records how). A property missing from either
// list is treated the strict way, so a gap here over-blocks and never lets
// a load through.

// paintOnly are the properties a rule that tests an element's value may
// set in a sheet that loads something. They change only how a box is
// painted: never whether it is laid out or rendered, its size, its font,
// its generated content, its animations or a custom property, so they
// cannot decide whether, or which, load another rule makes. Everything
// else can: display: none stops a background image loading, width answers
// a container query, font-family picks a @font-face, content replaces
// another rule's url(), a custom property feeds var(), style() and if(),
// and fill or stroke can override another rule's url() paint.
var paintOnly = map[string]bool{
	"color": true, "background-color": true, "opacity": true, "box-shadow": true, "text-shadow": true,
	"border-color": true, "border-top-color": true, "border-right-color": true, "border-bottom-color": true,
	"border-left-color": true, "border-block-color": true, "border-block-start-color": true,
	"border-block-end-color": true, "border-inline-color": true, "border-inline-start-color": true,
	"border-inline-end-color": true, "outline-color": true, "text-decoration-color": true,
	"text-emphasis-color": true, "caret-color": true, "accent-color": true, "column-rule-color": true,
	"-webkit-text-fill-color": true, "-webkit-text-stroke-color": true, "-webkit-tap-highlight-color": true,
}

// localReference are the properties in which a fragment-only url(#id)
// names an element of the page and fetches nothing (SVG filters, clip
// paths, masks, markers, paint servers, motion paths), plus IE's behavior,
// which Chrome does not know and drops. In every other property, Chrome
// resolves url(#id) against the page's base address and requests it, like
// any relative address.
var localReference = map[string]bool{
	"filter": true, "backdrop-filter": true, "clip-path": true, "mask": true, "mask-image": true,
	"-webkit-mask": true, "-webkit-mask-image": true, "marker": true, "marker-start": true,
	"marker-mid": true, "marker-end": true, "fill": true, "stroke": true, "offset-path": true,
	"behavior": true, "-ms-behavior": true,
}
