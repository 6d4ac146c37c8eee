// The workspace's views, one function each: kbsView, uploadsView, docsView, askView,
// entitiesView, batchView (each renders into the target element for the signed-in ctx).

import {
  alertBox,
  answerLinkRow,
  append,
  badge,
  chips,
  citeButton,
  clear,
  confirmAction,
  dataTable,
  describe,
  enc,
  h,
  openViewer,
  sleep,
} from "./core.js";

// ----------------------------------------------------------------- kbs
// Knowledge bases (list, create) and uploads (drop a folder or many PDFs; follow the job).


export async function kbsView(ctx, target) {
  const kbs = await ctx.refreshKbs();
  const error = alertBox();
  const name = h("input", { name: "name", required: true, pattern: "[A-Za-z0-9][A-Za-z0-9_\\-]{0,63}", placeholder: "target" });
  const create = ctx.isAdmin
    ? h(
        "form",
        {
          class: "row",
          onsubmit: async (e) => {
            e.preventDefault();
            error.textContent = "";
            try {
              await ctx.api.post("/v1/kbs", { name: name.value.trim() });
              ctx.go(`#/kb/${enc(name.value.trim())}/uploads`);
            } catch (err) {
              error.textContent = describe(err);
            }
          },
        },
        h("label", {}, "New knowledge base", name),
        h("button", { type: "submit" }, "Create"),
      )
    : h("p", { class: "muted" }, "Only the admin key creates knowledge bases.");
  clear(
    target,
    h(
      "section",
      { class: "card" },
      h("h2", {}, "Knowledge bases"),
      kbs.length
        ? dataTable(
            [
              { key: "name", label: "Name", render: (kb) => h("a", { href: `#/kb/${enc(kb.name)}/docs` }, kb.name) },
              { key: "documents", label: "Documents" },
              // which release's reader derived the documents: another's asks for a reindex
              { key: "derivation", label: "Reader", value: (kb) => (kb.derivation && !kb.derivation.current ? 1 : 0), render: readerCell },
              {
                key: "open",
                label: "",
                sortable: false,
                render: (kb) =>
                  h(
                    "span",
                    { class: "row" },
                    h("a", { href: `#/kb/${enc(kb.name)}/uploads` }, "Upload"),
                    // the route is the admin's: a knowledge-base key is offered no button it cannot use
                    ctx.isAdmin
                      ? h("button", { type: "button", class: "secondary danger", "aria-label": `Delete ${kb.name}`, onclick: () => deleteKb(ctx, kb, target, error) }, "Delete")
                      : null,
                  ),
              },
            ],
            kbs,
            { filterLabel: "Filter knowledge bases" },
          )
        : h("p", { class: "muted" }, "No knowledge base visible to this key."),
    ),
    h("section", { class: "card" }, create, error),
  );
}

/** A knowledge base's reader: current, or its documents derived by another release's reader
 * with the command that derives them again (answers from it carry the same warning). */
function readerCell(kb) {
  const d = kb.derivation;
  if (!d || d.current) return h("span", { class: "muted" }, "current");
  return h(
    "span",
    { class: "stale-derivation", role: "status" },
    h("span", { class: "badge pending" }, "reindex"),
    ` ${d.stale_documents} document(s) read by another release: run `,
    h("code", {}, d.action),
  );
}

/** Delete a knowledge base once its confirmation is accepted, then draw the list again. */
async function deleteKb(ctx, kb, target, error) {
  const ok = await confirmAction({
    title: "Delete knowledge base?",
    message: `“${kb.name}” is deleted with its ${kb.documents} document(s), their chunks and bindings; keys lose access to it. This cannot be undone.`,
    action: "Delete",
  });
  if (!ok) return;
  try {
    await ctx.api.fetch(`/v1/kbs/${enc(kb.name)}`, { method: "DELETE" });
  } catch (err) {
    error.textContent = describe(err);
    return;
  }
  if (ctx.kb === kb.name) ctx.kb = null; // the picker no longer offers it
  await kbsView(ctx, target);
}

// --- uploads

async function filesOf(entry, prefix = "") {
  if (entry.isFile) {
    const file = await new Promise((resolve, reject) => entry.file(resolve, reject));
    return [file];
  }
  if (!entry.isDirectory) return [];
  const reader = entry.createReader();
  const out = [];
  for (;;) {
    const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
    if (!batch.length) return out;
    for (const child of batch) out.push(...(await filesOf(child, `${prefix}${entry.name}/`)));
  }
}

async function droppedFiles(dataTransfer) {
  const entries = [...dataTransfer.items].map((i) => (i.webkitGetAsEntry ? i.webkitGetAsEntry() : null));
  if (entries.every(Boolean)) {
    const lists = await Promise.all(entries.map((e) => filesOf(e)));
    return lists.flat();
  }
  return [...dataTransfer.files];
}

const isPdf = (f) => /\.pdf$/i.test(f.name) || f.type === "application/pdf";

/** The typed reason of a file's outcome: the API's code (a duplicate has none: its status is
 *  the type) and its text; empty for a file ingested without remark. */
