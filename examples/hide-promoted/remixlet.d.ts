// Type declarations for the remixlet sandbox API (dom.*, rmx.*), API 1.0.2.
// Generated from remixlet's API table (`remixlet types`); do not edit.
// The sandbox replaces document, fetch, localStorage and their kin with errors:
// use dom for the page and rmx for everything else.

/**
 * The page, through the extension's page agent: every call is checked against the page policy and needs no permission.
 * @since 1.0.0
 */
declare namespace dom {
  /**
   * An element on the page, as the page agent hands it to the sandbox: a reference, not the element; every method is a checked request.
   * @since 1.0.0
   */
  interface Handle {
    /**
     * The element's text; a password field reads as empty.
     * @since 1.0.0
     */
    text(): Promise<string>;

    /**
     * Replaces the element's content with text.
     * @since 1.0.0
     */
    setText(text: string): Promise<void>;

    /**
     * The element's inner HTML, with password values left out.
     * @since 1.0.0
     */
    html(): Promise<string>;

    /**
     * Replaces the element's content with HTML, cleaned as dom.html cleans it.
     * @since 1.0.0
     */
    setHTML(html: string): Promise<void>;

    /**
     * Inserts HTML, cleaned as dom.html cleans it, before, inside or after the element.
     * @since 1.0.0
     */
    insertHTML(position: dom.InsertPosition, html: string): Promise<void>;

    /**
     * Adds HTML, cleaned as dom.html cleans it, at the end of the element's content.
     * @since 1.0.0
     */
    appendHTML(html: string): Promise<void>;

    /**
     * Adds HTML, cleaned as dom.html cleans it, at the start of the element's content.
     * @since 1.0.0
     */
    prependHTML(html: string): Promise<void>;

    /**
     * An attribute's value, or null; a password field's value attribute reads as empty.
     * @since 1.0.0
     */
    getAttribute(name: string): Promise<string | null>;

    /**
     * Sets an attribute under the page policy: on* handlers, style and attributes that load or run something are refused, except href on a link and src on an image, which pass the address rule.
     * @since 1.0.0
     */
    setAttribute(name: string, value: string): Promise<void>;

    /**
     * Sets a namespaced attribute (SVG), under the same policy as setAttribute.
     * @since 1.0.0
     */
    setAttributeNS(namespace: string | null, name: string, value: string): Promise<void>;

    /**
     * Removes an attribute; a password field's type, autocomplete, pattern, minlength and maxlength cannot be changed.
     * @since 1.0.0
     */
    removeAttribute(name: string): Promise<void>;

    /**
     * Adds classes; on one of the page's own elements each must carry this remixlet's mark.
     * @since 1.0.0
     */
    addClass(...names: string[]): Promise<void>;

    /**
     * Removes classes.
     * @since 1.0.0
     */
    removeClass(...names: string[]): Promise<void>;

    /**
     * Whether the element has a class.
     * @since 1.0.0
     */
    hasClass(name: string): Promise<boolean>;

    /**
     * A form control's value; a password field reads as empty.
     * @since 1.0.0
     */
    value(): Promise<string>;

    /**
     * Types a value into a form control, as the user would; refused for a password field.
     * @since 1.0.0
     */
    setValue(value: string): Promise<void>;

    /**
     * Clicks the element, after checking everything the click would activate (labels, forms, link destinations).
     * @since 1.0.0
     */
    click(): Promise<void>;

    /**
     * Moves elements, or adds text, at the end of the element's content.
     * @since 1.0.0
     */
    append(...children: dom.Child[]): Promise<void>;

    /**
     * Moves elements, or adds text, at the start of the element's content.
     * @since 1.0.0
     */
    prepend(...children: dom.Child[]): Promise<void>;

    /**
     * Moves elements, or adds text, just before the element.
     * @since 1.0.0
     */
    before(...children: dom.Child[]): Promise<void>;

    /**
     * Moves elements, or adds text, just after the element.
     * @since 1.0.0
     */
    after(...children: dom.Child[]): Promise<void>;

    /**
     * Replaces the element with elements or text.
     * @since 1.0.0
     */
    replaceWith(...children: dom.Child[]): Promise<void>;

    /**
     * Takes the element off the page.
     * @since 1.0.0
     */
    remove(): Promise<void>;

