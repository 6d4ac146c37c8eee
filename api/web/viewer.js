// The page viewer: a cited page as an image with its lines highlighted, the quote beside it.
// Images are fetched with the key (an <img> cannot send one) and shown as blob: URLs.

import { describe, enc } from "./api.js";

const LEVELS = [0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3];
let state = null;
let objectUrl = null;
let wired = false;

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
    if (state !== s) return;
    if (objectUrl) URL.revokeObjectURL(objectUrl);
    objectUrl = URL.createObjectURL(blob);
    img.onload = () => {
      // 100% = the page's printed size on a 96 dpi screen (PDF points are 1/72 in).
      img.style.width = `${Math.round((img.naturalWidth / used) * (96 / 72) * level)}px`;
      img.dataset.loading = "false";
    };
    img.src = objectUrl;
    img.dataset.requested = url;
    img.dataset.highlighted = cited ? "true" : "false";
    img.alt = `${s.name}, page ${s.page}${cited ? `, lines ${s.cite.line_start}–${s.cite.line_end} highlighted` : ""}`;
  } catch (err) {
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