function reasonCell(d) {
  const code = d.code || (d.status === "duplicate" ? "duplicate" : null);
  if (!code) return h("td", { "data-label": "" }, "");
  return h("td", { "data-label": "Reason" }, h("span", { class: d.status }, h("code", {}, code), " ", d.reason || ""));
}

/** The files the page leaves out before uploading (not PDFs), each with its reason in the
 *  API's words for the same refusal (`not_pdf`). */
function leftOutList(files) {
  return files.length
    ? h(
        "ul",
        { class: "left-out" },
        files.map((f) => h("li", {}, h("code", {}, "not_pdf"), " ", h("span", { class: "token" }, f.webkitRelativePath || f.name), ": not a PDF by its name or type, left out before upload")),
      )
    : null;
}

const isRunning = (job) => job.status === "queued" || job.status === "running";

function jobPanel(ctx, job, onDone) {
  const panel = h("div", { class: "card job", "data-job": job.job_id });
  const error = alertBox();
  let stopped = false;
  async function cancel() {
    try {
      await ctx.api.post(`${job.links.self}/cancel`);
    } catch (err) {
      error.textContent = describe(err);
    }
  }
  function draw(info) {
    const running = info.status === "queued" || info.status === "running";
    clear(
      panel,
      h("h3", {}, "Ingestion ", h("code", {}, info.job_id), " ", badge(info.status)),
      h(
        "div",
        { class: "row" },
        h("progress", { max: String(info.total || 1), value: String(info.done), "aria-label": "files done" }),
        h("span", { class: "progress-text" }, `${info.done} of ${info.total} files done, ${info.failed} failed`),
        running ? h("button", { type: "button", class: "secondary", onclick: cancel }, "Cancel") : null,
      ),
      error,
      h(
        "div",
        { class: "table-wrap" },
        h(
          "table",
          {},
          h("thead", {}, h("tr", {}, ["File", "Status", "Pages", "Chunks", "Bindings", "Reason"].map((t) => h("th", { scope: "col" }, t)))),
          h(
            "tbody",
            {},
            (info.documents || []).map((d) =>
              h(
                "tr",
                { "data-status": d.status },
                h("td", { class: "token", "data-label": "File" }, d.name),
                h("td", { "data-label": "Status" }, badge(d.status)),
                h("td", { "data-label": "Pages" }, d.pages || ""),
                h("td", { "data-label": "Chunks" }, d.chunks || ""),
                h("td", { "data-label": "Bindings" }, d.bindings || ""),
                reasonCell(d),
              ),
            ),
          ),
        ),
      ),
    );
  }
  draw(job);
  (async () => {
    let info = job;
    while (!stopped && (info.status === "queued" || info.status === "running")) {
      await sleep(500);
      if (!panel.isConnected) return;
      try {
        info = await ctx.api.get(info.links.self);
        draw(info);
      } catch (err) {
        error.textContent = describe(err);
        await sleep(2000);
      }
    }
    ctx.docs.clear();
    if (onDone) onDone(info);
  })();
  return panel;
}

