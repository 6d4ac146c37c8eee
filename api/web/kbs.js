// Knowledge bases (list, create) and uploads (drop a folder or many PDFs; follow the job).

import { describe, enc } from "./api.js";
import { alertBox, badge, clear, dataTable, h, sleep } from "./dom.js";

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
              {
                key: "open",
                label: "",
                sortable: false,
                render: (kb) => h("a", { href: `#/kb/${enc(kb.name)}/uploads` }, "Upload"),
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
                h("td", {}, d.name),
                h("td", {}, badge(d.status)),
                h("td", {}, d.pages || ""),
                h("td", {}, d.chunks || ""),
                h("td", {}, d.bindings || ""),
                h("td", {}, d.code ? h("span", { class: "failed" }, h("code", {}, d.code), " ", d.reason || "") : ""),
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

  async function upload(files) {
    error.textContent = "";
    const pdfs = files.filter(isPdf);
    const skipped = files.length - pdfs.length;
    if (!pdfs.length) {
      error.textContent = files.length ? "None of these files is a PDF." : "No files chosen.";
      return;
    }
    picked.textContent = `Uploading ${pdfs.length} PDF(s)${skipped ? `, ${skipped} other file(s) left out` : ""}…`;
    const form = new FormData();
    for (const f of pdfs) form.append("files", f, f.name);
    try {
      const job = await ctx.api.json(`/v1/kbs/${enc(kb)}/documents`, { method: "POST", body: form });
      picked.textContent = `${pdfs.length} PDF(s) uploaded; ingestion job ${job.job_id}.`;
      jobs.prepend(jobPanel(ctx, job, () => loadHistory()));
    } catch (err) {
      picked.textContent = "";
      error.textContent = describe(err);
    }
  }

  async function loadHistory() {
    try {
      const list = await ctx.api.get(`/v1/kbs/${enc(kb)}/ingestions`);
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
                    h("button", { type: "button", class: "link", onclick: async () => jobs.prepend(jobPanel(ctx, await ctx.api.get(j.links.self))) }, j.job_id),
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
      error,
    ),
    jobs,
    h("section", { class: "card" }, h("h2", {}, "Ingestion jobs"), history),
  );
  await loadHistory();
}
