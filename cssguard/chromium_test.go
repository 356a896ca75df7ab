package cssguard

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/remixlet/remixlet/internal/chromium"
)

// The witness behind the paint-only list (paintOnly in properties.go) and
// the @supports selector() decision: each property, set to a telling
// value in a rule that tests a field's value, is loaded in headless
// Chromium once with the test matching and once not. The page lays out
// the same (every element's box and scroll size) and requests the same
// addresses through every channel a value test was seen to steer
// (docs/stylesheet-guard.md): the element's own background, a container
// query on it, a scroll-state query, a content-visibility: auto subtree
// and a lazy image off screen, a @font-face picked by a character, a
// ::before url(), list and SVG paint loads, and a :hover load under the
// resting pointer; and the pointer would be over the same element
// everywhere on a grid (what :hover selects). The controls show that the
// page sees what these properties would have to change.

// paintWitness is the value each paint-only property is witnessed with:
// the most visible one (huge offsets and widths, text paint off).
var paintWitness = map[string]string{
	"color": "rgb(1, 2, 3)", "background-color": "red",
	"box-shadow": "0 0 0 50000px red", "-webkit-box-shadow": "0 0 0 50000px red",
	"text-shadow":  "50000px 50000px 500px red",
	"border-color": "red", "border-top-color": "red", "border-right-color": "red", "border-bottom-color": "red",
	"border-left-color": "red", "border-block-color": "red", "border-block-start-color": "red",
	"border-block-end-color": "red", "border-inline-color": "red", "border-inline-start-color": "red",
	"border-inline-end-color": "red", "outline-color": "red", "text-decoration-color": "red",
	"text-emphasis-color": "red", "-webkit-text-emphasis-color": "red", "caret-color": "red", "accent-color": "red",
	"column-rule-color": "red", "-webkit-column-rule-color": "red", "-webkit-text-fill-color": "transparent",
	"-webkit-text-stroke-color": "red", "-webkit-tap-highlight-color": "red",
	// Outlines take no room and catch no pointer.
	"outline": "50000px dotted red", "outline-style": "double", "outline-width": "50000px", "outline-offset": "50000px",
	// Text decoration lines are drawn over the text, never laid out.
	"text-decoration": "underline overline line-through wavy red 500px", "text-decoration-line": "underline overline line-through",
	"text-decoration-style": "wavy", "text-decoration-thickness": "500px", "text-decoration-skip-ink": "none",
	"text-underline-offset": "5000px", "text-underline-position": "under right",
	"-webkit-text-stroke": "500px red", "-webkit-text-stroke-width": "500px",
	// A column rule is drawn in the gap, which it does not widen.
	"column-rule": "500px double red", "column-rule-style": "double", "column-rule-width": "500px",
	"-webkit-column-rule": "500px double red", "-webkit-column-rule-style": "double", "-webkit-column-rule-width": "500px",
	// How a background image is painted, not whether it is fetched.
	"background-position": "50000px 50000px", "background-position-x": "50000px", "background-position-y": "50000px",
	"background-size": "0 0", "background-repeat": "no-repeat", "background-clip": "text", "background-origin": "content-box",
	"background-attachment": "fixed", "background-blend-mode": "difference",
	// SVG paint: colours and opacities.
	"fill-opacity": "0", "stroke-opacity": "0", "stop-color": "red", "stop-opacity": "0", "flood-color": "red",
	"flood-opacity": "0", "lighting-color": "red", "paint-order": "stroke markers",
	"scrollbar-color": "red blue", "image-rendering": "pixelated", "print-color-adjust": "exact", "-webkit-print-color-adjust": "exact",
}

// paintControls change layout or a load, as the witness must see; each
// stays off the list for that reason.
var paintControls = map[string]string{
	"display": "none", "width": "900px", "padding": "40px", "border-width": "30px", "font-family": "W",
	"text-emphasis-style": `"\2605"`, "content-visibility": "hidden", "text-transform": "uppercase",
	"letter-spacing": "20px", "transform": "translateY(3000px)", "visibility": "collapse",
	// A stacking context lifts .under above the background it lay below,
	// under the resting pointer: its :hover load starts.
	"opacity": "0", "isolation": "isolate", "z-index": "1",
}

