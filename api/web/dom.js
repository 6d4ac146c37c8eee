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
          columns.map((col) => h("td", { class: col.class }, col.render ? col.render(row) : value(col, row) ?? "")),
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
