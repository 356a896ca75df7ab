package cssguard

import "github.com/remixlet/remixlet/internal/wordset"

// Two short lists of properties, each checked against headless Chromium
// (docs/stylesheet-guard.md records how). A property missing from either
// list is treated the strict way, so a gap here over-blocks and never lets
// a load through.

// paintOnly are the properties a rule that tests an element's value may
// set in a sheet that loads something. They change only how a box is
// painted: never whether it is laid out or rendered, its size, its font,
// its generated content, its animations, a custom property or what the
// pointer is over, and none can hold an address, so they cannot decide
// whether, or which, load another rule makes. Everything else can: display: none stops a
// background image loading, width answers a container query, font-family
// picks a @font-face, text-emphasis-style draws a character a @font-face
// with unicode-range is fetched for, content replaces another rule's
// url(), a custom property feeds var(), style() and if(), and fill,
// stroke, filter or mask can override another rule's url(). Each entry is
// witnessed by TestChromiumPaintOnlyProperties (cssguard/chromium_test.go),
// which fails for an entry without a witness value.
var paintOnly = map[string]bool{
	// Colours and shadows. Not opacity: below 1 it makes a stacking
	// context, which can lift a descendant with a negative z-index above
	// the element's background and under the pointer, and so start its
	// :hover load (witnessed).
	"color": true, "background-color": true, "box-shadow": true, "-webkit-box-shadow": true,
	"text-shadow": true, "border-color": true, "border-top-color": true, "border-right-color": true,
	"border-bottom-color": true, "border-left-color": true, "border-block-color": true,
	"border-block-start-color": true, "border-block-end-color": true, "border-inline-color": true,
	"border-inline-start-color": true, "border-inline-end-color": true, "outline-color": true,
	"text-decoration-color": true, "text-emphasis-color": true, "-webkit-text-emphasis-color": true,
	"caret-color": true, "accent-color": true, "column-rule-color": true, "-webkit-column-rule-color": true,
	"-webkit-text-fill-color": true, "-webkit-text-stroke-color": true, "-webkit-tap-highlight-color": true,
	// Outlines: drawn outside the border box, taking no room.
	"outline": true, "outline-style": true, "outline-width": true, "outline-offset": true,
	// Text decoration lines and strokes: drawn over laid-out text.
	"text-decoration": true, "text-decoration-line": true, "text-decoration-style": true,
	"text-decoration-thickness": true, "text-decoration-skip-ink": true, "text-underline-offset": true,
	"text-underline-position": true, "-webkit-text-stroke": true, "-webkit-text-stroke-width": true,
	// Column rules: drawn in the gap, which they do not widen.
	"column-rule": true, "column-rule-style": true, "column-rule-width": true, "-webkit-column-rule": true,
	"-webkit-column-rule-style": true, "-webkit-column-rule-width": true,
	// How a background image is painted (never whether it is fetched).
	"background-position": true, "background-position-x": true, "background-position-y": true,
	"background-size": true, "background-repeat": true, "background-clip": true, "background-origin": true,
	"background-attachment": true, "background-blend-mode": true,
	// SVG paint: colours, opacities, the order of fill and stroke.
	"fill-opacity": true, "stroke-opacity": true, "stop-color": true, "stop-opacity": true, "flood-color": true,
	"flood-opacity": true, "lighting-color": true, "paint-order": true,
	// Scroll bars' colours, image scaling, printing.
	"scrollbar-color": true, "image-rendering": true, "print-color-adjust": true, "-webkit-print-color-adjust": true,
}

// localReference are the properties in which a fragment-only url(#id)
// names an element of the page and fetches nothing (SVG filters, clip
// paths, masks, markers, paint servers, motion paths), plus IE's behavior,
// which Chrome does not know and drops. In every other property, Chrome
// resolves url(#id) against the page's base address and requests it, like
// any relative address.
var localReference = wordset.Of("filter backdrop-filter clip-path mask mask-image -webkit-mask -webkit-mask-image marker " +
	"marker-start marker-mid marker-end fill stroke offset-path behavior -ms-behavior ")