const paintPage = `<!doctype html><meta charset="utf-8"><link rel="stylesheet" href="/RUN/style.css">
<input value="abc">
<div class="t">
  <p class="q">Some text to decorate, <span>a span</span>, <a href="#x">a link</a>.</p>
  <div class="mc"><p>One column of text.</p><p>Another column of text.</p></div>
  <ul><li>an item</li></ul>
  <table><tr><td>a cell</td></tr><tr><td>another</td></tr></table>
  <svg width="100" height="50"><defs><linearGradient id="g"><stop offset="0"/></linearGradient>
    <filter id="fl"><feFlood/><feDiffuseLighting><feDistantLight/></feDiffuseLighting></filter></defs>
    <rect class="r" width="40" height="40" stroke="black"/><rect width="40" height="40" x="50" fill="url(#g)" filter="url(#fl)"/></svg>
  <div class="sc"><div class="marker">fits</div></div>
  <div class="cv"><div class="in">off screen</div></div>
  <div class="under">under the others</div>
  <img class="lazy" loading="lazy" src="https://load.example/RUN/lazy.png" width="10" height="10">
</div>`

// paintSheet is the channels a value test could steer, then the rule
// that tests the value and sets the property (on .t and all inside it).
func paintSheet(run, property, value string, match bool) string {
	prefix := "z"
	if match {
		prefix = "a"
	}
	l := func(name string) string { return "https://load.example/" + run + "/" + name }
	sheet := `
.t, .t * { border: 1px solid transparent; outline: 1px solid transparent; }
.t { container: t / inline-size; background-image: url(` + l("bg.png") + `); font-family: W, sans-serif; }
@font-face { font-family: W; src: url(` + l("w.woff2") + `); unicode-range: U+2605; }
@container t (width > 400px) { .q { background-image: url(` + l("cq-wide.png") + `); } }
@container t (width < 400px) { .q { background-image: url(` + l("cq-narrow.png") + `); } }
.mc { columns: 2; column-gap: 4px; }
.q::before { content: url(` + l("before.png") + `); }
li { list-style-image: url(` + l("li.png") + `); }
.r { fill: url(` + l("paint.svg") + `#p) red; }
.sc { container-type: scroll-state; overflow: auto; height: 60px; }
@container scroll-state(scrollable: bottom) { .marker { background-image: url(` + l("scroll.png") + `); } }
.cv { content-visibility: auto; contain-intrinsic-size: 100px; margin-top: 3000px; }
.in { background-image: url(` + l("cv.png") + `); }
.lazy { margin-top: 3000px; }
.under { position: absolute; inset: 0; z-index: -1; }
.under:hover { background-image: url(` + l("hover.png") + `); }
`
	if property != "" {
		sheet += "input[value^=\"" + prefix + "\"] ~ .t, input[value^=\"" + prefix + "\"] ~ .t * { " + property + ": " + value + "; }\n"
	}
	return sheet
}

// paintRun is what one page load showed: the loads under its run and
// a fingerprint of its layout.
type paintRun struct {
	loads  []string
	layout string
}

