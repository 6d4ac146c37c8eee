// The workspace shell: sign-in, the knowledge-base picker, and hash routes to the views.
// Routes: #/kbs, #/kb/<name>/<view> with view in uploads | docs | ask | history | entities |
// batch; #/kb/<name>/ask/<document_id> asks that document only; #/kb/<name>/answers/<id> is a
// kept answer (under History in the navigation).

import { Api, clear, describe, enc, h } from "./core.js";
import { answerView, historyView } from "./history.js";
import { askView, batchView, docsView, entitiesView, kbsView, uploadsView } from "./views.js";

const VIEWS = { uploads: uploadsView, docs: docsView, ask: askView, history: historyView, answers: answerView, entities: entitiesView, batch: batchView };
// The navigation link a view is shown under (a kept answer under History).
const NAV_OF = { answers: "history" };
const KEY = "evrag.key";
const $ = (id) => document.getElementById(id);

const ctx = {
  api: null,
  isAdmin: false,
  kbs: [],
  kb: null,
  docs: new Map(), // document_id -> DocumentInfo, for the current knowledge base
  routeArg: null,
  go(route) {
    location.hash = route;
  },
  async refreshKbs() {
    ctx.kbs = await ctx.api.get("/v1/kbs");
    fillPicker();
    return ctx.kbs;
  },
  async document(id) {
    if (!ctx.docs.has(id)) {
      try {
        ctx.docs.set(id, await ctx.api.get(`/v1/kbs/${enc(ctx.kb)}/documents/${enc(id)}`));
      } catch {
        return null;
      }
    }
    return ctx.docs.get(id);
  },
};

function fillPicker() {
  const select = $("kb-select");
  clear(
    select,
    h("option", { value: "" }, ctx.kbs.length ? "— choose —" : "(none yet)"),
    ctx.kbs.map((kb) => h("option", { value: kb.name, selected: kb.name === ctx.kb }, kb.name)),
  );
}

async function signIn(key) {
  const api = new Api(key);
  const kbs = await api.get("/v1/kbs"); // 401 for an unknown key
  let isAdmin = false;
  try {
    await api.get("/v1/keys");
    isAdmin = true;
  } catch {
    isAdmin = false; // 403: a knowledge-base key
  }
  ctx.api = api;
  ctx.isAdmin = isAdmin;
  ctx.kbs = kbs;
  sessionStorage.setItem(KEY, key);
  $("signin").hidden = true;
  $("nav").hidden = false;
  $("who").textContent = isAdmin ? "admin key" : `key for ${kbs.map((k) => k.name).join(", ") || "no knowledge base"}`;
  fillPicker();
}

function signOut() {
  sessionStorage.removeItem(KEY);
  ctx.api = null;
  ctx.kb = null;
  ctx.docs.clear();
  $("nav").hidden = true;
  clear($("view"));
  $("signin").hidden = false;
  $("key").value = "";
  $("key").focus();
  history.replaceState(null, "", "#/");
}

function parseRoute() {
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  if (parts[0] === "kb" && parts[1]) return { kb: parts[1], view: VIEWS[parts[2]] ? parts[2] : "docs", arg: parts[3] || null };
  return { kb: null, view: "kbs", arg: null };
}

async function route() {
  if (!ctx.api) return;
  const { kb, view, arg } = parseRoute();
  ctx.routeArg = arg; // a view's argument: the ask view's document scope
  if (kb && kb !== ctx.kb) {
    ctx.kb = kb;
    ctx.docs.clear();
  }
  if (kb && !ctx.kbs.some((k) => k.name === kb)) await ctx.refreshKbs().catch(() => null);
  $("kb-select").value = ctx.kb || "";
  const current = NAV_OF[view] || view;
  for (const link of document.querySelectorAll("#nav a[data-view]")) {
    const name = link.dataset.view;
    if (name !== "kbs") link.href = ctx.kb ? `#/kb/${enc(ctx.kb)}/${name}` : "#/kbs";
    link.toggleAttribute("aria-current", name === current);
    if (name === current) link.setAttribute("aria-current", "page");
  }
  // Each route draws into an element of its own: a view whose requests answer after the route
  // has changed (leaving Documents while it loads) draws into a detached element, not over the
  // view now shown.
  const target = h("div");
  $("view").replaceChildren(target);
  $("view").dataset.view = view;
  const render = view === "kbs" ? kbsView : VIEWS[view];
  try {
    await render(ctx, target);
  } catch (err) {
    clear(target, h("section", { class: "card" }, h("h2", {}, "Something went wrong"), h("p", { class: "error", role: "alert" }, describe(err))));
  }
}

function start() {
  $("signin-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    $("signin-error").textContent = "";
    try {
      await signIn($("key").value.trim());
      if (!location.hash || location.hash === "#/") location.hash = "#/kbs";
      else route();
    } catch (err) {
      $("signin-error").textContent = describe(err);
    }
  });
  $("sign-out").addEventListener("click", signOut);
  $("kb-select").addEventListener("change", (e) => {
    const view = parseRoute().view;
    if (e.target.value) ctx.go(`#/kb/${enc(e.target.value)}/${view === "kbs" ? "docs" : view}`);
  });
  window.addEventListener("hashchange", route);
  const saved = sessionStorage.getItem(KEY);
  if (saved) {
    signIn(saved)
      .then(route)
      .catch(() => signOut());
  } else {
    $("signin").hidden = false;
    $("key").focus();
  }
}

start();
