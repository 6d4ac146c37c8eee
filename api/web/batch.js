// Batch evaluations: upload JSONL or CSV questions, follow progress, filter results, download.

import { describe, enc } from "./api.js";
import { alertBox, badge, clear, dataTable, h, sleep } from "./dom.js";
import { answerCard } from "./ask.js";

/** CSV (RFC 4180: quotes, doubled quotes, newlines in quotes) to rows of strings. */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim()));
}

/** A CSV with a header (id, question | subject as JSON, expected_value, ...) as question items. */
export function csvQuestions(text) {
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ""));
  if (!header) throw new Error("The CSV file is empty.");
  const names = header.map((n) => n.trim().toLowerCase());
  if (!names.includes("id") || !(names.includes("question") || names.includes("subject")))
    throw new Error("The CSV header needs an 'id' column and a 'question' (or 'subject') column.");
  return rows.map((row, n) => {
    const item = {};
    names.forEach((name, i) => {
      const value = (row[i] ?? "").trim();
      if (!value) return;
      if (name === "subject" || name === "evidence_requirements") {
        try {
          item[name] = JSON.parse(value);
        } catch {
          throw new Error(`Line ${n + 2}: '${name}' is not JSON.`);
        }
      } else item[name] = value;
    });
    return item;
  });
}

const verdict = (r) =>
  r.error ? "ERROR" : r.terminal_state === "SUBJECT_NOT_FOUND" ? "SUBJECT_NOT_FOUND" : (r.sufficiency && r.sufficiency.decision) || "INSUFFICIENT";

function answerText(r) {
  if (r.error) return r.error.detail || r.error.code || "error";
  const c = r.conclusion || {};
  return c.answer || (c.values || []).map((v) => v.value).join("; ");
}

