// Ask: a question (or a structured subject), and the answer card with every reason shown.

import { describe, enc } from "./api.js";
import { alertBox, append, badge, chips, clear, h } from "./dom.js";
import { citeButton } from "./viewer.js";

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

function citations(ctx, answer, ids) {
  const byId = new Map(answer.evidence.map((e) => [e.evidence_id, e]));
  return h(
    "ul",
    { class: "cites" },
    ids.map((id) => byId.get(id)).filter(Boolean).map((e) =>
      h("li", {}, citeButton(ctx, h, e.source_location, e.quote), h("blockquote", {}, e.quote)),
    ),
  );
}

/** The answer card of one answer object (CONTRACT.md). */
export function answerCard(ctx, answer) {
  const card = h("article", { class: "card answer", "data-terminal": answer.terminal_state, "aria-label": "Answer" });
  const suff = answer.sufficiency || null;
  const notFound = answer.terminal_state === "SUBJECT_NOT_FOUND";
  const values = answer.conclusion.values || [];
  const add = (...children) => append(card, children);
  add(
    h("p", { class: "muted" }, answer.question || `Subject: ${describeSubject(answer.subject_class)}`),
    h(
      "div",
      { class: "row" },
      badge(answer.terminal_state),
      suff ? h("span", { class: "decision" }, "Decision ", badge(suff.decision)) : null,
      h("span", {}, `Confidence: ${answer.confidence}`),
      h("span", {}, answer.sufficient ? "Sufficient under the evidence contract" : "Not sufficient"),
    ),
  );
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
  } else if (values.length) {
    add(
      h("h3", {}, values.length > 1 ? "Values" : "Value"),
      values.map((v) => h("div", {}, h("p", { class: "value" }, v.value), citations(ctx, answer, v.evidence_ids))),
    );
  } else {
    add(h("p", { class: "value" }, answer.conclusion.answer || "No value found in the evidence."));
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

  async function ask(body, button) {
    error.textContent = "";
    button.disabled = true;
    clear(out, h("p", { class: "muted" }, "Asking…"));
    try {
      const response = await ctx.api.fetch(`/v1/kbs/${enc(kb)}/query`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      // Measured from the API's response to the card on screen (the next frame).
      const t0 = performance.now();
      const answer = await response.json();
      const card = answerCard(ctx, answer);
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