    /**
     * A copy of the element and its content, not on the page; form fields in it start empty.
     * @since 1.0.0
     */
    clone(): Promise<dom.Handle>;

    /**
     * The element's parent element, or null.
     * @since 1.0.0
     */
    parent(): Promise<dom.Handle | null>;

    /**
     * The element's child elements.
     * @since 1.0.0
     */
    children(): Promise<dom.Handle[]>;

    /**
     * The element's tag name, in lower case.
     * @since 1.0.0
     */
    tag(): Promise<string>;

    /**
     * Whether the element is still on the page (sites redraw).
     * @since 1.0.0
     */
    isConnected(): Promise<boolean>;

    /**
     * Calls listener for every event of a type on this element; keys typed into a password field are not passed on.
     * @since 1.0.0
     */
    on(type: string, listener: (event: dom.Event) => void): Promise<rmx.Subscription>;

    /**
     * Where the element is in the viewport, in CSS pixels.
     * @since 1.0.1
     */
    rect(): Promise<dom.Rect>;

    /**
     * Scrolls the page until the element is visible.
     * @since 1.0.1
     */
    scrollIntoView(): Promise<void>;

    /**
     * Moves the keyboard focus to the element.
     * @since 1.0.2
     */
    focus(): Promise<void>;
  }

  /**
   * A stylesheet dom.addStyle added to the page.
   * @since 1.0.0
   */
  interface Sheet {
    /**
     * Replaces the sheet's rules, under the same policy as dom.addStyle.
     * @since 1.0.0
     */
    replace(css: string): Promise<void>;

    /**
     * Takes the sheet off the page.
     * @since 1.0.0
     */
    remove(): Promise<void>;
  }

  /**
   * Attributes for dom.create: names and values, under the page policy of setAttribute.
   * @since 1.0.0
   */
  type Attributes = Record<string, string | number | boolean>;

  /**
   * An element to move, or text to add.
   * @since 1.0.0
   */
  type Child = dom.Handle | string;

  /**
   * Where insertHTML puts HTML, relative to the element.
   * @since 1.0.0
   */
  type InsertPosition = "beforebegin" | "afterbegin" | "beforeend" | "afterend";

  /**
   * Options for dom.waitFor.
   * @since 1.0.1
   */
  interface WaitOptions {
    /** Milliseconds before giving up; 10,000 unless given. */
    timeout?: number;
    /** Look only inside this element. */
    within?: dom.Handle;
  }

  /**
   * An event on the page, as dom.on and Handle.on pass it: a copy of its data, after the page has handled it.
   * @since 1.0.0
   */
  interface Event {
    readonly type: string;
    readonly target: dom.Handle;
    /** The key, for keyboard events; absent for keys typed into a password field. */
    readonly key?: string;
    readonly button?: number;
    readonly altKey: boolean;
    readonly ctrlKey: boolean;
    readonly metaKey: boolean;
    readonly shiftKey: boolean;
  }

  /**
   * A box in the viewport, in CSS pixels.
   * @since 1.0.1
   */
  interface Rect {
    readonly x: number;
    readonly y: number;
    readonly width: number;
    readonly height: number;
  }

  /**
   * The first element that matches a CSS selector (inside within, if given), or null.
   * @since 1.0.0
   */
  function query(selector: string, within?: dom.Handle): Promise<dom.Handle | null>;

  /**
   * Every element that matches a CSS selector, in page order, up to 1,000.
   * @since 1.0.0
   */
  function queryAll(selector: string, within?: dom.Handle): Promise<dom.Handle[]>;

  /**
   * The first element that matches a selector once the page has one; rejects after options.timeout milliseconds (10,000 unless given).
   * @since 1.0.1
   */
  function waitFor(selector: string, options?: dom.WaitOptions): Promise<dom.Handle>;

  /**
   * The nearest of from and its ancestors that matches a selector, or null.
   * @since 1.0.0
   */
  function closest(selector: string, from: dom.Handle): Promise<dom.Handle | null>;

  /**
   * Whether an element matches a selector.
   * @since 1.0.0
   */
  function matches(selector: string, element: dom.Handle): Promise<boolean>;

  /**
   * A new element, not yet on the page; only the page policy's layout, text, form-control, image and simple SVG elements are made, every other is refused.
   * @since 1.0.0
   */
  function create(tag: string, attributes?: dom.Attributes, children?: dom.Child[]): Promise<dom.Handle>;

