// Documents of a knowledge base: sortable, filterable; open any one at any page.

import { enc } from "./api.js";
import { clear, dataTable, h } from "./dom.js";
import { openViewer } from "./viewer.js";

export async function docsView(ctx, target) {
  const kb = ctx.kb;
  clear(target, h("section", { class: "card" }, h("h2", {}, `Documents in ${kb}`), h("p", { class: "muted" }, "Loading…")));
  const [docs, bindings] = await Promise.all([
    ctx.api.get(`/v1/kbs/${enc(kb)}/documents`),
    ctx.api.allBindings(kb),
  ]);
  const perDoc = new Map();
  for (const b of bindings) {
    const id = b.location && b.location.document_id;
    perDoc.set(id, (perDoc.get(id) || 0) + 1);
  }
  const names = new Map(docs.map((d) => [d.document_id, d.name]));
  for (const d of docs) ctx.docs.set(d.document_id, d);
  const rows = docs.map((d) => ({
    ...d,
    ocr: (d.ocr_pages || []).length,
    bindings: perDoc.get(d.document_id) || 0,
    copy_name: d.copy_of ? names.get(d.copy_of) || d.copy_of : "",
  }));
  const columns = [
    { key: "name", label: "Name" },
    { key: "document_type", label: "Type" },
    { key: "document_date", class: "nowrap", label: "Date" },
    { key: "pages", label: "Pages" },
    {
      key: "ocr",
      label: "Pages by OCR",
      render: (d) =>
        d.ocr
          ? h("span", { title: Object.keys(d.ocr_backends || {}).join(", ") }, `${d.ocr} (p. ${d.ocr_pages.join(", ")})`)
          : "0",
    },
    { key: "independence_group", class: "nowrap", label: "Independence group" },
    { key: "copy_name", label: "Copy of" },
    { key: "bindings", label: "Bindings" },
    { key: "status", label: "Status" },
    {
      key: "open",
      label: "Open",
      class: "nowrap",
      sortable: false,
      render: (d) => {
        const page = h("input", { type: "number", min: "1", max: String(d.pages || 1), value: "1", "aria-label": `Page of ${d.name}`, class: "page-input" });
        return h(
          "span",
          { class: "row" },
          page,
          h(
            "button",
            {
              type: "button",
              class: "secondary",
              "aria-label": `Open ${d.name}`,
              onclick: () => openViewer(ctx, { documentId: d.document_id, name: d.name, page: Math.max(1, Number(page.value) || 1), pages: d.pages }),
            },
            "Open",
          ),
        );
      },
    },
  ];
  clear(
    target,
    h(
      "section",
      { class: "card" },
      h("h2", {}, `Documents in ${kb}`),
      rows.length
        ? dataTable(columns, rows, { filterLabel: "Filter documents", rowAttrs: (d) => ({ "data-doc": d.name }) })
        : h("p", { class: "muted" }, "No documents yet: upload some."),
    ),
  );
}
