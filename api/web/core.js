// The workspace's shared pieces: the API client, the element builder, the page viewer.

// ----------------------------------------------------------------- api
// The JSON API, called with the signed-in key. Errors become ApiError with words to show.

export class ApiError extends Error {
  constructor(status, problem) {
    const title = problem.title || `HTTP ${status}`;
    const detail = problem.detail ? `: ${problem.detail}` : "";
    super(`${title}${detail}`);
    this.status = status;
    this.code = problem.code || null;
    this.problem = problem;
  }
}

const HINTS = {
  401: "The key was not accepted. Sign in again with a valid key.",
  403: "This key may not do that (it needs the admin key).",
  404: "Not found, or not visible to this key.",
  413: "Too large for the server's limits.",
  415: "The server does not accept this kind of file.",
};

/** A problem (RFC 7807) or any failure, in words for the page. */
export function describe(err) {
  if (err instanceof ApiError) {
    const hint = HINTS[err.status] ? ` ${HINTS[err.status]}` : "";
    const limit = err.problem.limit !== undefined ? ` (limit ${err.problem.limit})` : "";
    const code = err.code ? ` [${err.code}, HTTP ${err.status}]` : ` [HTTP ${err.status}]`;
    return `${err.message}${limit}.${hint}${code}`;
  }
  if (err instanceof TypeError) return `The server could not be reached (${err.message}).`;
  return String(err && err.message ? err.message : err);
}

export class Api {
  constructor(key) {
    this.key = key;
  }

  headers(extra = {}) {
    return { Authorization: `Bearer ${this.key}`, ...extra };
  }

  /** The raw Response (ok), or an ApiError from the problem document. */
  async fetch(path, options = {}) {
    const response = await fetch(path, { ...options, headers: this.headers(options.headers) });
    if (!response.ok) {
      let problem = {};
      try {
        problem = await response.json();
      } catch {
        problem = { title: response.statusText || `HTTP ${response.status}` };
      }
      throw new ApiError(response.status, problem);
    }
    return response;
  }

  async json(path, options = {}) {
    const response = await this.fetch(path, options);
    return response.status === 204 ? null : response.json();
  }

  get(path) {
    return this.json(path);
  }

  post(path, body) {
    const options = { method: "POST" };
    if (body !== undefined) {
      options.body = JSON.stringify(body);
      options.headers = { "content-type": "application/json" };
    }
    return this.json(path, options);
  }

  /** Every binding of a knowledge base (paged by the API's limit). */
  async allBindings(kb, entity) {
    const out = [];
    for (let offset = 0; ; offset += 1000) {
      const q = new URLSearchParams({ limit: "1000", offset: String(offset) });
      if (entity) q.set("entity", entity);
      const page = await this.get(`/v1/kbs/${enc(kb)}/bindings?${q}`);
      out.push(...page);
      if (page.length < 1000) return out;
    }
  }
}

export const enc = encodeURIComponent;

// ----------------------------------------------------------------- dom
// A tiny element builder: text is always set as text (never parsed as HTML).

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) el.addEventListener(name.slice(2), value);
    else if (name === "class") el.className = value;
    else if (name in el && typeof value !== "string") el[name] = value;
    else el.setAttribute(name, value === true ? "" : value);
  }
  append(el, children);
  return el;
}