func TestChromiumPaintOnlyProperties(t *testing.T) {
	for property := range paintWitness {
		if !paintOnly[property] {
			t.Errorf("%s has a witness value but is not on the paint-only list", property)
		}
	}
	w := chromium.NewWitness(t)
	var runs atomic.Int64
	// Each visit mostly waits (frames, timers, the pointer): several
	// windows, each with its own page and the pointer at rest on it, take
	// the visits between them. Each window's own two loads of the bare
	// page are its baseline, and every window's baseline must be the same
	// page.
	b := chromium.Start(t, append(w.Flags(), "--window-size=800,600")...)
	visitors := make([]*paintVisitor, paintWindows)
	for i := range visitors {
		// A site of its own, so that each window has a renderer of its own.
		site := fmt.Sprintf("site%d.example", i)
		visitors[i] = &paintVisitor{w: w, b: b, site: site, page: b.OpenWindow(t, "https://"+site+"/blank"), runs: &runs}
	}
	for i, v := range visitors {
		var err error
		if v.base, err = v.visit("", "", false); err != nil {
			t.Fatal(err)
		}
		again, err := v.visit("", "", false)
		if err != nil {
			t.Fatal(err)
		}
		if !v.base.same(again) {
			t.Fatalf("two loads of the same page differ, so the witness cannot tell anything:\n%v\n%v", v.base.loads, again.loads)
		}
		if len(v.base.loads) == 0 {
			t.Fatal("the page made no loads: the witness sees nothing")
		}
		if i > 0 && !v.base.same(visitors[0].base) {
			t.Fatalf("two windows load the same page differently, so the witness cannot tell anything:\n%v\n%v", visitors[0].base.loads, v.base.loads)
		}
	}
	t.Logf("the channels load %v without a value test", visitors[0].base.loads)

	type job struct {
		property, value string
		control         bool
	}
	var jobs []job
	for _, property := range slices.Sorted(maps.Keys(paintOnly)) {
		value, ok := paintWitness[property]
		if !ok {
			t.Errorf("%s is on the paint-only list without a witness value in paintWitness", property)
			continue
		}
		jobs = append(jobs, job{property, value, false})
	}
	for _, property := range slices.Sorted(maps.Keys(paintControls)) {
		if paintOnly[property] {
			t.Errorf("%s is a control and on the paint-only list", property)
		}
		jobs = append(jobs, job{property, paintControls[property], true})
	}
	// What each visit showed, reported in the order of jobs once all ran:
	// an error, or a control's log line.
	errs := make([]string, len(jobs))
	logs := make([]string, len(jobs))
	next := make(chan int)
	var wg sync.WaitGroup
	for _, v := range visitors {
		wg.Go(func() {
			for i := range next {
				j := jobs[i]
				if !j.control {
					ok, err := v.b.Evaluate(v.page, "CSS.supports("+jsString(j.property)+", "+jsString(j.value)+")")
					if err != nil || string(ok) != "true" {
						errs[i] = fmt.Sprintf("%s: %s: Chromium does not take the witness value (%s %v)", j.property, j.value, ok, err)
						continue
					}
				}
				got, err := v.visit(j.property, j.value, true)
				switch {
				case err != nil:
					errs[i] = fmt.Sprintf("%s: %s: %v", j.property, j.value, err)
				case !j.control && !v.base.same(got):
					errs[i] = fmt.Sprintf("%s: %s in a rule whose value test matches changes the page: loads %v (without: %v), layout or what the pointer is over changed %v",
						j.property, j.value, got.loads, v.base.loads, got.layout != v.base.layout)
				case j.control:
					if v.base.same(got) {
						errs[i] = fmt.Sprintf("control %s: %s changes nothing the witness sees, so it cannot tell a paint-only property from another", j.property, j.value)
					}
					logs[i] = fmt.Sprintf("control %s: %s: loads %v, layout or what the pointer is over changed %v", j.property, j.value, got.loads, got.layout != v.base.layout)
				}
			}
		})
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	for i := range jobs {
		if errs[i] != "" {
			t.Error(errs[i])
		}
		if logs[i] != "" {
			t.Log(logs[i])
		}
	}
}

// paintWindows is how many windows share the paint witness's visits.
const paintWindows = 4

// paintVisitor is one window of the paint witness, with its page and the
// bare page's baseline.
type paintVisitor struct {
	w    *chromium.Witness
	b    *chromium.Browser
	site string
	page string
	runs *atomic.Int64 // numbers the visits of every window: each visit's page and loads live under its own run
	base paintRun
}

// visit loads the paint page with property set to value in a rule whose
// value test matches (or not), lets it settle with the pointer at rest,
// and returns what it showed.
func (v *paintVisitor) visit(property, value string, match bool) (paintRun, error) {
	run := fmt.Sprintf("r%d", v.runs.Add(1))
	v.w.Handle(v.site, "/"+run+"/page", chromium.Page{ContentType: "text/html", Body: strings.ReplaceAll(paintPage, "RUN", run)})
	v.w.Handle(v.site, "/"+run+"/style.css", chromium.Page{ContentType: "text/css", Body: paintSheet(run, property, value, match)})
	if _, err := v.b.Send("Page.navigate", map[string]string{"url": "https://" + v.site + "/" + run + "/page"}, v.page); err != nil {
		return paintRun{}, err
	}
	if err := v.b.Poll(v.page, `location.pathname === "/`+run+`/page" && document.readyState === "complete"`, 30*time.Second); err != nil {
		return paintRun{}, err
	}
	settle := `(async () => {
  await document.fonts.ready;
  for (let i = 0; i < 4; i++) await new Promise(r => requestAnimationFrame(r));
  await new Promise(r => setTimeout(r, 150));
})()`
	if _, err := v.b.Evaluate(v.page, settle); err != nil {
		return paintRun{}, err
	}
	// The pointer comes to rest on the page's lower part, where .under
	// lies below the rest: a :hover load there shows what it is over.
	if _, err := v.b.Send("Input.dispatchMouseEvent", map[string]any{"type": "mouseMoved", "x": 400, "y": 480}, v.page); err != nil {
		return paintRun{}, err
	}
	layout, err := v.b.Evaluate(v.page, `(async () => {
  for (let i = 0; i < 4; i++) await new Promise(r => requestAnimationFrame(r));
  await new Promise(r => setTimeout(r, 150));
  const round = (x) => Math.round(x * 10) / 10;
  // Not inside the content-visibility: auto subtree: measuring it would
  // lay it out, and load what it holds.
  return [...document.querySelectorAll("*")].filter(e => !e.closest(".cv") || e.matches(".cv")).map(e => { const r = e.getBoundingClientRect();
    return [e.tagName, round(r.x), round(r.y), round(r.width), round(r.height), e.scrollWidth, e.scrollHeight].join(","); }).join(";")
    + "|" + document.scrollingElement.scrollWidth + "x" + document.scrollingElement.scrollHeight
    // What the pointer would be over (and so what :hover selects), on a grid.
    + "|" + Array.from({length: 24 * 32}, (_, i) => { const e = document.elementFromPoint((i % 32) * 25 + 3, Math.floor(i / 32) * 25 + 3);
      return e ? [...document.querySelectorAll("*")].indexOf(e) : -1; }).join(",");
})()`)
	if err != nil {
		return paintRun{}, err
	}
	var r paintRun
	if err := json.Unmarshal(layout, &r.layout); err != nil {
		return paintRun{}, err
	}
	for _, req := range v.w.Requests() {
		if rest, ok := strings.CutPrefix(req.Path, "/"+run+"/"); ok && req.Host == "load.example" {
			r.loads = append(r.loads, rest)
		}
	}
	slices.Sort(r.loads)
	r.loads = slices.Compact(r.loads)
	return r, nil
}

func (a paintRun) same(b paintRun) bool {
	return a.layout == b.layout && slices.Equal(a.loads, b.loads)
}

// TestChromiumSupportsSelector: @supports selector() with a value test in
// it loads the same whatever the field holds.
func TestChromiumSupportsSelector(t *testing.T) {
	w := chromium.NewWitness(t)
	b := chromium.Start(t, w.Flags()...)
	for i, value := range []string{"abc", "zzz"} {
		run := fmt.Sprintf("s%d", i)
		w.Handle("site.example", "/"+run, chromium.Page{ContentType: "text/html", Body: `<!doctype html><input value="` + value + `"><div class="x">x</div>
<style>@supports selector(input[value^=a]) { .x { background-image: url(https://load.example/` + run + `/a.png); } }
@supports not selector(input[value^=a]) { .x { border-image: url(https://load.example/` + run + `/b.png) 1; border: 1px solid; } }</style>`})
		s := b.OpenPage(t, "https://site.example/"+run)
		b.WaitFor(t, s, "true", time.Second)
		time.Sleep(300 * time.Millisecond)
		var got []string
		for _, r := range w.Requests() {
			if strings.HasPrefix(r.Path, "/"+run+"/") {
				got = append(got, strings.TrimPrefix(r.Path, "/"+run+"/"))
			}
		}
		if !slices.Equal(got, []string{"a.png"}) {
			t.Errorf("field %q: the sheet loaded %v, want [a.png] whatever the field holds", value, got)
		}
	}
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