export async function uploadsView(ctx, target) {
  const kb = ctx.kb;
  const error = alertBox();
  const jobs = h("div", { id: "jobs" });
  const picked = h("p", { class: "muted", "aria-live": "polite" });
  const fileInput = h("input", { type: "file", multiple: true, accept: ".pdf,application/pdf", id: "upload-files" });
  const folderInput = h("input", { type: "file", multiple: true, id: "upload-folder" });
  folderInput.webkitdirectory = true;
  const history = h("div");
  const leftOut = h("div");

  async function upload(files) {
    error.textContent = "";
    const pdfs = files.filter(isPdf);
    const skipped = files.length - pdfs.length;
    clear(leftOut, leftOutList(files.filter((f) => !isPdf(f))));
    if (!pdfs.length) {
      error.textContent = files.length ? "None of these files is a PDF." : "No files chosen.";
      return;
    }
    picked.textContent = `Uploading ${pdfs.length} PDF(s)${skipped ? `, ${skipped} other file(s) left out` : ""}…`;
    const form = new FormData();
    for (const f of pdfs) form.append("files", f, f.name);
    try {
      const job = await ctx.api.json(`/v1/kbs/${enc(kb)}/documents`, { method: "POST", body: form });
      const note = skipped ? ` (${skipped} other file(s) left out)` : "";
      picked.textContent = `${pdfs.length} PDF(s) uploaded${note}; ingestion job ${job.job_id}.`;
      jobs.prepend(jobPanel(ctx, job, () => loadHistory()));
    } catch (err) {
      picked.textContent = "";
      error.textContent = describe(err);
    }
  }

  const shown = (jobId) => [...jobs.children].some((panel) => panel.dataset.job === jobId);

  // A job's state is the server's: one still running when the view is drawn (an upload
  // started before the view was left) is followed live again, and the list is drawn anew
  // when it ends, so no finished job stays "running" in it.
  async function follow(list) {
    for (const j of list.filter(isRunning)) {
      if (shown(j.job_id)) continue;
      try {
        const info = await ctx.api.get(j.links.self);
        if (!shown(j.job_id)) jobs.append(jobPanel(ctx, info, () => loadHistory()));
      } catch (err) {
        error.textContent = describe(err);
      }
    }
  }

  async function loadHistory() {
    try {
      const list = await ctx.api.get(`/v1/kbs/${enc(kb)}/ingestions`);
      follow(list);
      clear(
        history,
        list.length
          ? dataTable(
              [
                { key: "created_at", label: "Started" },
                { key: "status", label: "Status", render: (j) => badge(j.status) },
                { key: "done", label: "Done", value: (j) => j.done },
                { key: "total", label: "Files" },
                { key: "failed", label: "Failed" },
                {
                  key: "job_id",
                  label: "Job",
                  render: (j) =>
                    h("button", { type: "button", class: "link", onclick: async () => {
                          const info = await ctx.api.get(j.links.self);
                          jobs.prepend(jobPanel(ctx, info, isRunning(info) ? () => loadHistory() : null));
                        },
                      }, j.job_id),
                },
              ],
              list,
              { filterLabel: "Filter jobs" },
            )
          : h("p", { class: "muted" }, "No uploads yet."),
      );
    } catch (err) {
      error.textContent = describe(err);
    }
  }

  const drop = h(
    "div",
    {
      class: "drop",
      tabindex: "0",
      role: "button",
      "aria-label": "Drop a folder or PDFs here, or press Enter to choose files",
      ondragover: (e) => {
        e.preventDefault();
        drop.classList.add("over");
      },
      ondragleave: () => drop.classList.remove("over"),
      ondrop: async (e) => {
        e.preventDefault();
        drop.classList.remove("over");
        upload(await droppedFiles(e.dataTransfer));
      },
      onkeydown: (e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          fileInput.click();
        }
      },
    },
    h("p", {}, h("strong", {}, "Drop a folder or many PDFs here")),
    h("p", { class: "muted" }, "Folders are read recursively; files other than PDFs are left out."),
  );
  fileInput.addEventListener("change", () => upload([...fileInput.files]));
  folderInput.addEventListener("change", () => upload([...folderInput.files]));

  clear(
    target,
    h(
      "section",
      { class: "card" },
      h("h2", {}, `Upload to ${kb}`),
      drop,
      h("div", { class: "row" }, h("label", {}, "PDF files", fileInput), h("label", {}, "A folder", folderInput)),
      picked,
      leftOut,
      error,
    ),
    jobs,
    h("section", { class: "card" }, h("h2", {}, "Ingestion jobs"), history),
  );
  await loadHistory();
}

// ----------------------------------------------------------------- docs
// Documents of a knowledge base: sortable, filterable; open any one at any page.


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
    { key: "name", class: "token", label: "Name" },
    { key: "document_type", class: "token", label: "Type" },
    { key: "document_date", class: "nowrap", label: "Date" },
    { key: "pages", label: "Pages" },
    {
      key: "ocr",
      label: "Pages by OCR",
      render: (d) => {
        const base = d.ocr
          ? h("span", { title: Object.keys(d.ocr_backends || {}).join(", ") }, `${d.ocr} (p. ${d.ocr_pages.join(", ")})`)
          : "0";
        // scanned pages with a text layer: the reading kept and the scores (layer/OCR)
        const layers = (d.text_layers || []).map(
          (t) => `p. ${t.page}: ${t.layer} ${t.layer_score.toFixed(2)}` + (t.ocr_score == null ? "" : `/${t.ocr_score.toFixed(2)}`),
        );
        return layers.length ? h("span", {}, base, h("br"), h("small", { title: "text layer kept or read again by OCR: layer score / OCR score" }, `text layer ${layers.join(", ")}`)) : base;
      },
    },
    { key: "independence_group", class: "token", label: "Independence group" },
    { key: "copy_name", class: "token", label: "Copy of" },
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
          h("a", { class: "button secondary", href: `#/kb/${enc(kb)}/ask/${enc(d.document_id)}`, "aria-label": `Ask this document: ${d.name}` }, "Ask"),
          h("button", { type: "button", class: "secondary danger", "aria-label": `Delete ${d.name}`, onclick: () => deleteDocument(ctx, d, target, error) }, "Delete"),
        );
      },
    },
  ];
  const error = alertBox();
  clear(
    target,
    h(
      "section",
      { class: "card" },
      h("h2", {}, `Documents in ${kb}`),
      error,
      rows.length
        ? dataTable(columns, rows, { filterLabel: "Filter documents", rowAttrs: (d) => ({ "data-doc": d.name }) })
        : h("p", { class: "muted" }, "No documents yet: upload some."),
    ),
  );
}

/** Delete a document once its confirmation is accepted, then draw the list again. */
async function deleteDocument(ctx, doc, target, error) {
  const ok = await confirmAction({
    title: "Delete document?",
    message: `“${doc.name}” is removed from ${ctx.kb} with its chunks and bindings; answers no longer cite it. This cannot be undone.`,
    action: "Delete",
  });
  if (!ok) return;
  try {
    await ctx.api.fetch(`/v1/kbs/${enc(ctx.kb)}/documents/${enc(doc.document_id)}`, { method: "DELETE" });
  } catch (err) {
    error.textContent = describe(err);
    return;
  }
  ctx.docs.delete(doc.document_id);
  await docsView(ctx, target);
}