/** Append children (nested arrays flattened; null/false skipped; strings as text). */
export function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function clear(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** A role=alert paragraph that shows a message (empty: hidden by CSS). */
export function alertBox() {
  return h("p", { class: "error", role: "alert" });
}

/** A sortable, filterable table: columns [{key, label, value(row), render(row), clip}]; a
 *  `clip` column's cells show their first lines, the whole text in a title and on focus. */
export function dataTable(columns, rows, { filterLabel = "Filter", caption, rowAttrs } = {}) {
  let sortKey = null;
  let ascending = true;
  let needle = "";
  const tbody = h("tbody");
  const heads = columns.map((col) => {
    const th = h("th", { scope: "col" });
    if (col.sortable === false) th.append(col.label);
    else
      th.append(
        h("button", { type: "button", onclick: () => sortBy(col.key) }, col.label),
      );
    col.th = th;
    return th;
  });
  const value = (col, row) => (col.value ? col.value(row) : row[col.key]);
  const filter = h("input", {
    type: "search",
    "aria-label": filterLabel,
    placeholder: filterLabel,
    oninput: (e) => {
      needle = e.target.value.toLowerCase();
      draw();
    },
  });
  const count = h("span", { class: "muted", "aria-live": "polite" });
  function sortBy(key) {
    ascending = sortKey === key ? !ascending : true;
    sortKey = key;
    for (const col of columns)
      col.th.setAttribute("aria-sort", col.key === key ? (ascending ? "ascending" : "descending") : "none");
    draw();
  }
  function draw() {
    let shown = rows.filter(
      (row) =>
        !needle ||
        columns.some((col) => String(value(col, row) ?? "").toLowerCase().includes(needle)),
    );
    if (sortKey) {
      const col = columns.find((c) => c.key === sortKey);
      shown = [...shown].sort((a, b) => {
        const x = value(col, a);
        const y = value(col, b);
        const cmp =
          typeof x === "number" && typeof y === "number"
            ? x - y
            : String(x ?? "").localeCompare(String(y ?? ""), undefined, { numeric: true });
        return ascending ? cmp : -cmp;
      });
    }
    clear(
      tbody,
      shown.map((row) =>
        h(
          "tr",
          rowAttrs ? rowAttrs(row) : {},
          columns.map((col) => {
            const content = col.render ? col.render(row) : value(col, row) ?? "";
            // Focusable, so the keyboard reaches the whole of a cut-short text too.
            const shown = col.clip ? h("div", { class: "clip", tabindex: "0", title: String(value(col, row) ?? "") }, content) : content;
            return h("td", { class: col.class, "data-label": col.label }, shown);
          }),
        ),
      ),
    );
    count.textContent = `${shown.length} of ${rows.length}`;
  }
  draw();
  return h(
    "div",
    {},
    h("div", { class: "row" }, filter, count),
    h(
      "div",
      { class: "table-wrap" },
      h("table", {}, caption ? h("caption", { class: "muted" }, caption) : null, h("thead", {}, h("tr", {}, heads)), tbody),
    ),
  );
}

export function badge(text) {
  return h("span", { class: `badge ${text}` }, text);
}

export function chips(items) {
  return h("ul", { class: "chips" }, items.map((i) => h("li", {}, i)));
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ----------------------------------------------------------------- confirmation
// A modal question before what cannot be undone (deleting a document or a knowledge base):
// it names what goes, and Cancel has the focus, so an Enter or Escape pressed by habit
// deletes nothing.

let confirmations = 0; // ids for each dialog's title and text

/** Ask `title` / `message` in a modal dialog; resolves true only when `action` is pressed. */
export function confirmAction({ title, message, action }) {
  const id = `confirm-${++confirmations}`;
  return new Promise((resolve) => {
    let confirmed = false;
    const dialog = h("dialog", { class: "confirm", "aria-labelledby": `${id}-title`, "aria-describedby": `${id}-text` });
    const cancel = h("button", { type: "button", class: "secondary", onclick: () => dialog.close() }, "Cancel");
    const act = h("button", { type: "button", class: "danger", onclick: () => { confirmed = true; dialog.close(); } }, action);
    append(dialog, [h("h2", { id: `${id}-title` }, title), h("p", { id: `${id}-text` }, message), h("div", { class: "row" }, cancel, act)]);
    dialog.addEventListener("close", () => {
      dialog.remove();
      resolve(confirmed);
    });
    document.body.append(dialog);
    dialog.showModal();
    cancel.focus();
  });
}

// ----------------------------------------------------------------- viewer
// The page viewer: a cited page as an image with its lines highlighted, the quote beside it.
// Images are fetched with the key (an <img> cannot send one) and shown as blob: URLs. The
// page's line boxes (GET .../lines) place the printed line numbers in a gutter beside the
// page and a frame over the cited lines, which is scrolled into the middle of the view.


const LEVELS = [0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3];
const LABEL_PX = 12; // the vertical room a line number needs: a closer one is left out
let state = null;
let objectUrl = null;
let wired = false;
let imageTicket = 0; // the latest image asked for: a slower earlier answer never replaces it
const lineCache = new Map(); // "kb/document/page" -> Promise of the page's lines (or null)

const $ = (id) => document.getElementById(id);

function wire() {
  if (wired) return;
  wired = true;
  $("v-prev").addEventListener("click", () => turn(-1));
  $("v-next").addEventListener("click", () => turn(1));
  $("v-zoom-in").addEventListener("click", () => zoom(1));
  $("v-zoom-out").addEventListener("click", () => zoom(-1));
  $("v-close").addEventListener("click", () => $("viewer").close());
  $("v-cite-prev").addEventListener("click", () => step(-1));
  $("v-cite-next").addEventListener("click", () => step(1));
  $("v-page").addEventListener("change", (e) => {
    const page = Number(e.target.value);
    if (page >= 1 && (!state.pages || page <= state.pages)) {
      state.page = page;
      show();
    }
  });
  $("viewer").addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT") return;
    if (e.key === "ArrowLeft" || e.key === "PageUp") turn(-1);
    else if (e.key === "ArrowRight" || e.key === "PageDown") turn(1);
    else if (e.key === "+" || e.key === "=") zoom(1);
    else if (e.key === "-") zoom(-1);
    else return;
    e.preventDefault();
  });
  $("viewer").addEventListener("close", () => {
    if (objectUrl) URL.revokeObjectURL(objectUrl);
    objectUrl = null;
    $("v-img").removeAttribute("src");
    if (state && state.returnFocus) state.returnFocus.focus();
  });
}

