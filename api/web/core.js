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

/** A sortable, filterable table: columns [{key, label, value(row), render(row)}]. */
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
          columns.map((col) => h("td", { class: col.class, "data-label": col.label }, col.render ? col.render(row) : value(col, row) ?? "")),
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

// ----------------------------------------------------------------- viewer
// The page viewer: a cited page as an image with its lines highlighted, the quote beside it.
// Images are fetched with the key (an <img> cannot send one) and shown as blob: URLs.


const LEVELS = [0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3];
let state = null;
let objectUrl = null;
let wired = false;
let imageTicket = 0; // the latest image asked for: a slower earlier answer never replaces it

const $ = (id) => document.getElementById(id);

function wire() {
  if (wired) return;
  wired = true;
  $("v-prev").addEventListener("click", () => turn(-1));
  $("v-next").addEventListener("click", () => turn(1));
  $("v-zoom-in").addEventListener("click", () => zoom(1));
  $("v-zoom-out").addEventListener("click", () => zoom(-1));
  $("v-close").addEventListener("click", () => $("viewer").close());
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

function turn(step) {
  const page = state.page + step;
  if (page < 1 || (state.pages && page > state.pages)) return;
  state.page = page;
  show();
}

function zoom(step) {
  state.level = Math.min(LEVELS.length - 1, Math.max(0, state.level + step));
  show();
}

async function show() {
  const s = state;
  const ticket = ++imageTicket;
  const level = LEVELS[s.level];
  const serverZoom = level > 1.25 ? 4 : 2;
  const params = new URLSearchParams({ zoom: String(serverZoom) });
  const cited = s.cite && s.page === s.cite.page && s.cite.line_start;
  if (cited) {
    params.set("line_start", String(s.cite.line_start));
    params.set("line_end", String(s.cite.line_end || s.cite.line_start));
  }
  const url = `/v1/kbs/${enc(s.kb)}/documents/${enc(s.documentId)}/pages/${s.page}/image?${params}`;
  $("v-page").value = String(s.page);
  $("v-pages").textContent = s.pages ? `of ${s.pages}` : "";
  $("v-prev").disabled = s.page <= 1;
  $("v-next").disabled = Boolean(s.pages) && s.page >= s.pages;
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
    img.onload = () => {
      if (ticket !== imageTicket) return;
      // 100% = the page's printed size on a 96 dpi screen (PDF points are 1/72 in).
      img.style.width = `${Math.round((img.naturalWidth / used) * (96 / 72) * level)}px`;
      img.dataset.loading = "false";
    };
    img.src = objectUrl;
    img.dataset.requested = url;
    img.dataset.highlighted = cited ? "true" : "false";
    img.alt = `${s.name}, page ${s.page}${cited ? `, lines ${s.cite.line_start}–${s.cite.line_end} highlighted` : ""}`;
  } catch (err) {
    if (ticket !== imageTicket) return;
    img.dataset.loading = "false";
    $("v-error").textContent = describe(err);
  }
}

/**
 * Open a document at a page; with `cite` ({page, line_start, line_end, quote, section}) the
 * cited lines are highlighted on their page and the quote is shown beside it.
 */
export function openViewer(ctx, { documentId, name, page = 1, pages = null, cite = null }) {
  wire();
  state = {
    api: ctx.api,
    kb: ctx.kb,
    documentId,
    name: name || documentId.slice(0, 12),
    page,
    pages,
    cite,
    level: 2,
    returnFocus: document.activeElement,
  };
  $("viewer-title").textContent = name || documentId;
  if (cite) {
    const lines = cite.line_start ? `, lines ${cite.line_start}–${cite.line_end || cite.line_start}` : "";
    $("v-loc").textContent = `Page ${cite.page}${lines}${cite.section ? ` · ${cite.section}` : ""}`;
    $("v-quote").textContent = cite.quote || "";
  } else {
    $("v-loc").textContent = "No citation: the document as stored.";
    $("v-quote").textContent = "";
  }
  const dialog = $("viewer");
  if (!dialog.open) dialog.showModal();
  $("v-next").focus();
  show();
  if (!pages) {
    ctx.document(documentId).then((doc) => {
      if (state && state.documentId === documentId && doc) {
        state.pages = doc.pages;
        $("v-pages").textContent = doc.pages ? `of ${doc.pages}` : "";
        $("v-next").disabled = Boolean(doc.pages) && state.page >= doc.pages;
      }
    });
  }
}

/** A button naming a citation ("MSA.pdf p. 3, l. 12–14") that opens it in the viewer. */
export function citeButton(ctx, h, loc, quote) {
  const lines = loc.line_start ? `, l. ${loc.line_start}–${loc.line_end || loc.line_start}` : "";
  return h(
    "button",
    {
      type: "button",
      class: "link cite",
      "data-cite": "",
      onclick: () =>
        openViewer(ctx, {
          documentId: loc.document_id,
          name: loc.document,
          page: loc.page || 1,
          cite: { ...loc, quote },
        }),
    },
    `${loc.document} p. ${loc.page}${lines}`,
  );
}