// ----------------------------------------------------------------- ask
// Ask: a question (or a structured subject), and the answer card with every reason shown.


const SUBJECT_TYPES = ["individual", "legal_entity", "agreement", "document", "product", "location", "time_period", "jurisdiction"];
const SUPERSEDED = /supersed|amend|replac|earlier version|later version/i;

function describeSubject(s) {
  if (!s) return "the subject";
  const parts = [];
  if (s.attribute) parts.push(s.attribute.replaceAll("_", " "));
  if (s.role) parts.push(s.role.replaceAll("_", " "));
  if (s.name) parts.push(s.name);
  if (s.document_type) parts.push(s.document_type.replaceAll("_", " "));
  if (s.parent_entity) parts.push(`of ${s.parent_entity}`);
  return parts.join(" ") || s.type;
}

// The gate's reason for agreements a question names no party of (skill/_gate.py).
const NOT_TOLD_APART = "one of the agreements the question does not tell apart";

/** The evidence that decides the verdict: the engine's supporting side when SUPPORTED, the
 * contradicting side when CONTRADICTED, both when INSUFFICIENT; and the expected value's. */
function decidingIds(answer) {
  const suff = answer.sufficiency;
  const details = (suff && suff.resolution_details) || {};
  const side = (name) => (details[name] && details[name].evidence_ids) || [];
  let ids = [];
  if (suff && suff.decision === "SUPPORTED") ids = side("support");
  else if (suff && suff.decision === "CONTRADICTED") ids = side("contradiction");
  else if (suff) ids = [...side("support"), ...side("contradiction")];
  if (answer.evaluation) ids = [...ids, ...answer.evaluation.evidence_ids];
  return [...new Set(ids)];
}

/** Evidence ids the card cites beside a value (values, conflicts, supersessions). */
function citedByValues(answer) {
  const ids = new Set();
  const add = (list) => (list || []).forEach((id) => ids.add(id));
  for (const v of answer.conclusion.values || []) add(v.evidence_ids);
  for (const c of answer.conflicts || []) for (const v of c.values) add(v.evidence_ids);
  for (const s of answer.supersessions || []) {
    add(s.evidence_ids);
    for (const old of s.history) add(old.evidence_ids);
  }
  return ids;
}

/** Passages quoted as candidates of a clause the classifier did not confirm: never judged,
 * so no value cites them (skill/_skill.py). */
function candidateIds(answer) {
  if (!answer.risk_signals.includes("clause_not_confirmed")) return [];
  const cited = citedByValues(answer);
  return answer.evidence.map((e) => e.evidence_id).filter((id) => !cited.has(id));
}

function citations(ctx, answer, ids, { label } = {}) {
  const byId = new Map(answer.evidence.map((e) => [e.evidence_id, e]));
  const deciding = new Set(decidingIds(answer));
  return h(
    "ul",
    { class: "cites" },
    ids.map((id) => byId.get(id)).filter(Boolean).map((e) =>
      h(
        "li",
        { "data-evidence-id": e.evidence_id, class: deciding.has(e.evidence_id) ? "deciding" : null },
        label ? h("span", { class: `tag ${label}` }, label) : null,
        deciding.has(e.evidence_id) ? h("span", { class: "tag deciding" }, "deciding") : null,
        citeButton(ctx, h, e.source_location, e.quote),
        h("blockquote", {}, e.quote),
      ),
    ),
  );
}

/** The verdict word of an answer or a batch line, as the server words it (app/_batch.py
 * `verdict`, what History keeps): ERROR, SUBJECT_NOT_FOUND, or the engine's decision, with
 * INSUFFICIENT where the engine was not reached. Used only where the API gives no verdict
 * (the ask route returns the answer alone); a kept answer's own verdict is read instead. */
function verdictOf(answer) {
  if (answer.error) return "ERROR";
  if (answer.terminal_state === "SUBJECT_NOT_FOUND") return "SUBJECT_NOT_FOUND";
  return (answer.sufficiency && answer.sufficiency.decision) || "INSUFFICIENT";
}

// A yes/no claim's verdict (issue 34) and its badge's words.
const CLAIM_WORDS = {
  YES: "Yes",
  YES_WITH_CONDITIONS: "Yes, with conditions",
  NO: "No",
  NOT_STATED: "Not stated",
  DISAGREE: "Not stated — the sentences disagree, nothing arbitrated",
  NOT_ESTABLISHED: "Not established",
};

/** The claim's verdict, read from the answer's signals and values as the skill sets them
 * (skill/_claim_leads.py): sentences on both sides (risk signal conflicting_evidence, said as
 * the answer's text says it: "Not stated — the sentences disagree, nothing arbitrated"), no
 * sentence speaks of it (risk signal not_stated), the value the engine decided ("yes" with or
 * without conditions, "no"), or none decided. null for an answer that is not a claim's. */