function turn(delta) {
  const page = state.page + delta;
  if (page < 1 || (state.pages && page > state.pages)) return;
  state.page = page;
  show();
}

function zoom(delta) {
  state.level = Math.min(LEVELS.length - 1, Math.max(0, state.level + delta));
  show();
}

/** The previous (-1) or next (+1) citation of the answer the viewer was opened from. */
function step(delta) {
  const index = state.index + delta;
  if (index < 0 || index >= state.trail.length) return;
  const cite = state.trail[index];
  const sameDocument = cite.document_id === state.documentId;
  Object.assign(state, {
    index,
    cite,
    documentId: cite.document_id,
    name: cite.document || cite.document_id.slice(0, 12),
    page: cite.page || 1,
    pages: sameDocument ? state.pages : null,
  });
  describeCite();
  show();
  if (!sameDocument) countPages();
}

const citeKey = (c) => `${c.document_id}|${c.page}|${c.line_start}|${c.line_end}`;

/** The page's lines ({width, height, lines: [{line_no, bbox}]}), or null when unavailable. */
function lineBoxes(s, page) {
  const key = `${s.kb}/${s.documentId}/${page}`;
  if (!lineCache.has(key)) {
    if (lineCache.size > 200) lineCache.clear();
    const url = `/v1/kbs/${enc(s.kb)}/documents/${enc(s.documentId)}/pages/${page}/lines`;
    // Line numbers help; without them the highlighted image still stands.
    lineCache.set(key, s.api.get(url).catch(() => null));
  }
  return lineCache.get(key);
}

