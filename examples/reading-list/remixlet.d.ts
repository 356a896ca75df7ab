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

// The host APIs the sandbox offers beside ECMAScript's built-ins: the closed
// world of globals (`remixlet explain js/unknown-global`). The tsconfig.json
// `remixlet init` writes has no DOM library: these are all there is.

/** Runs handler once after timeout milliseconds; a string of code is refused. */
declare function setTimeout<A extends unknown[]>(handler: (...args: A) => void, timeout?: number, ...args: A): number;
/** Runs handler every timeout milliseconds; a string of code is refused. */
declare function setInterval<A extends unknown[]>(handler: (...args: A) => void, timeout?: number, ...args: A): number;
/** Cancels a setTimeout. */
declare function clearTimeout(id: number | undefined): void;
/** Cancels a setInterval. */
declare function clearInterval(id: number | undefined): void;
/** Runs callback later in the same task. */
declare function queueMicrotask(callback: () => void): void;
/** A deep copy of a value, in memory. */
declare function structuredClone<T>(value: T): T;
/** Decodes base64. */
declare function atob(data: string): string;
/** Encodes a string of Latin-1 characters as base64. */
declare function btoa(data: string): string;

/** An address, parsed in memory (URL.createObjectURL is not in the sandbox). */
declare class URL {
  constructor(url: string | URL, base?: string | URL);
  static canParse(url: string | URL, base?: string | URL): boolean;
  static parse(url: string | URL, base?: string | URL): URL | null;
  hash: string;
  host: string;
  hostname: string;
  href: string;
  readonly origin: string;
  password: string;
  pathname: string;
  port: string;
  protocol: string;
  search: string;
  readonly searchParams: URLSearchParams;
  username: string;
  toString(): string;
  toJSON(): string;
}

/** A query string, parsed and built in memory. */
declare class URLSearchParams {
  constructor(init?: string | Record<string, string> | string[][] | URLSearchParams);
  readonly size: number;
  append(name: string, value: string): void;
  delete(name: string, value?: string): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string, value?: string): boolean;
  set(name: string, value: string): void;
  sort(): void;
  toString(): string;
  forEach(callback: (value: string, key: string, parent: URLSearchParams) => void): void;
  entries(): IterableIterator<[string, string]>;
  keys(): IterableIterator<string>;
  values(): IterableIterator<string>;
  [Symbol.iterator](): IterableIterator<[string, string]>;
}

/** Encodes text as UTF-8 bytes. */
declare class TextEncoder {
  readonly encoding: "utf-8";
  encode(input?: string): Uint8Array;
  encodeInto(source: string, destination: Uint8Array): { read: number; written: number };
}

/** Decodes bytes as text. */
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  readonly encoding: string;
  readonly fatal: boolean;
  readonly ignoreBOM: boolean;
  decode(input?: ArrayBuffer | ArrayBufferView, options?: { stream?: boolean }): string;
}

/** Cancels work the script started. */
declare class AbortController {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
}