function claimVerdict(answer) {
  const constraints = (answer.subject_class && answer.subject_class.constraints) || {};
  if (!constraints.claim || answer.terminal_state === "SUBJECT_NOT_FOUND") return null;
  if (answer.risk_signals.includes("conflicting_evidence")) return "DISAGREE";
  if (answer.risk_signals.includes("not_stated")) return "NOT_STATED";
  const value = (answer.conclusion.values || [])[0];
  if (!value) return "NOT_ESTABLISHED";
  if (value.value === "no") return "NO";
  return ((value.details || {}).conditions || []).length ? "YES_WITH_CONDITIONS" : "YES";
}

/** Sentences of a claim's answer that name its action without deciding it: quoted beside the
 * answer (the skill's "related"), never a value of it. */
function relatedIds(answer, candidates) {
  const cited = citedByValues(answer);
  return answer.evidence
    .filter((e) => e.value == null && !cited.has(e.evidence_id) && !candidates.includes(e.evidence_id))
    .map((e) => e.evidence_id);
}

/** A claim's deciding sentence(s), cited, with its conditions and exceptions as lists. */
function claimBlock(ctx, answer, value) {
  const facts = value.details || {};
  const list = (name, title) =>
    (facts[name] || []).length
      ? [h("h4", {}, title), h("ul", { class: `claim-facts ${name}`, "aria-label": title }, facts[name].map((f) => h("li", {}, f)))]
      : [];
  return h(
    "div",
    { class: "claim" },
    h("h3", {}, value.evidence_ids.length > 1 ? "Deciding sentences" : "Deciding sentence"),
    citations(ctx, answer, value.evidence_ids),
    list("conditions", "Conditions"),
    list("exceptions", "Exceptions"),
  );
}

const words = (code) => code.replaceAll("_", " ");

/** The documents an ambiguous subject could be, each a button that asks again scoped to it:
 * the candidate subjects (each cited in its document), or the agreements the question does
 * not tell apart (found by their title among the knowledge base's agreement bindings). */
function scopeChoices(ctx, answer, onScope) {
  const box = h("div", { class: "choices", role: "group", "aria-label": "Ask again about one of them" });
  const draw = (choices) => {
    const seen = new Set();
    const unique = choices.filter((c) => !seen.has(c.id) && seen.add(c.id));
    if (unique.length < 2) return;
    append(box, [
      h("h3", {}, "Which one? Ask again about one of them"),
      h(
        "div",
        { class: "row" },
        unique.map((c) =>
          h(
            "button",
            { type: "button", class: "secondary choice", "data-document": c.id, onclick: () => onScope({ id: c.id, name: c.document }) },
            `${c.name} — ${c.document}`,
          ),
        ),
      ),
    ]);
  };
  const subjects = answer.candidate_subjects || [];
  if (subjects.length > 1) {
    draw(subjects.map((c) => ({ id: c.source_location.document_id, name: c.name, document: c.source_location.document })));
    return box;
  }
  const titles = new Set(answer.rejected_candidates.filter((r) => r.reason.startsWith(NOT_TOLD_APART)).map((r) => r.name));
  if (titles.size < 2) return null;
  ctx.api
    .allBindings(ctx.kb)
    .then((bindings) =>
      draw(
        bindings
          .filter((b) => b.role === "agreement" && titles.has(b.subject_name))
          .map((b) => ({ id: b.location.document_id, name: b.subject_name, document: b.location.document })),
      ),
    )
    .catch((err) => append(box, [h("p", { class: "error", role: "alert" }, describe(err))]));
  return box;
}

/** A supersession the documents state (issue 16): the value in force, the amending document,
 * its statement of the agreement it changes and the change itself (both cited on their line),
 * and each value it replaced with its own citations. */
function supersessionBlock(ctx, answer, s) {
  const byId = new Map(answer.evidence.map((e) => [e.evidence_id, e]));
  const own = s.evidence_ids.map((id) => byId.get(id)).find(Boolean);
  const documentId = own ? own.source_location.document_id : undefined;
  const stated = (label, st) =>
    st && st.quote && st.page
      ? h(
          "li",
          {},
          `${label}: `,
          citeButton(ctx, h, { document: s.document, document_id: documentId, page: st.page, line_start: st.line, line_end: st.line }, st.quote),
          h("blockquote", {}, st.quote),
        )
      : null;
  const how = [s.relation.replaceAll("_", " ")];
  if (s.number !== null && s.number !== undefined) how.push(`No. ${s.number}`);
  if (s.effective_date) how.push(`effective ${s.effective_date}`);
  return h(
    "div",
    { class: "supersession" },
    h("p", {}, h("strong", {}, "In force: "), h("span", { class: "value" }, s.value), ` — by ${s.document} (${how.join(", ")})`),
    h("ul", {}, stated("States", s.statement), stated("Changes", s.change)),
    h(
      "ul",
      { class: "history" },
      s.history.map((old) =>
        h(
          "li",
          {},
          h("strong", {}, "Replaced: "),
          `${old.value} in ${old.documents.join(", ")}${old.date ? ` (${old.date})` : ""}`,
          citations(ctx, answer, old.evidence_ids),
        ),
      ),
    ),
  );
}

/** The typed facts a value's quoted sentences state ("notice: 90 days"), if any. */
function details(value) {
  const entries = Object.entries(value.details || {});
  if (!entries.length) return null;
  return h(
    "dl",
    { class: "details", "aria-label": "Facts stated" },
    entries.map(([name, facts]) => [h("dt", {}, name.replaceAll("_", " ")), h("dd", {}, facts.join("; "))]),
  );
}