/** Line numbers beside the page and a frame over the cited lines; the frame scrolled into view. */
function drawLines(page, scale, span) {
  const gutter = $("v-lines");
  const mark = $("v-mark");
  const img = $("v-img");
  gutter.replaceChildren();
  mark.hidden = true;
  if (!page) {
    gutter.dataset.count = "0";
    return;
  }
  const top = img.offsetTop;
  const taken = []; // the heights already labelled (lines of two columns share heights)
  let drawn = 0;
  for (const line of page.lines) {
    const [, y0, , y1] = line.bbox;
    const cited = span && line.line_no >= span[0] && line.line_no <= span[1];
    const y = top + ((y0 + y1) / 2) * scale;
    if (!cited && taken.some((t) => Math.abs(t - y) < LABEL_PX)) continue;
    taken.push(y);
    drawn += 1;
    gutter.append(
      h("span", { class: cited ? "cited" : null, "data-line": String(line.line_no) }, String(line.line_no)),
    );
    gutter.lastChild.style.top = `${Math.round(y - LABEL_PX / 2)}px`;
  }
  gutter.dataset.count = String(drawn);
  const boxes = span ? page.lines.filter((l) => l.line_no >= span[0] && l.line_no <= span[1]) : [];
  if (!boxes.length) return;
  const x0 = Math.min(...boxes.map((l) => l.bbox[0]));
  const y0 = Math.min(...boxes.map((l) => l.bbox[1]));
  const x1 = Math.max(...boxes.map((l) => l.bbox[2]));
  const y1 = Math.max(...boxes.map((l) => l.bbox[3]));
  const pad = 3;
  Object.assign(mark.style, {
    left: `${Math.round(img.offsetLeft + x0 * scale - pad)}px`,
    top: `${Math.round(top + y0 * scale - pad)}px`,
    width: `${Math.round((x1 - x0) * scale + 2 * pad)}px`,
    height: `${Math.round((y1 - y0) * scale + 2 * pad)}px`,
  });
  mark.dataset.lines = `${span[0]}-${span[1]}`;
  mark.hidden = false;
  // The middle of the view, not its edge: the lines around a citation are read with it.
  const view = $("v-scroll");
  const frame = view.getBoundingClientRect();
  const box = mark.getBoundingClientRect();
  view.scrollTop += box.top - frame.top - Math.max(0, (view.clientHeight - box.height) / 2);
  // Sideways only when the lines start out of sight, and then with their numbers in sight.
  if (box.left < frame.left || box.left > frame.right) view.scrollLeft += box.left - frame.left - img.offsetLeft;
}

async function show() {
  const s = state;
  const ticket = ++imageTicket;
  const level = LEVELS[s.level];
  const serverZoom = level > 1.25 ? 4 : 2;
  const params = new URLSearchParams({ zoom: String(serverZoom) });
  const cited = s.cite && s.page === s.cite.page && s.cite.line_start;
  const span = cited ? [s.cite.line_start, s.cite.line_end || s.cite.line_start] : null;
  if (cited) {
    params.set("line_start", String(span[0]));
    params.set("line_end", String(span[1]));
  }
  const url = `/v1/kbs/${enc(s.kb)}/documents/${enc(s.documentId)}/pages/${s.page}/image?${params}`;
  const lines = lineBoxes(s, s.page);
  $("viewer-title").textContent = s.name;
  $("v-page").value = String(s.page);
  $("v-pages").textContent = s.pages ? `of ${s.pages}` : "";
  pageButtons();
  $("v-zoom").textContent = `${Math.round(level * 100)}%`;
  $("v-error").textContent = "";
  const img = $("v-img");
  img.dataset.loading = "true";
  try {
    const response = await s.api.fetch(url);
    const used = Number(response.headers.get("X-Page-Zoom") || serverZoom);
    const blob = await response.blob();
    if (ticket !== imageTicket) return;
    if (objectUrl) URL.revokeObjectURL(objectUrl);
    objectUrl = URL.createObjectURL(blob);
    img.onload = async () => {
      if (ticket !== imageTicket) return;
      // 100% = the page's printed size on a 96 dpi screen (PDF points are 1/72 in).
      const width = Math.round((img.naturalWidth / used) * (96 / 72) * level);
      img.style.width = `${width}px`;
      const page = await lines;
      if (ticket !== imageTicket) return;
      drawLines(page, page ? width / page.width : 1, span);
      img.dataset.loading = "false";
    };
    img.src = objectUrl;
    img.dataset.requested = url;
    img.dataset.highlighted = cited ? "true" : "false";
    img.alt = `${s.name}, page ${s.page}${cited ? `, lines ${span[0]}–${span[1]} highlighted` : ""}`;
  } catch (err) {
    if (ticket !== imageTicket) return;
    img.dataset.loading = "false";
    $("v-error").textContent = describe(err);
  }
}

