// The history of a knowledge base's answers (kept on the server: GET /v1/kbs/<kb>/answers),
// each answer at a stable link (#/kb/<kb>/answers/<id>) that opens after a reload, and the
// export of one answer or a selection as Markdown or JSON with its citations.

import { alertBox, answerHref, answerLinkRow, clear, describe, enc, h } from "./core.js";
import { answerCard } from "./views.js";

const PAGE = 50;

// The verdict the server kept with the answer (the batch reports' word for it).
const verdictBadge = (verdict) => h("span", { class: `badge ${verdict}` }, verdict.replaceAll("_", " "));

const when = (iso) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
};

/** Export the answers `ids` of `kb` as `format` (md | json): the server writes the file. */
async function exportAnswers(ctx, kb, ids, format, status) {
  status.textContent = "";
  try {
    const response = await ctx.api.fetch(`/v1/kbs/${enc(kb)}/answers/export`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ids, format }),
    });
    const named = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") || "");
    const filename = named ? named[1] : `${kb}-answers.${format}`;
    const href = URL.createObjectURL(await response.blob());
    const a = h("a", { href, download: filename });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
    status.textContent = `Downloaded ${filename}.`;
  } catch (err) {
    status.textContent = describe(err);
  }
}

function exportButtons(ctx, kb, selected, status) {
  const button = (format, label) =>
    h(
      "button",
      {
        type: "button",
        class: "secondary",
        "data-export": format,
        onclick: () => {
          const ids = selected();
          if (ids.length) exportAnswers(ctx, kb, ids, format, status);
          else status.textContent = "Select at least one answer to export.";
        },
      },
      label,
    );
  return [button("md", "Export Markdown"), button("json", "Export JSON")];
}

/** #/kb/<kb>/history: the kept answers, newest first, a page at a time, to open or export. */
export async function historyView(ctx, target) {
  const kb = ctx.kb;
  let offset = 0;
  const status = h("p", { class: "muted", role: "status", "aria-live": "polite" });
  const error = alertBox();
  const body = h("div");
  const checked = new Set(); // ids selected for export, kept across pages
  const selected = () => [...checked].sort((a, b) => a - b);

  async function draw() {
    error.textContent = "";
    let page;
    try {
      page = await ctx.api.get(`/v1/kbs/${enc(kb)}/answers?limit=${PAGE}&offset=${offset}`);
    } catch (err) {
      error.textContent = describe(err);
      return;
    }
    if (!page.answers.length) {
      clear(body, h("p", { class: "muted" }, "No answers yet: the questions asked of this knowledge base are kept here."));
      return;
    }
    const boxes = page.answers.map((a) =>
      h("input", {
        type: "checkbox",
        value: String(a.id),
        checked: checked.has(a.id),
        "aria-label": `Select answer ${a.id}`,
        onchange: (e) => (e.target.checked ? checked.add(a.id) : checked.delete(a.id)),
      }),
    );
    const all = h("input", {
      type: "checkbox",
      "aria-label": "Select every answer on this page",
      onchange: (e) => {
        for (const box of boxes) {
          box.checked = e.target.checked;
          box.dispatchEvent(new Event("change"));
        }
      },
    });
    const rows = page.answers.map((a, i) =>
      h(
        "tr",
        { "data-answer": String(a.id) },
        h("td", { "data-label": "" }, boxes[i]),
        h("td", { class: "token", "data-label": "Question" }, h("a", { href: answerHref(kb, a.id) }, a.question || `Answer ${a.id} (structured subject)`)),
        h("td", { "data-label": "Verdict" }, verdictBadge(a.verdict)),
        h("td", { "data-label": "Asked" }, h("time", { datetime: a.created_at }, when(a.created_at))),
        h("td", { "data-label": "Id" }, `#${a.id}`),
      ),
    );
    const last = Math.min(offset + PAGE, page.total);
    clear(
      body,
      h(
        "div",
        { class: "table-wrap" },
        h(
          "table",
          { class: "history" },
          h("caption", { class: "muted" }, `Answers ${offset + 1}–${last} of ${page.total}, newest first`),
          h(
            "thead",
            {},
            h("tr", {}, h("th", { scope: "col" }, all), ["Question", "Verdict", "Asked", "Id"].map((c) => h("th", { scope: "col" }, c))),
          ),
          h("tbody", {}, rows),
        ),
      ),
      h(
        "div",
        { class: "row" },
        offset > 0 ? h("button", { type: "button", class: "secondary", onclick: () => { offset = Math.max(0, offset - PAGE); draw(); } }, "Newer") : null,
        last < page.total ? h("button", { type: "button", class: "secondary", onclick: () => { offset += PAGE; draw(); } }, "Older") : null,
      ),
    );
  }

  clear(
    target,
    h(
      "section",
      { class: "card" },
      h("h2", {}, `History of ${kb}`),
      h("p", { class: "muted" }, "Every answer given for this knowledge base is kept on the server (the newest 1,000 by default), shared by the users of its keys."),
      h("div", { class: "row" }, exportButtons(ctx, kb, selected, status)),
      status,
      error,
      body,
    ),
  );
  await draw();
}

/** #/kb/<kb>/answers/<id>: one kept answer, rendered as the ask view renders it. */
export async function answerView(ctx, target) {
  const kb = ctx.kb;
  const id = Number(ctx.routeArg);
  const status = h("p", { class: "muted", role: "status", "aria-live": "polite" });
  const back = h("a", { href: `#/kb/${enc(kb)}/history` }, "← History");
  let record;
  try {
    record = await ctx.api.get(`/v1/kbs/${enc(kb)}/answers/${enc(String(ctx.routeArg))}`);
  } catch (err) {
    clear(target, h("section", { class: "card" }, back, h("h2", {}, `Answer #${ctx.routeArg}`), h("p", { class: "error", role: "alert" }, describe(err))));
    return;
  }
  const card = answerCard(ctx, record.answer, { verdict: record.verdict });
  card.dataset.answerId = String(id);
  card.firstChild.after(answerLinkRow(kb, id, h("span", { class: "muted" }, `asked ${when(record.created_at)}`), exportButtons(ctx, kb, () => [id], status)));
  clear(target, h("section", { class: "card" }, back, h("h2", {}, `Answer #${id} of ${kb}`), status), card);
}