/** The answer card of one answer object (CONTRACT.md). */
export function answerCard(ctx, answer, { onScope, verdict: kept } = {}) {
  const card = h("article", { class: "card answer", "data-terminal": answer.terminal_state, "aria-label": "Answer" });
  const suff = answer.sufficiency || null;
  const notFound = answer.terminal_state === "SUBJECT_NOT_FOUND";
  const values = answer.conclusion.values || [];
  const add = (...children) => append(card, children);
  const verdict = kept || verdictOf(answer);
  const claim = claimVerdict(answer);
  const evaluation = answer.evaluation || null;
  const candidates = candidateIds(answer);
  const related = claim ? relatedIds(answer, candidates) : [];
  // the viewer steps through the answer's citations in this order
  card.citeTrail = answer.evidence.map((e) => ({ ...e.source_location, quote: e.quote }));
  card.dataset.verdict = verdict;
  if (claim) card.dataset.claim = claim;
  add(
    h("p", { class: "muted" }, answer.question || `Subject: ${describeSubject(answer.subject_class)}`),
    h(
      "div",
      { class: "row verdict" },
      claim ? h("span", { class: "claim-verdict" }, "Answer ", h("span", { class: `badge big claim-${claim}` }, CLAIM_WORDS[claim])) : null,
      h("span", { class: "decision" }, "Verdict ", h("span", { class: `badge big ${verdict}` }, words(verdict))),
      evaluation
        ? h(
            "span",
            { class: "outcome", "data-outcome": evaluation.outcome },
            "Expected ",
            h("strong", {}, String(evaluation.expected_value)),
            evaluation.read_as !== String(evaluation.expected_value) ? ` (read as ${evaluation.read_as})` : "",
            ": ",
            h("span", { class: `badge big ${evaluation.outcome}` }, words(evaluation.outcome)),
          )
        : null,
      badge(answer.terminal_state),
      h("span", {}, `Confidence: ${answer.confidence}`),
      h("span", {}, answer.sufficient ? "Sufficient under the evidence contract" : "Not sufficient"),
    ),
  );
  if (onScope) add(scopeChoices(ctx, answer, onScope));
  if (notFound) {
    add(
      h(
        "div",
        { class: "finding", role: "status" },
        h("h3", {}, "Finding: subject not found"),
        h("p", {}, `The knowledge base holds no ${describeSubject(answer.subject_class)}. This is a result, not an error: no similar subject's facts are given instead.`),
      ),
    );
  } else if (answer.conflicts.length) {
    if (claim) add(h("p", { class: "value" }, answer.conclusion.answer.split(" — ")[0]));
    for (const conflict of answer.conflicts) {
      add(
        h("h3", {}, "Conflicting sources (not arbitrated)"),
        h(
          "div",
          { class: "conflict" },
          conflict.values.map((v) => h("div", {}, h("p", { class: "value" }, v.value), citations(ctx, answer, v.evidence_ids))),
        ),
      );
    }
  } else if (claim && values.length) {
    add(h("p", { class: "value" }, answer.conclusion.answer), values.map((v) => claimBlock(ctx, answer, v)));
  } else if (values.length) {
    add(
      h("h3", {}, values.length > 1 ? "Values" : "Value"),
      values.map((v) => h("div", {}, h("p", { class: "value" }, v.value), details(v), citations(ctx, answer, v.evidence_ids))),
    );
  } else {
    // The candidates are quoted below under their label, not as the answer's headline.
    const text = answer.conclusion.answer || "No value found in the evidence.";
    // A claim's related sentences too (skill/_claims.py appends the first after "; related: ").
    add(h("p", { class: "value" }, text.split("; candidates: ")[0].split("; related: ")[0]));
  }
  if (candidates.length) {
    add(
      h("h3", {}, "Candidate passages (not confirmed as the clause; not judged)"),
      h("div", { class: "candidates" }, citations(ctx, answer, candidates, { label: "candidate" })),
    );
  }
  if (related.length) {
    add(
      h("h3", {}, "Related sentences (they name the action without deciding it; not the answer)"),
      h("div", { class: "related" }, citations(ctx, answer, related, { label: "related" })),
    );
  }
  const shown = citedByValues(answer);
  const unshown = decidingIds(answer).filter((id) => !shown.has(id) && !candidates.includes(id));
  if (unshown.length) add(h("h3", {}, "Deciding citations"), citations(ctx, answer, unshown));
  const supersessions = answer.supersessions || [];
  if (supersessions.length) {
    add(h("h3", {}, "Amended: the value in force and what it replaced"), supersessions.map((s) => supersessionBlock(ctx, answer, s)));
  }
  if (suff) {
    add(h("h3", {}, "Why: reason codes"), chips(suff.reason_codes || []));
  }
  const superseded = answer.rejected_evidence.filter((r) => SUPERSEDED.test(r.reason));
  if (superseded.length) {
    add(
      h("h3", {}, "Superseded values"),
      h("ul", {}, superseded.map((r) => h("li", {}, r.reason, " — ", citeButton(ctx, h, r.source_location, r.quote), r.quote ? h("blockquote", {}, r.quote) : null))),
    );
  }
  if (answer.rejected_candidates.length) {
    add(
      h("h3", {}, "Rejected candidates"),
      h("ul", { class: "rejected-candidates" }, answer.rejected_candidates.map((r) => h("li", {}, h("strong", {}, r.name), `: ${r.reason}`))),
    );
  }
  if (answer.risk_signals.length) add(h("h3", {}, "Risk signals"), chips(answer.risk_signals));
  if (answer.suggested_next_actions.length) {
    add(h("h3", {}, "Next actions"), h("ul", {}, answer.suggested_next_actions.map((a) => h("li", {}, a))));
  }
  const others = answer.rejected_evidence.filter((r) => !SUPERSEDED.test(r.reason));
  if (others.length) {
    add(
      h(
        "details",
        {},
        h("summary", {}, `Rejected evidence (${others.length})`),
        h("ul", {}, others.map((r) => h("li", {}, r.reason, " — ", citeButton(ctx, h, r.source_location, r.quote)))),
      ),
    );
  }
  if (answer.evidence.length) {
    add(
      h(
        "details",
        {},
        h("summary", {}, `All evidence (${answer.evidence.length})`),
        h("ul", {}, answer.evidence.map((e) => h("li", {}, h("strong", {}, e.value ?? ""), " ", citeButton(ctx, h, e.source_location, e.quote), ` · ${e.source_type} · group ${e.independence_group}`))),
      ),
    );
  }
  add(h("details", {}, h("summary", {}, "State trace"), h("p", {}, answer.state_trace.join(" → "))));
  return card;
}