async function download(ctx, url, filename, status) {
  try {
    const response = await ctx.api.fetch(url);
    const blob = await response.blob();
    const href = URL.createObjectURL(blob);
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

function evaluationPanel(ctx, job) {
  const panel = h("section", { class: "card evaluation", "data-job": job.job_id });
  const error = alertBox();
  const status = h("p", { class: "muted", "aria-live": "polite" });
  const results = h("div");
  const detail = h("div");
  let shownStatus = null;

  function head(info) {
    const running = info.status === "queued" || info.status === "running";
    return [
      h("h2", {}, "Evaluation ", h("code", {}, info.job_id), " ", badge(info.status)),
      h(
        "div",
        { class: "row" },
        h("progress", { max: String(info.total || 1), value: String(info.done), "aria-label": "questions done" }),
        h("span", { class: "progress-text" }, `${info.done} of ${info.total} questions done, ${info.failed} failed`),
        running ? h("button", { type: "button", class: "secondary", onclick: () => ctx.api.post(info.links.cancel).catch((e) => (error.textContent = describe(e))) }, "Cancel") : null,
      ),
      h(
        "div",
        { class: "row downloads" },
        ["jsonl", "csv", "html"].map((fmt) =>
          h(
            "button",
            { type: "button", class: "secondary", "data-format": fmt, onclick: () => download(ctx, info.links[`results_${fmt}`], `evaluation-${info.job_id}.${fmt}`, status) },
            `Download ${fmt.toUpperCase()}`,
          ),
        ),
      ),
      status,
      error,
    ];
  }

  async function loadResults() {
    const text = await (await ctx.api.fetch(job.links.results_jsonl)).text();
    const rows = text.split("\n").filter(Boolean).map((line) => JSON.parse(line));
    const filters = { verdict: "", sufficient: "" };
    const table = h("div");
    const draw = () => {
      const shown = rows.filter(
        (r) =>
          (!filters.verdict || verdict(r) === filters.verdict) &&
          (!filters.sufficient || String(Boolean(r.sufficient)) === filters.sufficient),
      );
      clear(
        table,
        dataTable(
          [
            { key: "id", label: "Id", render: (r) => h("button", { type: "button", class: "link", onclick: () => clear(detail, answerCard(ctx, r)) }, r.id) },
            { key: "question", label: "Question", value: (r) => r.question || JSON.stringify(r.subject_class || "") },
            { key: "verdict", label: "Result", value: verdict, render: (r) => badge(verdict(r)) },
            { key: "sufficient", label: "Sufficient", value: (r) => (r.error ? "" : String(Boolean(r.sufficient))) },
            { key: "confidence", label: "Confidence" },
            { key: "answer", label: "Answer", value: answerText },
          ],
          shown,
          { filterLabel: "Filter results", rowAttrs: (r) => ({ "data-verdict": verdict(r) }) },
        ),
      );
    };
    const select = (label, key, options) =>
      h(
        "label",
        {},
        label,
        h(
          "select",
          { name: key, onchange: (e) => { filters[key] = e.target.value; draw(); } },
          h("option", { value: "" }, "all"),
          options.map((o) => h("option", { value: o }, o)),
        ),
      );
    draw();
    clear(
      results,
      h(
        "div",
        { class: "row" },
        select("Terminal state / decision", "verdict", ["SUPPORTED", "CONTRADICTED", "INSUFFICIENT", "SUBJECT_NOT_FOUND", "ERROR"]),
        select("Sufficient", "sufficient", ["true", "false"]),
      ),
      table,
    );
  }

  const top = h("div");
  panel.append(top, results, detail);
  (async () => {
    let info = job;
    for (;;) {
      if (info.status !== shownStatus || info.status === "running") {
        clear(top, head(info));
        shownStatus = info.status;
      }
      if (info.status !== "queued" && info.status !== "running") break;
      await sleep(500);
      if (!panel.isConnected) return;
      try {
        info = await ctx.api.get(info.links.self);
      } catch (err) {
        error.textContent = describe(err);
        await sleep(2000);
      }
    }
    try {
      await loadResults();
    } catch (err) {
      error.textContent = describe(err);
    }
  })();
  return panel;
}

export async function batchView(ctx, target) {
  const kb = ctx.kb;
  const error = alertBox();
  const panels = h("div");
  const history = h("div");
  const file = h("input", { type: "file", accept: ".jsonl,.ndjson,.json,.csv,text/csv,application/json", id: "batch-file" });

  async function submit(e) {
    e.preventDefault();
    error.textContent = "";
    const chosen = file.files[0];
    if (!chosen) {
      error.textContent = "Choose a JSONL or CSV file of questions.";
      return;
    }
    try {
      const text = await chosen.text();
      let body;
      let type;
      if (/\.csv$/i.test(chosen.name)) {
        body = JSON.stringify(csvQuestions(text));
        type = "application/json";
      } else {
        body = text;
        type = /\.json$/i.test(chosen.name) ? "application/json" : "application/x-ndjson";
      }
      const job = await ctx.api.json(`/v1/kbs/${enc(kb)}/evaluations`, { method: "POST", headers: { "content-type": type }, body });
      clear(panels, evaluationPanel(ctx, job));
      loadHistory();
    } catch (err) {
      error.textContent = describe(err);
    }
  }

  async function loadHistory() {
    const list = await ctx.api.get(`/v1/kbs/${enc(kb)}/evaluations`);
    clear(
      history,
      list.length
        ? dataTable(
            [
              { key: "created_at", label: "Started" },
              { key: "status", label: "Status", render: (j) => badge(j.status) },
              { key: "done", label: "Done" },
              { key: "total", label: "Questions" },
              { key: "failed", label: "Failed" },
              { key: "job_id", label: "Job", render: (j) => h("button", { type: "button", class: "link", onclick: () => clear(panels, evaluationPanel(ctx, j)) }, j.job_id) },
            ],
            list,
            { filterLabel: "Filter evaluations" },
          )
        : h("p", { class: "muted" }, "No evaluations yet."),
    );
  }

  clear(
    target,
    h(
      "section",
      { class: "card" },
      h("h2", {}, `Batch evaluations on ${kb}`),
      h("p", { class: "muted" }, "JSON lines ({\"id\", \"question\"} or {\"id\", \"subject\"}, optional \"expected_value\") or CSV with a header: id, question, expected_value."),
      h("form", { class: "row", id: "batch-form", onsubmit: submit }, h("label", {}, "Questions file", file), h("button", { type: "submit" }, "Run")),
      error,
    ),
    panels,
    h("section", { class: "card" }, h("h2", {}, "Evaluations"), history),
  );
  await loadHistory();
}