/** Page and citation buttons enabled where there is somewhere to go; focus kept inside. */
function pageButtons() {
  const s = state;
  const focused = document.activeElement;
  $("v-prev").disabled = s.page <= 1;
  $("v-next").disabled = Boolean(s.pages) && s.page >= s.pages;
  $("v-steps").hidden = s.trail.length < 2;
  $("v-cite-prev").disabled = s.index <= 0;
  $("v-cite-next").disabled = s.index >= s.trail.length - 1;
  $("v-cite-pos").textContent = s.trail.length > 1 ? `Citation ${s.index + 1} of ${s.trail.length}` : "";
  // A button disabled under the keyboard's focus would drop it to the page behind.
  if (focused && focused.disabled && $("viewer").contains(focused)) $("v-page").focus();
}

function describeCite() {
  const cite = state.cite;
  if (cite) {
    const lines = cite.line_start ? `, lines ${cite.line_start}–${cite.line_end || cite.line_start}` : "";
    $("v-loc").textContent = `${cite.document ? `${cite.document}, p` : "P"}age ${cite.page}${lines}${cite.section ? ` · ${cite.section}` : ""}`;
    $("v-quote").textContent = cite.quote || "";
  } else {
    $("v-loc").textContent = "No citation: the document as stored.";
    $("v-quote").textContent = "";
  }
}

function countPages() {
  const { ctx, documentId } = state;
  ctx.document(documentId).then((doc) => {
    if (state && state.documentId === documentId && doc) {
      state.pages = doc.pages;
      $("v-pages").textContent = doc.pages ? `of ${doc.pages}` : "";
      pageButtons();
    }
  });
}

/**
 * Open a document at a page; with `cite` ({page, line_start, line_end, quote, section}) the
 * cited lines are highlighted on their page and the quote is shown beside it; with `trail`
 * (the answer's citations, `cite` among them) the viewer steps to the previous/next one.
 */
export function openViewer(ctx, { documentId, name, page = 1, pages = null, cite = null, trail = [] }) {
  wire();
  const index = cite ? trail.findIndex((c) => citeKey(c) === citeKey({ ...cite, document_id: documentId })) : -1;
  state = {
    ctx,
    api: ctx.api,
    kb: ctx.kb,
    documentId,
    name: name || documentId.slice(0, 12),
    page,
    pages,
    cite,
    trail: index >= 0 ? trail : [],
    index: Math.max(index, 0),
    level: 2,
    returnFocus: document.activeElement,
  };
  describeCite();
  const dialog = $("viewer");
  if (!dialog.open) dialog.showModal();
  $("v-next").focus();
  show();
  if (!pages) countPages();
}

/**
 * A button naming a citation ("MSA.pdf p. 3, l. 12–14") that opens it in the viewer; inside
 * an element with a `citeTrail` (an answer card: its citations in order) the viewer steps
 * through that trail.
 */
export function citeButton(ctx, h, loc, quote) {
  const lines = loc.line_start ? `, l. ${loc.line_start}–${loc.line_end || loc.line_start}` : "";
  const button = h(
    "button",
    {
      type: "button",
      class: "link cite",
      "data-cite": "",
      onclick: () => {
        let holder = button.parentElement;
        while (holder && !holder.citeTrail) holder = holder.parentElement;
        openViewer(ctx, {
          documentId: loc.document_id,
          name: loc.document,
          page: loc.page || 1,
          cite: { ...loc, quote },
          trail: holder ? holder.citeTrail : [],
        });
      },
    },
    `${loc.document} p. ${loc.page}${lines}`,
  );
  return button;
}

// ----------------------------------------------------------------- answer links
// Every answer is kept on the server with an id (the query's X-Answer-Id header): its
// link opens it again, after a reload too (history.js renders it).

/** The workspace's link to a kept answer of `kb`. */
export function answerHref(kb, id) {
  return `#/kb/${enc(kb)}/answers/${enc(String(id))}`;
}

/** The row under an answer's question: its stable link, then `more` (controls, a date). */
export function answerLinkRow(kb, id, ...more) {
  return h(
    "p",
    { class: "row answer-link" },
    h("a", { href: answerHref(kb, id), "data-answer-id": String(id) }, `Link to this answer (#${id})`),
    more,
  );
}