export async function askView(ctx, target) {
  const kb = ctx.kb;
  const error = alertBox();
  const out = h("div", { id: "answer", "aria-live": "polite" });
  const question = h("textarea", { id: "question", name: "question", rows: "2", placeholder: "Who founded Acme Robotics, Inc.?", "aria-label": "Question" });
  const fields = {
    type: h("select", { name: "type" }, SUBJECT_TYPES.map((t) => h("option", { value: t }, t))),
    name: h("input", { name: "name", placeholder: "e.g. Jane Doe" }),
    role: h("input", { name: "role", placeholder: "e.g. founder" }),
    parent_entity: h("input", { name: "parent_entity", placeholder: "e.g. Acme Robotics, Inc." }),
    attribute: h("input", { name: "attribute", placeholder: "e.g. governing_law" }),
    document_type: h("input", { name: "document_type", placeholder: "e.g. master_services_agreement" }),
  };

  // The scope: one document the questions are asked of (the query's "documents"), from
  // "Ask this document" (#/kb/<kb>/ask/<document_id>) or a choice among ambiguous subjects.
  let scope = null;
  const scopeRow = h("div", { class: "row scope", "aria-live": "polite" });
  function setScope(next) {
    scope = next;
    const route = `#/kb/${enc(kb)}/ask${scope ? `/${enc(scope.id)}` : ""}`;
    if (location.hash !== route) history.replaceState(null, "", route);
    clear(
      scopeRow,
      scope
        ? [
            h("span", { class: "scope-name", "data-document": scope.id }, "Scope: ", h("strong", {}, scope.name)),
            h(
              "button",
              { type: "button", class: "secondary", "aria-label": `Remove the scope ${scope.name}`, onclick: () => { setScope(null); question.focus(); } },
              "Remove scope",
            ),
          ]
        : h("span", { class: "muted" }, "Scope: every document of the knowledge base"),
    );
  }
  if (ctx.routeArg) {
    const doc = await ctx.document(ctx.routeArg);
    if (doc) setScope({ id: doc.document_id, name: doc.name });
    else {
      setScope(null);
      error.textContent = `No document ${ctx.routeArg} in ${kb} (or not visible to this key): asking every document.`;
    }
  } else setScope(null);

  async function ask(body, button) {
    error.textContent = "";
    button.disabled = true;
    clear(out, h("p", { class: "muted" }, "Asking…"));
    const request = scope ? { ...body, documents: [scope.id] } : body;
    // Asked again about one of an ambiguous subject's documents: the same question, scoped.
    const again = (choice) => {
      setScope(choice);
      ask(body, button);
    };
    try {
      const response = await ctx.api.fetch(`/v1/kbs/${enc(kb)}/query`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(request),
      });
      // Measured from the API's response to the card on screen (the next frame).
      const t0 = performance.now();
      const answer = await response.json();
      const card = answerCard(ctx, answer, { onScope: again });
      // Kept on the server (history.js): its stable link under the question.
      const kept = response.headers.get("X-Answer-Id");
      if (kept) card.firstChild.after(answerLinkRow(kb, kept));
      clear(out, card);
      await new Promise((resolve) => requestAnimationFrame(() => resolve()));
      card.dataset.renderMs = (performance.now() - t0).toFixed(1);
    } catch (err) {
      clear(out);
      error.textContent = describe(err);
    } finally {
      button.disabled = false;
    }
  }

  const askButton = h("button", { type: "submit" }, "Ask");
  const subjectButton = h("button", { type: "submit" }, "Ask about this subject");
  clear(
    target,
    h(
      "section",
      { class: "card" },
      h("h2", {}, `Ask ${kb}`),
      scopeRow,
      h(
        "form",
        {
          id: "ask-form",
          onsubmit: (e) => {
            e.preventDefault();
            if (question.value.trim()) ask({ question: question.value.trim() }, askButton);
          },
        },
        question,
        h("div", { class: "row" }, askButton, h("span", { class: "muted" }, "Ctrl+Enter asks")),
      ),
      h(
        "details",
        {},
        h("summary", {}, "Structured subject (the shape agents send)"),
        h(
          "form",
          {
            class: "row",
            id: "subject-form",
            onsubmit: (e) => {
              e.preventDefault();
              const subject = {};
              for (const [k, el] of Object.entries(fields)) if (el.value.trim()) subject[k] = el.value.trim();
              ask({ subject }, subjectButton);
            },
          },
          Object.entries(fields).map(([k, el]) => h("label", {}, k, el)),
          subjectButton,
        ),
      ),
      error,
    ),
    out,
  );
  question.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      question.form.requestSubmit();
    }
  });
  question.focus();
}