  /**
   * Parses HTML in an inert document, drops refused elements and attributes, and returns its top-level elements, not yet on the page.
   * @since 1.0.0
   */
  function html(html: string): Promise<dom.Handle[]>;

  /**
   * Adds a stylesheet to the page; CSS with url(, @import or their relatives is refused.
   * @since 1.0.0
   */
  function addStyle(css: string): Promise<dom.Sheet>;

  /**
   * Calls listener for every event of a type on an element that matches a selector, including elements added later; keys typed into a password field are not passed on.
   * @since 1.0.0
   */
  function on(type: string, selector: string, listener: (event: dom.Event) => void): Promise<rmx.Subscription>;

  /**
   * Calls listener with the elements that match a selector as the page adds them.
   * @since 1.0.1
   */
  function observe(selector: string, listener: (added: dom.Handle[]) => void): Promise<rmx.Subscription>;

  /**
   * The text the user has selected on the page; a selection inside a password field reads as empty.
   * @since 1.0.1
   */
  function selection(): Promise<string>;

  /**
   * This remixlet's mark: an attribute or class it adds to one of the page's own elements must start with it (`${dom.mark}-hidden`).
   * @since 1.0.0
   */
  const mark: string;

  /**
   * Every element on the page that carries this remixlet's mark.
   * @since 1.0.2
   */
  function marked(): Promise<dom.Handle[]>;
}

/**
 * Extension services and runtime helpers; a service needs its permission in manifest.json, which the background worker checks on every call.
 * @since 1.0.0
 */
declare namespace rmx {
  /**
   * A listener dom.on, dom.observe or rmx.network.observe registered.
   * @since 1.0.0
   */
  interface Subscription {
    /**
     * Stops the listener.
     * @since 1.0.0
     */
    off(): Promise<void>;
  }

  /**
   * A value that survives JSON: what storage and schedule messages hold.
   * @since 1.0.0
   */
  type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

  /**
   * What rmx.keep keeps true.
   * @since 1.0.0
   */
  interface Condition {
    /** Shown in the log when a repair fails. */
    name?: string;
    /** Whether the page is as it should be. */
    check(): boolean | Promise<boolean>;
    /** Makes check true again. */
    repair(): void | Promise<void>;
  }

  /**
   * When a schedule fires: at a time (milliseconds since 1970), or after a delay, optionally repeating (at least a minute apart).
   * @since 1.0.0
   */
  type When = { at: number; every?: number } | { after: number; every?: number };

  /**
   * A pending schedule, as rmx.schedule.list returns it.
   * @since 1.0.2
   */
  interface Scheduled {
    readonly id: string;
    readonly action: "notify" | "openTab" | "message";
    /** When it fires next, in milliseconds since 1970. */
    readonly next: number;
  }

  /**
   * Options for rmx.fetch.
   * @since 1.0.0
   */
  interface FetchOptions {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  /**
   * The response rmx.fetch returns.
   * @since 1.0.0
   */
  interface FetchResponse {
    readonly ok: boolean;
    readonly status: number;
    readonly statusText: string;
    /** The address after redirects. */
    readonly url: string;
    readonly headers: Record<string, string>;
    text(): Promise<string>;
    json(): Promise<unknown>;
  }

  /**
   * A response the page received, as rmx.network.observe passes it.
   * @since 1.0.0
   */
  interface ObservedResponse {
    readonly url: string;
    readonly method: string;
    readonly status: number;
    readonly headers: Record<string, string>;
    /** The body as text, cut at the recorder's bound. */
    readonly body: string;
    /** Whether body was cut. */
    readonly truncated: boolean;
  }

  /**
   * Keeps a condition true while the site redraws itself: check runs after the page changes, and repair whenever check returns false.
   * @since 1.0.0
   */
  function keep(condition: rmx.Condition | (() => boolean | Promise<boolean>)): void;

  /**
   * Writes a line to this remixlet's log, which the agent reads and History shows; works even while the remixlet is paused.
   * @since 1.0.0
   */
  function log(...values: unknown[]): void;

  /**
   * The API release the running extension implements, such as "1.0.2".
   * @since 1.0.0
   */
  const version: string;