/** The other half of AbortController. */
declare class AbortSignal {
  static abort(reason?: unknown): AbortSignal;
  static any(signals: AbortSignal[]): AbortSignal;
  static timeout(milliseconds: number): AbortSignal;
  readonly aborted: boolean;
  readonly reason: unknown;
  onabort: (() => void) | null;
  throwIfAborted(): void;
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

/** The error type host APIs throw. */
declare class DOMException extends Error {
  constructor(message?: string, name?: string);
  readonly code: number;
}

/** Random numbers and identifiers (nothing else of the Web Crypto API). */
declare var crypto: {
  getRandomValues<T extends Int8Array | Uint8Array | Uint8ClampedArray | Int16Array | Uint16Array | Int32Array | Uint32Array | BigInt64Array | BigUint64Array>(array: T): T;
  randomUUID(): `${string}-${string}-${string}-${string}-${string}`;
};

/** Writes to the remixlet's log. */
declare var console: {
  assert(condition?: boolean, ...data: unknown[]): void;
  clear(): void;
  count(label?: string): void;
  countReset(label?: string): void;
  debug(...data: unknown[]): void;
  dir(item?: unknown): void;
  error(...data: unknown[]): void;
  group(...data: unknown[]): void;
  groupCollapsed(...data: unknown[]): void;
  groupEnd(): void;
  info(...data: unknown[]): void;
  log(...data: unknown[]): void;
  table(data: unknown, columns?: string[]): void;
  time(label?: string): void;
  timeEnd(label?: string): void;
  timeLog(label?: string, ...data: unknown[]): void;
  trace(...data: unknown[]): void;
  warn(...data: unknown[]): void;
};

/** The sandbox's read-only location: reading it is fine; assigning, assign, replace and reload are not there. */
declare var location: {
  readonly hash: string;
  readonly host: string;
  readonly hostname: string;
  readonly href: string;
  readonly origin: string;
  readonly pathname: string;
  readonly port: string;
  readonly protocol: string;
  readonly search: string;
  toString(): string;
};

/** The sandbox's read-only window: only window.NAME of a global the sandbox has. */
declare var window: typeof globalThis;
/** The global object: only self.NAME of a global the sandbox has. */
declare var self: typeof globalThis;
/** The global object: only frames.NAME of a global the sandbox has. */
declare var frames: typeof globalThis;
/** The frame's parent window: only parent.NAME of a global the sandbox has. */
declare var parent: typeof globalThis;
/** The top window: only top.NAME of a global the sandbox has. */
declare var top: typeof globalThis;

// Globals the sandbox does not have (or replaces with an error): using one is
// a type error whose message says what to use instead.
interface NotInTheSandbox<Message extends string> {
  readonly "not in the sandbox": Message;
}
/** document is not in the sandbox: the page's document is not in the sandbox: read and change the page through dom (dom.query, dom.queryAll, dom.create) */
declare var document: NotInTheSandbox<"document is not in the sandbox: the page's document is not in the sandbox: read and change the page through dom (dom.query, dom.queryAll, dom.create)">;
/** fetch is not in the sandbox: the sandbox has no network: use rmx.fetch with a fetch:HOST permission */
declare var fetch: NotInTheSandbox<"fetch is not in the sandbox: the sandbox has no network: use rmx.fetch with a fetch:HOST permission">;
/** XMLHttpRequest is not in the sandbox: the sandbox has no network: use rmx.fetch with a fetch:HOST permission */
declare var XMLHttpRequest: NotInTheSandbox<"XMLHttpRequest is not in the sandbox: the sandbox has no network: use rmx.fetch with a fetch:HOST permission">;
/** WebSocket is not in the sandbox: the sandbox has no network and there is no socket API: poll with rmx.fetch (fetch:HOST permission) or read the page's own traffic with rmx.network.observe */
declare var WebSocket: NotInTheSandbox<"WebSocket is not in the sandbox: the sandbox has no network and there is no socket API: poll with rmx.fetch (fetch:HOST permission) or read the page's own traffic with rmx.network.observe">;
/** EventSource is not in the sandbox: the sandbox has no network: poll with rmx.fetch (fetch:HOST permission) or read the page's own traffic with rmx.network.observe */
declare var EventSource: NotInTheSandbox<"EventSource is not in the sandbox: the sandbox has no network: poll with rmx.fetch (fetch:HOST permission) or read the page's own traffic with rmx.network.observe">;
/** WebTransport is not in the sandbox: the sandbox has no network: use rmx.fetch with a fetch:HOST permission */
declare var WebTransport: NotInTheSandbox<"WebTransport is not in the sandbox: the sandbox has no network: use rmx.fetch with a fetch:HOST permission">;
/** navigator is not in the sandbox: navigator is not in the sandbox: send with rmx.fetch (fetch:HOST permission), copy with rmx.clipboard.write, read the language with Intl.DateTimeFormat().resolvedOptions().locale */
declare var navigator: NotInTheSandbox<"navigator is not in the sandbox: navigator is not in the sandbox: send with rmx.fetch (fetch:HOST permission), copy with rmx.clipboard.write, read the language with Intl.DateTimeFormat().resolvedOptions().locale">;
/** localStorage is not in the sandbox: the page's storage is not reachable: keep data with rmx.storage (storage permission) */
declare var localStorage: NotInTheSandbox<"localStorage is not in the sandbox: the page's storage is not reachable: keep data with rmx.storage (storage permission)">;
/** sessionStorage is not in the sandbox: the page's storage is not reachable: keep data with rmx.storage (storage permission) */
declare var sessionStorage: NotInTheSandbox<"sessionStorage is not in the sandbox: the page's storage is not reachable: keep data with rmx.storage (storage permission)">;
/** indexedDB is not in the sandbox: the page's storage is not reachable: keep data with rmx.storage (storage permission) */
declare var indexedDB: NotInTheSandbox<"indexedDB is not in the sandbox: the page's storage is not reachable: keep data with rmx.storage (storage permission)">;
/** caches is not in the sandbox: the page's storage is not reachable: keep data with rmx.storage (storage permission) */
declare var caches: NotInTheSandbox<"caches is not in the sandbox: the page's storage is not reachable: keep data with rmx.storage (storage permission)">;
/** cookieStore is not in the sandbox: cookies are not reachable from a remixlet: keep data with rmx.storage (storage permission) */
declare var cookieStore: NotInTheSandbox<"cookieStore is not in the sandbox: cookies are not reachable from a remixlet: keep data with rmx.storage (storage permission)">;
/** open is not in the sandbox: a remixlet cannot open windows: add a link with dom.create('a', {href}) on an allowed address, or use rmx.schedule to open one of the remixlet's own pages */
declare var open: NotInTheSandbox<"open is not in the sandbox: a remixlet cannot open windows: add a link with dom.create('a', {href}) on an allowed address, or use rmx.schedule to open one of the remixlet's own pages">;
/** alert is not in the sandbox: a remixlet cannot show dialogs: show a message with rmx.notify (notifications permission) or on the page with dom */
declare var alert: NotInTheSandbox<"alert is not in the sandbox: a remixlet cannot show dialogs: show a message with rmx.notify (notifications permission) or on the page with dom">;
/** confirm is not in the sandbox: a remixlet cannot show dialogs: ask on the page with elements made by dom.create */
declare var confirm: NotInTheSandbox<"confirm is not in the sandbox: a remixlet cannot show dialogs: ask on the page with elements made by dom.create">;
/** prompt is not in the sandbox: a remixlet cannot show dialogs: ask on the page with elements made by dom.create */
declare var prompt: NotInTheSandbox<"prompt is not in the sandbox: a remixlet cannot show dialogs: ask on the page with elements made by dom.create">;
/** RTCPeerConnection is not in the sandbox: the runtime removes WebRTC: there is no peer-to-peer network from a remixlet */
declare var RTCPeerConnection: NotInTheSandbox<"RTCPeerConnection is not in the sandbox: the runtime removes WebRTC: there is no peer-to-peer network from a remixlet">;
/** webkitRTCPeerConnection is not in the sandbox: the runtime removes WebRTC: there is no peer-to-peer network from a remixlet */
declare var webkitRTCPeerConnection: NotInTheSandbox<"webkitRTCPeerConnection is not in the sandbox: the runtime removes WebRTC: there is no peer-to-peer network from a remixlet">;
/** mozRTCPeerConnection is not in the sandbox: the runtime removes WebRTC: there is no peer-to-peer network from a remixlet */
declare var mozRTCPeerConnection: NotInTheSandbox<"mozRTCPeerConnection is not in the sandbox: the runtime removes WebRTC: there is no peer-to-peer network from a remixlet">;
/** RTCDataChannel is not in the sandbox: the runtime removes WebRTC: there is no peer-to-peer network from a remixlet */
declare var RTCDataChannel: NotInTheSandbox<"RTCDataChannel is not in the sandbox: the runtime removes WebRTC: there is no peer-to-peer network from a remixlet">;
/** Worker is not in the sandbox: workers start code from an address, which nobody reviews: run the code in script.js itself */
declare var Worker: NotInTheSandbox<"Worker is not in the sandbox: workers start code from an address, which nobody reviews: run the code in script.js itself">;
/** SharedWorker is not in the sandbox: workers start code from an address, which nobody reviews: run the code in script.js itself */
declare var SharedWorker: NotInTheSandbox<"SharedWorker is not in the sandbox: workers start code from an address, which nobody reviews: run the code in script.js itself">;
/** ServiceWorker is not in the sandbox: workers start code from an address, which nobody reviews: run the code in script.js itself */
declare var ServiceWorker: NotInTheSandbox<"ServiceWorker is not in the sandbox: workers start code from an address, which nobody reviews: run the code in script.js itself">;
/** importScripts is not in the sandbox: loads code from an address, which nobody reviews: bundle the code into script.js with `remixlet build` */
declare var importScripts: NotInTheSandbox<"importScripts is not in the sandbox: loads code from an address, which nobody reviews: bundle the code into script.js with `remixlet build`">;
/** WebAssembly is not in the sandbox: WebAssembly compiles bytes into code a person cannot read: write the logic in JavaScript in script.js */
declare var WebAssembly: NotInTheSandbox<"WebAssembly is not in the sandbox: WebAssembly compiles bytes into code a person cannot read: write the logic in JavaScript in script.js">;
/** Image is not in the sandbox: the sandbox has no DOM: create an image on the page with dom.create('img', {src}) on an allowed address */
declare var Image: NotInTheSandbox<"Image is not in the sandbox: the sandbox has no DOM: create an image on the page with dom.create('img', {src}) on an allowed address">;
/** Audio is not in the sandbox: media elements load from addresses and the page agent refuses them: a remixlet cannot play media */
declare var Audio: NotInTheSandbox<"Audio is not in the sandbox: media elements load from addresses and the page agent refuses them: a remixlet cannot play media">;
/** MediaSource is not in the sandbox: media loads are outside the sandbox: a remixlet cannot play media */
declare var MediaSource: NotInTheSandbox<"MediaSource is not in the sandbox: media loads are outside the sandbox: a remixlet cannot play media">;
/** MediaRecorder is not in the sandbox: media capture is outside the sandbox */
declare var MediaRecorder: NotInTheSandbox<"MediaRecorder is not in the sandbox: media capture is outside the sandbox">;
/** AudioContext is not in the sandbox: audio is outside the sandbox: a remixlet cannot play media */
declare var AudioContext: NotInTheSandbox<"AudioContext is not in the sandbox: audio is outside the sandbox: a remixlet cannot play media">;
/** webkitAudioContext is not in the sandbox: audio is outside the sandbox: a remixlet cannot play media */
declare var webkitAudioContext: NotInTheSandbox<"webkitAudioContext is not in the sandbox: audio is outside the sandbox: a remixlet cannot play media">;
/** BroadcastChannel is not in the sandbox: the sandbox talks only through dom and rmx: keep shared state with rmx.storage */
declare var BroadcastChannel: NotInTheSandbox<"BroadcastChannel is not in the sandbox: the sandbox talks only through dom and rmx: keep shared state with rmx.storage">;
/** MessageChannel is not in the sandbox: the sandbox talks only through dom and rmx: keep shared state with rmx.storage */
declare var MessageChannel: NotInTheSandbox<"MessageChannel is not in the sandbox: the sandbox talks only through dom and rmx: keep shared state with rmx.storage">;
/** postMessage is not in the sandbox: the sandbox talks only through dom and rmx: keep shared state with rmx.storage */
declare var postMessage: NotInTheSandbox<"postMessage is not in the sandbox: the sandbox talks only through dom and rmx: keep shared state with rmx.storage">;
/** requestAnimationFrame is not in the sandbox: the sandbox does not paint: schedule work with setTimeout(() => work(), ms) */
declare var requestAnimationFrame: NotInTheSandbox<"requestAnimationFrame is not in the sandbox: the sandbox does not paint: schedule work with setTimeout(() => work(), ms)">;
/** requestIdleCallback is not in the sandbox: schedule work with setTimeout(() => work(), ms) */
declare var requestIdleCallback: NotInTheSandbox<"requestIdleCallback is not in the sandbox: schedule work with setTimeout(() => work(), ms)">;
/** MutationObserver is not in the sandbox: the sandbox has no DOM: keep the page in shape with rmx.keep(condition), or wait for elements with dom.waitFor */
declare var MutationObserver: NotInTheSandbox<"MutationObserver is not in the sandbox: the sandbox has no DOM: keep the page in shape with rmx.keep(condition), or wait for elements with dom.waitFor">;
/** IntersectionObserver is not in the sandbox: the sandbox has no DOM: keep the page in shape with rmx.keep(condition) */
declare var IntersectionObserver: NotInTheSandbox<"IntersectionObserver is not in the sandbox: the sandbox has no DOM: keep the page in shape with rmx.keep(condition)">;
/** ResizeObserver is not in the sandbox: the sandbox has no DOM: keep the page in shape with rmx.keep(condition) */
declare var ResizeObserver: NotInTheSandbox<"ResizeObserver is not in the sandbox: the sandbox has no DOM: keep the page in shape with rmx.keep(condition)">;
/** getComputedStyle is not in the sandbox: the sandbox has no DOM: read the page through dom */
declare var getComputedStyle: NotInTheSandbox<"getComputedStyle is not in the sandbox: the sandbox has no DOM: read the page through dom">;
/** matchMedia is not in the sandbox: the sandbox has no DOM: style with media queries in style.css */
declare var matchMedia: NotInTheSandbox<"matchMedia is not in the sandbox: the sandbox has no DOM: style with media queries in style.css">;
/** history is not in the sandbox: a remixlet cannot navigate: add a link with dom.create('a', {href}) for the user to click */
declare var history: NotInTheSandbox<"history is not in the sandbox: a remixlet cannot navigate: add a link with dom.create('a', {href}) for the user to click">;
/** Notification is not in the sandbox: show a message with rmx.notify (notifications permission) */
declare var Notification: NotInTheSandbox<"Notification is not in the sandbox: show a message with rmx.notify (notifications permission)">;
/** performance is not in the sandbox: time with Date.now() */
declare var performance: NotInTheSandbox<"performance is not in the sandbox: time with Date.now()">;
/** Blob is not in the sandbox: blobs become blob: addresses, which the page agent refuses: keep data as strings or in rmx.storage */
declare var Blob: NotInTheSandbox<"Blob is not in the sandbox: blobs become blob: addresses, which the page agent refuses: keep data as strings or in rmx.storage">;
/** File is not in the sandbox: files are outside the sandbox: keep data as strings or in rmx.storage */
declare var File: NotInTheSandbox<"File is not in the sandbox: files are outside the sandbox: keep data as strings or in rmx.storage">;
/** FileReader is not in the sandbox: files are outside the sandbox: keep data as strings or in rmx.storage */
declare var FileReader: NotInTheSandbox<"FileReader is not in the sandbox: files are outside the sandbox: keep data as strings or in rmx.storage">;
/** DOMParser is not in the sandbox: the sandbox has no DOM: hand HTML to the page with dom.html, or read text with dom */
declare var DOMParser: NotInTheSandbox<"DOMParser is not in the sandbox: the sandbox has no DOM: hand HTML to the page with dom.html, or read text with dom">;
/** Element is not in the sandbox: the sandbox has no DOM: page elements are dom handles */
declare var Element: NotInTheSandbox<"Element is not in the sandbox: the sandbox has no DOM: page elements are dom handles">;
/** HTMLElement is not in the sandbox: the sandbox has no DOM: page elements are dom handles */
declare var HTMLElement: NotInTheSandbox<"HTMLElement is not in the sandbox: the sandbox has no DOM: page elements are dom handles">;
/** Node is not in the sandbox: the sandbox has no DOM: page elements are dom handles */
declare var Node: NotInTheSandbox<"Node is not in the sandbox: the sandbox has no DOM: page elements are dom handles">;
/** Request is not in the sandbox: the sandbox has no network: use rmx.fetch with a fetch:HOST permission */
declare var Request: NotInTheSandbox<"Request is not in the sandbox: the sandbox has no network: use rmx.fetch with a fetch:HOST permission">;
/** Response is not in the sandbox: the sandbox has no network: use rmx.fetch with a fetch:HOST permission */
declare var Response: NotInTheSandbox<"Response is not in the sandbox: the sandbox has no network: use rmx.fetch with a fetch:HOST permission">;
/** Headers is not in the sandbox: pass headers to rmx.fetch as a plain object */
declare var Headers: NotInTheSandbox<"Headers is not in the sandbox: pass headers to rmx.fetch as a plain object">;
/** chrome is not in the sandbox: there is no extension API in the sandbox: use rmx */
declare var chrome: NotInTheSandbox<"chrome is not in the sandbox: there is no extension API in the sandbox: use rmx">;
/** browser is not in the sandbox: there is no extension API in the sandbox: use rmx */
declare var browser: NotInTheSandbox<"browser is not in the sandbox: there is no extension API in the sandbox: use rmx">;
/** module is not in the sandbox: script.js is an ES module without CommonJS: bundle sources with `remixlet build` */
declare var module: NotInTheSandbox<"module is not in the sandbox: script.js is an ES module without CommonJS: bundle sources with `remixlet build`">;
/** exports is not in the sandbox: script.js is an ES module without CommonJS: bundle sources with `remixlet build` */
declare var exports: NotInTheSandbox<"exports is not in the sandbox: script.js is an ES module without CommonJS: bundle sources with `remixlet build`">;
/** require is not in the sandbox: script.js is an ES module without CommonJS: bundle sources with `remixlet build` */
declare var require: NotInTheSandbox<"require is not in the sandbox: script.js is an ES module without CommonJS: bundle sources with `remixlet build`">;
/** define is not in the sandbox: script.js is an ES module without AMD: bundle sources with `remixlet build` */
declare var define: NotInTheSandbox<"define is not in the sandbox: script.js is an ES module without AMD: bundle sources with `remixlet build`">;
/** process is not in the sandbox: script.js runs in a browser sandbox, not in Node.js */
declare var process: NotInTheSandbox<"process is not in the sandbox: script.js runs in a browser sandbox, not in Node.js">;
/** global is not in the sandbox: script.js runs in a browser sandbox: the global object is globalThis, and only its table names may be read */
declare var global: NotInTheSandbox<"global is not in the sandbox: script.js runs in a browser sandbox: the global object is globalThis, and only its table names may be read">;
/** Buffer is not in the sandbox: script.js runs in a browser sandbox: use Uint8Array, TextEncoder and TextDecoder */
declare var Buffer: NotInTheSandbox<"Buffer is not in the sandbox: script.js runs in a browser sandbox: use Uint8Array, TextEncoder and TextDecoder">;