// ----------------------------------------------------------------- entities
// Entities: search one, see its bindings (role, parent, document, page, quote).


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
            { key: "subject_name", class: "token", label: "Subject" },
            { key: "role", class: "token", label: "Role" },
            { key: "parent_name", class: "token", label: "Parent" },
            { key: "binding_type", class: "token", label: "Type" },
            { key: "document", class: "token", label: "Document", value: (b) => b.location.document },
            { key: "page", class: "token", label: "Page", value: (b) => b.location.page, render: (b) => citeButton(ctx, h, b.location, b.quote) },
            { key: "quote", label: "Quote", clip: true, render: (b) => h("blockquote", {}, b.quote) },
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

// ----------------------------------------------------------------- batch
// Batch evaluations: upload JSONL or CSV questions, follow progress, filter results, download.


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

const verdict = verdictOf;

// The expected value's outcome (app/_batch.py `outcome`): match | mismatch | not_established |
// error (the question failed); "" for a line without an expected value.
const outcome = (r) =>
  (r.evaluation && r.evaluation.outcome) || (r.expected_value == null ? "" : r.error ? "error" : "not_established");
const OUTCOMES = ["match", "mismatch", "not_established", "error"];

/** The expected values' summary (the server's, `results?format=summary`); null when none. */
function summaryLine(summary) {
  if (!summary || !summary.with_expected_value) return null;
  return h(
    "p",
    { class: "row evaluation-summary" },
    h("strong", {}, `${summary.with_expected_value} with an expected value`),
    OUTCOMES.map((o) => h("span", { "data-outcome": o }, badge(o), ` ${summary[o]}`)),
    h("span", { class: "accuracy" }, `accuracy ${(100 * summary.accuracy).toFixed(1)}%`),
  );
}

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

/** Show a result's answer card below the table, scrolled to and focused: under a long table
 *  it would open out of sight, and a keyboard user reads on from the card. */
function showCard(detail, card) {
  card.tabIndex = -1;
  clear(detail, card);
  card.focus({ preventScroll: true });
  card.scrollIntoView({ block: "start" });
}

function evaluationPanel(ctx, job, onDone) {
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
    const summary = job.links.results_summary ? await ctx.api.get(job.links.results_summary) : null;
    const filters = { verdict: "", sufficient: "", outcome: "" };
    const table = h("div");
    const draw = () => {
      const shown = rows.filter(
        (r) =>
          (!filters.verdict || verdict(r) === filters.verdict) &&
          (!filters.sufficient || String(Boolean(r.sufficient)) === filters.sufficient) &&
          (!filters.outcome || outcome(r) === filters.outcome),
      );
      clear(
        table,
        dataTable(
          [
            { key: "id", label: "Id", render: (r) => h("button", { type: "button", class: "link", onclick: () => showCard(detail, answerCard(ctx, r)) }, r.id) },
            { key: "question", label: "Question", value: (r) => r.question || JSON.stringify(r.subject_class || "") },
            { key: "verdict", label: "Result", value: verdict, render: (r) => badge(verdict(r)) },
            { key: "sufficient", label: "Sufficient", value: (r) => (r.error ? "" : String(Boolean(r.sufficient))) },
            { key: "confidence", label: "Confidence" },
            { key: "answer", label: "Answer", value: answerText },
            { key: "outcome", label: "Expected", value: outcome, render: (r) => (outcome(r) ? h("span", {}, badge(outcome(r)), " ", String(r.expected_value)) : "") },
          ],
          shown,
          { filterLabel: "Filter results", rowAttrs: (r) => ({ "data-verdict": verdict(r), "data-outcome": outcome(r) }) },
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
        summary && summary.with_expected_value ? select("Expected value", "outcome", OUTCOMES) : null,
      ),
      summaryLine(summary),
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
    if (onDone) onDone(info);
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
      clear(panels, evaluationPanel(ctx, job, () => loadHistory().catch(() => null)));
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

