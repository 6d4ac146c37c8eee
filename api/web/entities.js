// Entities: search one, see its bindings (role, parent, document, page, quote).

import { describe, enc } from "./api.js";
import { alertBox, clear, dataTable, h } from "./dom.js";
import { citeButton } from "./viewer.js";

export async function entitiesView(ctx, target) {
  const kb = ctx.kb;
  const entities = await ctx.api.get(`/v1/kbs/${enc(kb)}/entities`);
  const list = h("ul", { class: "entity-list" });
  const detail = h("div", { "aria-live": "polite" });
  const error = alertBox();
  const search = h("input", { type: "search", placeholder: "Search an entity", "aria-label": "Search an entity", id: "entity-search" });

  async function show(name) {
    error.textContent = "";
    clear(detail, h("p", { class: "muted" }, `Loading bindings of ${name}…`));
    try {
      const bindings = await ctx.api.allBindings(kb, name);
      clear(
        detail,
        h("h3", {}, `Bindings of ${name}`),
        dataTable(
          [
            { key: "subject_name", label: "Subject" },
            { key: "role", label: "Role" },
            { key: "parent_name", label: "Parent" },
            { key: "binding_type", label: "Type" },
            { key: "document", label: "Document", value: (b) => b.location.document },
            { key: "page", label: "Page", value: (b) => b.location.page, render: (b) => citeButton(ctx, h, b.location, b.quote) },
            { key: "quote", label: "Quote", render: (b) => h("blockquote", {}, b.quote) },
          ],
          bindings,
          { filterLabel: "Filter bindings" },
        ),
      );
    } catch (err) {
      clear(detail);
      error.textContent = describe(err);
    }
  }

  function draw() {
    const needle = search.value.toLowerCase();
    const shown = entities.filter(
      (e) => !needle || e.name.toLowerCase().includes(needle) || e.aliases.some((a) => a.toLowerCase().includes(needle)),
    );
    clear(
      list,
      shown.slice(0, 200).map((e) =>
        h(
          "li",
          {},
          h("button", { type: "button", class: "link", onclick: () => show(e.name) }, e.name),
          e.aliases.length ? h("span", { class: "muted" }, ` (also: ${e.aliases.join(", ")})`) : null,
        ),
      ),
      shown.length > 200 ? h("li", { class: "muted" }, `${shown.length - 200} more: refine the search`) : null,
    );
  }
  search.addEventListener("input", draw);
  search.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && search.value.trim()) show(search.value.trim());
  });
  draw();
  clear(
    target,
    h(
      "section",
      { class: "card grid2" },
      h("div", {}, h("h2", {}, `Entities in ${kb}`), search, h("p", { class: "muted" }, "Enter searches the exact name; or pick one."), list),
      h("div", {}, error, detail),
    ),
  );
}