  /**
   * Data this remixlet keeps in the extension, across pages and visits.
   * Needs the storage permission in manifest.json.
   * @since 1.0.0
   */
  namespace storage {
    /**
     * The value stored under a key, or undefined.
     * Needs the storage permission in manifest.json.
     * @since 1.0.0
     */
    function get(key: string): Promise<rmx.Json | undefined>;

    /**
     * Stores a JSON value under a key.
     * Needs the storage permission in manifest.json.
     * @since 1.0.0
     */
    function set(key: string, value: rmx.Json): Promise<void>;

    /**
     * Deletes a key.
     * Needs the storage permission in manifest.json.
     * @since 1.0.0
     */
    function remove(key: string): Promise<void>;

    /**
     * Every key this remixlet has stored.
     * Needs the storage permission in manifest.json.
     * @since 1.0.1
     */
    function keys(): Promise<string[]>;
  }

  /**
   * The clipboard, write only.
   * Needs the clipboard permission in manifest.json.
   * @since 1.0.0
   */
  namespace clipboard {
    /**
     * Puts text on the clipboard; there is no way to read it.
     * Needs the clipboard permission in manifest.json.
     * @since 1.0.0
     */
    function write(text: string): Promise<void>;
  }

  /**
   * Shows a system notification, text only.
   * Needs the notifications permission in manifest.json.
   * @since 1.0.0
   */
  function notify(text: string): Promise<void>;

  /**
   * Commands in the remixlet's menu in the toolbar popup.
   * Needs the menu permission in manifest.json.
   * @since 1.0.0
   */
  namespace menu {
    /**
     * Adds a command and returns its id; onChoose runs in the page it was chosen on.
     * Needs the menu permission in manifest.json.
     * @since 1.0.0
     */
    function add(title: string, onChoose?: () => void): Promise<string>;

    /**
     * Removes a command.
     * Needs the menu permission in manifest.json.
     * @since 1.0.0
     */
    function remove(id: string): Promise<void>;
  }

  /**
   * Later actions: the worker runs one of three fixed actions at the time given; no remixlet code runs then.
   * Needs the schedule permission in manifest.json.
   * @since 1.0.0
   */
  namespace schedule {
    /**
     * Shows a text notification later; returns the schedule's id.
     * Needs the schedule permission in manifest.json.
     * @since 1.0.0
     */
    function notify(when: rmx.When, text: string): Promise<string>;

    /**
     * Opens, or focuses, a tab on one of this remixlet's own pages later; returns the schedule's id.
     * Needs the schedule permission in manifest.json.
     * @since 1.0.0
     */
    function openTab(when: rmx.When, url: string): Promise<string>;

    /**
     * Queues a message for this remixlet's next page load after the time given; returns the schedule's id.
     * Needs the schedule permission in manifest.json.
     * @since 1.0.0
     */
    function message(when: rmx.When, message: rmx.Json): Promise<string>;

    /**
     * Takes the messages queued for this page load, oldest first.
     * Needs the schedule permission in manifest.json.
     * @since 1.0.0
     */
    function messages(): Promise<rmx.Json[]>;

    /**
     * Cancels a schedule.
     * Needs the schedule permission in manifest.json.
     * @since 1.0.0
     */
    function cancel(id: string): Promise<void>;

    /**
     * This remixlet's pending schedules.
     * Needs the schedule permission in manifest.json.
     * @since 1.0.2
     */
    function list(): Promise<rmx.Scheduled[]>;
  }

  /**
   * Sends a request, signed in as the user, to a host a fetch:HOST permission names; every redirect is checked against the approved hosts.
   * Needs the fetch:HOST permission in manifest.json.
   * @since 1.0.0
   */
  function fetch(url: string, options?: rmx.FetchOptions): Promise<rmx.FetchResponse>;

  /**
   * The page's own network traffic, read only.
   * Needs the network:observe:HOST permission in manifest.json.
   * @since 1.0.0
   */
  namespace network {
    /**
     * Calls listener with the responses the page receives from a host a network:observe:HOST permission names (a bounded copy; requests and responses are not changed).
     * Needs the network:observe:HOST permission in manifest.json.
     * @since 1.0.0
     */
    function observe(source: string | { host: string; path?: string } | { url: string }, listener: (response: rmx.ObservedResponse) => void): Promise<rmx.Subscription>;
  }
}
